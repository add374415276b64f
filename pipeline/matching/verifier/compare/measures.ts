/**
 * What is measured: qualifiers that make two otherwise equal titles ask about different quantities ("CPI
 * month-over-month" vs "year-over-year", "the low temperature" vs "the high", "opening day" vs "opening weekend",
 * "close above" vs "hit", "pleads guilty" vs "is convicted", "files for an IPO" vs "goes public"). The groups are data (`lexicon/data/measureQualifiers.json`): two markets naming
 * different members of a group differ; a market naming none reads as the group's unqualified member when the
 * group has one (unqualified CPI is year-over-year), and says nothing otherwise.
 */
import { venueStation } from '../read/venueStation.ts';
import { readLexicon } from '../lexicon/dataFile.ts';
import type { Proposition } from '../types.ts';
import { perText } from './textMemo.ts';

interface GroupFile {
  readonly name: string;
  readonly when?: string;
  readonly absent: string;
  /** An unqualified market whose every level is a percentage at most `pct` reads as `member` instead. */
  readonly absentAtSmallLevels?: { readonly pct: number; readonly member: string };
  /** Phrases that hold a member's word without naming the member ("the Atlantic hurricane season"). */
  readonly ignore?: readonly string[];
  readonly members: Readonly<Record<string, readonly string[]>>;
  /** A member that holds every other: named beside them ("step down or otherwise stop being CEO"), it is what the text asks. */
  readonly widest?: string;
  /** An unqualified market reads as the member its venue settles on (a city's weather station: read/venueStation.ts). */
  readonly venueDefault?: boolean;
}

interface Group {
  readonly name: string;
  readonly when: RegExp | null;
  readonly absent: string | null;
  readonly absentAtSmallLevels: { readonly pct: number; readonly member: string } | null;
  readonly ignore: RegExp | null;
  readonly members: readonly (readonly [string, RegExp])[];
  readonly widest: string | null;
  readonly venueDefault: boolean;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const GROUPS: readonly Group[] = readLexicon<{ groups: GroupFile[] }>('measureQualifiers.json').groups.map((g) => ({
  name: g.name,
  when: g.when ? new RegExp(g.when, 'i') : null,
  absent: g.absent === 'unknown' ? null : g.absent,
  absentAtSmallLevels: g.absentAtSmallLevels ?? null,
  ignore: g.ignore?.length ? new RegExp(`(?<![\\w-])(?:${g.ignore.map(escape).join('|')})(?![\\w-])`, 'gi') : null,
  members: Object.entries(g.members).map(([member, words]) => [
    member,
    new RegExp(`(?<![\\w-])(?:${[...words].sort((x, y) => y.length - x.length).map(escape).join('|')})(?![\\w-])`, 'i'),
  ] as const),
  widest: g.widest ?? null,
  venueDefault: g.venueDefault === true,
}));

/** Per group, the members the text names (joined, in the group's order), or undefined for none. */
const namedMembers = perText((text: string): readonly (string | undefined)[] =>
  GROUPS.map((g) => {
    if (g.when && !g.when.test(text)) return undefined;
    const read = g.ignore ? text.replace(g.ignore, ' ') : text;
    const named = g.members.filter(([, re]) => re.test(read)).map(([m]) => m);
    if (g.widest !== null && named.includes(g.widest)) return g.widest;
    return named.length > 0 ? named.join(' and ') : undefined;
  }),
);

/** Whether the text names a member of the group called `name` (a player's statistic, an inflation period, ...). */
export function namesMeasure(text: string, name: string): boolean {
  const i = GROUPS.findIndex((g) => g.name === name);
  return i >= 0 && namedMembers(text)[i] !== undefined;
}

/** Words quoted in a title ("say \"crypto\""): what a mention market counts. An apostrophe inside a word is no quote. */
const QUOTED = /(?:^|[\s(])["“'‘]([^"”'’]{1,40})["”'’](?=$|[\s?,.:;!)])/g;
const quotedOf = perText((text: string): readonly string[] => [...text.matchAll(QUOTED)].map((m) => (m[1] ?? '').trim().toLowerCase()));

export function compareMeasures(a: Proposition, b: Proposition): string[] {
  const qa = quotedOf(a.text);
  const qb = quotedOf(b.text);
  if (qa.length > 0 && qb.length > 0 && !qa.some((q) => qb.includes(q))) return [`quoted words differ: "${qa[0]}" vs "${qb[0]}"`];
  const ma = namedMembers(a.text);
  const mb = namedMembers(b.text);
  for (let i = 0; i < GROUPS.length; i++) {
    const g = GROUPS[i] as Group;
    const x = ma[i];
    const y = mb[i];
    if (x === y || (x === undefined && y === undefined)) continue;
    if (x !== undefined && y !== undefined) return [`${g.name} differs: ${x} vs ${y}`];
    // Named on one side only: the other reads as the unqualified member, when the group has one.
    const named = x ?? y;
    const other = x === undefined ? a : b;
    const small = g.absentAtSmallLevels;
    const absent = small && other.numbers.length > 0 && other.numbers.every((n) => n.unit === 'pct' && Math.abs(n.high ?? n.value) <= small.pct) ? small.member : ((g.venueDefault ? venueStation(other.venue, other.text) : null) ?? g.absent);
    if (absent === null || named === absent || (g.when && !g.when.test(other.text))) continue;
    return [`${g.name} differs: ${named} vs ${absent} (not qualified)`];
  }
  return [];
}
