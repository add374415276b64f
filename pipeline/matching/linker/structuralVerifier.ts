/**
 * The structural verifier wired as the linker uses it: one proposition per market, compared many times, filed by its
 * keys. A refusal's reasons are dropped by the linker, so its comparisons stop at the first check that refuses.
 */
import { compareForLink, extractProposition, structuralKeys, type MarketRef, type Proposition } from '../verifier/index.ts';
import type { VerifierFns } from './verdict.ts';

export const structuralVerifier: VerifierFns = {
  extract: (ref) => extractProposition(ref as MarketRef),
  compare: (a, b) => compareForLink(a as Proposition, b as Proposition),
  keys: (p) => structuralKeys(p as Proposition),
};
