/**
 * The structural verifier: decides whether two markets from different venues ask the same
 * question (identity), its negation (complement, prices compare as 1 − p), or something else.
 * Embeddings propose candidates; this decides. For the linker: extract once per market with
 * `extractProposition`, then `compareProps` against each candidate.
 */
import { compareProps } from './compare/decide.ts';
import { extractProposition } from './read/proposition.ts';
import type { MarketRef, MatchVerdict } from './types.ts';

export { compareForLink, compareProps, LINK_THRESHOLD, OPERATING_POINT, type OperatingPoint } from './compare/decide.ts';
export { extractProposition } from './read/proposition.ts';
export { structuralKeys, type StructuralKeys } from './keys.ts';
export type { MarketRef, MatchRelation, MatchVerdict, Proposition } from './types.ts';

export function verifyPair(a: MarketRef, b: MarketRef): MatchVerdict {
  return compareProps(extractProposition(a), extractProposition(b));
}
