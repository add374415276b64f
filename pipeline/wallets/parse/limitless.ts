import { z } from 'zod';
import type { TrackedPosition } from '../types.ts';
import { readRows } from '../rows.ts';
import { dateOnly, DUST_SHARES, fromScaled, num, position } from '../values.ts';

/*
 * Limitless GET /portfolio/{account}/positions (APIS.md §2; real capture of the same shape from the
 * authenticated variant). Amounts are 6-decimal integer strings: cost, marketValue and PnL in USDC ×1e6,
 * tokensBalance in shares ×1e6, fillPrice the average price ×1e6.
 * {"clob":[{"market":{"slug":"eth-up-or-down-hourly-1783634400","title":"ETH Up or Down - Hourly",
 *   "status":"RESOLVED","closed":true,"deadline":"2026-07-09T23:00:00.000Z","winningOutcomeIndex":1,
 *   "payoutNumerators":null,"collateralToken":{"decimals":6,"symbol":"USDC"}},
 *  "positions":{"yes":{"cost":"3745955","fillPrice":"940000","marketValue":"3526600",…},"no":{"cost":"1",…}},
 *  "tokensBalance":{"yes":"3985058","no":"3"},
 *  "latestTrade":{"latestYesPrice":0.88,"latestNoPrice":0.12,"outcomeTokenPrice":0.88}}],"amm":[],"group":[]}
 */

const SITE = 'https://limitless.exchange/markets/';
const intString = z.union([z.string(), z.number()]);

const side = z.object({ cost: intString.nullish(), fillPrice: intString.nullish(), marketValue: intString.nullish() });

const item = z.object({
  market: z.object({
    slug: z.string().min(1),
    title: z.string().min(1),
    status: z.string().nullish(),
    closed: z.boolean().nullish(),
    deadline: z.string().nullish(),
    expirationDate: z.string().nullish(),
    winningOutcomeIndex: z.number().int().nullish(),
    payoutNumerators: z.array(z.union([z.number(), z.string()])).nullish(),
    collateralToken: z.object({ decimals: z.number().int().min(0).max(36) }).nullish(),
  }),
  positions: z.object({ yes: side.nullish(), no: side.nullish() }),
  tokensBalance: z.object({ yes: intString.nullish(), no: intString.nullish() }),
  latestTrade: z.object({ latestYesPrice: z.number().nullish(), latestNoPrice: z.number().nullish() }).nullish(),
});
type Item = z.infer<typeof item>;

export const limitlessPortfolioSchema = z.object({
  clob: z.array(z.unknown()).default([]),
  amm: z.array(z.unknown()).default([]),
  group: z.array(z.unknown()).default([]),
});

/** Payout per share of outcome `index` (0 = YES, 1 = NO) once resolved; null while the market is unresolved. */
function payout(m: Item['market'], index: 0 | 1): number | null {
  const nums = m.payoutNumerators?.map((v) => num(v));
  if (nums && nums.length === 2 && nums.every((v) => v !== null)) {
    const total = (nums[0] as number) + (nums[1] as number);
    if (total > 0) return (nums[index] as number) / total;
  }
  if (m.winningOutcomeIndex === 0 || m.winningOutcomeIndex === 1) return m.winningOutcomeIndex === index ? 1 : 0;
  return null;
}

/**
 * One position per side with shares left. A resolved market stays in the list until the tokens are redeemed,
 * with `marketValue` still at the last trade: it is valued at the payout instead. Balances under the dust
 * threshold (a few 1e-6 shares are common) are left out.
 */
export function parseLimitlessPositions(body: z.infer<typeof limitlessPortfolioSchema>): { positions: TrackedPosition[]; skipped: string[] } {
  const positions: TrackedPosition[] = [];
  const skipped: string[] = [];
  for (const kind of ['clob', 'amm', 'group'] as const) {
    const read = readRows(item, body[kind], kind);
    skipped.push(...read.skipped);
    for (const it of read.rows) {
      const decimals = it.market.collateralToken?.decimals ?? 6;
      for (const [key, index] of [['yes', 0], ['no', 1]] as const) {
        const shares = fromScaled(it.tokensBalance[key] ?? null, 6);
        if (shares === null || shares < DUST_SHARES) continue;
        const s = it.positions[key];
        const cost = fromScaled(s?.cost ?? null, decimals);
        const fill = fromScaled(s?.fillPrice ?? null, 6);
        const settled = payout(it.market, index);
        const resolved = settled !== null || it.market.status === 'RESOLVED';
        const last = key === 'yes' ? it.latestTrade?.latestYesPrice : it.latestTrade?.latestNoPrice;
        const marked = fromScaled(s?.marketValue ?? null, decimals);
        const current = settled ?? last ?? (marked !== null ? marked / shares : null);
        if (current === null || (cost === null && fill === null)) {
          skipped.push(`${kind} ${it.market.slug} ${key}: no price or cost to value ${shares} shares`);
          continue;
        }
        positions.push(
          position({
            platform: 'limitless',
            marketTitle: it.market.title,
            marketUrl: SITE + it.market.slug,
            outcome: key === 'yes' ? 'Yes' : 'No',
            status: resolved ? 'resolved' : 'open',
            size: shares,
            cost,
            avgPrice: fill,
            currentPrice: current,
            endDate: dateOnly(it.market.deadline ?? it.market.expirationDate, 'iso'),
          }),
        );
      }
    }
  }
  return { positions, skipped };
}
