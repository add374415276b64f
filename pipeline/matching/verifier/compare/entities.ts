/**
 * Who the two markets are about. An entity counts as mentioned by the other market when it names
 * it under any spelling the verifier can reconcile: the lexicon key, an unknown name's words, a
 * first name left out ("Noem" for "Kristi Noem"), an acronym ("GTA" for "Grand Theft Auto"), a
 * team's home city (Kalshi's "Seattle" for the Seahawks). Anything one market names and the other
 * names differently is a veto: the candidate, the team, the asset, the place, the party.
 */
import { ALL_TICKER_NAMES, namesOfTicker, tickersIn, tickersOfName } from '../../../../shared/text/tickers.ts';
import type { PropEntity, Proposition } from '../types.ts';

/** Last words of team and club names ("Leviatán Esports", "Orlando City"): shared by rivals, never a surname. */
const ORG_TAILS: ReadonlySet<string> = new Set(['esports', 'gaming', 'fc', 'cf', 'sc', 'united', 'city', 'club', 'team', 'athletic', 'academy', 'party', 'pride', 'sports']);

export interface EntityCheck {
  readonly reasons: string[];
  readonly partyFlip: boolean;
  readonly matched: number;
  readonly total: number;
}

const isPersonLike = (e: PropEntity): boolean => e.group === 'person' || e.group === 'name';
const PARTY_OPPONENT: Readonly<Record<string, string>> = { democrats: 'republicans', republicans: 'democrats' };
const wordOf = (e: PropEntity): string => e.key.slice(e.key.indexOf(':') + 1);
const squash = (s: string): string => s.toLowerCase().replace(/[^a-z0-9.]+/g, '');

/** The words of one name phrase, in order ("Mike Collins" → mike, collins); a known person's from its label. */
function phraseWords(p: Proposition, e: PropEntity): string[] {
  if (e.group === 'person') return e.label.toLowerCase().replace(/\bjr\.?$/, '').split(/\s+/).filter((w) => w.length > 1);
  return p.entities.filter((x) => x.group === 'name' && x.key.startsWith('name:') && x.label === e.label).map(wordOf);
}

interface TextForms {
  readonly spaced: string;
  readonly joined: string;
}
const FORMS = new WeakMap<Proposition, TextForms>();

/** The text as words (" gpt 5 3") and run together ("gpt-5.3" → "gpt5.3"), computed once per market. */
function forms(p: Proposition): TextForms {
  let f = FORMS.get(p);
  if (!f) {
    const lower = p.text.toLowerCase();
    f = { spaced: ` ${lower.replace(/[^a-z0-9]+/g, ' ')}`, joined: lower.replace(/[\s-]+/g, '') };
    FORMS.set(p, f);
  }
  return f;
}

function looseNameIn(p: Proposition, word: string): boolean {
  const w = word.replace(/-/g, '');
  const f = forms(p);
  return f.spaced.includes(` ${w}`) || f.joined.includes(w);
}

/** "GTA" is mentioned by a market whose capitalised words have those initials ("Grand Theft Auto"). */
function acronymWords(p: Proposition, acronym: string): string[] | null {
  if (acronym.length < 2 || acronym.length > 5) return null;
  // Hyphenated names give one initial per part too: "Full Self-Driving" is FSD.
  for (const split of [/[^A-Za-z0-9'’.-]+/, /[^A-Za-z0-9'’.]+/]) {
    const words = p.text.split(split).filter((w) => w && !/^(of|the|and|for|&)$/i.test(w));
    for (let i = 0; i + acronym.length <= words.length; i++) {
      const run = words.slice(i, i + acronym.length);
      if (run.every((w, j) => /^[A-Z]/.test(w) && w.charAt(0).toLowerCase() === acronym.charAt(j))) {
        const lower = run.map((w) => w.toLowerCase());
        // Also the hyphenated forms the name phrase keeps as one word ("self-driving").
        return [...lower, ...lower.slice(1).map((w, j) => `${lower[j] ?? ''}-${w}`)];
      }
    }
  }
  return null;
}

const TICKER_NAMES_BY_FIRST_WORD = new Map<string, (typeof ALL_TICKER_NAMES)[number][]>();
for (const n of ALL_TICKER_NAMES) {
  const first = n.spaced.split(' ')[0] ?? '';
  TICKER_NAMES_BY_FIRST_WORD.set(first, [...(TICKER_NAMES_BY_FIRST_WORD.get(first) ?? []), n]);
}

const ALIASES = new WeakMap<Proposition, ReadonlySet<string>>();

/** Tickers a market names, by symbol ("MSTR") or by any of the symbol's names ("MicroStrategy"). */
function tickersNamed(p: Proposition): ReadonlySet<string> {
  let set = ALIASES.get(p);
  if (!set) {
    const found = new Set<string>(tickersIn(p.text));
    const spaced = ` ${forms(p).spaced.trim()} `;
    // Only names whose first word the title says are tried: a lookup per word, not a scan of the table.
    for (const word of new Set(spaced.split(' '))) {
      for (const name of TICKER_NAMES_BY_FIRST_WORD.get(word) ?? []) if (spaced.includes(` ${name.spaced} `)) for (const t of tickersOfName(name.name)) found.add(t);
    }
    ALIASES.set(p, (set = found));
  }
  return set;
}

/** Both markets name the same listed company, index or coin, by ticker or by name: all its spellings are one entity. */
function aliasCover(a: Proposition, b: Proposition, covered: Set<string>): void {
  const mine = tickersNamed(a);
  if (mine.size === 0) return;
  for (const t of tickersNamed(b)) {
    if (!mine.has(t)) continue;
    covered.add(t.toLowerCase());
    for (const n of namesOfTicker(t)) for (const w of n.split(/\s+/)) covered.add(w);
  }
}

/** Words that complete a company's or an index's formal name without naming anything else. */
const NAME_COMPLETIONS: ReadonlySet<string> = new Set(
  'industrial industrials average index composite inc incorporated corp corporation co company group holdings ltd limited plc sa ag nv technologies platforms motors'.split(' '),
);

/**
 * One name phrase is the other's with its formal completion added ("Dow Jones" / "Dow Jones
 * Industrial Average", "Nvidia" / "Nvidia Corporation"). Any other added word may name something
 * else ("Rotten Tomatoes" / "Rotten Tomatoes Audience"), so it is not reconciled.
 */
function extensionCover(a: Proposition, b: Proposition, covered: Set<string>): void {
  const phrases = (p: Proposition): string[][] => [...new Set(p.entities.filter((e) => e.group === 'name').map((e) => e.label))]
    .map((l) => l.toLowerCase().split(/[^a-z0-9-]+/).filter(Boolean));
  for (const x of phrases(a)) {
    for (const y of phrases(b)) {
      const [short, long] = x.length <= y.length ? [x, y] : [y, x];
      if (short.length === 0 || short.length === long.length) continue;
      if (short.every((w, i) => long[i] === w) && long.slice(short.length).every((w) => NAME_COMPLETIONS.has(w))) for (const w of long) covered.add(w);
    }
  }
}

function isAcronym(p: Proposition, e: PropEntity): boolean {
  const w = wordOf(e);
  if (!e.key.startsWith('name:') || w.length > 5 || !p.text.includes(w.toUpperCase())) return false;
  return new RegExp(`\\b${w.toUpperCase()}\\b`).test(p.text);
}

/** A team and the city it plays for stand for each other; so do a team and a Kalshi-style city label. */
function cityMatches(team: PropEntity, other: PropEntity): boolean {
  if (!team.city || other.group !== 'place') return false;
  const place = other.label.toLowerCase();
  const nickname = team.label.toLowerCase().slice(team.city.length).trim();
  return place === team.city || place === `${team.city} ${nickname.charAt(0)}`;
}

/** "Los Angeles D" names a team of the city whose nickname starts with D: "Los Angeles Dodgers". */
function initialTeamIn(p: Proposition, place: PropEntity): string | null {
  const m = /^(.+) ([a-z])$/.exec(place.label.toLowerCase());
  if (!m?.[1] || !m[2]) return null;
  const hit = new RegExp(`\\b${m[1]} (${m[2]}[a-z0-9]+)`, 'i').exec(p.text);
  return hit?.[1]?.toLowerCase() ?? null;
}

function mentions(p: Proposition, e: PropEntity, covered: ReadonlySet<string>): boolean {
  if (p.entities.some((x) => x.key === e.key)) return true;
  if (e.group === 'team') return p.entities.some((x) => cityMatches(e, x));
  if (e.group === 'place') {
    return p.entities.some((x) => (x.group === 'team' && cityMatches(x, e)) || (x.group === 'place' && x.label.toLowerCase().startsWith(`${e.label.toLowerCase()} `) && initialTeamIn(p, x) === null))
      || initialTeamIn(p, e) !== null;
  }
  if (e.group !== 'name') return false;
  if (e.key.startsWith('version:')) return p.entities.some((x) => x.key.startsWith('version:') && squash(x.label) === squash(e.label));
  if (covered.has(wordOf(e))) return true;
  // An unknown name is "mentioned" when the other title carries the word at all (GPT-5.3 / GPT 5.3).
  return looseNameIn(p, wordOf(e));
}

/**
 * First names are optional ("Noem" / "Kristi Noem") unless both markets give one for the same
 * surname and they differ ("Mike Collins" / "Doug Collins"): that is two candidates.
 */
function firstNameConflict(a: Proposition, b: Proposition, e: PropEntity): string | null {
  const mine = phraseWords(a, e);
  const surname = mine[mine.length - 1];
  if (!surname || mine.length < 2 || wordOf(e) === surname || ORG_TAILS.has(surname)) return null;
  for (const x of b.entities) {
    if (!isPersonLike(x)) continue;
    const theirs = phraseWords(b, x);
    if (!theirs.includes(surname)) continue;
    // One phrase extends the other ("Dow Jones" / "Dow Jones Industrial Average"): one name, see extensionCover.
    const [short, long] = mine.length <= theirs.length ? [mine, theirs] : [theirs, mine];
    if (short.every((w, i) => long[i] === w) && long.slice(short.length).every((w) => NAME_COMPLETIONS.has(w))) continue;
    // The surname here is a first name there ("Mark Kelly" / "Kelly Ayotte"): two people.
    if (theirs[theirs.length - 1] !== surname) return `${mine.join(' ')} vs ${theirs.join(' ')}`;
    const firstsA = mine.slice(0, -1).filter((w) => !theirs.includes(w));
    const firstsB = theirs.slice(0, -1).filter((w) => !mine.includes(w));
    if (firstsA.length > 0 && firstsB.length > 0) return `${mine.join(' ')} vs ${theirs.join(' ')}`;
  }
  return null;
}

function surnameMentioned(a: Proposition, b: Proposition, e: PropEntity, covered: ReadonlySet<string>): boolean {
  const mine = phraseWords(a, e);
  const surname = mine[mine.length - 1];
  if (!surname || surname === wordOf(e)) return false;
  const s = a.entities.find((x) => x.key === `name:${surname}`);
  return Boolean(s && mentions(b, s, covered));
}

function acronymCover(a: Proposition, b: Proposition): Set<string> {
  const covered = new Set<string>();
  for (const e of a.entities) {
    const nick = e.group === 'place' ? initialTeamIn(b, e) : null;
    if (nick) covered.add(nick);
  }
  for (const e of a.entities) {
    if (e.group !== 'name' || !isAcronym(a, e)) continue;
    const run = acronymWords(b, wordOf(e));
    if (run) {
      covered.add(wordOf(e));
      for (const w of run) covered.add(w.replace(/[^a-z0-9-]/g, ''));
    }
  }
  aliasCover(a, b, covered);
  extensionCover(a, b, covered);
  return covered;
}

function selectedAgree(a: Proposition, b: Proposition): boolean {
  const equal = (x: string, y: string): boolean => {
    if (x === y) return true;
    const ex = a.entities.find((e) => e.key === x) ?? b.entities.find((e) => e.key === x);
    const ey = b.entities.find((e) => e.key === y) ?? a.entities.find((e) => e.key === y);
    return Boolean(ex && ey && (cityMatches(ex, ey) || cityMatches(ey, ex)));
  };
  return a.selected.some((x) => b.selected.some((y) => equal(x, y)));
}

export function compareEntities(a: Proposition, b: Proposition): EntityCheck {
  const reasons: string[] = [];
  const coveredInA = acronymCover(b, a);
  const coveredInB = acronymCover(a, b);
  const seenIn = (p: Proposition, q: Proposition, covered: ReadonlySet<string>, coveredSelf: ReadonlySet<string>) => (e: PropEntity): boolean =>
    mentions(q, e, covered) || coveredSelf.has(wordOf(e)) || (e.group === 'name' && surnameMentioned(p, q, e, covered) && !firstNameConflict(p, q, e));
  // Both pick the same side of a game: the opponent one venue names and the other leaves out is no difference.
  const samePick = a.selected.length > 0 && b.selected.length > 0 && selectedAgree(a, b);
  const opponent = (p: Proposition, e: PropEntity): boolean => samePick && p.versus.includes(e.key) && !p.selected.includes(e.key);
  const onlyA = a.entities.filter((e) => !seenIn(a, b, coveredInB, coveredInA)(e) && !opponent(a, e));
  const onlyB = b.entities.filter((e) => !seenIn(b, a, coveredInA, coveredInB)(e) && !opponent(b, e));
  const matched = a.entities.length - onlyA.length + (b.entities.length - onlyB.length);
  const total = a.entities.length + b.entities.length;
  for (const e of a.entities) {
    const conflict = e.group === 'name' ? firstNameConflict(a, b, e) : null;
    if (conflict) {
      reasons.push(`candidate differs: ${conflict}`);
      break;
    }
  }
  const actorsA = onlyA.filter((e) => e.group !== 'place' && e.group !== 'party');
  const actorsB = onlyB.filter((e) => e.group !== 'place' && e.group !== 'party');
  const x = actorsA[0];
  const y = actorsB[0];
  const placesA = onlyA.filter((e) => e.group === 'place');
  const placesB = onlyB.filter((e) => e.group === 'place');
  if (x && y && reasons.length === 0) {
    const what = isPersonLike(x) && isPersonLike(y) ? 'candidate' : x.group === 'team' && y.group === 'team' ? 'team' : x.group === 'asset' && y.group === 'asset' ? 'asset' : 'subject';
    reasons.push(`${what} differs: ${x.label} vs ${y.label}`);
  } else if ((x && !y && placesB[0]) || (y && !x && placesA[0])) {
    // One market's unmatched subject is a thing, the other's a place: "visit Greenland" vs "visit Venezuela".
    reasons.push(`subject differs: ${(x ?? placesA[0])?.label} vs ${(y ?? placesB[0])?.label}`);
  }
  const pa = placesA[0];
  const pb = placesB[0];
  if (pa && pb) reasons.push(`place differs: ${pa.label} vs ${pb.label}`);
  else if (pa || pb) {
    // A party or chamber race is defined by its place; a named candidate already pins it down.
    const anyPerson = a.entities.some(isPersonLike) || b.entities.some(isPersonLike);
    if (!anyPerson && !reasons.some((r) => r.startsWith('subject differs'))) reasons.push(`place on one side only: ${(pa ?? pb)?.label}`);
  }
  const partiesA = a.entities.filter((e) => e.group === 'party').map((e) => e.key);
  const partiesB = b.entities.filter((e) => e.group === 'party').map((e) => e.key);
  let partyFlip = false;
  const diffA = partiesA.filter((k) => !partiesB.includes(k));
  const diffB = partiesB.filter((k) => !partiesA.includes(k));
  if (diffA.length > 0 && diffB.length > 0) {
    const pa1 = diffA[0] ?? '';
    const pb1 = diffB[0] ?? '';
    const noCandidates = !a.entities.some(isPersonLike) && !b.entities.some(isPersonLike);
    const twoWay = partiesA.length === 1 && partiesB.length === 1 && PARTY_OPPONENT[pa1] === pb1;
    // Seat counts are not split between two parties the way control is.
    const noCounts = a.numbers.length === 0 && b.numbers.length === 0;
    if (twoWay && noCandidates && noCounts) partyFlip = true;
    else reasons.push(`party differs: ${pa1} vs ${pb1}`);
  } else if (diffA.length + diffB.length > 0) {
    // One market names a party, the other a candidate: a party-winner market is not a candidate market.
    const partyOnly = diffA.length > 0 ? b : a;
    const other = diffA.length > 0 ? a : b;
    if (partyOnly.entities.some(isPersonLike) && !other.entities.some(isPersonLike)) {
      reasons.push(`candidate vs party: ${partyOnly.entities.find(isPersonLike)?.label} vs ${(diffA[0] ?? diffB[0]) ?? ''}`);
    }
  }
  if (a.selected.length > 0 && b.selected.length > 0 && !selectedAgree(a, b)) {
    const inOther = (p: Proposition, q: Proposition, covered: ReadonlySet<string>): boolean =>
      p.selected.every((k) => { const e = p.entities.find((z) => z.key === k); return !e || mentions(q, e, covered); });
    // In a game, naming the other's pick while picking someone else is enough: the opponent may be spelled unknown.
    const either = (a.game || b.game) && (inOther(a, b, coveredInB) || inOther(b, a, coveredInA));
    if (((inOther(a, b, coveredInB) && inOther(b, a, coveredInA)) || either) && reasons.length === 0) reasons.push(`selected side differs: ${a.selected.join(',')} vs ${b.selected.join(',')}`);
  }
  // A two-way race's other side is named, not missing: it counts as agreement for the overlap.
  const flipMatched = partyFlip ? 2 : 0;
  return { reasons, partyFlip, matched: matched + flipMatched, total };
}
