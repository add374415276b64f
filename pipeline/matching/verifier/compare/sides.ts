/**
 * Whether two venues' names for a side of a contest name the same team or player. Venues write one
 * side as a nickname ("Lakers"), a city ("Los Angeles L", "Boston"), a full club name ("Sevilla FC",
 * "Brighton & Hove Albion FC") or a ticker code ("SAS", "MUN"). A code matches a name when it is
 * built from the starts of the name's words in order ("MUN" = Manchester UNited, "SAS" = San Antonio
 * Spurs); a known team matches by nickname, city or code; otherwise one name's words must all be
 * the other's ("Sevilla" / "Sevilla FC"), so "Manchester City" never meets "Manchester United".
 */
import { codeFitsName } from '../read/tickerSeries.ts';
import { sameListedClub } from '../read/clubCodes.ts';
import { TEAMS, type Team } from '../../../../shared/text/teams.ts';
import { foldAccents } from '../read/phrases.ts';
import { transliterated } from '../read/words.ts';
import { readLexicon } from '../lexicon/dataFile.ts';
import { initialsOf } from '../lexicon/vocabulary.ts';
import { ENTITIES } from '../../../../shared/text/lexicon.ts';
import { perText } from './textMemo.ts';

/** Club-form words that carry no identity ("FC", "Club", "the"). */
const FORM_WORDS = new Set(['fc', 'cf', 'sc', 'ec', 'afc', 'ac', 'cd', 'sd', 'ud', 'sk', 'fk', 'bk', 'hc', 'club', 'the', 'de', 'team', 'esports', 'gaming']);

/**
 * Accents dropped, and their spelled-out transliterations with them: "Linköping" is written "Linkoeping",
 * "Luleå" "Luleaa" by one venue and "Linkoping", "Lulea" by another.
 */
function words(phrase: string): string[] {
  return transliterated(foldAccents(phrase).toLowerCase().replace(/&/g, ' ')).split(/[^a-z0-9']+/).filter((w) => w.length > 0);
}

/** A side's words without club forms ("FC"), read once per name: every pair of sides and labels compared asks again. */
const significant = perText((phrase: string): readonly string[] => {
  const all = words(phrase);
  // "Ohio St." ends in State; "St. Louis" starts with Saint and keeps its word.
  if (all.length > 1 && all[all.length - 1] === 'st') all[all.length - 1] = 'state';
  const kept = all.filter((w) => !FORM_WORDS.has(w));
  return kept.length > 0 ? kept : all;
});

const isCode = (s: string): boolean => /^[A-Z0-9]{2,4}$/.test(s.trim());

/** A team's names across venues that no word rule relates ("UNC" / "North Carolina Tar Heels", "Köln" / "Cologne"). */
export const SIDE_ALIASES = readLexicon<{ groups: readonly (readonly string[])[] }>('sideAliases.json').groups;
const fold = perText((s: string): string => words(s).join(' '));
const ALIAS_GROUP = new Map<string, number>(SIDE_ALIASES.flatMap((names, i) => names.map((n) => [fold(n), i] as const)));
const aliasGroupOf = (name: string): number | undefined => ALIAS_GROUP.get(fold(name));

/** A fighter or player a venue names by nickname ("Canelo" / "Saúl Álvarez", "CR7"): the person lexicon's whole names. */
const PERSON_OF = new Map<string, string>(ENTITIES.filter((e) => e.kind === 'person').flatMap((e) => e.aliases.map((n) => [fold(n), e.id] as const)));
function samePerson(x: string, y: string): boolean {
  const px = PERSON_OF.get(fold(x));
  return px !== undefined && px === PERSON_OF.get(fold(y));
}

/** Two names of one team in `sideAliases.json` ("Bayern Munich" / "Bayern München", "Barça" / "Barcelona"). */
export function sameAliasGroup(x: string, y: string): boolean {
  const gx = aliasGroupOf(x);
  return gx !== undefined && gx === aliasGroupOf(y);
}

/**
 * The alias groups a text names, each with the words of the names it wrote: "Will Miami (FL) win the CFP?" names
 * Miami (FL)'s group with "miami", "fl". Read on whole word runs, so "Miami" alone names neither Miami.
 */
const ALIAS_PHRASES = [...ALIAS_GROUP.entries()].filter(([name]) => name.includes(' ') || name.length > 3);
export const aliasGroupsNamed = perText((text: string): ReadonlyMap<number, ReadonlySet<string>> => {
  const padded = ` ${fold(text)} `;
  const out = new Map<number, Set<string>>();
  for (const [name, group] of ALIAS_PHRASES) {
    if (!padded.includes(` ${name} `)) continue;
    let named = out.get(group);
    if (!named) out.set(group, (named = new Set()));
    for (const w of name.split(' ')) named.add(w);
  }
  return out;
});

/** Two names two texts give that are words of one team's names in each ("FL" in "Miami (FL)", "Hurricanes" in "Miami Hurricanes"). */
export function sameTeamNamedApart(textA: string, x: string, textB: string, y: string): boolean {
  const inA = aliasGroupsNamed(textA);
  if (inA.size === 0) return false;
  const inB = aliasGroupsNamed(textB);
  const wx = words(x);
  const wy = words(y);
  for (const [group, namedA] of inA) {
    const namedB = inB.get(group);
    if (namedB && wx.length > 0 && wy.length > 0 && wx.every((w) => namedA.has(w)) && wy.every((w) => namedB.has(w))) return true;
  }
  return false;
}

/** Words that make a longer name another team ("Kansas State", "Georgia Tech", "Real Madrid B"). */
const QUALIFIERS = new Set(readLexicon<{ words: readonly string[] }>('sideQualifiers.json').words);

/** Teams a phrase can name: by full name, nickname or short form, city (with a nickname initial), or code. */
const TEAM_CACHE = new Map<string, readonly Team[]>();
export function teamsNamed(phrase: string): readonly Team[] {
  const key = phrase.trim();
  let hit = TEAM_CACHE.get(key);
  if (hit) return hit;
  const p = words(key).join(' ');
  const code = isCode(key) ? key.trim().toUpperCase() : null;
  hit = TEAMS.filter((t) => {
    const city = words(t.city).join(' ');
    const nick = words(t.nickname).join(' ');
    if (p === `${city} ${nick}` || p === nick || t.short.includes(p)) return true;
    // "LA Rams", "NY Giants": the nickname after the club's own code or a word of its city; "Charlotte 49ers" and
    // "Boise State Broncos" are college teams.
    if (p.endsWith(` ${nick}`) && p.slice(0, -nick.length - 1).split(' ').every((w) => city.split(' ').includes(w) || w === initialsOf(city) || t.short.includes(w) || t.codes.includes(w.toUpperCase()) || w === 'the')) return true;
    // Kalshi's city with the nickname's initial ("Los Angeles L"), or both initials of a two-word one ("Chicago WS").
    if (p === city || p === `${city} ${nick.charAt(0)}` || (nick.includes(' ') && p === `${city} ${initialsOf(nick)}`)) return true;
    return code !== null && t.codes.includes(code);
  });
  if (TEAM_CACHE.size > 4096) TEAM_CACHE.clear();
  TEAM_CACHE.set(key, hit);
  return hit;
}

/** "MUN" from "Manchester United", "SAS" from "San Antonio Spurs", "FER" from "Operário Ferroviário": word starts in order. */
export function abbreviates(code: string, phrase: string): boolean {
  const all = words(phrase);
  const kept = all.filter((w) => !FORM_WORDS.has(w) || w.length > 3);
  // A surname particle starts a player's code ("DEJ" for Jesper de Jong), so the full name is tried too.
  return startsOfWords(code.toLowerCase(), kept) || (kept.length < all.length && startsOfWords(code.toLowerCase(), all));
}

function startsOfWords(c: string, ws: readonly string[]): boolean {
  const from = (i: number, at: number): boolean => {
    if (at === c.length) return true;
    if (i >= ws.length) return false;
    const w = ws[i] ?? '';
    for (let n = Math.min(w.length, c.length - at); n >= 1; n--) if (w.slice(0, n) === c.slice(at, at + n) && from(i + 1, at + n)) return true;
    return false;
  };
  // The code starts at the start of some word (a leading "SE", "Operário" may be skipped).
  for (let start = 0; start < ws.length; start++) if ((ws[start] ?? '').charAt(0) === c.charAt(0) && from(start, 0)) return true;
  return false;
}

export function sameSide(x: string, y: string): boolean {
  if (!x || !y) return false;
  if (sameName(x, y)) return true;
  // "Chalon/Saone" is Chalon-sur-Saône written short: a place named with its river or region after a slash is the place.
  const px = beforeSlash(x);
  const py = beforeSlash(y);
  return (px !== x || py !== y) && sameName(px, py);
}

const beforeSlash = (name: string): string => {
  const m = /^([^/]{4,}?)\s*\/\s*[^/\s][^/]*$/.exec(name.trim());
  return m?.[1] ?? name;
};

/**
 * A side's code names a side's name: as the starts of its words, as a team's listed code, or, for a football club or a
 * country, by the code tables where Kalshi's code is not the start of the name ("CFC" Chelsea, "IRI" Iran).
 */
function codeNames(code: string, name: string, teams: readonly Team[]): boolean {
  const c = code.trim();
  return abbreviates(c, name) || teams.some((t) => t.codes.includes(c.toUpperCase())) || codeFitsName(c, name, 'club') || codeFitsName(c, name, 'country');
}

/**
 * A sportsbook's "C. Alcaraz" or "Sabalenka A." against "Carlos Alcaraz": the surname and the given name's initial.
 * Another initial is another player ("J. Cerundolo" is not Francisco Cerundolo).
 */
function initialledName(short: readonly string[], long: readonly string[]): boolean {
  if (short.length !== 2 || long.length < 2 || long.length > 3) return false;
  const initial = short.find((w) => w.length === 1);
  const surname = short.find((w) => w.length > 1);
  if (!initial || !surname || long[long.length - 1] !== surname) return false;
  return (long[0] ?? '').startsWith(initial) && (long[0] ?? '').length > 1;
}

function sameName(x: string, y: string): boolean {
  const gx = aliasGroupOf(x);
  const gy = gx === undefined ? undefined : aliasGroupOf(y);
  if (gx !== undefined && gy !== undefined) return gx === gy;
  if (samePerson(x, y)) return true;
  const wx = significant(x);
  const wy = significant(y);
  if (wx.join(' ') === wy.join(' ')) return true;
  if (initialledName(wx, wy) || initialledName(wy, wx)) return true;
  const tx = teamsNamed(x);
  const ty = teamsNamed(y);
  if (tx.length > 0 && ty.length > 0) return tx.some((t) => ty.includes(t));
  if (sameListedClub(x, y)) return true;
  if (isCode(x) && !isCode(y)) return codeNames(x, y, ty);
  if (isCode(y) && !isCode(x)) return codeNames(y, x, tx);
  // One name is the other with words added ("Sevilla" / "Sevilla FC Seville"): every word of the shorter is in the
  // longer, and no added word makes it another team ("Kansas" / "Kansas State").
  const [short, long] = wx.length <= wy.length ? [wx, wy] : [wy, wx];
  return short.length > 0 && short.every((w) => long.includes(w)) && !long.some((w) => !short.includes(w) && QUALIFIERS.has(w));
}

/** Splits a ticker's run of two codes ("SASBOS", "KCBUF") so each names one of the partner's sides, in either order. */
export function splitCodes(run: string, sides: readonly string[]): [string, string] | null {
  if (sides.length !== 2 || run.length < 4) return null;
  for (let k = 2; k <= run.length - 2; k++) {
    const c1 = run.slice(0, k);
    const c2 = run.slice(k);
    const [s1, s2] = sides as [string, string];
    if ((sameSide(c1, s1) && sameSide(c2, s2)) || (sameSide(c1, s2) && sameSide(c2, s1))) return [c1, c2];
  }
  return null;
}
