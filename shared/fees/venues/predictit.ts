import type { FeeModel } from '../feeModel.ts';

/**
 * PredictIt charges no trading fee but takes 10% of the profit on every winning (or
 * closed-at-profit) position and 5% of every withdrawal (APIS.md §5 "Fees"; PredictIt's
 * published fee page). A share bought at p that wins nets 1 - 0.10 * (1 - p).
 */
export const PREDICTIT_FEE: FeeModel = Object.freeze({ kind: 'profit_share', profit_rate: 0.1, withdrawal_rate: 0.05, source: 'venue' });
