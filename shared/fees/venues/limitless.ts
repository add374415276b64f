import type { FeeModel } from '../feeModel.ts';

/**
 * Limitless (APIS.md §2 "Fees"): takers pay a per-user rate (`profile.rank.feeRateBps`); the official
 * TS SDK falls back to 300 bps, higher ranks pay less; makers pay nothing. The fee base (min(p,1-p) vs
 * notional) is unverified, so APIS.md advises treating it as a conservative per-trade percentage:
 * a flat 3% of notional for takers, 0 for makers.
 */
export const LIMITLESS_DEFAULT_FEE: FeeModel = { kind: 'flat', taker: 0.03, maker: 0, source: 'documentation' };

/** `metadata.fee === false` marks a fee-free market (APIS.md §2); anything else gets the default. */
export function limitlessFee(metadataFee: boolean | undefined): FeeModel {
  if (metadataFee === false) return { kind: 'none', reason: 'fees_disabled', source: 'market' };
  return LIMITLESS_DEFAULT_FEE;
}
