/**
 * What kind of event each market asks about, compared aspect by aspect: the office, the trophy or
 * award, the action, nomination against election, the order of two parties (who strikes whom, who
 * comes first), the direction of a move (cut vs hike), a conjunction, an edition, and a subject
 * widened to a group. Each returns the reasons the two differ, or nothing.
 */
import type { Proposition } from '../types.ts';
import { perText } from './textMemo.ts';
import { asksAnyoneBut } from '../read/polarity.ts';
import { holdsRoleOnDay } from '../read/phrases.ts';
import { UP_OR_DOWN } from '../lexicon/vocabulary.ts';
import { chamberControl } from '../read/chamberControl.ts';

const sameSet = (x: readonly string[], y: readonly string[]): boolean => x.length === y.length && x.every((w) => y.includes(w));

/** A primary, a nomination or a race in one state: several offices are contested there on one day. */
const STATE_RACE = /\b(?:primary|primaries|nominee|nomination|race|election|runoff)\b/i;
const inState = (p: Proposition): boolean => p.entities.some((e) => e.key.startsWith('state:'));

const NOMINATION_WORD = /\bnomin(?:ee|ation|ated?)\b|\bticket\b/i;

/** A deputy's post is its own: "the next deputy leader of the Labour Party" is not "the next Labour leader". */
const DEPUTY = /\bdeputy\b|\bvice[- ]chair(?:man|woman|person)?\b/i;

export function compareOffices(a: Proposition, b: Proposition): string[] {
  if (DEPUTY.test(a.text) !== DEPUTY.test(b.text)) return [`deputy on one side only: ${DEPUTY.test(a.text) ? a.text : b.text}`];
  if (a.offices.length === 0 && b.offices.length === 0) return [];
  if (a.offices.length === 0 || b.offices.length === 0) {
    // A running mate's slot is its own: "Democratic Vice Presidential Nominee 2028" is not "2028 Democratic nominee?".
    if ((a.offices.includes('vice-president') || b.offices.includes('vice-president')) && NOMINATION_WORD.test(a.text) && NOMINATION_WORD.test(b.text)) {
      return ['office on one side only: the vice-presidential nomination against the top of the ticket'];
    }
    // "Will X win the Michigan Democratic primary?" against X as the nominee for governor: which primary is not said.
    const named = a.offices.length > 0 ? a : b;
    const other = named === a ? b : a;
    const stateRace = STATE_RACE.test(a.text) && STATE_RACE.test(b.text) && inState(a) && inState(b);
    return stateRace && !other.offices.length ? [`office on one side only: ${named.offices.join('/')} (the other race in the state is not named)`] : [];
  }
  if (a.offices.some((o) => b.offices.includes(o))) return [];
  return [`office differs: ${a.offices.join('/')} vs ${b.offices.join('/')}`];
}

/** Different trophies, different awards, or an award on one side only: different questions. */
export function compareTitles(a: Proposition, b: Proposition): string[] {
  const out: string[] = [];
  if (a.titles.length > 0 && b.titles.length > 0 && !a.titles.some((t) => b.titles.includes(t))) out.push(`title differs: ${a.titles.join('/')} vs ${b.titles.join('/')}`);
  if ((a.awards.length > 0 || b.awards.length > 0) && !sameSet(a.awards, b.awards)) out.push(`award differs: ${a.awards.join('/') || 'none'} vs ${b.awards.join('/') || 'none'}`);
  const ca = chambers(a.text);
  const cb = chambers(b.text);
  if (ca && cb && ca !== cb) out.push(`chambers differ: ${ca} vs ${cb}`);
  const control = [chamberControl(a.text), chamberControl(b.text)];
  if (control[0] && control[1] && control[0] !== control[1]) out.push(`chamber control differs: ${control[0]} vs ${control[1]}`);
  const ga = tournamentGroup(a.text);
  const gb = tournamentGroup(b.text);
  if (ga !== gb) out.push(`tournament group differs: ${ga ? `Group ${ga}` : 'the whole tournament'} vs ${gb ? `Group ${gb}` : 'the whole tournament'}`);
  return out;
}

/** Which chambers of Congress a market is about: "the House and Senate" is more than "the House". */
function chambers(text: string): string | null {
  const house = /\bhouse\b(?! of (?:lords|commons))/i.test(text) && !/\bwhite house\b/i.test(text);
  const senate = /\bsenate\b/i.test(text);
  // "Contempt of Congress", "member of Congress" name the institution, not both chambers acting.
  const both = /(?<!\bof\s)\bcongress\b|\bboth chambers\b|\bsweep\b/i.test(text);
  if (both || (house && senate)) return 'House and Senate';
  return house ? 'House' : senate ? 'Senate' : null;
}

/** "win Group C" is a step of the tournament, never the tournament: a group named on one side only, or two groups, differ. */
function tournamentGroup(text: string): string | null {
  return /\bgroup\s+([A-P])\b(?![-'’])/i.exec(text)?.[1]?.toUpperCase() ?? null;
}

/** Both name what happens and nothing in common: "invade" vs "blockade", "visit" vs "acquire". */
export function compareActions(a: Proposition, b: Proposition): string[] {
  if (a.actions.length === 0 || b.actions.length === 0) return [];
  return a.actions.some((x) => b.actions.includes(x)) ? [] : [`action differs: ${a.actions.join('/')} vs ${b.actions.join('/')}`];
}

export function compareEvents(a: Proposition, b: Proposition): string[] {
  const nomA = a.events.includes('nomination');
  const nomB = b.events.includes('nomination');
  if (nomA !== nomB) return [`event differs: ${nomA ? 'nomination' : 'election'} vs ${nomB ? 'nomination' : 'election'}`];
  const primary = statePrimaryForPresident(a, b) ?? statePrimaryForPresident(b, a);
  return primary ? [primary] : [];
}

const PRIMARY = /\b(?:primary|primaries|caucus(?:es)?)\b/i;
const NOMINATION = /\b(?:nomination|nominee)\b/i;

/**
 * "Win the 2028 California Democratic primary" is one state's contest on the road to the presidential nomination,
 * not the nomination (a state race's primary is its nomination, so only a presidential one is told apart).
 */
function statePrimaryForPresident(p: Proposition, other: Proposition): string | null {
  if (!PRIMARY.test(p.text) || PRIMARY.test(other.text) || !NOMINATION.test(other.text)) return null;
  if (!/\bpresident(?:ial)?\b/i.test(`${p.text} ${other.text}`)) return null;
  const state = p.entities.find((e) => e.key.startsWith('state:'));
  if (!state || other.entities.some((e) => e.key === state.key)) return null;
  return `stage differs: the ${state.label} primary vs the nomination`;
}

/**
 * "A before B" vs "B before A", "X beats Y" vs "Y beats X": after dropping what both markets
 * share on the same side (the tournament, the verb), the sides have swapped.
 */
export function compareOrder(a: Proposition, b: Proposition): string[] {
  // "Perplexity is acquired" (by anyone) against "Apple acquires Perplexity": the agent is named on one side only.
  if (a.agentless !== b.agentless) {
    const [bare, named] = a.agentless ? [a, b] : [b, a];
    const agent = named.ordered?.[0].filter((k) => named.entities.some((e) => e.key === k) && !bare.entities.some((e) => e.key === k)) ?? [];
    if (agent.length > 0) return [`agent named on one side only: ${[...new Set(agent)].join(' ')}`];
  }
  if (!a.ordered || !b.ordered) return [];
  const [al, ar] = a.ordered;
  const [bl, br] = b.ordered;
  const sharedLeft = al.filter((w) => bl.includes(w));
  const sharedRight = ar.filter((w) => br.includes(w));
  const strip = (xs: readonly string[]): string[] => xs.filter((w) => !sharedLeft.includes(w) && !sharedRight.includes(w));
  const [al2, ar2, bl2, br2] = [strip(al), strip(ar), strip(bl), strip(br)];
  const meets = (x: readonly string[], y: readonly string[]): boolean => x.some((w) => y.includes(w));
  // What one market puts first the other puts second, and nothing stays on its side.
  if (meets(al2, br2) && meets(ar2, bl2) && !meets(al2, bl2) && !meets(ar2, br2)) {
    return [`order inverted: ${al2.join(' ')} first vs ${bl2.join(' ')} first`];
  }
  return [];
}

const OPPOSITES: readonly (readonly [string, string])[] = [['cut', 'hike'], ['cut', 'hold'], ['hike', 'hold'], ['win', 'lose'], ['rise', 'fall'], ['pass', 'fail'], ['increase', 'decrease'], ['positive', 'negative']];

/** A price's move over a period, "up" or "down" ("Bitcoin down in 2027?", "Will TSLA close up on Friday?"): stopwords elsewhere. */
const UP_DOWN = /\b(?:is|be|go|goes|end|ends|close|closes|finish|finishes|trade|trades)?\s*\b(up|down)\b(?=\s+(?:in|for|on|over|this|year|month|week|day|ytd|by\s+(?:more|at least|over)|\d)|\s*\??$)/i;
/** "Bitcoin Up or Down - June 30": the label picks the side, read as a side elsewhere. */
const moveOf = (p: Proposition): string | null => (UP_OR_DOWN.test(p.text) ? null : UP_DOWN.exec(p.text)?.[1]?.toLowerCase() ?? null);

/** Opposite actions on the same subject ("cut" vs "hike") are different questions, not complements. */
export function compareDirection(a: Proposition, b: Proposition): string[] {
  const ma = moveOf(a);
  const mb = ma ? moveOf(b) : null;
  if (ma && mb && ma !== mb) return [`direction differs: ${ma} vs ${mb}`];
  for (const [x, y] of OPPOSITES) {
    const ax = a.words.includes(x) && !a.words.includes(y);
    const ay = a.words.includes(y) && !a.words.includes(x);
    const bx = b.words.includes(x) && !b.words.includes(y);
    const by = b.words.includes(y) && !b.words.includes(x);
    if ((ax && by) || (ay && bx)) return [`direction differs: ${ax ? x : y} vs ${bx ? x : y}`];
  }
  return [];
}

export function compareConjunction(a: Proposition, b: Proposition): string[] {
  return a.conjunction !== b.conjunction ? ['conjunction on one side only ("both … and …")'] : [];
}

// Module-level, not local to compareEditions: tsx (esbuild keepNames) names a local function again at every call, and
// every pair not refused on its years gets here.
const fiscal = (p: Proposition): string | undefined => p.editions.find((e) => e.startsWith('fiscal '));
const calendarQuarter = (p: Proposition): boolean => p.dates.some((d) => d.granularity === 'quarter');
const fiscalYearOnly = (p: Proposition, f: string | undefined): boolean => Boolean(f?.startsWith('fiscal year')) && p.years.length === 0 && p.dates.length === 0;
const calendarYear = (p: Proposition): boolean => p.years.length > 0 || p.dates.some((d) => d.granularity === 'year');

export function compareEditions(a: Proposition, b: Proposition): string[] {
  // A company's fiscal quarter is not the calendar quarter of the same number (Apple's fiscal Q1 ends in December).
  const [fa, fb] = [fiscal(a), fiscal(b)];
  if ((fa && !fb && calendarQuarter(b)) || (fb && !fa && calendarQuarter(a))) return [`fiscal vs calendar quarter: ${fa ?? fb}`];
  // The US government's fiscal 2027 runs from October 2026 to September 2027: not the calendar year 2027.
  // Only where the fiscal side states no calendar year of its own ("the FY2027 NDAA signed in 2026" has one).
  if ((fiscalYearOnly(a, fa) && !fb && calendarYear(b)) || (fiscalYearOnly(b, fb) && !fa && calendarYear(a))) return [`fiscal vs calendar year: ${fa ?? fb}`];
  if (a.editions.length === 0 || b.editions.length === 0) return [];
  return a.editions.some((e) => b.editions.includes(e)) ? [] : [`edition differs: ${a.editions[0]} vs ${b.editions[0]}`];
}

/**
 * "anyone", "any candidate": a subject no one in particular, broader than any named one; so are "a third-party",
 * "an independent" and "Independents" (not "X, as an independent", which names X).
 */
const ANYONE = /\b(?:anyone|anybody|someone|any (?:candidate|player|team|country|person|nominee|one)|any (?:[\w.'-]+ ){0,3}(?:justice|judge|senator|governor|minister|official|member|ceo|executive|billionaire|leader|head of state)s?|a third[- ]party|(?<!\bas )an independent|independents)\b/i;
/**
 * "Will someone other than X win …?" as its subject is X's negation (read/polarity.ts), so it names X as the other side
 * does: but only where exactly one holds the outcome. A post that can stand empty on a day (a Speaker, a Chief Justice)
 * and a prize that can be shared or withheld (a Nobel) leave worlds where neither pays.
 */
const OPEN_POST = /\b(?:speaker|chief justice|justice|secretary|chair(?:man)?|ceo|director|governor|leader|attorney general)\b/i;
const NEVER_EMPTY = /\b(?:president|prime minister|pm|chancellor)\b/i;
const SHAREABLE = /\bnobel\b|\bpeace prize\b/i;
function namesTheOneExcluded(p: Proposition): boolean {
  const title = p.source.title;
  if (!asksAnyoneBut(title) || SHAREABLE.test(title)) return false;
  return !(holdsRoleOnDay(title) && OPEN_POST.test(title) && !NEVER_EMPTY.test(title));
}
/** "A British driver", "an American golfer", "a non-Mercedes driver": anyone of a group, capitalised as a group's name is. */
const GROUP_MEMBER = /\ban? (?:[A-Z][a-z]+|non-[A-Za-z]+) (?:driver|golfer|rider|player|boxer|fighter|skater|swimmer|runner|cyclist)\b/;
/** "Will there be a dissent ...?": an event asked of nobody in particular. */
const EXISTENTIAL = /\b(?:will there be|is there|are there|there (?:will be|is|are))\s+(?:a|an|any)\b/i;
const named = (p: Proposition): boolean => p.entities.some((e) => e.group === 'person' || e.group === 'name' || e.group === 'team');

/** "in Santa Clara County", "of Orleans Parish": a local count of a wider race or measure. */
const LOCAL_AREA = /\b(?:in|of|within)\s+((?:[A-Z][\w.'’-]*\s+){1,3})(?:County|Parish|Borough|Precinct|Ward|Municipality)\b/;

/** The local area `p` narrows its question to and the other does not name, if any. */
function localAreaOnly(p: Proposition, other: Proposition): string | null {
  const m = LOCAL_AREA.exec(p.text);
  if (!m) return null;
  const name = (m[1] ?? '').trim();
  return other.text.toLowerCase().includes(name.toLowerCase()) ? null : m[0].replace(/^\w+\s+/, '');
}

/** "Hegseth or another Cabinet member" is broader than "Hegseth"; "anyone wins outright" than "Lula wins outright". */
export function compareScope(a: Proposition, b: Proposition): string[] {
  if (a.widened !== b.widened) return [`scope differs: "${(a.widened ? a : b).source.title}" widens the subject to a group`];
  const anyA = (ANYONE.test(a.text) || GROUP_MEMBER.test(a.source.title)) && !namesTheOneExcluded(a);
  const anyB = (ANYONE.test(b.text) || GROUP_MEMBER.test(b.source.title)) && !namesTheOneExcluded(b);
  if (anyA !== anyB && named(anyA ? b : a)) return [`scope differs: "${(anyA ? a : b).source.title}" asks about anyone, the other about a named subject`];
  // "Will there be a dissent at the June FOMC?" is paid by anyone's dissent; "Will Stephen Miran dissent?" by one person's.
  const thereA = EXISTENTIAL.test(a.text);
  if (thereA !== EXISTENTIAL.test(b.text)) {
    const [open, other] = thereA ? [a, b] : [b, a];
    // A known person, or an unknown name of two words or more (a capitalised first word, "Magnitude 8.0+ ...", is no one).
    const person = other.entities.find((e) => (e.group === 'person' || (e.group === 'name' && e.label.includes(' '))) && !open.entities.some((x) => x.key === e.key));
    if (person) return [`scope differs: "${open.source.title}" is paid by anyone, the other names ${person.label}`];
  }
  // One county's result is not the state's: the same candidate can come first in one and not the other.
  const area = localAreaOnly(a, b) ?? localAreaOnly(b, a);
  if (area) return [`scope differs: the result in ${area} on one side only`];
  const everyA = EVERY.test(a.text);
  const everyB = EVERY.test(b.text);
  if (everyA !== everyB && (ANY_OCCASION.test(a.text) || ANY_OCCASION.test(b.text))) return [`scope differs: every one vs any one ("${(everyA ? a : b).source.title}")`];
  const regionA = superlativeRegionOf(a.text);
  const regionB = superlativeRegionOf(b.text);
  if (regionA !== null && regionB !== null && regionA !== regionB) return [`scope differs: the top in ${regionA} vs in ${regionB}`];
  return [];
}

/** "at every meeting", "in all games": each occasion, against "at any meeting" (at least one). */
const EVERY = /\b(?:every|each|all)(?: (?:of the|remaining|\d+|[a-z]+))? (?:meeting|game|match|race|month|quarter|week|day|event|session)s?\b/i;
const ANY_OCCASION = /\b(?:any|a single|at least one)(?: [a-z]+)? (?:meeting|game|match|race|month|quarter|week|day|event|session)\b/i;

/** "The richest person", "the best-selling EV brand", "top global artist": a first place, ranked over a region the title names. */
const SUPERLATIVE = /\b(?:richest|wealthiest|largest|biggest|best[- ]selling|top[- ]selling|most valuable|most popular|highest[- ]grossing|most[- ]streamed|most[- ]downloaded|number one|top (?:global )?(?:artist|song|album|podcast|app|movie|film)s?)\b|#1\b|\bno\. 1\b/i;
const REGION_AFTER = /^[^?]{0,40}?\b(?:(in the world|worldwide|globally|on earth)|in (?:the )?((?:[A-Z][\w.]*)(?: [A-Z][\w.]*)?))/;
const US = /^(?:us|u\.s\.?|usa|united states|america)$/i;
const MONTH = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?(?:\s|$)/i;

/** The region a superlative ranks over ("world" when it names none or the world), or null without a superlative. */
function superlativeRegion(text: string): string | null {
  const m = SUPERLATIVE.exec(text);
  if (!m) return null;
  const r = REGION_AFTER.exec(text.slice(m.index + m[0].length));
  if (!r || r[1]) return 'the world';
  const place = (r[2] ?? '').trim();
  // "in June", "in Q2", "in 2026" say when, not where.
  if (/^\d|^Q[1-4]\b/.test(place) || MONTH.test(place)) return 'the world';
  return US.test(place) ? 'the US' : place;
}

/** "D Senate", "R House", "Group A", "Plan B": a single capital letter beside a word identifies which one. */
function letterIds(text: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (word: string, letter: string): void => {
    const w = word.toLowerCase();
    out.set(w, (out.get(w) ?? new Set()).add(letter));
  };
  for (const m of text.matchAll(/\b([B-HJ-Z])\s+([A-Z][a-z]{2,})\b/g)) add(m[2] ?? '', m[1] ?? '');
  for (const m of text.matchAll(/\b([A-Z][a-z]{2,})\s+([A-Z])\b(?![.'’])/g)) add(m[1] ?? '', m[2] ?? '');
  return out;
}

const letterIdsOf = perText(letterIds);
const superlativeRegionOf = perText(superlativeRegion);

export function compareLetterIds(a: Proposition, b: Proposition): string[] {
  const la = letterIdsOf(a.text);
  if (la.size === 0) return [];
  const lb = letterIdsOf(b.text);
  for (const [word, letters] of la) {
    const other = lb.get(word);
    if (other && ![...letters].every((l) => other.has(l))) return [`identifier differs: ${[...letters].join('/')} ${word} vs ${[...other].join('/')} ${word}`];
  }
  return [];
}

/** "Other", "Field", "None of the above": a contract for every outcome not listed is never one listed outcome. */
const CATCH_ALL = /^(?:other|others|any other|anyone else|someone else|field|the field|none|none of the above|another (?:candidate|team|player|party|person))$/i;

export function compareCatchAll(a: Proposition, b: Proposition): string[] {
  const ca = CATCH_ALL.test(a.source.outcome.trim());
  const cb = CATCH_ALL.test(b.source.outcome.trim());
  return ca !== cb ? [`catch-all contract on one side only: "${(ca ? a : b).source.outcome}"`] : [];
}

const LEAVING = new Set(['leave', 'out', 'exit', 'depart', 'fired', 'replaced']);

/**
 * "Will X be Speaker on Dec 31?" is "X is not gone by Dec 30" only for the one who holds the post now:
 * it negates a market on X leaving, never one on X becoming Speaker ("the next Speaker", "be nominated").
 */
export function compareRoleHolding(a: Proposition, b: Proposition): string[] {
  if (a.holdsRole === b.holdsRole) return [];
  const other = a.holdsRole ? b : a;
  return other.events.some((w) => LEAVING.has(w)) ? [] : [`holding a role on a day vs ${/\bnext\b/i.test(other.text) ? 'becoming the next holder' : 'another question about the role'}`];
}
