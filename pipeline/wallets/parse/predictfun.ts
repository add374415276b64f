import { z } from 'zod';
import type { TrackedPosition, TradeHistoryItem } from '../types.ts';
import { readRows } from '../rows.ts';
import { DUST_SHARES, fromScaled, isoTime, num, outcomeLabel, position, sideOf } from '../values.ts';

/*
 * Predict.fun (APIS.md §8). Envelope {success, data, cursor}.
 * GET /v1/positions/{address}: [{"market":{"id":2880279,"question":"Bitcoin Up or Down on October 5?",
 *   "categorySlug":"bitcoin-up-or-down-on-october-5-2026","status":"REGISTERED","tradingStatus":"OPEN",
 *   "resolution":null,"outcomes":[{"indexSet":1,"name":"Up","bestBid":{"price":0.87,…},…},…]},
 *   "outcome":{"name":"Up","indexSet":1},"amount":"125400000000000000000" (shares ×1e18),
 *   "valueUsd":"109.098","averageBuyPriceUsd":"0.6120","pnlUsd":"32.3532"}]
 * GET /v1/orders/matches?signerAddress=…: [{"executedAt":"2026-10-05T11:43:04.000Z","market":{…},
 *   "taker":{"signer":"0x9bcE…","quoteType":"Bid","outcome":{"name":"Down",…},"amount":"36846153846153846152",
 *   "price":"130000000000000000",…},"makers":[{…same…}]}] — amounts and prices are 1e18 integer strings.
 */

const SITE = 'https://predict.fun/market/';
const scaled = z.union([z.string(), z.number()]);

const marketOutcome = z.object({
  indexSet: z.number().int(),
  name: z.string(),
  status: z.string().nullish(),
  bestBid: z.object({ price: z.number() }).nullish(),
  bestAsk: z.object({ price: z.number() }).nullish(),
});

const market = z.object({
  id: z.union([z.number(), z.string()]),
  question: z.string().nullish(),
  title: z.string().nullish(),
  categorySlug: z.string().nullish(),
  status: z.string().nullish(),
  resolution: z.object({ indexSet: z.number().int() }).passthrough().nullish(),
  outcomes: z.array(marketOutcome).nullish(),
});
type Market = z.infer<typeof market>;

const positionRow = z.object({
  market,
  outcome: z.object({ name: z.string(), indexSet: z.number().int() }),
  amount: scaled,
  valueUsd: scaled.nullish(),
  averageBuyPriceUsd: scaled.nullish(),
});

const leg = z.object({
  signer: z.string(),
  quoteType: z.enum(['Bid', 'Ask']),
  outcome: z.object({ name: z.string() }),
  amount: scaled,
  price: scaled,
  hash: z.string().nullish(),
});

const matchRow = z.object({
  executedAt: z.string(),
  market,
  taker: leg,
  makers: z.array(leg).default([]),
  settlementId: z.string().nullish(),
  transactionHash: z.string().nullish(),
});

export const predictfunPageSchema = z.object({ success: z.literal(true), data: z.array(z.unknown()), cursor: z.string().nullish() });

function title(m: Market): string {
  return m.question || m.title || `Predict.fun market ${m.id}`;
}

function url(m: Market): string {
  return m.categorySlug ? SITE + m.categorySlug : 'https://predict.fun/';
}

/** Payout per share of `indexSet` once the market resolved; null while it trades. */
function payout(m: Market, indexSet: number): number | null {
  if (m.resolution) return m.resolution.indexSet === indexSet ? 1 : 0;
  const o = m.outcomes?.find((x) => x.indexSet === indexSet);
  if (o?.status === 'WON') return 1;
  if (o?.status === 'LOST') return 0;
  return null;
}

/**
 * Held positions. Open ones are valued at the venue's own `valueUsd` (per share: valueUsd / shares), or at
 * the outcome's best bid when that is missing; resolved ones at the payout.
 */
export function parsePredictfunPositions(rows: readonly unknown[]): { positions: TrackedPosition[]; skipped: string[] } {
  const read = readRows(positionRow, rows, 'positions');
  const skipped = [...read.skipped];
  const positions: TrackedPosition[] = [];
  read.rows.forEach((r, i) => {
    const shares = fromScaled(r.amount, 18);
    if (shares === null) {
      skipped.push(`positions[${i}]: amount ${String(r.amount)} is not a 1e18 integer string`);
      return;
    }
    if (shares < DUST_SHARES) return;
    const settled = payout(r.market, r.outcome.indexSet);
    const value = num(r.valueUsd);
    const bid = r.market.outcomes?.find((o) => o.indexSet === r.outcome.indexSet)?.bestBid?.price ?? null;
    const current = settled ?? (value !== null ? value / shares : bid);
    const avg = num(r.averageBuyPriceUsd);
    if (current === null || avg === null) {
      skipped.push(`positions[${i}]: no current value or average buy price`);
      return;
    }
    positions.push(
      position({
        platform: 'predictfun',
        marketTitle: title(r.market),
        marketUrl: url(r.market),
        outcome: outcomeLabel(r.outcome.name),
        status: settled !== null || r.market.status === 'RESOLVED' ? 'resolved' : 'open',
        size: shares,
        avgPrice: avg,
        currentPrice: current,
      }),
    );
  });
  return { positions, skipped };
}

/**
 * The wallet's own legs of each fill: the taker leg when it signed as taker, each maker leg it signed.
 * Bid = it bought the named outcome, Ask = it sold it. The same fill can come back from both the maker and
 * the taker query, so legs are keyed by fill (settlement id, role, order hash) and kept once.
 */
export function parsePredictfunMatches(rows: readonly unknown[], address: string): { history: TradeHistoryItem[]; skipped: string[] } {
  const read = readRows(matchRow, rows, 'matches');
  const skipped = [...read.skipped];
  const me = address.toLowerCase();
  const seen = new Set<string>();
  const history: TradeHistoryItem[] = [];
  read.rows.forEach((r, i) => {
    const timestamp = isoTime(r.executedAt, 'iso');
    if (!timestamp) {
      skipped.push(`matches[${i}]: executedAt ${r.executedAt} is not ISO 8601`);
      return;
    }
    const legs = [{ l: r.taker, role: 'taker' }, ...r.makers.map((l, j) => ({ l, role: `maker${j}` }))];
    for (const { l, role } of legs) {
      if (l.signer.toLowerCase() !== me) continue;
      // The leg hash is the order's: one resting order fills across several matches, so the fill is the key.
      const key = `${r.settlementId ?? r.transactionHash ?? timestamp}:${role}:${l.hash ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const size = fromScaled(l.amount, 18);
      const price = fromScaled(l.price, 18);
      if (size === null || price === null) {
        skipped.push(`matches[${i}] ${role}: amount or price is not a 1e18 integer string`);
        continue;
      }
      history.push({
        platform: 'predictfun',
        type: l.quoteType === 'Bid' ? 'BUY' : 'SELL',
        side: sideOf(l.outcome.name),
        marketTitle: title(r.market),
        price,
        size,
        timestamp,
      });
    }
  });
  return { history, skipped };
}
