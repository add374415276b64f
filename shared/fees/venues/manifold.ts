import type { FeeModel } from '../feeModel.ts';

/**
 * Manifold trades play money (mana) and charges no trading fee: `TAKER_FEE_CONSTANT = 0` in
 * manifold's `common/src/fees.ts` (APIS.md §4 "Fees"). Mana cannot be withdrawn, so Manifold is
 * a price signal only, never an arbitrage leg.
 */
export const MANIFOLD_FEE: FeeModel = Object.freeze({ kind: 'none', reason: 'play_money', source: 'venue' });
