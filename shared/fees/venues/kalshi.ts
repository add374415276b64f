import type { FeeModel } from '../feeModel.ts';

/**
 * Kalshi trading fees (APIS.md §9 "Fees"; kalshi.com/docs/kalshi-fee-schedule.pdf and Kalshi's
 * fee-rounding help page):
 * - taker: 0.07 * C * P * (1-P) for C contracts at price P dollars, at most $0.0175 per contract (P = 0.50);
 * - maker: 0, except on series whose `fee_type` is `quadratic_with_maker_fees`, where makers pay
 *   0.0175 * C * P * (1-P) (in force since July 2025, mostly sports and some macro series);
 * - `fee_multiplier` on the series scales the result (read as a factor on the rate; Kalshi does not say
 *   more, APIS.md marks the exact use unverified);
 * - rounding: each fill's fee is rounded up to $0.0001, then a rounding fee brings the order to the
 *   member's precision, a cent, with a per-order accumulator refunding over-collection in whole cents:
 *   an order pays its fills' fees rounded up to the cent, once. A 1-lot at 0.50 pays $0.02.
 * - `flat` series use a table in the fee-schedule PDF that no API exposes: unknown, never guessed.
 * No settlement fee.
 */
export const KALSHI_TAKER_RATE = 0.07;
export const KALSHI_MAKER_RATE = 0.0175;
export const KALSHI_FILL_ROUND_UP_TO = 0.0001;
export const KALSHI_ORDER_ROUND_UP_TO = 0.01;

export type QuadraticFee = Extract<FeeModel, { kind: 'quadratic_per_order' }>;

/**
 * The general schedule, for a market whose series was not available (the series listing failed or
 * the series is newer than the cached listing). Takers pay the same rate under `quadratic` and
 * `quadratic_with_maker_fees`, so only a maker or a `flat`/multiplied series can differ from it.
 */
export const KALSHI_GENERAL_FEE: QuadraticFee = Object.freeze({
  kind: 'quadratic_per_order',
  taker_rate: KALSHI_TAKER_RATE,
  maker_rate: 0,
  multiplier: 1,
  fill_round_up_to: KALSHI_FILL_ROUND_UP_TO,
  order_round_up_to: KALSHI_ORDER_ROUND_UP_TO,
  source: 'documentation',
});

/** The fee fields of a `/series` entry. */
export interface KalshiSeriesFees {
  readonly fee_type?: string | null;
  readonly fee_multiplier?: number | null;
}

/** The fee model of a market from its series' `fee_type` and `fee_multiplier`; the general schedule without a series. */
export function kalshiFee(series: KalshiSeriesFees | null): FeeModel {
  if (series === null || series.fee_type === undefined || series.fee_type === null) return KALSHI_GENERAL_FEE;
  const multiplier = series.fee_multiplier ?? 1;
  if (!Number.isFinite(multiplier) || multiplier < 0) {
    return { kind: 'unknown', reason: `Kalshi series fee_multiplier ${String(series.fee_multiplier)} is not a non-negative number` };
  }
  const base = { ...KALSHI_GENERAL_FEE, multiplier, source: 'market' as const };
  switch (series.fee_type) {
    case 'quadratic':
      return base;
    case 'quadratic_with_maker_fees':
      return { ...base, maker_rate: KALSHI_MAKER_RATE };
    case 'flat':
      return { kind: 'unknown', reason: 'Kalshi series uses the flat fee table of the fee-schedule PDF, which the API does not expose' };
    default:
      return { kind: 'unknown', reason: `Kalshi series fee_type "${series.fee_type}" is not one Concord knows` };
  }
}

/** Rounds up to a multiple of `step`, ignoring binary noise below 1e-9 of a step (1.75 / 0.01 is 175.00000000000003). */
export function roundUpTo(value: number, step: number): number {
  const steps = Math.ceil(value / step - 1e-9);
  return Number((Math.max(0, steps) * step).toFixed(10));
}

export type OrderRole = 'taker' | 'maker';

/** One fill's fee in dollars, rounded up to the fill precision ($0.0001), as Kalshi records it in `fee_cost`. */
export function kalshiFillFee(fee: QuadraticFee, price: number, contracts: number, role: OrderRole): number | null {
  if (!Number.isFinite(price) || price < 0 || price > 1 || !Number.isFinite(contracts) || contracts < 0) return null;
  const rate = role === 'taker' ? fee.taker_rate : fee.maker_rate;
  return roundUpTo(rate * fee.multiplier * contracts * price * (1 - price), fee.fill_round_up_to);
}

/** What one order pays in dollars: its fills' fees summed and rounded up to the cent. */
export function kalshiOrderFee(fee: QuadraticFee, fills: ReadonlyArray<{ price: number; contracts: number }>, role: OrderRole): number | null {
  let total = 0;
  for (const f of fills) {
    const one = kalshiFillFee(fee, f.price, f.contracts, role);
    if (one === null) return null;
    total += one;
  }
  return roundUpTo(total, fee.order_round_up_to);
}
