import type { NormalizedMarket } from './types/market.ts';
import type { QuestionMember } from './events.ts';
import { computeIndex } from './questions/indexMath.ts';

/**
 * The prices users watch (alerts, watchlists), computed exactly as the read models compute them so
 * the evaluator, the baselines and the API always agree.
 */

/** A venue market's Yes probability: `price` of its Yes outcome (the first outcome when none is labelled Yes). */
export function marketYesPrice(market: Pick<NormalizedMarket, 'outcomes'>): number | null {
  const yes = market.outcomes.find((o) => /^yes$/i.test(o.label)) ?? market.outcomes[0];
  return yes?.price ?? null;
}

/** A canonical question's index price over its open members, as projections/questions does. */
export function questionIndexPrice(members: readonly QuestionMember[]): number | null {
  return computeIndex(members.filter((m) => m.status === 'open')).index_price;
}

/** The newest price observation among a question's open members: when its index was observed. */
export function questionObservedAt(members: readonly QuestionMember[]): string | null {
  let latest: string | null = null;
  for (const m of members) if (m.status === 'open' && (latest === null || m.quoted_at > latest)) latest = m.quoted_at;
  return latest;
}
