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

const RANK_NUMBER: Readonly<Record<string, string>> = { second: '2nd', third: '3rd', fourth: '4th', fifth: '5th' };
const rankOf = (p: Proposition): string | null => {
  const word = RANKED.exec(p.text)?.[1]?.toLowerCase();
  return word ? (RANK_NUMBER[word] ?? word) : null;
};

export function compareRanks(a: Proposition, b: Proposition): string[] {
  const ra = rankOf(a);
  const rb = rankOf(b);
  if (ra === rb) return [];
  const ranked = ra ?? rb;
  const other = ra ? b : a;
  if (ra && rb) return [`rank differs: ${ra} vs ${rb}`];
  return TOP.test(other.text) ? [`rank differs: ${ranked ?? ''} vs the top`] : [];
}
