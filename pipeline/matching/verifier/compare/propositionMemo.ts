/**
 * A memo for a pure function of one proposition. A comparison reads the same traits of each side for every partner
 * it meets (whether its level is read once, the years it names beside its dates, what scale its levels are on): the
 * linker compares a market with ~20 candidates and each indexed market meets many newcomers. Propositions are never
 * changed (every field is readonly; copies such as a side-less game are new objects), so a WeakMap keyed by the
 * object is exact, and goes with the proposition. Results are shared: callers only read them.
 */
import type { Proposition } from '../types.ts';

export function perProposition<T>(fn: (p: Proposition) => T): (p: Proposition) => T {
  const memo = new WeakMap<Proposition, T>();
  return (p) => {
    const hit = memo.get(p);
    if (hit !== undefined || memo.has(p)) return hit as T;
    const value = fn(p);
    memo.set(p, value);
    return value;
  };
}
