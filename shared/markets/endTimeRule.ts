import type { NormalizedMarket } from '../types/market.ts';

/**
 * One rule for every venue (docs/prices.md, "Past the end time"): a market the venue still lists
 * as open after its own end time is `closed` from then on. Past the end the event may already be
 * decided, so quotes carry settlement risk rather than a probability; such a market leaves the
 * index and can never be an arbitrage leg. It reopens only if the venue moves its end time.
 */
export function isPastEnd(endTime: string | null, atIso: string): boolean {
  if (endTime === null) return false;
  const end = Date.parse(endTime);
  const at = Date.parse(atIso);
  return Number.isFinite(end) && Number.isFinite(at) && end <= at;
}

/**
 * The market as of `atIso` (the fetch time when normalising, the scan time when scanning). A market it closes
 * keeps its last probability (`price`) but no quotes: `best_bid` / `best_ask` are what a taker could trade at now,
 * null on a market that is not open (docs/prices.md), as the venue parsers write them for markets the venue closed.
 */
export function applyEndTimeRule(market: NormalizedMarket, atIso: string): NormalizedMarket {
  if (market.status !== 'open' || !isPastEnd(market.end_time, atIso)) return market;
  const unquoted = (o: NormalizedMarket['outcomes'][number]) => ('best_bid' in o || 'best_ask' in o ? { ...o, best_bid: null, best_ask: null } : o);
  return { ...market, status: 'closed', outcomes: market.outcomes.map(unquoted) };
}
