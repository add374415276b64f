import type { LinkRelation } from '../../../shared/events.ts';
import type { LinkerMarketRef } from './marketRef.ts';

/** The structural verifier's answer for one pair. */
export interface MatchVerdict {
  readonly same: boolean;
  readonly confidence: number;
  readonly relation: 'identity' | 'complement' | 'different';
  readonly reasons: readonly string[];
}

/** The verifier as the linker uses it: extract once per market, compare many times. */
export interface VerifierFns {
  extract(ref: LinkerMarketRef): unknown;
  compare(a: unknown, b: unknown): MatchVerdict;
  /** Structural keys to file the market under and to look partners up by (optional: nearest neighbours alone otherwise). */
  keys?(prop: unknown): { readonly own: readonly string[]; readonly probe: readonly string[] };
}

/** Relation of A to C given A→B and B→C: two complements make an identity. */
export function composeRelations(ab: LinkRelation, bc: LinkRelation): LinkRelation {
  return ab === bc ? 'identity' : 'complement';
}
