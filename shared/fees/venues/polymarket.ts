import type { FeeModel } from '../feeModel.ts';

/**
 * Polymarket fees are per market: takers pay `shares * rate * (p(1-p))^exponent` only where
 * `feesEnabled` is true, makers pay nothing (APIS.md §1 "Fees"; Polymarket docs, trading fees).
 * The Jun-2026 Gamma sample carries `feeType: "general_fees"` with
 * `feeSchedule {rate: 0.05, exponent: 1, takerOnly: true}`; that schedule is the default
 * when a market says fees are enabled but omits its schedule.
 */
export const POLYMARKET_GENERAL_FEES: FeeModel = Object.freeze({
  kind: 'price_curve',
  rate: 0.05,
  exponent: 1,
  taker_only: true,
  source: 'venue',
});

/** Markets with `feesEnabled: false` (every market in the Jan-2026 listing). */
export const POLYMARKET_FEES_DISABLED: FeeModel = Object.freeze({ kind: 'none', reason: 'fees_disabled', source: 'market' });
