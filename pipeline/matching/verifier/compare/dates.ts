/**
 * Date and year agreement. A title's own date or deadline must agree in day and in sense;
 * the venues' end dates are only resolution timing and may differ by some days, so they are used
 * when a title says nothing, never to overrule what a title says.
 */
import { namesMeasure } from './measures.ts';
import { isEndOfDay, readClock, type ClockTime } from '../read/clock.ts';
import type { DateCondition, DateSense, Proposition } from '../types.ts';
import { stagesOfText } from './predicate.ts';
import { perProposition } from './propositionMemo.ts';
import { referenceDay } from '../referenceDay.ts';
import { UP_OR_DOWN } from '../lexicon/vocabulary.ts';

/** How far apart two venues' end dates may be for the same question (resolution lag). */
export const END_DATE_SLACK_DAYS = 10;
/** How far apart end dates may be when neither title names a date or a year. */
export const UNDATED_SLACK_DAYS = 45;

/** How far apart end dates may be for one scheduled race (election, nomination) named without a year. */
export const SCHEDULED_SLACK_DAYS = 400;

/** Races held on a date set in advance: their markets close at settlement, not at a deadline. */
const SCHEDULED = /\b(?:election|elections|race|primary|primaries|nominee|nomination|governorship|seat|caucus(?:es)?|runoff|midterms?)\b/i;
const scheduled = (p: Proposition): boolean => SCHEDULED.test(p.text);

/** How far apart two venues' days for one game may be: one venue dates it in UTC (often the next day), one locally. */
export const GAME_SLACK_DAYS = 1;
/** Days between a one-day event and an undated market's close that still name that day (settlement the next day, zones). */
export const ON_DAY_SLACK_DAYS = 1;
/** How long after a month or quarter its figure may be published and the market settle (CPI, GDP). */
export const RELEASE_LAG_DAYS = 45;

const RELATIVE_PERIOD = /\b(?:this week|today|tonight|tomorrow|this weekend)\b/i;

const dayMs = 86400000;
const shiftDay = (day: string, days: number): string => (days === 0 ? day : new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10));
const daysBetween = (x: string, y: string): number => Math.round(Math.abs(Date.parse(`${x}T00:00:00Z`) - Date.parse(`${y}T00:00:00Z`)) / dayMs);

/** "through" a date holds until it as "by" does; "after the September meeting" lives in September. */
function normalSense(d: DateCondition): DateSense {
  if (d.sense === 'through') return 'by';
  if (d.sense === 'after') return 'in';
  // A whole year "in 2025" ends when "by the end of 2025" does: venues phrase the same deadline both ways.
  if (d.sense === 'in' && d.granularity === 'year') return 'by';
  return d.sense;
}

/**
 * "In 2027" counts 2027 only; "before 2028" also counts what is left of the year the pair is read in. Both end
 * on Dec 31, so they are one question only once 2027 has begun (venues list "in 2026" beside "by the end of 2026"
 * during 2026, and those agree).
 */
function yearNotBegun(year: DateCondition, deadline: DateCondition): string | null {
  if (year.sense !== 'in' || year.granularity !== 'year' || deadline.sense === 'in' || normalSense(deadline) !== 'by' || deadline.end !== year.end) return null;
  const today = referenceDay();
  return `${year.end.slice(0, 4)}-01-01` > today ? `period differs: ${year.text} has not begun (${today}), ${deadline.text} counts the days before it too` : null;
}

/** The condition that decides resolution: the latest one named. */
function primary(dates: readonly DateCondition[]): DateCondition | null {
  let best: DateCondition | null = null;
  for (const d of dates) if (!best || d.end > best.end) best = d;
  return best;
}

/** Both of the game's sides are named by the other market ("Will Sinner beat Zverev ...?"): it is about one of their games. */
function namesBothSides(p: Proposition, game: Proposition): boolean {
  if (game.versus.length < 2) return false;
  return game.versus.filter((k) => p.entities.some((e) => e.key === k)).length >= 2;
}

/** The day a game is played: the day it states, else its market's end date. */
const gameDay = (p: Proposition): string | null => p.eventDay ?? p.endDate;

/**
 * Kalshi closes a game's market two weeks after the game (185 of the 197 Kalshi game markets of the mined sets
 * close 14 days after the other venue's game day; their tickers carry the day itself). A Kalshi game read without
 * its ticker is placed by its close, so its game may be that day or two weeks before it.
 */
const KALSHI_GAME_CLOSE_LAG_DAYS = 14;
/** Kalshi's title of one game's event before the market's own words: "Golden State at Los Angeles L: Total Points". */
const KALSHI_GAME_EVENT = /^[^:?]{2,60}?\s(?:at|vs\.?|@)\s[^:?]{2,60}:/i;
/** A Kalshi market on one game (its winner, a total, a player's line) read without its ticker's day. */
const laggedKalshiGame = (p: Proposition): boolean =>
  p.venue.toLowerCase() === 'kalshi' && p.eventDay === null && (p.game || KALSHI_GAME_EVENT.test(p.source.title));
function gameDaysMeet(a: Proposition, x: string, b: Proposition, y: string, slack: number): boolean {
  if (daysBetween(x, y) <= slack) return true;
  return (laggedKalshiGame(a) && daysBetween(shiftDay(x, -KALSHI_GAME_CLOSE_LAG_DAYS), y) <= slack) || (laggedKalshiGame(b) && daysBetween(x, shiftDay(y, -KALSHI_GAME_CLOSE_LAG_DAYS)) <= slack);
}

/**
 * Settings in which the same two sides meet again: a league's season, a series of games, a round-robin
 * stage. A tournament's draw ("Cincinnati Open", "Quebec City", "UFC 324") pairs two sides once.
 */
const REPEATS = /\b(?:nba|wnba|nfl|mlb|nhl|ncaa\w*|college|epl|premier|mls|la ?liga|serie a|bundesliga|ligue 1|eredivisie|league|lck|lpl|lec|series|season|game \d+|week \d+|playoffs?|group|regular)\b/i;

/**
 * An undated game placed by the one tournament whose draw pairs its sides once, with nothing in it
 * (no day, no year, no end date) that could name another edition: nothing contradicts the partner's day.
 */
export function placedBySetting(p: Proposition): boolean {
  return p.game && p.setting !== null && !REPEATS.test(p.setting) && p.eventDay === null && p.endDate === null && p.years.length === 0 && p.dates.length === 0;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** The first day of a window of days ("December 4 - December 11", "from Dec 4 to Dec 11", "Jan 1-8"), as month and day. */
const DAY_WINDOW = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+\d{4})?\s*(?:-|–|—|to|through|thru|until)\s*(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+)?\d{1,2}\b/i;

function windowStart(text: string): string | null {
  const m = DAY_WINDOW.exec(text);
  if (!m?.[1] || !m[2]) return null;
  return `${String(MONTHS.indexOf(m[1].toLowerCase()) + 1).padStart(2, '0')}-${m[2].padStart(2, '0')}`;
}

/** The first day of a month, quarter or year ending on `end`, as month and day. */
function periodStart(period: DateCondition): string | null {
  const month = Number(period.end.slice(5, 7));
  const first = period.granularity === 'month' ? month : period.granularity === 'quarter' ? month - 2 : period.granularity === 'year' ? 1 : null;
  return first === null || first < 1 ? null : `${String(first).padStart(2, '0')}-01`;
}

/**
 * A window of days written out ("Apr. 1 to June 30, 2027", a PredictIt bucket) that starts on the first day of the
 * other's month, quarter or year and ends on its last: the same period.
 */
function windowIsPeriod(p: Proposition, window: DateCondition, period: DateCondition): boolean {
  if (window.granularity !== 'day') return false;
  const start = windowStart(p.text);
  return start !== null && start === periodStart(period);
}

export function compareDates(a: Proposition, b: Proposition): string[] {
  // Two windows of days ending on one day are two windows when they start on different days (a count of posts
  // "December 4 - December 11" is not one "from Dec 5 to Dec 11").
  const sa = windowStart(a.source.title);
  const sb = sa ? windowStart(b.source.title) : null;
  if (sa && sb && sa !== sb) return [`window differs: starts ${sa} vs ${sb}`];
  if (a.game && b.game) {
    const x = gameDay(a);
    const y = gameDay(b);
    // Teams meet many times a season: a game is placed by its day, or by a tournament whose draw pairs its sides once.
    if ((!x && placedBySetting(a) && y) || (!y && placedBySetting(b) && x)) return [];
    if (!x || !y) return [`game day unknown on one side (${x ?? 'no date'} vs ${y ?? 'no date'}): the same teams play again`];
    // Two days both stated in Eastern time are compared exactly (the same teams may play on consecutive days);
    // a close date may fall on the next day in UTC.
    const slack = a.eventDayEastern && b.eventDayEastern ? 0 : GAME_SLACK_DAYS;
    return gameDaysMeet(a, x, b, y, slack) ? [] : [`game days differ: ${x} vs ${y}`];
  }
  const da = primary(a.dates);
  const db = primary(b.dates);
  if (da && db) {
    const sa = normalSense(da);
    const sb = normalSense(db);
    if (sa !== sb) return sameMeeting(a, da, sa, b, db, sb) ? [] : [`date sense differs: ${sa} ${da.text} vs ${sb} ${db.text}`];
    const notBegun = yearNotBegun(da, db) ?? yearNotBegun(db, da);
    if (notBegun) return [notBegun];
    // "In Q1 2026" and "in March 2026" end on one day, but the quarter holds two more months.
    if (sa === 'in' && da.granularity !== db.granularity && sameMeeting(a, da, sa, b, db, sb)) return [];
    if (sa === 'in' && da.granularity !== db.granularity && da.end === db.end && !windowIsPeriod(a, da, db) && !windowIsPeriod(b, db, da)) {
      return [`period differs: ${da.text} (a ${da.granularity}) vs ${db.text} (a ${db.granularity})`];
    }
    // "Still chancellor on Dec 31" is "not gone by Dec 30"; "remain through 2026" is "not gone by Dec 31": one day apart, one question.
    // Between two plain deadlines a day is a day: "before June 30" is not "by June 30".
    // Two instants on a day, each with its clock and zone, are compared as UTC days: "Dec 22, 9pm EST" is "Dec 23, 02:00 UTC".
    if (sa === 'on' && da.granularity === 'day' && db.granularity === 'day' && a.clock && b.clock) {
      const ua = shiftDay(da.end, a.clock.utcDayShift);
      const ub = shiftDay(db.end, b.clock.utcDayShift);
      return ua === ub ? [] : [`date differs: ${da.text} ${a.clock.text} vs ${db.text} ${b.clock.text} (${ua} vs ${ub} in UTC)`];
    }
    if (da.end !== db.end && !(sa === 'by' && (a.holdsRole || b.holdsRole || a.stillAbsent === true || b.stillAbsent === true) && daysBetween(da.end, db.end) <= 1)) {
      const what = sa === 'by' ? 'deadline' : sa === 'on' ? 'date' : 'period';
      return [`${what} differs: ${da.end} vs ${db.end}`];
    }
    return [];
  }
  // "This week", "today": the end dates say which week or day, so they must nearly agree.
  if (RELATIVE_PERIOD.test(a.source.title) || RELATIVE_PERIOD.test(b.source.title)) {
    if (a.endDate && b.endDate && daysBetween(a.endDate, b.endDate) > GAME_SLACK_DAYS) return [`relative period differs: ends ${a.endDate} vs ${b.endDate}`];
  }
  const stated = da ?? db;
  const other = da ? b : a;
  // A game whose day its ticker states (in Eastern time) against a day the other title states: the same teams
  // play on consecutive days, so the two days must agree exactly.
  if (stated && stated.sense === 'on' && stated.granularity === 'day' && other.game && other.eventDay && other.eventDayEastern) {
    return stated.end === other.eventDay ? [] : [`game days differ: ${stated.text} (${stated.end}) vs ${other.eventDay}`];
  }
  // A market naming both sides of a game and at most a year ("beat Zverev in the final of the 2027 ATP Finals") is
  // placed by its close: a group game and the final of one tournament are days apart.
  const [g, q] = a.game && !b.game ? [a, b] : b.game && !a.game ? [b, a] : [null, null];
  const day = g ? gameDay(g) : null;
  if (g && q && day && q.endDate && q.dates.every((d) => d.granularity === 'year') && namesBothSides(q, g) && !gameDaysMeet(q, q.endDate, g, day, GAME_SLACK_DAYS)) {
    return [`game days differ: ${q.endDate} vs ${day}`];
  }
  if (stated && other.endDate) {
    const gap = daysBetween(stated.end, other.endDate);
    const year = Number(stated.end.slice(0, 4));
    // The other market names the same year (in its title or its ticker): its close date is only settlement.
    if (stated.granularity === 'year' && other.years.includes(year)) return [];
    // An election or a nomination is settled when it is certified, often months later: a later close is no other window.
    if (stated.granularity === 'year' && scheduled(other) && other.endDate > stated.end && Number(other.endDate.slice(0, 4)) <= year + 1) return [];
    // One day's outcome (a daily high, a price at a day's hour) closes on that day or the next: venues list one
    // market a day, so an undated market closing days later is a later day's market.
    if (stated.sense === 'on' && stated.granularity === 'day' && gap > ON_DAY_SLACK_DAYS) {
      return [`date differs: ${stated.text} (${stated.end}) vs other market ends ${other.endDate}`];
    }
    // A deadline far from when the other market closes means the other asks about another window.
    if (gap > END_DATE_SLACK_DAYS && !(stated.granularity === 'year' && other.endDate.slice(0, 4) === stated.end.slice(0, 4)) && !withinPeriod(stated, other.endDate)) {
      return [`deadline differs: ${stated.text} (${stated.end}) vs other market ends ${other.endDate}`];
    }
    return [];
  }
  if (!stated && a.endDate && b.endDate && a.years.length === 0 && b.years.length === 0 && a.editions.length === 0 && b.editions.length === 0) {
    const gap = daysBetween(a.endDate, b.endDate);
    // A game is played on one day: two undated markets on it closing days apart are on two games, also when one
    // side asks it as a head-to-head ("Will the Chiefs beat the Bills?") that is not read as a game.
    if (a.game || b.game) {
      // A game's own day (from its ticker) over its market's close, which some venues set days after the game.
      const x = a.game ? (gameDay(a) as string) : a.endDate;
      const y = b.game ? (gameDay(b) as string) : b.endDate;
      if (!gameDaysMeet(a, x, b, y, GAME_SLACK_DAYS)) return [`game days differ: ${x} vs ${y}`];
    }
    // A winning margin ("win by more than 6.5 points", a spread: the margin stage) is one game's: a market closing days later is another game's.
    const oneGame = gameDaysMeet(a, a.endDate, b, b.endDate, GAME_SLACK_DAYS);
    if ((stagesOfText(a.text).includes('margin') || stagesOfText(b.text).includes('margin')) && !oneGame) return [`game days differ: ${a.endDate} vs ${b.endDate} (a margin is one game's)`];
    // So is a player's line ("30+ points", "Points O/U 29.5"): the same player has a line in every game.
    if ((playerLine(a) || playerLine(b)) && !oneGame) return [`game days differ: ${a.endDate} vs ${b.endDate} (a player's line is one game's)`];
    // Two markets on one scheduled race close when each venue settles it, up to a year apart; a deadline market closes at its deadline.
    const slack = scheduled(a) && scheduled(b) ? SCHEDULED_SLACK_DAYS : UNDATED_SLACK_DAYS;
    if (gap > slack) return [`end dates differ by ${gap} days: ${a.endDate} vs ${b.endDate}`];
  }
  return [];
}

const SEASON_OR_CAREER = /\b(?:season|career|regular season|all-time|record)\b/i;

/** A player's statistic in a game with a line: not a season's or a career's total. */
function playerLine(p: Proposition): boolean {
  return p.entities.some((e) => e.group === 'person' || e.group === 'name') && namesMeasure(p.text, 'player statistic') && !SEASON_OR_CAREER.test(p.text);
}

/** A committee's rate decision: one meeting a month at most, named by its month or by its day. */
/** The day is a decision's: the meeting is named, or a rate action is taken on it ("BoE cuts 25bp on Feb 4"). */
const MEETING_DAY = /\b(?:meeting|fomc|mpc|decision|cuts?|hikes?|raises?|holds?|lowers?|keeps?|leaves?)\b/i;
const MEETING_DECISION = /\b(?:fomc|fed|federal reserve|federal funds|ecb|boe|boj|bank of (?:england|japan|canada)|central bank|mpc|rate decision|interest rates?)\b/i;

/**
 * "In March 2026" and "at the March 17-18, 2026 FOMC" (or "at the March 2026 meeting"): a central bank meets once in
 * a month, so the month of its decision and a day in that month name the same meeting.
 */
function sameMeeting(a: Proposition, da: DateCondition, sa: DateSense, b: Proposition, db: DateCondition, sb: DateSense): boolean {
  if (!MEETING_DECISION.test(a.text) || !MEETING_DECISION.test(b.text)) return false;
  // The meeting's day, or its two days written as a window ("at its January 26–27, 2027 meeting").
  const meetingDay = (sense: DateSense, d: DateCondition): boolean => sense === 'on' || (sense === 'in' && d.granularity === 'day');
  const [month, day, dayMarket] = sa === 'in' && da.granularity === 'month' && meetingDay(sb, db) ? [da, db, b] : sb === 'in' && db.granularity === 'month' && meetingDay(sa, da) ? [db, da, a] : [null, null, null];
  // The day must be the meeting's ("at the March 18 FOMC"), not a level read on a later day ("on March 31").
  return Boolean(month && day && dayMarket && MEETING_DAY.test(dayMarket.text) && month.end.slice(0, 7) === day.end.slice(0, 7));
}

/**
 * A month, quarter or half-year named as the period ("in February 2026", "Q4 2025") contains any market end
 * inside it (a vote on Feb 8) or shortly after it (the figure's release).
 */
function withinPeriod(d: DateCondition, endDate: string): boolean {
  // "At the February 2027 Grammy Awards": an event in a month, as "in February 2027" is.
  const inPeriod = d.sense === 'in' || (d.sense === 'on' && d.granularity === 'month');
  if (!inPeriod || (d.granularity !== 'month' && d.granularity !== 'quarter' && d.granularity !== 'half')) return false;
  const months = d.granularity === 'month' ? 1 : d.granularity === 'quarter' ? 3 : 6;
  const end = Date.parse(`${d.end}T00:00:00Z`);
  const last = new Date(end);
  const start = Date.UTC(last.getUTCFullYear(), last.getUTCMonth() - months + 1, 1);
  const t = Date.parse(`${endDate}T00:00:00Z`);
  return t >= start && t <= end + RELEASE_LAG_DAYS * dayMs;
}

/** An office that changes hands at no set date: its next holder may come in any year of the horizon. */
const UNSCHEDULED_NEXT = /\bnext (?:[a-z]+ ){0,2}(?:prime minister|pm|pope|premier|ceo|supreme leader|leader)\b/i;

/**
 * "The next prime minister" asked to a horizon years apart is two questions: one venue's market stays open
 * to 2045, the other's closes in 2026, and a successor in 2030 splits them. A horizon is the ticker's year
 * (the market runs to about then); the partner's is its own horizon or its end date's year.
 */
function compareHorizons(a: Proposition, b: Proposition): string[] {
  const far = a.horizon ? a : b.horizon ? b : null;
  // "The next election", "the next Fed chair" (a term that ends): a scheduled event comes when it is due,
  // whatever the horizon; only an office that changes hands at no set date is asked to its horizon.
  if (!far?.horizon || !UNSCHEDULED_NEXT.test(a.text) || !UNSCHEDULED_NEXT.test(b.text)) return [];
  const other = far === a ? b : a;
  const otherYear = other.horizon ?? (other.endDate ? Number(other.endDate.slice(0, 4)) : null);
  if (otherYear === null || Math.abs(far.horizon - otherYear) <= 1) return [];
  return [`horizon differs: the next one by about ${far.horizon} vs ${other.horizon ? `about ${other.horizon}` : `a market ending ${other.endDate}`}`];
}

/** A season written as a span ("2025-26", "2025/2026"): its first year, and its last year's two final digits. */
const SEASON_SPAN = /\b(20\d\d)[-–/](?:20)?(\d\d)\b/;
/** Two markets on one season's outcome close within months of each other; a year apart is the next season. */
const SEASON_APART_DAYS = 200;

/**
 * Years a market names outside its dates ("for end-2027" beside "the December 2026 dot plot"): the same for every
 * partner, so read once per proposition.
 */
const yearsBeyondDates = perProposition((p: Proposition): number[] => {
  const dated = new Set(p.dates.map((d) => Number(d.end.slice(0, 4))));
  // Only a year written as such: a season ("2026-27", "2026/27") or an ISO day ("2026-01-24") names no other year.
  const written = new Set([...p.source.title.matchAll(/(?<!\d)(?<!\d[-/])(20\d\d)(?![\d/-])/g)].map((m) => Number(m[1])));
  return p.years.filter((y) => !dated.has(y) && written.has(y));
});

// Module-level, not local to compareYears: tsx (esbuild keepNames) names a local function again at every call.
const seasonSpan = (p: Proposition): boolean => SEASON_SPAN.test(p.source.title);

/** The year a season "2027-28" starts in: a span of two consecutive years, not an ISO day ("2027-01-16"). */
function seasonStart(p: Proposition): number | null {
  const m = SEASON_SPAN.exec(p.source.title);
  if (!m?.[1] || !m[2] || /^[-–/]\d/.test(p.source.title.slice(m.index + m[0].length))) return null;
  const first = Number(m[1]);
  return Number(m[2]) === (first + 1) % 100 ? first : null;
}

/** The year a season "2025-26" ends in, when the title names one. */
function seasonEndYear(p: Proposition): number | null {
  const m = SEASON_SPAN.exec(p.source.title);
  return m?.[1] && m[2] ? Number(m[1].slice(0, 2) + m[2]) : null;
}

/**
 * "The 2025-26 Stanley Cup" and "the 2026 Stanley Cup": a season's final named by the year it is played in, however
 * late a venue closes. "The 2027 season" is named by the year it starts in (the NFL's 2027 season is 2027-28): not it.
 */
function sameSeasonByEnd(a: Proposition, b: Proposition): boolean {
  const [span, single] = seasonSpan(a) ? [a, b] : [b, a];
  const end = seasonEndYear(span);
  return end !== null && single.years.length === 1 && single.years[0] === end && !/\bseason\b/i.test(single.source.title);
}

export function compareYears(a: Proposition, b: Proposition): string[] {
  const horizons = compareHorizons(a, b);
  if (horizons.length > 0) return horizons;
  if (a.years.length > 0 && b.years.length > 0) {
    // A season "2026-27" shares its first year with "the 2026 NBA Finals" (the 2025-26 season's): when the two markets
    // also close most of a year apart, they are two seasons' questions.
    if (seasonSpan(a) !== seasonSpan(b) && a.endDate && b.endDate && daysBetween(a.endDate, b.endDate) > SEASON_APART_DAYS && !sameSeasonByEnd(a, b)) {
      return [`season differs: ${a.years.join('/')} closing ${a.endDate} vs ${b.years.join('/')} closing ${b.endDate}`];
    }
    if (!a.years.some((y) => b.years.includes(y))) return [`year differs: ${a.years.join('/')} vs ${b.years.join('/')}`];
    // "The December 2026 dot plot's projection for end-2027" against "... for end-2028": the month both date the
    // market by is shared, the years the question is about are not.
    const fa = yearsBeyondDates(a);
    const fb = yearsBeyondDates(b);
    if (fa.length > 0 && fb.length > 0 && !fa.some((y) => fb.includes(y))) return [`year differs: ${fa.join('/')} vs ${fb.join('/')} (beside the shared date)`];
    return [];
  }
  const withYears = a.years.length > 0 ? a : b.years.length > 0 ? b : null;
  if (!withYears) return [];
  const other = withYears === a ? b : a;
  // A tournament's match with no date: the partner's year comes from the day the match is played.
  if (withYears.game && withYears.eventDay !== null && placedBySetting(other)) return [];
  // Elections, Grands Prix and seasons recur every year: the year one venue names must be the one the
  // other venue's market is in, and a market with neither a year nor an end date cannot say which it is.
  if (!other.endDate) return [`year on one side only: ${withYears.years.join('/')}, and the other market has no end date to place it`];
  // A season written as a span starts in the second half of its first year: a market closing before then is about
  // an earlier season ("English Premier League Winner?" closing 2027-05-23 is not the 2027-28 title).
  const spanStart = seasonStart(withYears);
  if (spanStart !== null && other.endDate < `${spanStart}-07-01`) return [`season differs: ${withYears.years.join('/')} vs other market ends ${other.endDate}, before that season starts`];
  const endYear = Number(other.endDate.slice(0, 4));
  const endMonth = Number(other.endDate.slice(5, 7));
  const lo = Math.min(...withYears.years);
  const hi = Math.max(...withYears.years);
  // A 2024 election is certified and its winner sworn in early in 2025; later than that is another edition.
  // An election is settled up to a year after it, and "the next election" may close years later.
  const settlesEarlyNextYear = endYear === hi + 1 && (endMonth <= 2 || scheduled(other));
  if (endYear < lo || (endYear > hi && !settlesEarlyNextYear)) return [`year differs: ${withYears.years.join('/')} vs other market ends ${other.endDate}`];
  return [];
}

/** A close is 4 pm ET for stocks and indexes, 5 pm ET for currencies and most futures; 2:30 pm ET settles some commodities. */
function atAClose(clock: ClockTime, day: string | null): boolean {
  return ['4:00 PM ET', '5:00 PM ET', '2:30 PM ET', '1:30 PM ET'].some((c) => readClock(`at ${c}`, day).clock?.minutesUtc === clock.minutesUtc);
}

/** A day's window from one time to the same time ("noon ET to noon ET"). */
const CLOCK_TO_SAME_CLOCK = /\b(noon|midnight|\d{1,2}(?::\d\d)?\s*[ap]\.?m\.?)\s*(?:[a-z]{2,4}\s+)?to\s+\1\b/i;

/** Words that fix the instant without a clock time: a stock's close is 4 pm ET on every venue. */
const CLOSE = /\bclos(?:e|es|ed|ing)\b|\beod\b|\bend of (?:the )?(?:day|session)\b/i;

/**
 * One day read at two instants is two questions ("at 12pm ET" vs "at 5pm ET", "12:00 UTC" vs
 * "12:00 ET"). A clock time on one side only pins a level the other venue may read at another
 * instant, so it refuses too, unless it is the end of the day or the other side reads a close; a
 * venue's known house hour for such markets (noon ET for Polymarket's daily crypto) is compared instead.
 */
export function compareClocks(a: Proposition, b: Proposition): string[] {
  if (a.clock && b.clock) {
    if (a.clock.minutesUtc !== b.clock.minutesUtc) return [`time of day differs: ${a.clock.text} vs ${b.clock.text}`];
    // A venue's hourly market names its hour ("3PM ET"); another window from that hour is another market.
    const span = (c: ClockTime): number => c.spanMinutes ?? 60;
    return span(a.clock) === span(b.clock) ? [] : [`window differs: ${a.clock.text} vs ${b.clock.text}`];
  }
  const timed = a.clock ? a : b.clock ? b : null;
  if (!timed?.clock) return [];
  const other = timed === a ? b : a;
  // The other venue's house hour stands in for the clock its title leaves out, also against midnight.
  const house = other.houseClock;
  if (house) return house.minutesUtc === timed.clock.minutesUtc ? [] : [`time of day differs: ${timed.clock.text} vs ${house.text} (the hour ${other.venue} reads such markets at)`];
  if (isEndOfDay(timed.clock)) return [];
  // "Bitcoin Up or Down - March 5, 3PM ET" is that hour's move; "Bitcoin Up or Down on March 5?" the day's (a day's
  // window written out, "noon ET to noon ET", is the day's).
  if ((timed.clock.spanMinutes ?? 60) < 24 * 60 && !CLOCK_TO_SAME_CLOCK.test(timed.text) && UP_OR_DOWN.test(timed.text) && UP_OR_DOWN.test(other.text)) return [`window differs: ${timed.clock.text} vs the whole day`];
  if (other.numbers.length === 0) return [];
  if (CLOSE.test(other.text)) return atAClose(timed.clock, timed.endDate ?? other.endDate) ? [] : [`time of day differs: ${timed.clock.text} vs the close`];
  return [`time of day on one side only: ${timed.clock.text}`];
}
