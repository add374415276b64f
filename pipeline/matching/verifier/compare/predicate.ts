/**
 * What the two markets ask about, beyond who: the predicate. Names and places are shared by many
 * different questions ("TACO on Greenland tariffs" / "purchase Greenland"), so when both markets
 * say what happens and share none of it, they are different questions. Also the finer shapes of a
 * question that entity and number checks miss: the stage reached (semi-final vs title), the seat
 * goal (majority vs most seats), a comparison with another time vs a level, a draw vs a win,
 * a product generation (Artemis II vs III), the poll an average is read from.
 */
import { shareAnIdea } from './eventWords.ts';
import { perText } from './textMemo.ts';
import type { Proposition } from '../types.ts';
import { US_STATES } from '../../../../shared/text/places.ts';

/** Words that name the office or setting, not what happens in it. */
const SETTING_WORDS: ReadonlySet<string> = new Set([
  'supreme', 'court', 'president', 'senate', 'house', 'governor', 'mayor', 'chancellor', 'minister', 'prime', 'speaker',
  'chair', 'official', 'new', 'us', 'national', 'federal', 'government', 'state', 'country', 'nation', 'world', 'global',
  'year', 'today', 'tonight', 'week', 'month', 'day', 'end', 'eoy', 'date', 'time', 'early', 'late',
  // An award's ceremony is where its winner is named: "Oscar for Best Picture" asks who wins it.
  'oscar', 'award', 'academy', 'ceremony',
]);

/** Content words that are neither the setting nor a name either market gives (unknown names stay words too). */
function predicateWords(p: Proposition, names: ReadonlySet<string>): string[] {
  return p.words.filter((w) => !SETTING_WORDS.has(w) && w.length > 2 && !names.has(w));
}

function nameWords(a: Proposition, b: Proposition): Set<string> {
  const out = new Set<string>();
  for (const e of [...a.entities, ...b.entities]) {
    if (e.key.startsWith('name:')) out.add(e.key.slice(5));
    for (const w of e.label.toLowerCase().split(/[^a-z0-9]+/)) if (w) out.add(w);
  }
  return out;
}

/**
 * One market names a recognised event ("purchase", "engagement", "strike") and the other says
 * something else about the same subject, sharing no word of it: only the subject is common.
 * Without a recognised event on either side, unshared words are more likely synonyms than a
 * different question, so they are left to the overlap score.
 */
export function comparePredicate(a: Proposition, b: Proposition): string[] {
  if (a.actions.length === 0 && b.actions.length === 0) return [];
  // Two games: who wins is the predicate, compared side by side (see contest.ts).
  if (a.game && b.game) return [];
  // Two levels that agree ("reach $150k" / "How high … $150,000 or above") carry the predicate themselves.
  if (a.numbers.length > 0 && b.numbers.length > 0) return [];
  const names = nameWords(a, b);
  const wa = predicateWords(a, names);
  const wb = predicateWords(b, names);
  if (wa.length === 0 || wb.length === 0) return [];
  if (wa.some((w) => wb.includes(w))) return [];
  if (a.actions.some((x) => b.actions.includes(x))) return [];
  // "capture" / "take control": a paraphrase the synonym lists or word neighbours know.
  if (shareAnIdea(a, b)) return [];
  // A word of one market may be a name the other spells as an entity ("Flight 370" / "MH370" aside).
  const textA = a.text.toLowerCase();
  const textB = b.text.toLowerCase();
  if (wa.some((w) => w.length > 3 && textB.includes(w)) || wb.some((w) => w.length > 3 && textA.includes(w))) return [];
  return [`nothing shared about what happens: ${wa.slice(0, 3).join(' ')} vs ${wb.slice(0, 3).join(' ')}`];
}

/** A state (by name or by code) and a party before "primary" or "caucus", in a text naming no other office. */
function stateContest(states: string, flags: string): RegExp {
  const noOffice = String.raw`^(?![\s\S]*\b(?:[Ss]enate|[Ss]enator|[Gg]overnor|[Gg]ubernatorial|[Hh]ouse|[Cc]ongress(?:ional)?|[Mm]ayoral|[Mm]ayor of|for [Mm]ayor|[Aa]ttorney [Gg]eneral|[Dd]istrict|[Ss]eat)\b)`;
  const party = String.raw`(?:[Dd]emocratic|[Rr]epublican|GOP|[Dd]em|[Dd]emocrat|DEM|REP)`;
  return new RegExp(String.raw`${noOffice}[\s\S]*?\b(?:${states})(?: (?:in|the|20\d\d|'?\d\d))* ${party} (?:[Pp]residential )?(?:[Pp]rimary|[Cc]aucus(?:es)?)\b`, flags);
}

/**
 * How far a competitor gets. "Final" alone is left out: venues name the title game that way. Finishing first
 * ("1st" as "first") is winning, not a placing.
 */
const STAGES: readonly (readonly [RegExp, string])[] = [
  [/\bsemi-?finals?\b|\bfinal four\b/i, 'semifinal'],
  [/\bquarter-?finals?\b|\belite eight\b/i, 'quarterfinal'],
  [/\bround of (?:16|32|64)\b|\bknockout stage\b|\bgroup stage\b/i, 'early-round'],
  // The College Football Playoff National Championship is the title game's name, and winning the College Football
  // Playoff is winning that title: neither is a playoff stage.
  [/(?<!\bwins? (?:the )?(?:\d{4}(?:[-–]\d{2,4})? )?college football )\bplayoffs?\b(?!\s+(?:national\s+)?champion)|\bpostseason\b/i, 'playoffs'],
  [/\b(?:first|1st)[- ]round\b/i, 'first-round'],
  [/\b(?:second|2nd)[- ]round\b/i, 'second-round'],
  [/\bpodium\b|\btop[- ]\d+\s*\?|\bfinish (?:in )?(?:the )?(?:[a-z']+ ){0,3}?top[- ](?:\d+|two|three|four|five|six|seven|eight|nine|ten)\b|\btop[- ](?:\d+|two|three|four|five|six|seven|eight|nine|ten) finish\b|\bfinish(?:es)? (?:in )?(?:(?!1st\b)\d+(?:st|nd|rd|th)|second|third|fourth|last)\b/i, 'placing'],
  // Partial progress toward the event: reaching a runoff, taking one stage or round, qualifying or advancing.
  // Said on one side only it changes what the market asks ("advance to the runoff" is not "win the election").
  [/\brun-?offs?\b|\bsecond ballot\b/i, 'runoff'],
  [/\b(?:win|wins|won|take|takes)\s+(?:a|an|any|one|at least one|\d+)\s+(?:stages?|rounds?|legs?|races?|sets?|maps?|heats?|primar(?:y|ies))\b|\bstage (?:win|victory)\b|\b(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th) (?:set|map|game|quarter|period|inning)\b|\b(?:set|map|quarter|period|half|inning) [1-9] (?:\([^)]{1,30}\) )?(?:winner|win)\b|\bwins? (?:set|map) [1-9]\b|[-–—]\s*game [1-9] winner\b/i, 'partial-win'],
  // A part of a game ("over 2.5 goals in the first half", "leading at halftime") is not the whole game.
  // Leading at halftime is winning the first half.
  // "The first half of 2026" and "H2 2026" are periods of a year (read as dates), not parts of a game.
  [/\b(?:first|1st) half\b(?!\s+(?:of\s+)?(?:fy\s*)?20\d\d)|\b1h\b(?!\s+20\d\d)|\bhalf[- ]?time\b/i, 'first-half'],
  [/\b(?:second|2nd) half\b(?!\s+(?:of\s+)?(?:fy\s*)?20\d\d)|\b2h\b(?!\s+20\d\d)/i, 'second-half'],
  [/\b(?:first|1st) (?:five|5) innings\b|\bf5\b/i, 'first-five-innings'],
  // The season series between two teams is all their games of the season, not one of them.
  [/\b(?:regular[- ]season|season) series\b/i, 'season-series'],
  // "Advance in the Champions League" is going through a round of it, not winning it.
  [/\b(?:advance|advances|advancing|qualify|qualifies|qualifying|qualification|make it|progress)\s+(?:to|for|into|past|through|beyond|in the|vs\.?|against|over)\b/i, 'advance'],
  // "Who will advance?" on a two-legged tie: going through over both legs, not winning one game of it.
  [/\b(?:who|which (?:team|side|club)) (?:will )?(?:advances?|qualif(?:y|ies)|progress(?:es)?|go(?:es)? through)\b|\b(?:team|side|club) to (?:advance|qualify|progress|go through)\b|[:·\-–—]\s*(?:team\s+)?to (?:advance|qualify)\b/i, 'advance'],
  // "Reach the final" and "make the semifinals" are advancing to that round, as "qualify for the final" is.
  [/\b(?:reach|reaches|reached|reaching|make|makes|made|making)\s+(?:the\s+)?(?:[\w'-]+\s+){0,4}?(?:finals?|semi-?finals?|quarter-?finals?|round of (?:16|32|64)|knockout (?:stage|rounds?))\b/i, 'advance'],
  // A shortlist, a lead part-way, a method of winning, a playoff berth, a request: each stops short of or narrows the event.
  // An award's nominations ("2026 Best Director Oscar nominations?", "get an Emmy nomination") are its shortlist too.
  [/\bfinalists?\b|\bshortlist(?:ed)?\b|\bnominated for\b|\b(?:oscar|academy award|emmy|grammy|golden globe|bafta|tony|sag award)s?\s+nominations?\b|\b(?:receive|get|earn|land)s?\s+(?:a|an)\s+(?:[\w'-]+\s+){0,2}nomination\b/i, 'shortlist'],
  [/\blead(?:er|ing|s)? (?:after|at the end of) (?:day|round|stage|week|lap|hole|quarter|period|the (?:first|second|third|1st|2nd|3rd))\b/i, 'interim'],
  [/\bby (?:knockout|ko|tko|submission|decision|stoppage)\b/i, 'method'],
  [/\bmake (?:the )?(?:[\w'–-]+ ){0,3}(?:playoffs?|postseason)\b|\bclinch(?:es)? (?:a )?(?:playoff|postseason)\b/i, 'make-playoffs'],
  // A double or a treble is two or three trophies, not the league alone.
  [/\b(?:domestic |continental )?(?:double|treble)\b(?! chance)(?!-double)/i, 'double'],
  // "Before the presidential election" ends a window at an event, not at the date the other market names.
  [/\b(?:before|ahead of|prior to) (?:the )?(?:[\w-]+ ){0,2}election\b/i, 'before-election'],
  // A seed ("the AFC No. 1 seed", "a top-2 seed") is a place in the standings, neither a division title nor a playoff berth.
  [/\b(?:no\.?\s*\d+|#\d+|\d+(?:st|nd|rd|th)?|top(?:-\d+)?|first|second)\s+seed\b|\bseeded\b/i, 'seed'],
  [/\brequests? (?:a )?trade\b/i, 'request'],
  // A margin (a spread, "win by more than 5.5") is not who wins, nor a total.
  [/\bspread\b|\bhandicap\b|\bmargin\b|\b(?:puck|run) line\b|\b(?:wins?|won|beats?|defeats?)\b[^?.]{0,40}?\bby (?:more than |over |at least |fewer than |less than )?\d/i, 'margin'],
  // Being a candidate is not winning: "on the ballot", "qualify for the ballot", "run for re-election", "be a candidate",
  // Smarkets' "X to run in the 2022 Pennsylvania Republican Senate primary", "enter the race".
  [/\bon the ballot\b|\bballot access\b|\bbe a candidate\b|\bcandidacy\b|\brun(?:s|ning)? for (?:re-?election|president|governor|mayor|(?:the )?senate|office|a (?:second|third) term)\b|\brun(?:s|ning)? in (?:the )?(?:[\w'.-]+ ){0,6}(?:primary|race|election|caucus(?:es)?)\b|\benters? (?:the )?(?:[\w'.-]+ ){0,4}race\b|\b(?:second|third)[- ]term (?:run|bid)\b|\b(?:presidential|re-?election|\d{4} presidential) (?:run|bid|campaign)\b/i, 'ballot'],
  // One state's presidential primary or caucus is a step toward the nomination, not the nomination.
  [/\bpresidential (?:primary|caucus(?:es)?) in\b|\b(?:iowa|new hampshire|nevada|south carolina|michigan) (?:presidential )?(?:primary|caucus(?:es)?)\b(?=[^?]*\bpresiden)/i, 'state-contest'],
  // A state's party primary or caucus with no other office named ("the 2028 Pennsylvania Democratic primary",
  // "NH Dem primary"): one state's contest for the presidential nomination, not the nomination.
  [stateContest(US_STATES.map(([name]) => name.toLowerCase()).join('|'), 'i'), 'state-contest'],
  [stateContest(US_STATES.map(([, code]) => code).join('|'), ''), 'state-contest'],
];

export function stagesOf(text: string): string[] {
  return [...new Set(STAGES.filter(([re]) => re.test(text)).map(([, s]) => s))];
}
export const stagesOfText = perText(stagesOf);

/** Rounds of a draw: for a single game they say which match it is, not how far a side gets. */
const MATCH_ROUNDS = new Set(['semifinal', 'quarterfinal', 'early-round', 'first-round', 'second-round']);

/** A tie of two named sides, asked who goes through: its round, said on one side only, is where it is played. */
const roundOfTie = (p: Proposition, stages: readonly string[]): boolean => p.versus.length >= 2 && stages.includes('advance');

export function compareStages(a: Proposition, b: Proposition): string[] {
  const games = a.game && b.game;
  const allA = stagesOfText(a.text);
  const allB = stagesOfText(b.text);
  // "Champions League Round of 16: Will City advance vs Real Madrid?" and "City vs Real Madrid · To Advance".
  const ties = roundOfTie(a, allA) && roundOfTie(b, allB) && (!allA.some((s) => MATCH_ROUNDS.has(s)) || !allB.some((s) => MATCH_ROUNDS.has(s)));
  // A single game's "NBA Playoffs:" says which game it is, as its round does: not how far a side gets.
  const setting = (s: string): boolean => MATCH_ROUNDS.has(s) || (games && s === 'playoffs');
  const sa = allA.filter((s) => !(games || ties) || !setting(s));
  const sb = allB.filter((s) => !(games || ties) || !setting(s));
  if (sa.length === 0 && sb.length === 0) return [];
  if (sa.length === sb.length && sa.every((s) => sb.includes(s))) return [];
  return [`stage differs: ${sa.join('/') || 'title'} vs ${sb.join('/') || 'title'}`];
}

/** "Win a majority" is not "win the most seats". */
function seatGoal(text: string): string | null {
  if (/\b(?:most seats|plurality|largest party|most votes)\b/i.test(text)) return 'most';
  if (/\b(?:majority|supermajority)\b/i.test(text) && !/\bmajority leader\b/i.test(text)) return 'majority';
  return null;
}

const seatGoalOf = perText(seatGoal);
const medalKindOf = perText(medalKind);
const formatOf = perText(format);

export function compareSeatGoal(a: Proposition, b: Proposition): string[] {
  const ga = seatGoalOf(a.text);
  const gb = seatGoalOf(b.text);
  if (ga && gb && ga !== gb) return [`seat goal differs: ${ga} vs ${gb}`];
  const ma = medalKindOf(a.text);
  const mb = medalKindOf(b.text);
  if (ma && mb && ma !== mb) return [`medal count differs: ${ma} vs ${mb}`];
  const fa = formatOf(a.text);
  const fb = formatOf(b.text);
  return fa && fb && fa !== fb ? [`format differs: ${fa} vs ${fb}`] : [];
}

/** "Most gold medals" is not "most total medals". */
function medalKind(text: string): string | null {
  const m = /\b(gold|silver|bronze|total|overall)\b(?= medals?\b)/i.exec(text);
  return m?.[1] ? m[1].toLowerCase().replace('overall', 'total') : null;
}

/** A show and a movie of one name are different chart entries. */
function format(text: string): string | null {
  const show = /\b(?:tv )?(?:shows?|series)\b/i.test(text);
  const movie = /\b(?:movies?|films?)\b/i.test(text);
  return show === movie ? null : show ? 'show' : 'movie';
}

/** "Higher on election day than in 2018": a comparison with another time, not a level. */
const COMPARISON = /\b(?:higher|lower|more|less|fewer|greater|better|worse|larger|smaller|above|below)\b[^?]{0,80}?\bthan (?:(?:it|they|he|she) (?:was|were|is|did) )?(?:on |in |at |during )?(?:his |her |their |the )?(?:first|last|previous|prior|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?|\d{4}|today|now|before)/i;

export function compareComparison(a: Proposition, b: Proposition): string[] {
  const ca = COMPARISON.test(a.text);
  const cb = COMPARISON.test(b.text);
  if (ca === cb) return [];
  const levels = ca ? b.numbers : a.numbers;
  if (levels.length > 0) return ['comparison with another time vs a level'];
  return [];
}

const DRAW = /\b(?:draw|tie|tied)\b/i;

/** A draw contract is neither side's win. */
export function compareDraw(a: Proposition, b: Proposition): string[] {
  return DRAW.test(a.text) !== DRAW.test(b.text) ? ['draw on one side only'] : [];
}

const ROMAN_VALUE: Readonly<Record<string, number>> = { II: 2, III: 3, IV: 4, V: 5, VI: 6, VII: 7, VIII: 8, IX: 9, X: 10, XI: 11, XII: 12 };
const MONTH_WORD = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*$/i;
const GENERATION = /\b([A-Z][A-Za-z]+)[ -](II|III|IV|VI|VII|VIII|IX|XI|XII|\d{1,2})\b(?![.,]\d)/g;

/** "Artemis II" vs "Artemis III", "GTA 6" vs "GTA VI": generations of one name, compared by number. */
function generations(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of text.matchAll(GENERATION)) {
    // "June 30", "Sept 29": a day of a month, compared by the date check, is no generation.
    if (MONTH_WORD.test(m[1] ?? '')) continue;
    const n = ROMAN_VALUE[m[2] ?? ''] ?? Number(m[2]);
    if (Number.isFinite(n)) out.set((m[1] ?? '').toLowerCase(), n);
  }
  return out;
}

const generationsOf = perText(generations);

export function compareGenerations(a: Proposition, b: Proposition): string[] {
  const ga = generationsOf(a.text);
  if (ga.size === 0) return [];
  const gb = generationsOf(b.text);
  for (const [name, n] of ga) {
    const m = gb.get(name);
    if (m !== undefined && m !== n) return [`generation differs: ${name} ${n} vs ${m}`];
  }
  return [];
}

const SEASON = /\b(20\d\d)\s?[-–/]\s?(?:20)?(\d\d)\b(?![-–/]\d)/;

/** "2026-27 LaLiga" is not "2025–26 La Liga", though both name 2026. */
export function compareSeasons(a: Proposition, b: Proposition): string[] {
  const sa = SEASON.exec(a.text);
  const sb = SEASON.exec(b.text);
  if (!sa || !sb) return [];
  const key = (m: RegExpExecArray): string => `${m[1]}-${m[2]}`;
  return key(sa) === key(sb) ? [] : [`season differs: ${key(sa)} vs ${key(sb)}`];
}

const POLL_SOURCES: readonly (readonly [RegExp, string])[] = [
  [/\brcp\b|\brealclear/i, 'rcp'],
  [/\bddhq\b|\bdecision desk\b/i, 'ddhq'],
  [/\b538\b|\bfivethirtyeight\b/i, '538'],
  [/\bsilver bulletin\b|\bnate silver\b/i, 'silver'],
  [/\bgallup\b/i, 'gallup'],
];

const pollSourcesOf = perText((text) => POLL_SOURCES.filter(([re]) => re.test(text)).map(([, s]) => s));

export function comparePollSource(a: Proposition, b: Proposition): string[] {
  const sa = pollSourcesOf(a.text);
  const sb = pollSourcesOf(b.text);
  if (sa.length === 0 || sb.length === 0 || sa.some((s) => sb.includes(s))) return [];
  return [`poll source differs: ${sa[0]} vs ${sb[0]}`];
}

/** "one day after launch", "two weeks after the announcement", "24h after TGE": a reading taken some time after an event. */
const OFFSET = /\b(?:(one|a|an|two|three|four|five|six|seven|\d+)\s+(hour|day|week|month|year)s?|(\d+)\s*(h|hrs?|d|wks?)\b\.?)\s+(?:after|post|following)\b/i;
const COUNT: Readonly<Record<string, number>> = { one: 1, a: 1, an: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7 };
const UNIT: Readonly<Record<string, string>> = { h: 'hour', hr: 'hour', hrs: 'hour', d: 'day', wk: 'week', wks: 'week' };
/** Hours, days and weeks are one clock ("24 hours after" is "one day after"); months and years stay as said. */
const HOURS: Readonly<Record<string, number>> = { hour: 1, day: 24, week: 168 };

function offsetOf(text: string): string | null {
  const m = OFFSET.exec(text);
  const said = m?.[1] ?? m?.[3];
  const rawUnit = (m?.[2] ?? m?.[4])?.toLowerCase();
  if (!said || !rawUnit) return null;
  const n = COUNT[said.toLowerCase()] ?? Number(said);
  const unit = UNIT[rawUnit] ?? rawUnit;
  const hours = HOURS[unit];
  return hours === undefined ? `${n} ${unit}` : `${n * hours} hour`;
}

/** A value read one day after launch is not the value one week after, nor one read at no stated time. */
const offsetOfText = perText(offsetOf);

export function compareOffsets(a: Proposition, b: Proposition): string[] {
  const oa = offsetOfText(a.text);
  const ob = offsetOfText(b.text);
  if (oa === ob) return [];
  return [`reading time differs: ${oa ?? 'none'} after vs ${ob ?? 'none'} after`];
}
