import { enumParam, intParam } from '../http/queryFields.ts';
import { CLASSIFICATIONS, GUARANTEES, OPPORTUNITY_STATUSES, RISK_GATE_STATES } from '../../shared/arbitrage/types.ts';
import { categoryParam } from '../http/categoryParam.ts';

/**
 * The arbitrage feed's filters (spec "External arbitrage feed"), shared by the list and the stream:
 * min_score 0-100 (default 40) and the five enums, each refused with 400 INVALID_REQUEST naming it.
 */
export const arbitrageFilterFields = {
  min_score: intParam(0, 100, 40),
  classification: enumParam(CLASSIFICATIONS).optional(),
  category: categoryParam,
  status: enumParam(OPPORTUNITY_STATUSES).optional(),
  guarantee: enumParam(GUARANTEES).optional(),
  risk_gate: enumParam(RISK_GATE_STATES).optional(),
};
