/**
 * Two listings of one company, index or coin are different instruments: Alphabet's class A (GOOGL) and class C
 * (GOOG) shares close at different prices, the S&P 500 index (SPX) is about ten times its ETF (SPY), the Nasdaq-100
 * (NDX) is not QQQ. When both markets write a ticker and those tickers name the same thing under different
 * symbols, the levels they ask about are not the same level. Tickers that are one instrument written two ways
 * (DJI / DJIA) are one.
 */
import { namesOfTicker, tickersIn } from '../../../../shared/text/tickers.ts';
import type { Proposition } from '../types.ts';
import { perText } from './textMemo.ts';

/** Symbols that name one instrument: the same index or coin under two symbols, or a class-less symbol of one. */
const SAME_INSTRUMENT: readonly (readonly string[])[] = [['DJI', 'DJIA'], ['BRK', 'BRK.B'], ['MATIC', 'POL']];
const canonical = new Map<string, string>(SAME_INSTRUMENT.flatMap((group) => group.map((t) => [t, group[0] ?? t] as const)));
const canon = (t: string): string => canonical.get(t) ?? t;

const sharesAName = (x: string, y: string): boolean => {
  const names = new Set(namesOfTicker(x));
  return namesOfTicker(y).some((n) => names.has(n));
};

/** The tickers a text writes, each by its instrument: read once per text, not once per pair it is compared in. */
const instrumentsIn = perText((text: string): readonly string[] => tickersIn(text).map(canon));

export function compareInstruments(a: Proposition, b: Proposition): string[] {
  const mine = instrumentsIn(a.text);
  if (mine.length === 0) return [];
  const theirs = instrumentsIn(b.text);
  for (const x of mine) {
    if (theirs.includes(x)) continue;
    const other = theirs.find((y) => sharesAName(x, y));
    if (other && !mine.includes(other)) return [`listed instrument differs: ${x} vs ${other}`];
  }
  return [];
}
