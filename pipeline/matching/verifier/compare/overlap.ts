/**
 * How much of what two markets say is said by both, once no structural check objects: the last
 * guard against two markets that share a subject and nothing else.
 */
import type { EntityCheck } from './entities.ts';
import type { Proposition } from '../types.ts';

function wordOverlap(a: Proposition, b: Proposition): { shared: number; union: number } {
  const setB = new Set(b.words);
  const shared = a.words.filter((w) => setB.has(w)).length;
  return { shared, union: a.words.length + b.words.length - shared };
}

/**
 * 0-1: how much of what the two markets say is said by both. The plain share of the union is
 * blended with how much of the terser market the wordier one covers, since one venue's title is
 * often the other's plus a description ("out as Supreme Leader of Iran" for "leave office").
 */
export function overlapScore(a: Proposition, b: Proposition, ent: EntityCheck): number {
  const { shared, union } = wordOverlap(a, b);
  const entityWeight = 3;
  const structural = (a.numbers.length + b.numbers.length > 0 ? 2 : 0) + (a.years.length + b.years.length > 0 ? 1 : 0);
  const num = entityWeight * ent.matched + 2 * shared + 2 * structural;
  const den = entityWeight * ent.total + 2 * union + 2 * structural;
  if (den === 0) return 0;
  const jaccard = num / den;
  const sizeA = entityWeight * a.entities.length + 2 * a.words.length;
  const sizeB = entityWeight * b.entities.length + 2 * b.words.length;
  const smaller = Math.min(sizeA, sizeB);
  const coveredInSmaller = entityWeight * Math.min(ent.matched / 2, Math.min(a.entities.length, b.entities.length)) + 2 * shared;
  const containment = smaller === 0 ? 0 : Math.min(1, (coveredInSmaller + 2 * structural) / (smaller + 2 * structural));
  return (jaccard + containment) / 2;
}
