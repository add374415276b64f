/** The structural verifier wired as the linker uses it: one proposition per market, compared many times, filed by its keys. */
import { compareProps, extractProposition, structuralKeys, type MarketRef, type Proposition } from '../verifier/index.ts';
import type { VerifierFns } from './verdict.ts';

export const structuralVerifier: VerifierFns = {
  extract: (ref) => extractProposition(ref as MarketRef),
  compare: (a, b) => compareProps(a as Proposition, b as Proposition),
  keys: (p) => structuralKeys(p as Proposition),
};
