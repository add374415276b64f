/**
 * Structural keys: what the linker may look a market's partners up by, besides its embedding's
 * nearest neighbours. Two markets a venue words differently ("be above $99,999.99 by Dec 31, 2026 at
 * 11:59 PM ET" against "reach $100,000 by December 31, 2026") can sit far apart in embedding space
 * among hundreds of their own venue's siblings, yet share the subject and the level; two venues'
 * markets on one game share its day; a party's chamber or a candidate's nomination shares who, which
 * office and which year. A key only proposes a candidate: the verifier still decides.
 */
import type { Proposition } from './types.ts';

export interface StructuralKeys {
  /** Keys the market is filed under. */
  readonly own: readonly string[];
  /** Keys to look partners up by (a game's day also probes the days beside it: venues date games in different zones). */
  readonly probe: readonly string[];
}

/** Four significant figures: $99,999.99 and $100,000 are one level, $100,000 and $100,500 are not. */
const level = (v: number): string => String(Number(v.toPrecision(4)));

const dayShift = (day: string, by: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + by * 86400000).toISOString().slice(0, 10);

export function structuralKeys(p: Proposition): StructuralKeys {
  const subjects = p.entities.filter((e) => e.group !== 'place').map((e) => e.key).sort();
  const own: string[] = [];
  const probe: string[] = [];
  if (subjects.length > 0 && subjects.length <= 3) {
    for (const n of p.numbers.slice(0, 2)) own.push(`level:${subjects.join('+')}:${n.unit}:${level(n.value)}`);
    probe.push(...own);
  }
  // Who, for which office or trophy, in which year: a party's chamber, a candidate's nomination, a team's title.
  const what = [...p.offices, ...p.titles].sort();
  if (subjects.length > 0 && subjects.length <= 3 && what.length > 0 && p.years.length > 0) {
    const key = `race:${subjects.join('+')}:${what.join('+')}:${p.years.join('+')}`;
    own.push(key);
    probe.push(key);
  }
  const day = p.game ? (p.eventDay ?? p.endDate) : null;
  if (day) {
    own.push(`game:${day}`);
    probe.push(`game:${dayShift(day, -1)}`, `game:${day}`, `game:${dayShift(day, 1)}`);
  }
  return { own, probe };
}
