/**
 * A market given only as its Kalshi ticker ("KXWCROUND-26SEMI-JPN" as the title, no end date, no texts)
 * states only what its series and codes fix. A field the other market states and the ticker cannot
 * establish is unknown, not agreeing: linking on the rest is how a deadline, a date or a stage hard
 * negative becomes a fake arbitrage. So an unknown on a field that tells such markets apart refuses,
 * with the field named. What the ticker does fix (a known series' question, the year, month or day in
 * its codes) is compared as usual by the other checks.
 */
import { kalshiTickerQuestion, parseKalshiTicker, type KalshiTicker } from '../../../../shared/text/kalshiTicker.ts';
import { seriesQuestion } from '../read/tickerSeries.ts';
import type { DateCondition, Proposition } from '../types.ts';
import { END_DATE_SLACK_DAYS } from './dates.ts';

const daysBefore = (earlier: string, later: string): number => (Date.parse(later.slice(0, 10)) - Date.parse(earlier.slice(0, 10))) / 86400000;

/** The ticker of a market that is nothing but its ticker, or null when a title, end date or text says more. */
export function bareTicker(p: Proposition): KalshiTicker | null {
  const s = p.source;
  if (p.endDate || s.description || s.rules) return null;
  return parseKalshiTicker(s.title.trim());
}

/**
 * Whether the verifier reads the ticker's series into its question: a series of `tickerSeries.json`, or
 * one of the families the ticker reader names (Fed decisions, daily highs, asset levels, league games).
 * Any other series reads as its bare code, which says nothing of the event's stage, round or deadline.
 */
function seriesRead(p: Proposition, t: KalshiTicker): boolean {
  if (seriesQuestion(p.source.title, p.source.outcome) !== null || p.personCode) return true;
  const q = kalshiTickerQuestion(p.source.title, p.source.outcome);
  return q !== null && !q.title.startsWith(t.series);
}

/** The condition that decides resolution: the latest one named. */
function latest(dates: readonly DateCondition[]): DateCondition | null {
  let best: DateCondition | null = null;
  for (const d of dates) if (!best || d.end > best.end) best = d;
  return best;
}

/** Reasons to refuse what `bare` (a market given as its ticker alone) cannot establish of what `other` states. */
function unknownFields(bare: Proposition, other: Proposition): string[] {
  const t = bareTicker(bare);
  // Two bare tickers are compared code against code by the other checks.
  if (!t || bareTicker(other)) return [];
  const code = bare.source.title.trim();
  if (!seriesRead(bare, t)) return [`unknown on the bare ticker ${code}: series ${t.series} is not one the verifier reads, so its stage, round and deadline are unknown`];
  const stated = latest(other.dates);
  // A day code closing the ticker's window ("KXRATECUTCOUNT-26DEC31": cuts through Dec 31) against an undated
  // market that closes well before that day: the other counts or waits over a shorter window.
  if (!stated && t.day && other.endDate && daysBefore(other.endDate, t.day) > END_DATE_SLACK_DAYS) {
    return [`the other market ends ${other.endDate}, before the day ${t.day} that closes the window of ${code}`];
  }
  if (!stated || bare.dates.length > 0) return [];
  // A whole year the ticker's own year code names is established; any finer deadline or date is not.
  if (stated.granularity === 'year' && bare.years.includes(Number(stated.end.slice(0, 4)))) return [];
  return [`unknown on the bare ticker ${code}: the other market states ${stated.sense} ${stated.text} (${stated.end}), which neither series ${t.series} nor its codes fix`];
}

/** Both directions: a refusal when either market is a bare ticker that cannot establish what the other states. */
export function compareBareTicker(a: Proposition, b: Proposition): string[] {
  return [...unknownFields(a, b), ...unknownFields(b, a)];
}
