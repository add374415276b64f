import { z } from 'zod';
import type { TrackedPosition, TradeHistoryItem } from '../types.ts';
import { readRows } from '../rows.ts';
import { dateOnly, DUST_SHARES, isoTime, position, round, sideOf } from '../values.ts';

/*
 * Manifold (APIS.md §4), play money (mana). Times are unix milliseconds.
 * GET /v0/get-user-contract-metrics-with-contracts?userId=…:
 *   {"metricsByContract":{"xv86CDBe0flxF2epvO3f":[{"contractId":"xv86CDBe0flxF2epvO3f","answerId":null,
 *     "invested":63625.99,"payout":132936.84,"profit":73386.56,"totalShares":{"NO":132936.84},
 *     "maxSharesOutcome":"NO","hasShares":true,…}]},
 *    "contracts":[{"id":"xv86CDBe0flxF2epvO3f","question":"Will TSLA reach >$ 275 before 8pm EST on 8/8?",
 *     "slug":"will-tesla-stock-reach-275-by-88-of-e836ca33649e","creatorUsername":"MolbyDick","prob":0,
 *     "isResolved":true,"resolution":"NO","closeTime":1723166651449,"token":"MANA",…}]}
 * GET /v0/bets?username=…: [{"contractId":"Tz5dA01GkK5QKiQfZeDL","amount":10,"shares":17.35,"outcome":"YES",
 *   "createdTime":1659482757271,"isFilled":true,"isCancelled":false,"limitProb":0.5,…}]
 */

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

const answer = z.object({ id: z.string(), text: z.string().nullish(), prob: finite.nullish(), probability: finite.nullish() });

const contract = z.object({
  id: z.string().min(1),
  question: z.string().min(1),
  slug: z.string().nullish(),
  url: z.string().nullish(),
  creatorUsername: z.string().nullish(),
  prob: finite.nullish(),
  probability: finite.nullish(),
  isResolved: z.boolean().nullish(),
  closeTime: finite.nullish(),
  answers: z.array(answer).nullish(),
});
type Contract = z.infer<typeof contract>;

const metric = z.object({
  contractId: z.string(),
  answerId: z.string().nullish(),
  invested: finite,
  payout: finite.nullish(),
  totalShares: z.record(z.string(), finite),
  maxSharesOutcome: z.string().nullish(),
});
type Metric = z.infer<typeof metric>;

export const manifoldMetricsSchema = z.object({
  metricsByContract: z.record(z.string(), z.array(z.unknown())),
  contracts: z.array(z.unknown()),
});

export const manifoldUserSchema = z.object({ id: z.string().min(1), username: z.string().nullish() });

const bet = z.object({
  contractId: z.string(),
  answerId: z.string().nullish(),
  amount: finite,
  shares: finite,
  outcome: z.string(),
  createdTime: finite,
  isFilled: z.boolean().nullish(),
  isCancelled: z.boolean().nullish(),
  isRedemption: z.boolean().nullish(),
  limitProb: finite.nullish(),
  probAfter: finite.nullish(),
});

function url(c: Contract): string {
  if (c.url) return c.url;
  if (c.creatorUsername && c.slug) return `https://manifold.markets/${c.creatorUsername}/${c.slug}`;
  return 'https://manifold.markets/';
}

/** The side held: Manifold's own maxSharesOutcome, else the larger holding. */
function heldSide(m: Metric): { side: string; shares: number } | null {
  const entries = Object.entries(m.totalShares);
  const named = m.maxSharesOutcome ? entries.find(([k]) => k === m.maxSharesOutcome) : undefined;
  const best = named ?? entries.sort((a, b) => b[1] - a[1])[0];
  return best ? { side: best[0], shares: best[1] } : null;
}

/** YES price from the contract (or its answer) for markets whose metric carries no payout. */
function yesPrice(c: Contract, answerId: string | null | undefined): number | null {
  if (answerId) {
    const a = c.answers?.find((x) => x.id === answerId);
    return a?.prob ?? a?.probability ?? null;
  }
  return c.prob ?? c.probability ?? null;
}

/**
 * One position per held contract (or per answer of a multiple-choice market, when the metrics come per
 * answer). Manifold values the shares itself: `payout` is what they are worth now (at the resolution once
 * resolved, the refund when cancelled), so the current price is payout / shares. `invested` is the cost
 * basis of the shares still held; mana from earlier sales is realised and not part of this P&L.
 */
export function parseManifoldMetrics(body: z.infer<typeof manifoldMetricsSchema>): { positions: TrackedPosition[]; skipped: string[]; titles: Map<string, string> } {
  const contracts = readRows(contract, body.contracts, 'contracts');
  const skipped = [...contracts.skipped];
  const byId = new Map(contracts.rows.map((c) => [c.id, c]));
  const titles = new Map(contracts.rows.map((c) => [c.id, c.question]));
  const positions: TrackedPosition[] = [];
  for (const [contractId, raw] of Object.entries(body.metricsByContract)) {
    const c = byId.get(contractId);
    if (!c) {
      skipped.push(`metricsByContract.${contractId}: contract missing from contracts[]`);
      continue;
    }
    const read = readRows(metric, raw, `metricsByContract.${contractId}`);
    skipped.push(...read.skipped);
    const perAnswer = read.rows.some((m) => m.answerId);
    for (const m of read.rows) {
      // With per-answer rows, the answerId-less row is their sum; counting it too would double the holding.
      if (perAnswer && !m.answerId) continue;
      const held = heldSide(m);
      if (!held || held.shares < DUST_SHARES) continue;
      const yes = yesPrice(c, m.answerId);
      const current = m.payout != null ? m.payout / held.shares : yes === null ? null : held.side === 'YES' ? yes : 1 - yes;
      if (current === null) {
        skipped.push(`metricsByContract.${contractId}: no payout or probability to value the shares`);
        continue;
      }
      const answerText = m.answerId ? c.answers?.find((a) => a.id === m.answerId)?.text : null;
      positions.push(
        position({
          platform: 'manifold',
          marketTitle: answerText ? `${c.question} — ${answerText}` : c.question,
          marketUrl: url(c),
          outcome: held.side === 'YES' ? 'Yes' : held.side === 'NO' ? 'No' : held.side,
          status: c.isResolved ? 'resolved' : 'open',
          size: held.shares,
          cost: m.invested,
          currentPrice: current,
          endDate: dateOnly(c.closeTime, 'ms'),
        }),
      );
    }
  }
  return { positions, skipped, titles };
}

/**
 * Bets: a purchase is BET, a sale (negative amount) SELL, a YES+NO redemption REDEMPTION. Size in shares and
 * price per share (amount / shares); a limit order still resting says so in `status`. Titles come from the
 * metrics' contracts; a bet on a contract outside them names the contract id.
 */
export function parseManifoldBets(rows: readonly unknown[], titles: ReadonlyMap<string, string>): { history: TradeHistoryItem[]; skipped: string[] } {
  const read = readRows(bet, rows, 'bets');
  const history: TradeHistoryItem[] = [];
  for (const b of read.rows) {
    if (b.shares === 0 && b.amount === 0) continue; // a limit order that never filled
    const timestamp = isoTime(b.createdTime, 'ms');
    if (!timestamp) continue;
    const type = b.isRedemption ? 'REDEMPTION' : b.amount < 0 ? 'SELL' : 'BET';
    const price = b.shares !== 0 ? round(Math.abs(b.amount / b.shares), 6) : (b.limitProb ?? b.probAfter ?? undefined);
    const status = b.isCancelled ? 'cancelled' : b.limitProb != null && b.isFilled === false ? 'open' : 'filled';
    history.push({
      platform: 'manifold',
      type,
      side: sideOf(b.outcome),
      marketTitle: titles.get(b.contractId) ?? `Manifold market ${b.contractId}`,
      ...(price !== undefined ? { price } : {}),
      size: Math.abs(b.shares),
      timestamp,
      status,
    });
  }
  return { history, skipped: read.skipped };
}
