/**
 * Market → proposition: who (entities, their roles and whether the subject is widened to a group),
 * what happens (actions, event words, offices, titles, stages), the threshold (comparator, level,
 * unit), when (the date and its sense, the clock time, the year), the contest (sides, the pick, can
 * it be drawn) and polarity. Title and outcome are read together: a contract label fills the slot of
 * a multi-outcome question ("Who will win …?" + "Gavin Newsom"), a No outcome negates it, a symbol
 * or a Kalshi ticker is first read into a question. Pure and deterministic, so the result can be
 * cached per market and compared against many candidates.
 */
import { kalshiTickerQuestion, parseKalshiTicker } from '../../../../shared/text/kalshiTicker.ts';
import { MONTHS, monthNumber } from '../../../../shared/text/calendar.ts';
import { symbolToQuestion } from '../../../../shared/text/marketSymbol.ts';
import { readClock } from './clock.ts';
import { drawsOfRules, drawsOfSeries, readContest } from './contest.ts';
import { extractDates } from './dates.ts';
import { editions, superBowlAsYear } from './editions.ts';
import { extractEntities } from './entities.ts';
import { extractNumbers, pointsAsBps } from './numbers.ts';
import { referenceMonth } from './releaseMonth.ts';
import { withRulesSubject } from './rulesSubject.ts';
import { actionsOf, foldAccents, holdsRoleOnDay, namedAwards, namedTitles, rewritePhrases } from './phrases.ts';
import { milestonesByDeadline, STILL_ABSENT, stillAbsentAsNot, withinNextAsDeadline } from './lastingWordings.ts';
import { halfOfLeagueWins } from './conferenceWinner.ts';
import { majorityAsSeats } from './majorities.ts';
import { positionalLabel } from './positionalLabel.ts';
import { negatedByNoDeterminer, negatedByWords, occurrence } from './polarity.ts';
import { agentlessPassive, orderedSides, widenedSubject } from './roles.ts';
import { seriesQuestion } from './tickerSeries.ts';
import { slugGameDay } from './slugDay.ts';
import { venueClock } from './venueClock.ts';
import { contentWords } from './words.ts';
import type { DateCondition, MarketRef, NumericCondition, Proposition } from '../types.ts';
import { LEAVE_WORDS, OFFICE_PHRASES, STAY_WORDS } from '../lexicon/vocabulary.ts';

export { canonicalWord } from './words.ts';

/** A central bank's rate decision: its moves come in steps of 25 bps, so "25+ bps" is any move (polarity.occurrence). */
const POLICY_MOVE = /\b(?:fed|fomc|federal reserve|ecb|boe|boj|bank of (?:england|japan|canada)|central bank|interest rates?|rate decision)\b/i;

const YES = new Set(['yes', 'y', 'long', 'true', '']);
const NO = new Set(['no', 'n', 'short', 'false']);

function clean(s: string): string {
  return referenceMonth(pointsAsBps(rewritePhrases(foldAccents(s.normalize('NFKC')))))
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `masked` (dates blanked) with the spans entity matching blanked in `rest` blanked too. */
function blankWhere(masked: string, rest: string, text: string): string {
  const out: string[] = new Array<string>(masked.length);
  for (let i = 0; i < masked.length; i++) out[i] = rest[i] === ' ' && text[i] !== ' ' ? ' ' : (masked[i] ?? ' ');
  return out.join('');
}

function stayDeadline(d: DateCondition): DateCondition {
  if (d.sense !== 'on') return d;
  const t = new Date(Date.parse(`${d.end}T00:00:00Z`) - 86400000).toISOString().slice(0, 10);
  return { ...d, sense: 'by', end: t };
}

/** Rate-decision labels for no move ("No change", "Hold", "Maintains rate"): one spelling. */
const HOLD_LABEL = /^(?:no change|unchanged|hold|holds|pause|maintains?(?: rates?)?|(?:fed )?maintains? rate)$/i;

/**
 * "The next election", "the next government": the ticker's year is then the horizon the market stays open to
 * ("KXROMANIATOP-30" for the next first round, whenever it is held), not the year of the event.
 */
const NEXT_EVENT = /\bthe next\b/i;

/**
 * A ticker's year is often the deadline's: "KXVOTEPATEL-26" asks for a vote "before Jan 1, 2026", a question
 * about 2025. The rules text says so, and that deadline (in the ticker's year) is then the question's.
 */
function tickerDeadline(description: string | null | undefined, tickerYear: number): string | null {
  if (!description) return null;
  const m = /\bbefore (?:jan(?:uary)?\.? 1(?:st)?,? |1 jan(?:uary)?\.?,? )(\d{4})\b/i.exec(description);
  return m && Number(m[1]) === tickerYear ? m[0] : null;
}

/**
 * "NBA Playoffs: Western Conference Finals MVP - Will Devin Vassell win the 2026 Western Conference Finals
 * MVP?": some feeds put the event's name before the market's own question. The question alone is the market;
 * the event's name (its category, its stage in a season) is not part of what it asks.
 */
function questionOfEvent(title: string): string {
  const m = /^(.+?)\s+[-–—]\s+((?:Will|Who will|Does|Do|Is|Are|Can|Did)\b[^?]*\?)$/.exec(title);
  return m && m[2] && !/\s[-–—]\s/.test(m[2]) ? m[2] : title;
}

/** What a suffix after a pairing may say about the market itself ("- Game 1 Winner", "- Total Kills O/U") or its day ("— Jan 10"). */
const MONTH_WORDS = MONTHS.flatMap(([name, abbreviations]) => [name.toLowerCase(), ...abbreviations.filter((a) => !a.endsWith('.'))]);
const MARKET_SUFFIX = new RegExp(
  String.raw`\b(?:winner|o\/u|over|under|totals?|spread|handicap|game \d|map \d|set \d|kills|first blood|draw|exact score|both teams|half|quarter|period|inning|advance|qualify|${MONTH_WORDS.join('|')}|today|tonight|series)\b|\d`,
  'i',
);

/**
 * "LoL: RED Canids vs LOUD - CBLOL Cup Regular Season": in a match title with its game before a colon, the
 * tournament and stage after the pairing say where the match is played, which the partner's day and sides
 * already fix; read as words they would ask another question ("regular season", "playoffs" as a stage). A
 * suffix about the market ("- Game 1 Winner"), its day, or a series stays.
 */
function withoutTournamentSuffix(title: string): string {
  const m = /^([^:?]{2,30}:\s*[^?]+?\s(?:vs\.?|v\.?)\s[^?]+?)\s+[-–—]\s+([^?]{3,80})$/i.exec(title);
  return m?.[1] && m[2] && !MARKET_SUFFIX.test(m[2]) ? m[1] : title;
}

const ORDINAL_WORDS: Readonly<Record<string, number>> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10 };
const ORDINAL_WORD = Object.keys(ORDINAL_WORDS).join('|');
/** "3rd", not when it numbers a round or a half (compared as stages) or a term ("a 3rd term" is "a third term"). */
const NUMERIC_POSITION = /\b(\d{1,3})(?:st|nd|rd|th)\b(?!\s+(?:round|half|term)s?\b)/g;
const SPELLED_ORDINAL = new RegExp(`\\b(${ORDINAL_WORD})\\s+(?:overall\\s+)?(?:pick|place|selection|seed|quarter|period|set|map|inning|leg)\\b|\\b(?:picked|drafted|selected|finish(?:es)?|place[sd]?|come|comes)\\s+(${ORDINAL_WORD})\\b`, 'g');

/**
 * Positions a title states, dates already blanked: "1st", "23rd" (not "1st round"), and a spelled ordinal where it is a place or
 * a pick ("the second overall pick", "finish third", "picked first") or numbers a part of a game ("the second
 * quarter", "the first set"). "First round", "first half" and the like are stages, compared elsewhere.
 */
function ordinalsOf(masked: string): number[] {
  const out = new Set<number>();
  for (const m of masked.matchAll(NUMERIC_POSITION)) out.add(Number(m[1]));
  for (const m of masked.matchAll(SPELLED_ORDINAL)) out.add(ORDINAL_WORDS[(m[1] ?? m[2]) as string] as number);
  return [...out].sort((x, y) => x - y);
}

/** "scheduled for 2026-01-24": the venue's own day of the game. */
const SCHEDULED_ISO = /\bscheduled for (\d{4}-\d{2}-\d{2})\b/;
const SCHEDULED_FOR = new RegExp(
  String.raw`\bscheduled for (?:[A-Z][a-z]+day,? )?(${MONTHS.map(([name]) => name.slice(0, 3)).join('|')})[a-z]*\.? (\d{1,2})(?:st|nd|rd|th)?(?:,? (\d{4}))?(?= at \d{1,2}(?::\d{2})? ?[AP]M ET\b)`,
);

/**
 * A game's day as its rules state it ("In the upcoming CBA game, scheduled for January 25 at 6:35AM ET"): some
 * venues close a game's market days after it (a week's postponement window), so the close is not its day. A
 * day without a year takes the close's year, or the year before when that would put it after the close.
 * `eastern`: the day is given with an Eastern time; a bare "scheduled for 2026-01-24" may be the local day (a
 * late game in Nevada is the 25th in New York).
 */
function scheduledDay(description: string | null | undefined, endDate: string | null): { readonly day: string; readonly eastern: boolean } | null {
  if (!description) return null;
  const iso = SCHEDULED_ISO.exec(description);
  if (iso?.[1]) return { day: iso[1], eastern: false };
  const m = SCHEDULED_FOR.exec(description);
  const month = m?.[1] ? monthNumber(m[1]) : null;
  if (!m?.[2] || month === null) return null;
  const day = Number(m[2]);
  let year = m[3] ? Number(m[3]) : endDate ? Number(endDate.slice(0, 4)) : null;
  if (year === null || day < 1 || day > 31) return null;
  const at = (y: number): string => `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (!m[3] && endDate && at(year) > endDate) year -= 1;
  return { day: at(year), eastern: true };
}

const OPEN_QUESTION = /^who will ([^?]+?)\s*\??$/i;

/**
 * An event's open question ("Who will be the Bantamweight Title Holder on Dec 31, 2026?") given as one
 * market's title, with a Yes/No outcome and the market's code in its ticker: "Will <code> be …?", the code
 * standing for the subject until a partner's name fits it. Without such a code the title stays as it is.
 */
function openQuestionSubject(title: string, outcome: string, marketCode: string | null, codeName: string | null): { title: string; personCode: string | null } | null {
  const m = OPEN_QUESTION.exec(title);
  if (!m || !marketCode || !/^[A-Z]{2,8}$/.test(marketCode) || !/^(?:yes|no|y|n)$/i.test(outcome.trim())) return null;
  return codeName ? { title: `Will ${codeName} ${m[1]}?`, personCode: null } : { title: `Will ${marketCode} ${m[1]}?`, personCode: marketCode };
}

/**
 * Polymarket's spread market "Spread: Chiefs (-6.5)" (hockey's "Puck Line:", baseball's "Run Line:") answered "Chiefs" is the favourite winning by more than
 * the line; answered with the other side, it is that not happening (the other side covers). The line may follow
 * the pairing ("Rams vs. Seahawks: Spread Seahawks (-4.5)").
 */
function favouriteSpread(title: string, label: string | null): { text: string; negated: boolean; pick: string } | null {
  const m = label ? /(?:^|[:|–—-]\s*)(?:spread|puck line|run line):?\s*(.+?)\s*\(-(\d+(?:\.\d+)?)\)\s*$/i.exec(title.trim()) : null;
  if (!label || !m?.[1] || !m[2]) return null;
  const [, side, line] = m;
  // The question is about the favourite whichever side the label takes: its pick is the favourite.
  return { text: `Will the ${side} win by more than ${line} points?`, negated: label.trim().toLowerCase() !== side.trim().toLowerCase(), pick: side };
}

/** A side given with its handicap as the label of a game: "Los Angeles Lakers -5.5", "Denver Broncos (+3.5)". */
const HANDICAP_LABEL = /^(.+?)\s*\(?\s*([+-])\s*(\d+(?:\.\d+)?)\s*\)?$/;
const PAIRING = /^(.+?)\s+(?:vs\.?|v\.?|versus|at|@|–|—|-)\s+(.+?)(?:\s*[:|]\s*.*|\s+[-–—]\s+.*)?$/i;

/**
 * The handicap market of a game answered with a side and its line: "-5.5" is that side winning by more than 5.5;
 * "+3.5" is the opponent not winning by more than 3.5 (the underdog covers). Both say more than who wins.
 */
function handicapSide(title: string, label: string | null): { text: string; negated: boolean; pick: string } | null {
  const h = label ? HANDICAP_LABEL.exec(label.trim()) : null;
  const pair = h ? PAIRING.exec(title.trim()) : null;
  // A side is a name: "400-419" is a bucket, not 400 given 419 points.
  if (!h?.[1] || !h[3] || !pair?.[1] || !pair[2] || !/\p{L}/u.test(h[1])) return null;
  const line = Number(h[3]);
  const side = h[1].trim();
  const [x, y] = [pair[1].trim(), pair[2].trim()];
  // A whole-number line refunds both sides at that margin exactly: no half line's market, which settles every margin.
  const push = Number.isInteger(line) && line > 0 ? ` (push at ${line})` : '';
  // The pairing stays in the question: the game is known by both its sides. Half a goal is winning at all.
  if (h[2] === '-') return { text: `${x} vs ${y}: ${side} wins${line === 0.5 ? '' : ` by more than ${line}`}${push}?`, negated: false, pick: side };
  const lower = side.toLowerCase();
  const opponent = x.toLowerCase().includes(lower) || lower.includes(x.toLowerCase()) ? y : y.toLowerCase().includes(lower) || lower.includes(y.toLowerCase()) ? x : null;
  if (!opponent) return null;
  // "+3" pays when the opponent wins by 2 or fewer: a 3-point margin pushes both sides of a whole-number line,
  // so "+3" is not the negation of "-3" (the opponent winning by more than 3).
  const limit = Number.isInteger(line) ? line - 1 : line;
  return { text: `${x} vs ${y}: ${opponent} wins${line === 0.5 ? '' : ` by more than ${limit}`}${push}?`, negated: true, pick: opponent };
}

const OVER_UNDER_LABEL = /^(over|under)(?:\s*\(?\s*(\d[\d,]*(?:\.\d+)?)\s*\)?)?(?:\s+(?:goals?|points?|runs?|games?|maps?|rounds?|sets?|corners?|cards?|kills?)(?:\s+scored)?)?$/i;

/**
 * Who acts on whom, read in the title when it says so: a label that restates the question ("Will Pakistan launch a
 * strike on India?" answered "Pakistan strikes India") would put both names on one side.
 */
function orderedInTitle(masked: string, text: string): [string[], string[]] | null {
  const cut = masked.lastIndexOf(' — ');
  return cut > 0 ? orderedSides(masked.slice(0, cut), text.slice(0, cut), contentWords) : null;
}

/** Title and label as one question: the label fills a blank, becomes the side of an O/U line, or follows the title. */
function questionText(title: string, label: string | null): string {
  if (!label) return title;
  // "Aston Villa vs. Burnley: O/U 2.5" + "Over" is "over 2.5"; so is "... Over/Under 100000" + "Over".
  // A label that repeats the line ("Over 2.5", "Over (3.5)", "Under 2.5 goals") picks the same side of it.
  const side = OVER_UNDER_LABEL.exec(label.trim());
  const overUnder = side ? /\b(?:O\/U|Over\/Under)\s*(\d[\d,]*(?:\.\d+)?)/i.exec(title) : null;
  if (side && overUnder && (!side[2] || side[2] === overUnder[1])) return title.replace(overUnder[0], `${(side[1] ?? '').toLowerCase()} ${overUnder[1] ?? ''}`);
  // "MicroStrategy sells any Bitcoin by ___?" + "June 30, 2026": the label fills the blank.
  const blank = /_{2,}|\.{3}|…/;
  // "by...?" has no space before its blank: the label is a word of its own.
  return blank.test(title) ? title.replace(blank, ` ${label} `).replace(/\s{2,}/g, ' ').replace(/\s+([?.!,])/g, '$1') : `${title} — ${label}`;
}

/**
 * How much of a market's texts is read. Venue titles run to a few hundred characters and the rules the verifier
 * reads (a deadline, a game's scheduled day) come first; a title of many thousands is no market's, and some
 * readings cost more than linear time in the number of names, so an unbounded one would stall the linker.
 */
export const MAX_TITLE_CHARS = 600;
export const MAX_RULES_CHARS = 4_000;

function bounded(ref: MarketRef): MarketRef {
  const long = (s: string | null | undefined, n: number): boolean => typeof s === 'string' && s.length > n;
  if (!long(ref.title, MAX_TITLE_CHARS) && !long(ref.outcome, MAX_TITLE_CHARS) && !long(ref.description, MAX_RULES_CHARS) && !long(ref.rules, MAX_RULES_CHARS)) return ref;
  return {
    ...ref,
    title: ref.title.slice(0, MAX_TITLE_CHARS),
    outcome: ref.outcome.slice(0, MAX_TITLE_CHARS),
    description: ref.description?.slice(0, MAX_RULES_CHARS) ?? ref.description,
    rules: ref.rules?.slice(0, MAX_RULES_CHARS) ?? ref.rules,
  };
}

/** An outcome label that says the event has not happened by a date ("Not before 2028"). */
const NOT_BEFORE = /^\s*not\s+(?:before|by|until)\b/i;

const BEST_OF_TWO = /\bbo2\b|\bbest[- ]of[- ](?:2|two)\b/i;

/** A Kalshi ticker a feed writes after the title, in brackets or parentheses ("Chicago at Boston Winner? [KXNHLGAME-26DEC09CHIBOS]"). */
const TICKER_BESIDE = /^(.*\S)\s*(?:\[(KX[A-Z0-9.-]{2,60})\]|\((KX[A-Z0-9.-]{2,60})\))\s*$/;

/** The title without a ticker written beside it, which becomes the market's ticker when it has none. */
function tickerBesideTitle(ref: MarketRef): MarketRef {
  const m = TICKER_BESIDE.exec(ref.title);
  const ticker = m?.[2] ?? m?.[3];
  if (!m?.[1] || !ticker || !parseKalshiTicker(ticker)) return ref;
  return { ...ref, title: m[1], ticker: ref.ticker ?? ticker };
}

/** "Is no longer Bundeskanzler on 31 Dec 2027": a role not held on a day. */
const NO_LONGER_ON_DAY = /\bno longer\b.*\b(?:on|as of)\b/i;

/** "Winner (incl. overtime)": a result that overtime decides has no draw (a venue's cleaned title may drop the brackets). */
const WITH_OVERTIME = /\bincl(?:\.|uding|udes)?\s+(?:ot|overtime)\b/i;

/** A label that names a market and answers it: "Both Teams To Score: No", "Clean Sheet - Yes". */
const ANSWERED_LABEL = /^(\p{L}[\p{L}\d' ]{2,60}?)\s*[:–—-]\s*(yes|no)$/iu;

/** A number that is part of a side's name ("Como 1907", "Hannover 96", "Schalke 04") is no count or level of the game. */
function withoutSideNames(numbers: readonly NumericCondition[], sides: readonly string[]): readonly NumericCondition[] {
  if (sides.length === 0) return numbers;
  // A club's name: a short run of capitalised words and one number of two to four digits, nothing else.
  const clubName = (s: string): boolean => /^(?:(?:\p{Lu}[\p{L}.'-]*|\d{2,4})\s+){1,3}(?:\p{Lu}[\p{L}.'-]*|\d{2,4})$/u.test(s.trim()) && /\p{L}{3}/u.test(s);
  const named = new Set(sides.filter(clubName).flatMap((s) => s.trim().split(/\s+/)).filter((w) => /^\d{2,4}$/.test(w)));
  return named.size === 0 ? numbers : numbers.filter((n) => !named.has(n.text));
}

/**
 * `codeName` is the person a partner market names whose name fits this market's unresolved Kalshi person
 * code (see `resolvedCode`); without it the code stands in for the subject.
 */
export function extractProposition(input: MarketRef, codeName: string | null = null): Proposition {
  const ref = withRulesSubject(tickerBesideTitle(bounded(input)));
  const endDate = ref.end_date && /^\d{4}-\d{2}-\d{2}$/.test(ref.end_date) ? ref.end_date : null;
  // A series whose code names the subject ("KXPRESPERSON-28-JVAN") reads as its event's question; its
  // outcome label, when it is a name, is the subject and leaves a plain Yes behind.
  const series = seriesQuestion(ref.title, ref.outcome, codeName);
  const seriesOutcome = series && !/^(?:no|n)$/i.test(ref.outcome.trim()) ? 'Yes' : ref.outcome;
  const ticker = series ? { title: series.title, outcome: seriesOutcome } : kalshiTickerQuestion(ref.title, ref.outcome);
  // The ticker states what a Kalshi title may leave out: the event's year, its day, the sides' codes.
  const code = parseKalshiTicker(ref.ticker ?? '') ?? parseKalshiTicker(ref.title);
  const rawTitle = withoutTournamentSuffix(questionOfEvent(clean(ticker?.title ?? ref.title)));
  const symbolQuestion = ticker ? null : symbolToQuestion(rawTitle);
  // "Who will win the Nobel Peace Prize?" answered Yes under KXNOBELPEACE-26-DJT asks about the one its code
  // names: the code is the subject, read again with the partner's name when it fits (personCode.ts).
  const open = ticker === null && symbolQuestion === null ? openQuestionSubject(rawTitle, ref.outcome, code?.market ?? null, codeName) : null;
  const asked = open?.title ?? symbolQuestion ?? rawTitle;
  let outcome = clean(ticker?.outcome ?? ref.outcome);
  // "Which conference will win Super Bowl LXI?" answered NFC is "Will the AFC win Super Bowl LXI?" negated.
  const half = halfOfLeagueWins(asked, outcome);
  const title = half?.title ?? asked;
  if (half && !YES.has(outcome.toLowerCase()) && !NO.has(outcome.toLowerCase())) outcome = 'Yes';
  if (HOLD_LABEL.test(outcome)) outcome = 'holds rates';
  // "Both Teams To Score: No": a sportsbook's label names its market, then the side of it that pays.
  const answered = ANSWERED_LABEL.exec(outcome);
  if (answered?.[1]) outcome = answered[1];
  const lowerOutcome = outcome.toLowerCase();
  // A ticker read into a question puts its code in the label; a No outcome given with it still negates.
  let negated = NO.has(lowerOutcome) !== /^no$/i.test(answered?.[2] ?? '') !== (half?.other ?? false);
  const stated = YES.has(lowerOutcome) || NO.has(lowerOutcome) || outcome === title ? null : outcome;
  // "1" / "X" / "X2" on a pairing, or a side on a 60-minute line: which side, and whether in regulation time.
  const positional = positionalLabel(title, stated);
  if (positional?.negated) negated = !negated;
  // Kalshi's "When will X leave?" legs: "Not before Jul 1, 2027" pays when it has not happened by then.
  if (stated !== null && NOT_BEFORE.test(stated)) negated = !negated;
  const label = positional?.label ?? stated;
  if (ticker !== null && series === null && NO.has(ref.outcome.trim().toLowerCase())) negated = !negated;
  const spread: { text: string; negated: boolean; pick?: string } | null = favouriteSpread(title, label) ?? handicapSide(title, label);
  if (spread?.negated) negated = !negated;
  // "Still not listed on April 1" is the listing's negation, not a stay in a role: read without its "still".
  const absent = STILL_ABSENT.test(title);
  const question = spread?.text ?? questionText(title, label);
  const text = superBowlAsYear(majorityAsSeats(withinNextAsDeadline(absent ? stillAbsentAsNot(question) : question, endDate)));

  // The clock time is read first and blanked, so "12:00 PM" is neither a level nor a day.
  const read = readClock(text, endDate);
  const clockless = read.rest;
  // A Kalshi ticker's hour ("25NOV2117") is the instant the level is read at, in Eastern time.
  const clock = read.clock ?? (code?.day && code.hour !== null ? readClock(`at ${code.hour}:${String(code.minute ?? 0).padStart(2, '0')} ET`, code.day).clock : null);
  const { dates: statedDates, years: yearList, masked } = extractDates(clockless, endDate);
  const years = new Set(yearList);
  let titleDates = statedDates;
  // A ticker's year names the event's year only when the market can still be open then: a market closing
  // in 2026 under "KXFEDCHAIRNOM-29" asks about a nomination before its close, not one in 2029.
  const closesBefore = endDate !== null && code?.year ? code.year > Number(endDate.slice(0, 4)) + 1 : false;
  if (years.size === 0 && code?.year && !closesBefore && !series?.yearless && !NEXT_EVENT.test(title)) {
    const deadline = tickerDeadline(ref.description, code.year);
    if (deadline) {
      const read = extractDates(deadline, endDate);
      for (const y of read.years) years.add(y);
      if (titleDates.length === 0) titleDates = read.dates;
    } else years.add(code.year);
  }
  const eds = editions(text, years);
  const { entities, rest, firstAt, college } = extractEntities(text);
  // Numbers are read with dates, clock times and entity names (S&P 500, GPT-5) blanked out.
  const counts = occurrence(extractNumbers(blankWhere(masked, rest, text)), POLICY_MOVE.test(text));
  const offices = OFFICE_PHRASES.filter(([re]) => re.test(text)).map(([, office]) => office);
  // The words of what is left once names, dates and numbers are taken out.
  const datelessRest = blankWhere(rest.toLowerCase(), masked, text.toLowerCase());
  const words = contentWords(datelessRest).filter((w) => !/^(jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|eoy)$/.test(w));
  if (absent) negated = !negated;
  else {
    if (negatedByWords(title)) negated = !negated;
    if (counts.negate) negated = !negated;
    else if (negatedByNoDeterminer(title)) negated = !negated;
  }
  const stays = !absent && (words.some((w) => STAY_WORDS.has(w)) || (holdsRoleOnDay(title) && !words.some((w) => LEAVE_WORDS.has(w)) && titleDates.some((d) => d.sense === 'on' || d.sense === 'through')));
  if (stays) negated = !negated;
  // Only the title's dates are structure: a resolution text mentions many dates (the election day, a
  // certification, a fallback) that are not the question's, and reading them there refused real links.
  // "Still in office on June 1" is "not gone by May 31": a stay read on a day is a deadline the day before; so is
  // an absence still lasting on a day ("still not listed on April 1" is "not listed by March 31").
  // "No longer Chancellor on 31 Dec 2027" is gone by the day before, as a stay on that day is not gone by then.
  const goneOnDay = !stays && !absent && NO_LONGER_ON_DAY.test(ref.title) && titleDates.some((d) => d.sense === 'on');
  const dates = stays || absent || goneOnDay ? titleDates.map(stayDeadline) : titleDates;
  // "President on Jan 1, 2027" is "not gone by Dec 31, 2026": the deadline's year is a year the question is in.
  if (stays || absent || goneOnDay) for (const d of dates) if (d.sense === 'by') years.add(Number(d.end.slice(0, 4)));
  const titleText = label ? `${title} ${label}` : title;
  // A handicap label ("Denver Broncos (+3.5)") picks the side its question is about (the favourite, negated).
  const contest = readContest(title, spread?.pick ?? label, text, entities, firstAt);
  const sideCodes = code?.day && /^[A-Z]{4,8}$/.test(code.eventCodes) ? code.eventCodes : '';
  const game = contest.game || (sideCodes !== '' && contest.sides.length === 0);
  // A venue's unstated hour for a level read on one day (Polymarket's daily crypto: noon ET).
  const onDay = clock ? undefined : titleDates.find((d) => d.sense === 'on' && d.granularity === 'day');
  const houseClock = onDay && counts.numbers.length > 0 ? venueClock(ref.venue, text, onDay.end) : null;
  const isoDay = titleDates.find((d) => d.sense === 'on' && d.granularity === 'day' && /\d{4}-\d{2}-\d{2}/.test(d.text));
  // A ticker's series names the league when the title does not ("KXNCAAFGAME": college football, never drawn);
  // the rules, when neither does.
  // A best-of-two series can end 1-1 whatever the game (its title's "(BO2)" may be cleaned away before the text is read).
  // A college team named by school and nickname plays US college football or basketball: never drawn.
  const seriesDraws = BEST_OF_TWO.test(ref.title) ? 'yes' : contest.draws !== 'unknown' ? contest.draws : college || WITH_OVERTIME.test(ref.title) ? 'no' : drawsOfSeries(code?.series ?? null);
  const draws = seriesDraws !== 'unknown' || !game ? seriesDraws : drawsOfRules(ref.description);
  // The game's day: a ticker's (Eastern), a slug's (local), a day in the title, else the day its rules schedule it for.
  const slugDay = game ? slugGameDay(ref.slug) : null;
  const gameDay = code?.day ? { day: code.day, eastern: true } : slugDay ?? (game && isoDay ? { day: isoDay.end, eastern: false } : game ? scheduledDay(ref.description, endDate) : null);
  return {
    venue: ref.venue,
    text,
    entities,
    events: words.filter((w) => STAY_WORDS.has(w) || LEAVE_WORDS.has(w) || w === 'win' || w === 'nomination'),
    offices,
    titles: namedTitles(titleText),
    awards: namedAwards(titleText),
    actions: actionsOf(contentWords(text)),
    numbers: milestonesByDeadline(game ? withoutSideNames(counts.numbers, contest.sides) : counts.numbers, dates),
    dates,
    clock,
    years: [...years].sort(),
    editions: eds,
    negated,
    holdsRole: stays,
    stillAbsent: absent,
    widened: widenedSubject(title),
    words: words.filter((w) => !STAY_WORDS.has(w) && !LEAVE_WORDS.has(w)),
    selected: contest.selected,
    ordered: orderedInTitle(masked, text) ?? orderedSides(masked, text, contentWords),
    agentless: agentlessPassive(masked),
    conjunction: /\bboth\b.+\band\b/i.test(title),
    endDate,
    horizon: years.size === 0 && code?.year && NEXT_EVENT.test(title) ? code.year : null,
    fromSymbol: symbolQuestion !== null || ticker !== null,
    game,
    versus: contest.versus,
    draws,
    // "Will Boston win against San Antonio?" under a game ticker: the two subjects are the game's sides.
    sides: contest.sides.length === 0 && game && contest.versus.length === 2 ? contest.versus.map((k) => entities.find((e) => e.key === k)?.label ?? k) : contest.sides,
    // A game read from its ticker picks its label, or the market code when that is one of the sides' codes.
    pick: contest.pick ?? (sideCodes && label && !/^(?:over|under)\b/i.test(label) ? label : sideCodes && code?.market && sideCodes.includes(code.market) ? code.market : null),
    setting: contest.setting,
    sideCodes,
    eventDay: gameDay?.day ?? null,
    // A ticker's day is in Eastern time, as is a rules text's day given with an Eastern time.
    eventDayEastern: gameDay?.eastern ?? false,
    source: ref,
    personCode: series?.personCode ?? open?.personCode ?? null,
    personCodeKind: series?.codeKind ?? (open?.personCode ? 'any' : 'person'),
    openQuestion: label === null && OPEN_QUESTION.test(title),
    ordinals: ordinalsOf(masked),
    houseClock,
  };
}
