import { z } from 'zod';
import type { TrackedPosition, TradeHistoryItem } from '../types.ts';
import { readRows } from '../rows.ts';
import { DUST_SHARES, isoTime, num, position, round } from '../values.ts';

/*
 * Drift Data API (APIS.md §7). Numbers are decimal strings already in units (USDC, base shares).
 * GET /user/{accountId}: {"account":{…},"positions":[{"symbol":"BTC-PERP","marketIndex":0,
 *   "baseAssetAmount":"-0.050000000","quoteEntryAmount":"4.198370","settledPnl":"0.000000",…}],…}
 * GET /user/{accountId}/trades: {"success":true,"records":[{"ts":1770731837,"symbol":"BTC-PERP",
 *   "baseAssetAmountFilled":"0.001000000","quoteAssetAmountFilled":"68.936100","taker":"4giL…",
 *   "takerOrderDirection":"long","maker":"BrRp…","makerOrderDirection":"short",…}],"meta":{"nextPage":null}}
 * GET /stats/markets: {"markets":[{"symbol":"BTC-150K-2026-BET","marketType":"perp","status":"active",
 *   "markPrice":"0.121000","oraclePrice":"0.121000",…}]}
 * Only BET (prediction) markets are prediction-market positions: a BET perp's price is P(YES) in USDC,
 * long = YES, short = NO worth 1 − price. Other perps and spot balances are not tracked here.
 */

const SITE = 'https://app.drift.trade/';
const numeric = z.union([z.number(), z.string()]);

const positionRow = z.object({ symbol: z.string().min(1), baseAssetAmount: numeric, quoteEntryAmount: numeric });
export const driftUserSchema = z.object({ positions: z.array(z.unknown()).default([]) });

const tradeRow = z.object({
  ts: numeric,
  symbol: z.string().min(1),
  baseAssetAmountFilled: numeric,
  quoteAssetAmountFilled: numeric,
  taker: z.string().nullish(),
  takerOrderDirection: z.string().nullish(),
  maker: z.string().nullish(),
  makerOrderDirection: z.string().nullish(),
});
export const driftTradesSchema = z.object({ records: z.array(z.unknown()) });

const statsRow = z.object({
  symbol: z.string(),
  marketType: z.string().nullish(),
  contractType: z.string().nullish(),
  status: z.string().nullish(),
  markPrice: numeric.nullish(),
  oraclePrice: numeric.nullish(),
});
export const driftStatsSchema = z.object({ markets: z.array(z.unknown()) });

/** Market statuses after which a BET market no longer trades and pays its settlement price. */
const SETTLED = new Set(['settlement', 'delisted']);

export interface DriftMarketPrice {
  /** YES price 0..1. */
  readonly yes: number;
  readonly settled: boolean;
}

/** BET markets are perps with contract type Prediction, or named `…-BET` (APIS.md §7). */
export function isBetSymbol(symbol: string, contractType?: string | null): boolean {
  if (contractType?.toLowerCase() === 'prediction') return true;
  return symbol.toUpperCase().endsWith('-BET');
}

/** Price of every BET market listed by /stats/markets: the mark price, or the oracle when there is none. */
export function parseDriftPrices(rows: readonly unknown[]): Map<string, DriftMarketPrice> {
  const prices = new Map<string, DriftMarketPrice>();
  for (const m of readRows(statsRow, rows, 'markets').rows) {
    if (!isBetSymbol(m.symbol, m.contractType) || (m.marketType && m.marketType !== 'perp')) continue;
    const yes = num(m.markPrice) ?? num(m.oraclePrice);
    if (yes === null) continue;
    prices.set(m.symbol, { yes, settled: SETTLED.has((m.status ?? '').toLowerCase()) });
  }
  return prices;
}

/**
 * BET positions of the account. Entry YES price = |quoteEntryAmount| / |baseAssetAmount|. A long holds YES at
 * that price; a short holds NO at 1 − that price (BET markets are fully collateralised, so a short of s costs
 * s × (1 − p)). A market /stats/markets no longer lists is carried at its entry price.
 */
export function parseDriftPositions(rows: readonly unknown[], prices: ReadonlyMap<string, DriftMarketPrice>): { positions: TrackedPosition[]; skipped: string[] } {
  const read = readRows(positionRow, rows, 'positions');
  const skipped = [...read.skipped];
  const positions: TrackedPosition[] = [];
  for (const p of read.rows) {
    if (!isBetSymbol(p.symbol)) continue;
    const base = num(p.baseAssetAmount);
    const quote = num(p.quoteEntryAmount);
    if (base === null || quote === null) {
      skipped.push(`positions ${p.symbol}: baseAssetAmount or quoteEntryAmount is not a number`);
      continue;
    }
    const size = Math.abs(base);
    if (size < DUST_SHARES) continue;
    const entryYes = Math.abs(quote) / size;
    const long = base > 0;
    const market = prices.get(p.symbol);
    const yesNow = market?.yes ?? entryYes;
    positions.push(
      position({
        platform: 'drift',
        marketTitle: p.symbol,
        marketUrl: SITE + p.symbol,
        outcome: long ? 'Yes' : 'No',
        status: market?.settled ? 'resolved' : 'open',
        size,
        avgPrice: long ? entryYes : 1 - entryYes,
        currentPrice: long ? yesNow : 1 - yesNow,
      }),
    );
  }
  return { positions, skipped };
}

/**
 * Fills of BET markets in which the account took part, as taker or maker: long = BUY, short = SELL of the
 * market's YES contract, at quote / base per share.
 */
export function parseDriftTrades(rows: readonly unknown[], account: string): { history: TradeHistoryItem[]; skipped: string[] } {
  const read = readRows(tradeRow, rows, 'records');
  const skipped = [...read.skipped];
  const history: TradeHistoryItem[] = [];
  read.rows.forEach((r, i) => {
    if (!isBetSymbol(r.symbol)) return;
    const direction = r.taker === account ? r.takerOrderDirection : r.maker === account ? r.makerOrderDirection : null;
    if (!direction) return;
    const base = num(r.baseAssetAmountFilled);
    const quote = num(r.quoteAssetAmountFilled);
    const timestamp = isoTime(r.ts, 's');
    if (base === null || quote === null || base === 0 || !timestamp) {
      skipped.push(`records[${i}]: fill without amounts or time`);
      return;
    }
    history.push({
      platform: 'drift',
      type: direction.toLowerCase() === 'long' ? 'BUY' : 'SELL',
      side: 'YES',
      marketTitle: r.symbol,
      price: round(Math.abs(quote / base), 6),
      size: Math.abs(base),
      timestamp,
    });
  });
  return { history, skipped };
}
