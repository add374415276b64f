/**
 * Who and what a question is about. Known entities (lexicon: people, parties, teams, assets,
 * organisations; states, countries, districts) get canonical keys so "Trump" / "Donald J. Trump"
 * or "GOP" / "Republican" agree. Other proper names are kept by surname-like key so two markets
 * naming different candidates never look alike.
 */
import { AMBIGUOUS_NICKNAMES, ENTITIES, type EntityDef } from '../../../../shared/text/lexicon.ts';
import { COUNTRIES, COUNTRY_OTHER_NAMES, OTHER_COUNTRIES, US_STATES } from '../../../../shared/text/places.ts';
import type { PropEntity } from '../types.ts';
import { COMMON_CAPITALISED, initialsOf } from '../lexicon/vocabulary.ts';

interface AliasRule {
  readonly alias: string;
  readonly entity: PropEntity;
  readonly caseSensitive: boolean;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function entityOf(def: EntityDef): PropEntity {
  const e: PropEntity = { key: def.id, group: def.kind === 'place' ? 'place' : def.kind, label: def.display.replace(/^the /, '') };
  return def.city ? { ...e, city: def.city, nickname: e.label.toLowerCase().slice(def.city.length).trim() } : e;
}

const DEMONYMS: Readonly<Record<string, string>> = {
  israeli: 'Israel', british: 'United Kingdom', uk: 'United Kingdom', 'u.k.': 'United Kingdom', peruvian: 'Peru',
  brazilian: 'Brazil', colombian: 'Colombia', portuguese: 'Portugal', hungarian: 'Hungary', russian: 'Russia',
  ukrainian: 'Ukraine', chinese: 'China', iranian: 'Iran', canadian: 'Canada', mexican: 'Mexico', french: 'France',
  german: 'Germany', japanese: 'Japan', indian: 'India', australian: 'Australia', chilean: 'Chile', polish: 'Poland',
  bangladeshi: 'Bangladesh', venezuelan: 'Venezuela', argentine: 'Argentina', argentinian: 'Argentina', dutch: 'Netherlands',
  italian: 'Italy', spanish: 'Spain', romanian: 'Romania', czech: 'Czech Republic', korean: 'South Korea', turkish: 'Turkey',
  cuban: 'Cuba', greenlandic: 'Greenland', yemeni: 'Yemen', danish: 'Denmark', swedish: 'Sweden', norwegian: 'Norway',
  finnish: 'Finland', greek: 'Greece', egyptian: 'Egypt', saudi: 'Saudi Arabia', pakistani: 'Pakistan', taiwanese: 'Taiwan',
  thai: 'Thailand', vietnamese: 'Vietnam', filipino: 'Philippines', nigerian: 'Nigeria', irish: 'Ireland', austrian: 'Austria',
  swiss: 'Switzerland', belgian: 'Belgium', syrian: 'Syria', iraqi: 'Iraq', lebanese: 'Lebanon', qatari: 'Qatar',
  kenyan: 'Kenya', ghanaian: 'Ghana', 'south african': 'South Africa', ethiopian: 'Ethiopia', moroccan: 'Morocco',
  algerian: 'Algeria', tunisian: 'Tunisia', emirati: 'United Arab Emirates', kuwaiti: 'Kuwait',
  afghan: 'Afghanistan', indonesian: 'Indonesia', malaysian: 'Malaysia', singaporean: 'Singapore', nepali: 'Nepal',
  'sri lankan': 'Sri Lanka', scottish: 'Scotland', welsh: 'Wales', serbian: 'Serbia', croatian: 'Croatia',
  slovak: 'Slovakia', slovenian: 'Slovenia', bulgarian: 'Bulgaria', estonian: 'Estonia', latvian: 'Latvia',
  lithuanian: 'Lithuania', icelandic: 'Iceland', ecuadorian: 'Ecuador', bolivian: 'Bolivia', paraguayan: 'Paraguay',
  uruguayan: 'Uruguay', guatemalan: 'Guatemala', honduran: 'Honduras', salvadoran: 'El Salvador',
  'costa rican': 'Costa Rica', panamanian: 'Panama', haitian: 'Haiti', jamaican: 'Jamaica', belarusian: 'Belarus',
  armenian: 'Armenia', azerbaijani: 'Azerbaijan', kazakh: 'Kazakhstan', mongolian: 'Mongolia', libyan: 'Libya',
  sudanese: 'Sudan', 'north korean': 'North Korea', 'south korean': 'South Korea', senegalese: 'Senegal',
  cameroonian: 'Cameroon', ivorian: 'Ivory Coast', zimbabwean: 'Zimbabwe', ugandan: 'Uganda', tanzanian: 'Tanzania',
  congolese: 'DR Congo', luxembourgish: 'Luxembourg', maltese: 'Malta', cypriot: 'Cyprus', moldovan: 'Moldova',
  montenegrin: 'Montenegro', albanian: 'Albania', bosnian: 'Bosnia and Herzegovina', macedonian: 'North Macedonia',
  kosovar: 'Kosovo',
};

const CITIES: Readonly<Record<string, string>> = {
  'new york city': 'city:nyc', nyc: 'city:nyc', 'central park': 'city:nyc', 'los angeles': 'city:los-angeles', chicago: 'city:chicago', london: 'city:london',
  'washington, d.c.': 'city:dc', 'washington dc': 'city:dc', 'd.c.': 'city:dc', dc: 'city:dc', 'district of columbia': 'city:dc', seattle: 'city:seattle', boston: 'city:boston',
  minneapolis: 'city:minneapolis', 'san francisco': 'city:san-francisco', miami: 'city:miami', paris: 'city:paris',
  // A city's common short name: "Philly mayor" is Philadelphia's.
  philly: 'city:philadelphia',
};

/** Team home cities, so a venue naming "Kansas City" or "Golden State" names a place a team can stand for. */
function teamCities(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const def of ENTITIES) {
    if (def.kind === 'team' && def.city && !US_STATES.some(([name]) => name.toLowerCase() === def.city)) out[def.city] = `city:${def.city.replace(/\s+/g, '-')}`;
  }
  return out;
}

function buildRules(): AliasRule[] {
  const rules: AliasRule[] = [];
  for (const def of ENTITIES) {
    for (const alias of def.aliases) {
      // One-word aliases of people and teams ("heat", "magic", "harris") only count when capitalised.
      const caseSensitive = !alias.includes(' ') && (def.kind === 'team' || def.kind === 'person');
      const source = caseSensitive ? alias.charAt(0).toUpperCase() + alias.slice(1) : alias;
      rules.push({ alias: source, entity: entityOf(def), caseSensitive });
    }
  }
  // "Giants", "Rangers": a team of one of several cities; compared by nickname and by any of those cities.
  for (const [nick, cities] of AMBIGUOUS_NICKNAMES) {
    const label = nick.replace(/\b[a-z]/g, (c) => c.toUpperCase());
    rules.push({ alias: label, entity: { key: `team:${nick.replace(/\s+/g, '-')}`, group: 'team', label, nickname: nick, cities }, caseSensitive: true });
  }
  for (const [city, key] of Object.entries({ ...teamCities(), ...CITIES })) {
    rules.push({ alias: city, entity: { key, group: 'place', label: city }, caseSensitive: false });
  }
  for (const [name] of US_STATES) {
    // A two-word state is read in the same pass as team cities, so "North Carolina" is never the Panthers' "Carolina".
    rules.push({ alias: name, entity: { key: `state:${name.toLowerCase()}`, group: 'place', label: name }, caseSensitive: !name.includes(' ') });
    // "Michigan State" is a university's team, not Michigan's ("Will Michigan win the NCAA Tournament?").
    const school = `${name} State`;
    rules.push({ alias: school, entity: { key: `school:${school.toLowerCase().replace(/\s+/g, '-')}`, group: 'team', label: school }, caseSensitive: true });
  }
  // The University of Mississippi's team goes by its nickname; it is neither the state nor Mississippi State.
  rules.push({ alias: 'Ole Miss', entity: { key: 'school:ole-miss', group: 'team', label: 'Ole Miss' }, caseSensitive: true });
  for (const name of COUNTRIES) {
    const entity = { key: `country:${name.toLowerCase()}`, group: 'place' as const, label: name };
    for (const alias of [name, ...(COUNTRY_OTHER_NAMES[name] ?? [])]) rules.push({ alias, entity, caseSensitive: false });
  }
  for (const [name, aliases] of Object.entries(OTHER_COUNTRIES)) {
    const entity = { key: `country:${name.toLowerCase()}`, group: 'place' as const, label: name };
    // Short forms in capitals ("DRC") only as written; names in any case.
    for (const alias of [name, ...aliases]) rules.push({ alias, entity, caseSensitive: alias === alias.toUpperCase() });
  }
  for (const [word, country] of Object.entries(DEMONYMS)) {
    rules.push({ alias: word, entity: { key: `country:${country.toLowerCase()}`, group: 'place', label: country }, caseSensitive: false });
  }
  return rules;
}

interface AliasMatcher {
  readonly re: RegExp;
  readonly byAlias: ReadonlyMap<string, PropEntity>;
  readonly caseSensitive: boolean;
}

/**
 * One alternation per case mode instead of one regex per alias: a single pass over the title.
 * Longest alias first so "New York City" wins over "New York", "Donald Trump Jr." over "Donald Trump".
 */
function matcher(rules: readonly AliasRule[], caseSensitive: boolean): AliasMatcher {
  const chosen = rules.filter((r) => r.caseSensitive === caseSensitive);
  const byAlias = new Map<string, PropEntity>();
  for (const r of chosen) {
    const k = caseSensitive ? r.alias : r.alias.toLowerCase();
    if (!byAlias.has(k)) byAlias.set(k, r.entity);
  }
  const alternation = [...byAlias.keys()].sort((a, b) => b.length - a.length).map(escape).join('|');
  return { re: new RegExp(`(?<![\\w-])(?:${alternation})(?![\\w-])`, caseSensitive ? 'g' : 'gi'), byAlias, caseSensitive };
}

const ALL_RULES = buildRules();
const MATCHERS: readonly AliasMatcher[] = [matcher(ALL_RULES, false), matcher(ALL_RULES, true)];
const STATE_CODES = new Map(US_STATES.map(([name, code]) => [name.toLowerCase(), code]));

export interface EntityExtraction {
  readonly entities: PropEntity[];
  /** Position of each entity's first mention, to find a binary question's subject. */
  readonly firstAt: ReadonlyMap<string, number>;
  readonly rest: string;
  /** A US college team named by school and a pro nickname ("UCLA Bruins"): football or basketball, never drawn. */
  readonly college: boolean;
}

function mask(text: string, start: number, end: number): string {
  return text.slice(0, start) + ' '.repeat(end - start) + text.slice(end);
}

const TEAM_CITY_NAMES = Object.keys(teamCities()).concat(US_STATES.map(([n]) => n.toLowerCase()));
const CITY_INITIAL_RE = new RegExp(String.raw`\b(${TEAM_CITY_NAMES.map(escape).join('|')}) ([A-Z])(?![\w'-])`, 'gi');

const STATE_BY_CODE = new Map(US_STATES.map(([name, code]) => [code, name]));
const STATE_AFTER_COMMA = /(?<=[a-z]),\s?([A-Z]{2})(?![\w'-])/g;

/** Each state a text names by a postal code after a city ("Kansas City, MO"), with where its code stands. */
function postalCodes(text: string): { name: string; at: number }[] {
  if (!text.includes(',')) return [];
  const out: { name: string; at: number }[] = [];
  for (const m of text.matchAll(STATE_AFTER_COMMA)) {
    const name = STATE_BY_CODE.get(m[1] ?? '');
    if (name) out.push({ name, at: (m.index ?? 0) + m[0].indexOf(m[1] ?? '') });
  }
  return out;
}

/** The states a text names by a postal code after a city: the city's own state, whatever its name holds. */
export function postalStates(text: string): string[] {
  return postalCodes(text).map((c) => c.name);
}

/** "Portland, OR" and "Portland, ME" are two cities: the postal code after a comma names the state. */
function stateAfterCity(text: string, add: (e: PropEntity, at: number, len: number) => void): void {
  for (const { name, at } of postalCodes(text)) add({ key: `state:${name.toLowerCase()}`, group: 'place', label: name }, at, 2);
}

/**
 * Kalshi's "Los Angeles C": a city plus a nickname initial that the lexicon cannot pin to one team
 * (Chargers or Clippers). Kept as its own place so it is never taken for another team of the city.
 */
function cityInitials(text: string, add: (e: PropEntity, at: number, len: number) => void): void {
  if (!/ [A-Z](?![\w'-])/.test(text)) return;
  for (const m of text.matchAll(CITY_INITIAL_RE)) {
    const phrase = m[0].toLowerCase();
    if (!/^[A-Z]$/.test(m[2] ?? '') || MATCHERS[0]?.byAlias.has(phrase)) continue;
    add({ key: `city:${phrase.replace(/\s+/g, '-')}`, group: 'place', label: m[0] }, m.index ?? 0, m[0].length);
  }
}

/** Congressional districts: "NY-12", "Maine's 2nd District", "California's 1st CD". */
function districts(text: string, add: (e: PropEntity, at: number, len: number) => void): void {
  for (const m of text.matchAll(/\b([A-Z]{2})-(\d{1,2})\b/g)) {
    add({ key: `district:${m[1]?.toLowerCase()}-${Number(m[2])}`, group: 'place', label: m[0] }, m.index ?? 0, m[0].length);
  }
  for (const m of text.matchAll(/\b([A-Z][a-z]+(?: [A-Z][a-z]+)?)'s (\d{1,2})(?:st|nd|rd|th) (?:Congressional )?(?:District|CD)\b/g)) {
    const code = STATE_CODES.get((m[1] ?? '').toLowerCase());
    if (code) add({ key: `district:${code.toLowerCase()}-${Number(m[2])}`, group: 'place', label: m[0] }, m.index ?? 0, m[0].length);
  }
}

/**
 * A capitalised word, an initial, an all-capitals word, or a short code of a letter and a digit ("G2", "T1",
 * "V4", "9z": team and model names), not a part of a code ("KXFED-26APR-C25") and not a figure ("5k", "Q4").
 */
const NAME_WORD = String.raw`(?:[A-Z][a-zA-Z'’.-]*[a-zA-Z]|[A-Z]\.|[A-Z]{2,}\d*|(?<![\w$-])(?:[A-Z]\d|\d[a-z])(?![\w.,%-]))`;
/** Letter-digit codes that are periods, figures or a series' common name, never a team or model on their own. */
const NOT_A_NAME_CODE = /^(?:Q[1-4]|H[12]|F1|\d[kmbxsdh])$/i;
const NAME_RE = new RegExp(String.raw`${NAME_WORD}(?:\s+(?:de la|de|da|del|van|von|bin|al|el|le)?\s*${NAME_WORD})*`, 'g');

/**
 * "GPT-5.5", "GPT 5.3", "Initiative 95", "Question 6": a name carrying a version or number is one
 * key with it, so two versions of one product or two ballot measures never look alike.
 */
const VERSIONED = /\b([A-Z][A-Za-z]*[A-Za-z])[- ](\d{1,3}(?:\.\d{1,2})?)(?![\d,]|\.\d|%|\+|\s?(?:[kKmMbBtT]|bn|BN|million|billion|trillion|bps)\b|\s+(?:or|and)\s+(?:more|greater|higher|above|over|up|less|lower|below|fewer|under)\b)/g;

function versionedNames(text: string, add: (e: PropEntity, at: number, len: number) => void): void {
  for (const m of text.matchAll(VERSIONED)) {
    const word = m[1] ?? '';
    const num = m[2] ?? '';
    if (COMMON_CAPITALISED.has(word.toLowerCase()) && !/^(question|initiative|proposition|prop|amendment|measure)$/i.test(word)) continue;
    if (/^(?:top|bottom)$/i.test(word)) continue; // "Top 4 Finish": a placing, read with the numbers
    if (/^[A-Z]{2}$/.test(word) && !num.includes('.')) continue; // TX-31: districts are read elsewhere
    add({ key: `version:${word.toLowerCase()}-${num}`, group: 'name', label: m[0] }, m.index ?? 0, m[0].length);
  }
}

/** Proper names the lexicon does not know, keyed by their last significant word. */
function unknownNames(text: string, add: (e: PropEntity, at: number, len: number) => void): void {
  for (const m of text.matchAll(NAME_RE)) {
    const words = m[0].split(/\s+/).filter((w) => !COMMON_CAPITALISED.has(w.toLowerCase().replace(/[.'’]+$/g, '')));
    const significant = words.filter((w) => !/^(jr|sr)\.?$/i.test(w) && !/^[A-Z]\.$/.test(w) && !/^[IVXLC]+$/.test(w) && !NOT_A_NAME_CODE.test(w));
    // One key per word: "New Rihanna Album" and "New Playboi Carti Album" differ by their names,
    // while "Ken Paxton" still meets "Paxton". Not masked: the words stay content words too.
    for (const w of significant) {
      const key = w.toLowerCase().replace(/[’']s$/, '').replace(/[^a-z0-9-]/g, '');
      if (key.length < 2) continue;
      add({ key: `name:${key}`, group: 'name', label: significant.join(' ') }, m.index ?? 0, 0);
    }
  }
}

/**
 * "Australian Open", "French Open": a demonym naming a tournament (compared as a title), not a place the
 * question is about. A Grand Prix keeps its place: the place is what tells two races apart.
 */
const DEMONYM_EVENT = /\b(?:australian|french|british|italian|canadian|mexican|brazilian|japanese|chinese|dutch|german|spanish|hungarian|belgian|austrian) open\b|\b(?:[A-Z][a-z]+ ){1,2}Open\b/g;

const DIRECTIONS = new Set(['north', 'south', 'east', 'west', 'central', 'northern', 'southern', 'eastern', 'western']);

/**
 * "Mark Cuban": a capitalised demonym right after a capitalised given name, and not followed by another
 * capitalised word, is the person's surname, not a country the question is about. Left unread here, the
 * name reader keeps the whole name ("Mark Cuban"), so a code or a partner naming the person can meet it.
 */
function surnameDemonym(text: string, word: string, at: number): boolean {
  if (!(word.toLowerCase() in DEMONYMS) || !/^[A-Z][a-z]/.test(word)) return false;
  const before = /(?:^|[\s(“"'])([A-Z][a-z]+)\s+$/.exec(text.slice(0, at));
  const given = before?.[1]?.toLowerCase();
  if (!given || COMMON_CAPITALISED.has(given) || DIRECTIONS.has(given) || given in DEMONYMS) return false;
  return !/^\s+[A-Z]/.test(text.slice(at + word.length));
}

/**
 * "Ivanka Trump", "Eric Trump": a known person's one-word surname alias right after another capitalised given
 * name is someone else of that name. Left unread here, the name reader keys the whole name, so neither the
 * known person nor a code made from him meets it.
 */
function namesake(text: string, entity: PropEntity, word: string, at: number): boolean {
  if (entity.group !== 'person' || /\s/.test(word)) return false;
  const first = entity.label.split(/\s+/);
  if (first.length < 2) return false;
  const before = /(?:^|[\s(“"'])([A-Z][a-z]+)\s+$/.exec(text.slice(0, at));
  const given = before?.[1];
  if (!given || COMMON_CAPITALISED.has(given.toLowerCase()) || DIRECTIONS.has(given.toLowerCase())) return false;
  return given.toLowerCase() !== (first[0] ?? '').toLowerCase();
}

/** Upper-case tokens a pro team's nickname may follow and still be that team: its codes, its city's initials ("LA Rams"). */
const TEAM_PREFIXES: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  ENTITIES.filter((d) => d.kind === 'team' && d.city).map((d) => [d.id, new Set([...(d.codes ?? []), initialsOf(d.city ?? '').toUpperCase()])]),
);
const LEAGUE_WORDS = new Set(['nfl', 'nba', 'mlb', 'nhl', 'wnba', 'mls', 'afc', 'nfc']);
/** The last word of a school's name that is common elsewhere: "Boise State Broncos", "Georgia Tech Yellow Jackets". */
const SCHOOL_TAILS = new Set(['state', 'st.', 'st', 'tech', 'a&m', 'college']);
/** Words a school's name ends in that are places: a state ("Oregon Ducks") or a pro team's city ("Charlotte 49ers"). */
const PLACE_WORDS: ReadonlySet<string> = new Set([...US_STATES.map(([name]) => name.toLowerCase().split(' ').pop() ?? ''), ...Object.keys(teamCities()).map((c) => c.split(' ').pop() ?? '')]);

/**
 * "Charlotte 49ers", "Boise State Broncos", "UCLA Bruins", "Chennai Super Kings": a pro nickname right after another
 * name is another team's, not the pro club's. Only a bare nickname is tested (a pro club's own city is read with it
 * as one alias); a word of its city, one of its codes, a league or a common word before it keeps the pro club.
 * 'college' when the name before it is a school's (a state, a city, initials, "State"): US college football and
 * basketball, whose games are never drawn; 'other' for any other name ("Super Kings").
 */
function foreignNickname(original: string, entity: PropEntity, word: string, at: number): 'college' | 'other' | null {
  if (entity.group !== 'team' || !entity.nickname || word.toLowerCase() !== entity.nickname) return null;
  const before = /(?:^|[\s(“"'])([A-Z][A-Za-z&.'-]*)\s+$/.exec(original.slice(0, at));
  const w = before?.[1];
  if (!w) return null;
  const lower = w.toLowerCase();
  if (SCHOOL_TAILS.has(lower)) return 'college';
  // IPL franchises: "Chennai Super Kings", "Lucknow Super Giants".
  if (lower === 'super') return 'other';
  const cities = entity.city ? [entity.city] : (entity.cities ?? []);
  // A word of the club's city or its initials ("NY Rangers", "LA Kings": a nickname two cities share).
  if (COMMON_CAPITALISED.has(lower) || LEAGUE_WORDS.has(lower) || cities.some((c) => c.split(/\s+/).includes(lower) || (c.includes(' ') && initialsOf(c) === lower))) return null;
  if (w === w.toUpperCase() && TEAM_PREFIXES.get(entity.key)?.has(w)) return null;
  return PLACE_WORDS.has(lower) || /^[A-Z]{2,5}$/.test(w) ? 'college' : 'other';
}

/**
 * "Team USA" against "Team Europe" (the Ryder Cup, the 4 Nations), or the USA as the one who wins ("Will the USA win
 * the 2027 Ryder Cup?"): the country is a side here, though "USA" is a word too common elsewhere to be read as one
 * ("US election").
 */
const TEAM_USA = /\bTeam (?:USA|US|U\.S\.(?:A\.)?|United States|America)(?![\w.])|\b(?:USA|U\.S\.A\.|U\.S\.|US)(?=\s+(?:win|wins|beat|beats|retain|retains|reclaim|reclaims|regain|regains)\b)/g;
function teamUsa(text: string, add: (e: PropEntity, at: number, len: number) => void): void {
  for (const m of text.matchAll(TEAM_USA)) add({ key: 'name:usa', group: 'name', label: 'Team USA' }, m.index ?? 0, m[0].length);
}

export function extractEntities(original: string): EntityExtraction {
  let text = /\bopen\b/i.test(original) ? original.replace(DEMONYM_EVENT, (m) => ' '.repeat(m.length)).replace(/\b(?:australian|french|british|italian|canadian|mexican|brazilian|japanese|chinese|dutch|german|spanish|hungarian|belgian|austrian) open\b/gi, (m) => ' '.repeat(m.length)) : original;
  // "NFL Wild Card" is a playoff round, not the Minnesota Wild.
  if (/\bwild[- ]?cards?\b/i.test(text)) text = text.replace(/\bwild[- ]?cards?\b/gi, (m) => ' '.repeat(m.length));
  let college = false;
  const found = new Map<string, PropEntity>();
  const firstAt = new Map<string, number>();
  const add = (e: PropEntity, at: number, len: number): void => {
    if (!found.has(e.key)) found.set(e.key, e);
    if (!firstAt.has(e.key) || (firstAt.get(e.key) ?? 0) > at) firstAt.set(e.key, at);
    if (len > 0) text = mask(text, at, at + len);
  };
  districts(text, add);
  teamUsa(text, add);
  cityInitials(text, add);
  stateAfterCity(text, add);
  for (const { re, byAlias, caseSensitive } of MATCHERS) {
    for (const m of text.matchAll(re)) {
      const entity = byAlias.get(caseSensitive ? m[0] : m[0].toLowerCase());
      if (!entity || surnameDemonym(text, m[0], m.index ?? 0) || namesake(text, entity, m[0], m.index ?? 0)) continue;
      const foreign = foreignNickname(original, entity, m[0], m.index ?? 0);
      if (foreign === 'college') college = true;
      if (!foreign) add(entity, m.index ?? 0, m[0].length);
    }
  }
  versionedNames(text, add);
  unknownNames(text, add);
  return { entities: [...found.values()], firstAt, rest: text, college };
}
