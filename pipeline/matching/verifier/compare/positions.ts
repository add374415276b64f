import type { Proposition } from '../types.ts';

/** Two stated positions that differ ("picked 1st" / "picked 2nd", "finish 2nd" / "finish 3rd") are two questions. */
export function compareOrdinals(a: Proposition, b: Proposition): string[] {
  const x = a.ordinals ?? [];
  const y = b.ordinals ?? [];
  if (x.length === 0 || y.length === 0) return [];
  if (x.length === y.length && x.every((n, i) => n === y[i])) return [];
  const th = (n: number): string => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;
  return [`position differs: ${x.map(th).join('/')} vs ${y.map(th).join('/')}`];
}

/** A rank below the top ("second-largest", "3rd biggest") against the top itself ("largest company"). */
const RANKED = /\b(second|third|fourth|fifth|2nd|3rd|4th|5th)[- ](?:largest|biggest|highest|most|best|richest|tallest|fastest|lowest|smallest|most valuable)\b/i;
const TOP = /\b(?:largest|biggest|highest|most|best|richest|tallest|fastest|lowest|smallest)\b/i;

export function compareRanks(a: Proposition, b: Proposition): string[] {
  const ra = RANKED.exec(a.text)?.[1]?.toLowerCase() ?? null;
  const rb = RANKED.exec(b.text)?.[1]?.toLowerCase() ?? null;
  if (ra === rb) return [];
  const ranked = ra ?? rb;
  const other = ra ? b : a;
  if (ra && rb) return [`rank differs: ${ra} vs ${rb}`];
  return TOP.test(other.text) ? [`rank differs: ${ranked ?? ''} vs the top`] : [];
}
