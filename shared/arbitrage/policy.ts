import type { LinkRelation } from '../events.ts';
import type { VenueSlug } from '../venues/registry.ts';
import type { Guarantee, PriceSource, RiskGateState, VenueState } from './types.ts';

/**
 * The one written policy for risk_gate_state, guarantee and what may never be actionable
 * (docs/arbitrage.md, "Policy"). Fails closed: when in doubt, not allowed, not STRICT, not actionable.
 */

/** Link confidence from which two markets are trusted to resolve alike (the matcher's links are 0-1). */
export const STRICT_CONFIDENCE = 0.9;

export interface PolicyLeg {
  readonly venue: VenueSlug;
  readonly play_money: boolean;
  readonly venue_state: VenueState;
  readonly stale: boolean;
  readonly price_source: PriceSource;
  readonly relation: LinkRelation;
  readonly confidence: number;
  readonly fee_known: boolean;
}

/**
 * `blocked` when a leg cannot be executed by policy at all: play money (mana cannot be withdrawn) or a
 * venue we do not ingest (disabled). `degraded` when execution may be affected: a stale quote or a venue
 * whose latest fetch failed. Otherwise `allowed`.
 */
export function riskGateState(legs: readonly PolicyLeg[]): RiskGateState {
  if (legs.some((l) => l.play_money || l.venue_state.disabled)) return 'blocked';
  if (legs.some((l) => l.stale || l.venue_state.failing)) return 'degraded';
  return 'allowed';
}

/**
 * `STRICT` only when the policy approves it outright: both markets identity-linked to the question at
 * or above STRICT_CONFIDENCE, both legs priced from executable quotes (order book or the venue's own
 * best bid/ask, never a mid or last price) and the risk gate allowed. `QUASI` otherwise, including
 * every complement link (a negation can resolve differently on edge cases: ties, cancellations).
 */
export function guarantee(legs: readonly PolicyLeg[], gate: RiskGateState): Guarantee {
  const strict =
    gate === 'allowed' &&
    legs.every((l) => l.relation === 'identity' && l.confidence >= STRICT_CONFIDENCE && l.price_source !== 'probability');
  return strict ? 'STRICT' : 'QUASI';
}

/**
 * Everything that rules out `actionable`, whatever the score says, each naming its venue: the three
 * illusions (stale quotes, ignored fees, markets that may not resolve alike) plus play money, disabled
 * or failing venues and prices nobody can trade at.
 */
export function actionableBlockers(legs: readonly PolicyLeg[]): string[] {
  const out: string[] = [];
  for (const l of legs) {
    if (l.play_money) out.push(`play_money:${l.venue}`);
    if (l.venue_state.disabled) out.push(`venue_disabled:${l.venue}`);
    if (l.venue_state.failing) out.push(`venue_failing:${l.venue}`);
    if (!l.fee_known) out.push(`fee_unknown:${l.venue}`);
    if (l.stale) out.push(`stale_quote:${l.venue}`);
    if (l.price_source === 'probability') out.push(`no_executable_price:${l.venue}`);
    if (l.confidence < STRICT_CONFIDENCE) out.push(`link_confidence_below_${STRICT_CONFIDENCE}:${l.venue}`);
  }
  return [...new Set(out)];
}
