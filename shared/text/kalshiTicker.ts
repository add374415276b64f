/**
 * Kalshi tickers: SERIES-EVENT-MARKET, e.g. KXFEDDECISION-25DEC-C25 (Fed decision, December 2025, cut
 * 25 bp), KXHIGHNY-25NOV21-B52.5 (NYC high on Nov 21, 2025, the 52-53° bucket), KXNBAGAME-26JAN10SASBOS-BOS
 * (the Spurs at the Celtics on Jan 10, 2026, Boston), KXPRESPERSON-28-JVAN (2028). The ticker states
 * what a Kalshi title often leaves out (the year, the day, the teams), so it is read as structure:
 * a date, the codes of the sides, and the market's own code. Read by general shape, not by series.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { monthName, monthNumber } from './calendar.ts';

interface SeriesFile {
  readonly highCities: Readonly<Record<string, string>>;
  readonly assets: Readonly<Record<string, string>>;
  readonly leagues: Readonly<Record<string, string>>;
  /** Leagues whose games are soccer games (three outcomes: either side or the draw). */
  readonly soccerLeagues: readonly string[];
}
const SERIES = JSON.parse(readFileSync(fileURLToPath(new URL('./data/kalshiSeries.json', import.meta.url)), 'utf8')) as SeriesFile;

export interface KalshiTicker {
  readonly series: string;
  /** The year the event belongs to (from "26", "2028", "26DEC31", "BRPRES26"). */
  readonly year: number | null;
  /** Month of the event when the ticker names one (1-12). */
  readonly month: number | null;
  /** YYYY-MM-DD when the ticker names the day. */
  readonly day: string | null;
  /** Hour (0-23, Eastern) when the ticker names one ("25NOV2117" is 5 pm). */
  readonly hour: number | null;
  /** Minute when the ticker names a start time ("26AUG111840CLEDET": an MLB game at 6:40 pm). */
  readonly minute: number | null;
  /** Letters following the date in the event code: two team codes run together ("SASBOS"), a group ("L"). */
  readonly eventCodes: string;
  /** The market's own code, the last segment ("BOS", "T3.50", "C25", "JVAN", "1"), when there is one. */
  readonly market: string | null;
}

const TICKER = /^(?:KX)?[A-Z][A-Z0-9]{1,30}(?:-[A-Z0-9.]{1,40}){1,3}$/;
const pad = (n: number): string => String(n).padStart(2, '0');

/** True for a string shaped like a Kalshi ticker (not a Drift BET symbol, which ends in -BET/-PERP). */
export function isKalshiTicker(s: string): boolean {
  // A KX series, or a series with event and market segments: "COVID-19" and "GPT-5" are names.
  return TICKER.test(s) && !/-(?:BET|PERP)$/.test(s) && /\d/.test(s) && (s.startsWith('KX') || s.split('-').length >= 3);
}

interface DatePart {
  readonly year: number;
  readonly month: number | null;
  readonly day: number | null;
  readonly hour: number | null;
  readonly minute: number | null;
  readonly rest: string;
}

function datePart(seg: string): DatePart | null {
  // The day may be followed by an hour ("25NOV2117") or a start time ("26AUG111840", Kalshi's MLB games).
  // A side's code may start with a digit ("26JAN094PAUR": Jan 9, 4Pirates against Aurora), never with two.
  const full = /^(\d{2})([A-Z]{3})(\d{2})(?:(\d{2})(\d{2})?)?([A-Z][A-Z0-9]*|\d[A-Z][A-Z0-9]*)?$/.exec(seg);
  if (full?.[1] && full[2] && full[3] && monthNumber(full[2])) {
    const hour = full[4] ? Number(full[4]) : null;
    const minute = full[5] ? Number(full[5]) : null;
    if ((hour !== null && hour > 23) || (minute !== null && minute > 59)) return null;
    return { year: 2000 + Number(full[1]), month: monthNumber(full[2]), day: Number(full[3]), hour, minute, rest: full[6] ?? '' };
  }
  const month = /^(\d{2})([A-Z]{3})([A-Z0-9]*)$/.exec(seg);
  if (month?.[1] && month[2] && monthNumber(month[2])) return { year: 2000 + Number(month[1]), month: monthNumber(month[2]), day: null, hour: null, minute: null, rest: month[3] ?? '' };
  const year4 = /^(20\d\d)([A-Z]*)$/.exec(seg);
  if (year4?.[1]) return { year: Number(year4[1]), month: null, day: null, hour: null, minute: null, rest: year4[2] ?? '' };
  // "26", "28R", "26FINAL": the year first, then the event's own code.
  const year2 = /^(\d{2})([A-Z]{0,12})$/.exec(seg);
  if (year2?.[1] && Number(year2[1]) >= 16 && Number(year2[1]) <= 60) return { year: 2000 + Number(year2[1]), month: null, day: null, hour: null, minute: null, rest: year2[2] ?? '' };
  // "BRPRES26": an event code with its two-digit year at the end; "23D26": a district and a party, then the year.
  const tail = /^(?:[A-Z]{3,}|\d{1,2}[A-Z]{1,2})(\d{2})$/.exec(seg);
  if (tail?.[1] && Number(tail[1]) >= 16 && Number(tail[1]) <= 60) return { year: 2000 + Number(tail[1]), month: null, day: null, hour: null, minute: null, rest: '' };
  return null;
}

export function parseKalshiTicker(ticker: string): KalshiTicker | null {
  const t = ticker.trim().toUpperCase();
  if (!isKalshiTicker(t)) return null;
  const [head, ...segs] = t.split('-');
  if (!head) return null;
  let found: DatePart | null = null;
  let at = -1;
  for (let i = 0; i < segs.length && !found; i++) {
    found = datePart(segs[i] ?? '');
    if (found) at = i;
  }
  // A ticker always dates its event; a hyphenated name without a date ("GPT-5", "COVID-19") is not one.
  if (!found) return null;
  const last = segs.length >= 2 ? (segs[segs.length - 1] ?? null) : null;
  const market = last !== null && at !== segs.length - 1 ? last : null;
  const valid = (m: number | null, d: number | null): boolean => m !== null && d !== null && d >= 1 && d <= 31;
  return {
    series: head.replace(/^KX/, ''),
    year: found.year,
    month: found.month,
    day: valid(found.month, found.day) ? `${found.year}-${pad(found.month ?? 1)}-${pad(found.day ?? 1)}` : null,
    hour: found.hour,
    minute: found.minute,
    eventCodes: found.rest,
    market,
  };
}

/**
 * A ticker given where a title is expected ("KXFEDDECISION-25DEC-C25"): the series and codes read as
 * the words and dates a title would carry, so the ordinary reader can compare it. Returns null for
 * anything that is not a ticker.
 */
export function kalshiTickerQuestion(title: string, outcome: string): { title: string; outcome: string } | null {
  const t = parseKalshiTicker(title);
  if (!t) return null;
  const when = t.day ? ` on ${t.day}` : t.month && t.year ? ` in ${monthName(t.month)} ${t.year}` : t.year ? ` in ${t.year}` : '';
  const at = t.hour !== null ? ` at ${t.hour % 12 === 0 ? 12 : t.hour % 12}${t.hour < 12 ? 'am' : 'pm'} ET` : '';
  const code = t.market ?? '';
  const label = (fallback: string): string => (/^(?:yes|no)$/i.test(outcome) ? fallback : outcome || fallback);
  const fed = /^FEDDECISION$/.test(t.series) ? fedMove(code) : null;
  if (fed) return { title: `Fed decision${when}?`, outcome: fed };
  if (t.series === 'FED' && /^T\d/.test(code)) return { title: `Fed funds rate upper bound after the${when.replace(/^ in/, '')} meeting?`, outcome: `Above ${code.slice(1)}%` };
  // KXHIGHNY-25NOV21-B52.5: the day's high in a city; a B bucket spans the whole degrees around its centre.
  const city = /^HIGH([A-Z]+)$/.exec(t.series)?.[1];
  if (city && SERIES.highCities[city]) {
    const bucket = /^B(\d+)\.5$/.exec(code);
    return { title: `Highest temperature in ${SERIES.highCities[city]}${when}?`, outcome: label(bucket?.[1] ? `${bucket[1]}° to ${Number(bucket[1]) + 1}°` : code) };
  }
  // KXBTCD-25NOV2117-T95999.99: a coin or an index above a level at an hour of a day.
  const asset = /^([A-Z0-9]+?)(?:D|U)?$/.exec(t.series)?.[1];
  if (asset && SERIES.assets[asset] && /^T\d/.test(code)) return { title: `${SERIES.assets[asset]} price${when}${at}?`, outcome: label(`Above ${code.slice(1)}`) };
  // KXNBAGAME-26JAN10SASBOS-BOS: a game of a league; the sides are the codes of the event.
  const league = /^([A-Z0-9]+?)GAME$/.exec(t.series)?.[1];
  // A soccer game is read as one, its clubs standing for it (a league's name read as a name stood apart from the
  // clubs' own markets); its third outcome is the draw ("…-TIE").
  if (league && SERIES.soccerLeagues.includes(league)) return { title: `Soccer game${when}?`, outcome: label(code === 'TIE' ? 'Draw' : code) };
  if (league && SERIES.leagues[league]) return { title: `${SERIES.leagues[league]} game${when}?`, outcome: label(code) };
  return { title: `${t.series}${when}?`, outcome: label(code) };
}

/** Fed decision market codes: C25 cut 25 bp, C26 a cut of more than 25 bp, H0 a move of 0 (no change). */
function fedMove(code: string): string | null {
  const m = /^([CH])(\d+)$/.exec(code);
  if (!m?.[1] || m[2] === undefined) return null;
  const bp = Number(m[2]);
  if (bp === 0) return 'No change';
  const verb = m[1] === 'C' ? 'Cut' : 'Hike';
  // Kalshi numbers "more than 25 bp" as 26: one past the step.
  return bp % 25 === 0 ? `${verb} ${bp}bps` : `${verb} >${bp - (bp % 25)}bps`;
}
