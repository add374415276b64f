/**
 * Token classification for exchange symbols. Symbols abbreviate freely (VRSTPN, LNDO, DRVRS,
 * CHMP), so a token that is not an exact code is matched against known words by its consonant
 * skeleton; ambiguous matches are left unknown rather than guessed.
 */
import { ENTITIES, type EntityKind } from './lexicon.ts';
import { LEAGUE_EVENTS } from './teams.ts';
import { COUNTRIES, GRAND_PRIX_CODES, US_STATES } from './places.ts';
import { monthNumber } from './calendar.ts';

export type SymToken =
  | { kind: 'year'; year: number; text: string }
  | { kind: 'month'; month: number; text: string }
  | { kind: 'amount'; value: number; text: string }
  | { kind: 'number'; value: number; text: string }
  | { kind: 'duration'; display: string; text: string }
  | { kind: 'roman'; numeral: string; text: string }
  | { kind: 'entity'; id: string; entityKind: EntityKind; display: string; text: string }
  | { kind: 'place'; display: string; text: string }
  | { kind: 'league'; display: string; text: string }
  | { kind: 'grandprix'; place: string; text: string }
  | { kind: 'word'; word: string; text: string }
  | { kind: 'unknown'; display: string; text: string };

/** Canonical event word for each spelling a symbol may use. */
const WORDS: Readonly<Record<string, string>> = {
  WIN: 'WIN', WINS: 'WIN', WINNER: 'WIN', CUT: 'CUT', CUTS: 'CUT', HIKE: 'HIKE', RAISE: 'HIKE',
  ABOVE: 'ABOVE', OVER: 'ABOVE', GT: 'ABOVE', BELOW: 'BELOW', UNDER: 'BELOW', LT: 'BELOW', REACH: 'REACH', HIT: 'REACH',
  POPULAR: 'POPULAR', VOTE: 'VOTE', AND: 'AND', FIGHT: 'FIGHT', CHAMPIONSHIP: 'CHAMPIONSHIP', CHAMP: 'CHAMPIONSHIP',
  CHAMPION: 'CHAMPIONSHIP', DRIVERS: 'DRIVERS', CONSTRUCTORS: 'CONSTRUCTORS', F1: 'F1', GP: 'GP',
};

const MULT: Readonly<Record<string, number>> = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 };
const DURATION_UNITS: Readonly<Record<string, string>> = { W: 'week', WK: 'week', D: 'day', H: 'hour', MO: 'month', Y: 'year' };

/** Consonant skeleton: first letter kept, later vowels dropped, doubled letters collapsed. */
export function skeleton(word: string): string {
  const w = word.toUpperCase().replace(/[^A-Z]/g, '');
  let out = w.slice(0, 1);
  for (const ch of w.slice(1)) {
    if ('AEIOU'.includes(ch)) continue;
    if (out.endsWith(ch)) continue;
    out += ch;
  }
  return out;
}

type Candidate = { readonly key: string; readonly make: (text: string) => SymToken };

const EXACT = new Map<string, (text: string) => SymToken>();
const FUZZY: Candidate[] = [];

function addExact(code: string, make: (text: string) => SymToken): void {
  if (!EXACT.has(code)) EXACT.set(code, make);
}

for (const e of ENTITIES) {
  const make = (text: string): SymToken => ({ kind: 'entity', id: e.id, entityKind: e.kind, display: e.display, text });
  for (const code of e.codes ?? []) addExact(code, make);
  // People are abbreviated by surname or given name (VRSTPN, LNDO): both feed the fuzzy pool.
  if (e.kind === 'person') for (const part of e.display.split(' ')) if (part.length >= 4) FUZZY.push({ key: part, make });
}
for (const [name, code] of US_STATES) {
  const make = (text: string): SymToken => ({ kind: 'place', display: name, text });
  addExact(name.toUpperCase().replace(/\s+/g, ''), make);
  FUZZY.push({ key: name, make });
  void code; // postal codes collide with team codes and words (IN, OR, ME): never used alone.
}
for (const c of COUNTRIES) addExact(c.toUpperCase().replace(/\s+/g, ''), (text) => ({ kind: 'place', display: c, text }));
for (const [spelling, canonical] of Object.entries(WORDS)) {
  addExact(spelling, (text) => ({ kind: 'word', word: canonical, text }));
  if (spelling.length >= 5) FUZZY.push({ key: spelling, make: (text) => ({ kind: 'word', word: canonical, text }) });
}
for (const [code, place] of Object.entries(GRAND_PRIX_CODES)) addExact(code, (text) => ({ kind: 'grandprix', place, text }));
for (const [code, ev] of Object.entries(LEAGUE_EVENTS)) addExact(code, (text) => ({ kind: 'league', display: ev.display, text }));

function fuzzyMatch(token: string): SymToken | null {
  const sk = skeleton(token);
  if (sk.length < 3) return null;
  const hits = FUZZY.filter((c) => {
    const ck = skeleton(c.key);
    return ck === sk || (sk.length >= 4 && ck.startsWith(sk) && c.key.toUpperCase().startsWith(token.slice(0, 2)));
  });
  const distinct = new Set(hits.map((h) => JSON.stringify(h.make(token))));
  return distinct.size === 1 && hits[0] ? hits[0].make(token) : null;
}

const titleCase = (w: string): string => w.charAt(0) + w.slice(1).toLowerCase();

function splitCompound(token: string): string[] {
  const m = /^([A-Z]{2,}?)(\d{2}|\d{4})$/.exec(token);
  if (m && m[1] && m[2] && (LEAGUE_EVENTS[m[1]] || WORDS[m[1]])) return [m[1], m[2]];
  return [token];
}

function classifyOne(text: string, prev: SymToken | undefined): SymToken {
  if (/^20\d\d$/.test(text)) return { kind: 'year', year: Number(text), text };
  if (/^\d{2}$/.test(text) && prev && (prev.kind === 'league' || (prev.kind === 'word' && prev.word === 'F1'))) {
    return { kind: 'year', year: 2000 + Number(text), text };
  }
  const amount = /^(\d+(?:\.\d+)?)([KMBT])$/.exec(text);
  if (amount && amount[1] && amount[2]) return { kind: 'amount', value: Number(amount[1]) * (MULT[amount[2]] ?? 1), text };
  const dur = /^(\d+)(WK|W|D|H|MO|Y)$/.exec(text);
  if (dur && dur[1] && dur[2]) {
    const n = Number(dur[1]);
    return { kind: 'duration', display: `${n} ${DURATION_UNITS[dur[2]] ?? ''}${n === 1 ? '' : 's'}`, text };
  }
  if (/^\d+(\.\d+)?$/.test(text)) return { kind: 'number', value: Number(text), text };
  if (prev?.kind === 'league' && /^[IVXLC]{2,}$/.test(text)) return { kind: 'roman', numeral: text, text };
  const month = monthNumber(text);
  if (month !== null && text.length >= 3) return { kind: 'month', month, text };
  const exact = EXACT.get(text);
  if (exact) return exact(text);
  return fuzzyMatch(text) ?? { kind: 'unknown', display: titleCase(text), text };
}

/** Words after which a bare number is the move or the level itself ("CUT-25" is 25 bps), never a year. */
const LEVEL_WORDS = new Set(['CUT', 'HIKE', 'ABOVE', 'BELOW', 'REACH']);

/**
 * "BTC-100K-25", "ETH-5K-DEC-25", "FLIP-25": a two-digit number after a level, after a month or closing
 * the symbol is the year, unless it directly follows a move or comparator word ("FED-CUT-25").
 */
function twoDigitYears(tokens: SymToken[]): SymToken[] {
  return tokens.map((x, i) => {
    if (x.kind !== 'number' || !/^\d{2}$/.test(x.text)) return x;
    const prev = tokens[i - 1];
    if (prev?.kind === 'word' && LEVEL_WORDS.has(prev.word)) return x;
    const afterLevel = tokens.slice(0, i).some((y) => y.kind === 'amount' || y.kind === 'number');
    return prev?.kind === 'month' || afterLevel || i === tokens.length - 1 ? { kind: 'year', year: 2000 + Number(x.text), text: x.text } : x;
  });
}

/** Classifies symbol parts (already split on '-', suffix removed) into typed tokens. */
export function classifyTokens(parts: readonly string[]): SymToken[] {
  return twoDigitYears(classifyParts(parts));
}

/**
 * Countries by their ISO 3166 alpha-3 codes ("RUS-UKR-CEASEFIRE-2027-BET"), and North Korea's DPRK. A few are also
 * F1 drivers' codes (RUS is George Russell): a symbol about a race (F1, GP, a Grand Prix) keeps the driver.
 */
const COUNTRY_CODES: Readonly<Record<string, string>> = {
  RUS: 'Russia', UKR: 'Ukraine', USA: 'United States', CHN: 'China', ISR: 'Israel', IRN: 'Iran', PRK: 'North Korea', DPRK: 'North Korea',
  KOR: 'South Korea', IND: 'India', PAK: 'Pakistan', GBR: 'United Kingdom', FRA: 'France', DEU: 'Germany', TWN: 'Taiwan',
  SAU: 'Saudi Arabia', VEN: 'Venezuela', BRA: 'Brazil', MEX: 'Mexico', CAN: 'Canada', JPN: 'Japan', TUR: 'Turkey', SYR: 'Syria',
  LBN: 'Lebanon', EGY: 'Egypt', PSE: 'Palestine', BLR: 'Belarus', POL: 'Poland', ARG: 'Argentina', COL: 'Colombia',
};

function asCountries(tokens: SymToken[]): SymToken[] {
  const racing = tokens.some((x) => x.kind === 'grandprix' || (x.kind === 'word' && (x.word === 'F1' || x.word === 'GP')));
  if (racing) return tokens;
  return tokens.map((x) => {
    const country = COUNTRY_CODES[x.text];
    return country && (x.kind === 'unknown' || (x.kind === 'entity' && x.entityKind === 'person')) ? { kind: 'place', display: country, text: x.text } : x;
  });
}

function classifyParts(parts: readonly string[]): SymToken[] {
  return asCountries(classifyEach(parts));
}

function classifyEach(parts: readonly string[]): SymToken[] {
  const out: SymToken[] = [];
  for (const text of parts.flatMap(splitCompound)) {
    const tok = classifyOne(text, out[out.length - 1]);
    const prev = out[out.length - 1];
    // "US-GP", "MONACO-GP": a place followed by GP names a Grand Prix.
    if (tok.kind === 'word' && tok.word === 'GP' && prev && (prev.kind === 'place' || prev.text === 'US')) {
      const place = prev.kind === 'place' ? prev.display : 'United States';
      out[out.length - 1] = { kind: 'grandprix', place, text: `${prev.text}-GP` };
      continue;
    }
    out.push(tok);
  }
  return out;
}
