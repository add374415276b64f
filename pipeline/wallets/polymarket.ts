import { z } from 'zod';
import type { VenueDescriptor } from '../venues/types.ts';
import type { WalletVenueModule } from './types.ts';
import { call, endpoint, endpointUrl } from './request.ts';
import { envelope } from './rows.ts';
import { parsePolymarketActivity, parsePolymarketClosedPositions, parsePolymarketPositions } from './parse/polymarket.ts';
import { sortHistory, sortPositions } from './values.ts';

const descriptor: VenueDescriptor = {
  slug: 'polymarket',
  baseUrls: { data: 'https://data-api.polymarket.com' },
  endpoints: {
    positions: { path: '/positions', cost: 1 },
    closedPositions: { path: '/v1/closed-positions', cost: 1 },
    activity: { path: '/activity', cost: 1 },
  },
  // Data API: /positions 150 requests / 10 s (the tightest of the three endpoints used, APIS.md §1).
  rateLimit: { tokensPerSecond: 15, burst: 30 },
  maxConcurrency: 6,
  minPollIntervalMs: 0,
};

/** Rows per call: every held position; the 50 most recent closed positions and activity rows. */
export const POLYMARKET_LIMITS = { positions: 500, closed: 50, activity: 50 } as const;

const list = z.array(z.unknown());

/**
 * Three public data-api calls in parallel, by the wallet address in lower case (the API keys wallets that
 * way): held positions, closed positions and recent activity.
 */
export const polymarketWallet: WalletVenueModule = {
  slug: 'polymarket',
  descriptor,
  identity: 'address',
  async fetch(id, ctx) {
    const user = id.address.toLowerCase();
    const get = (name: string, params: Record<string, string>) => {
      const spec = endpoint(descriptor, name);
      return call(ctx, 'polymarket', spec, endpointUrl(descriptor, 'data', spec.path, { user, ...params }));
    };
    const [open, closed, activity] = await Promise.all([
      get('positions', { sizeThreshold: '0.01', limit: String(POLYMARKET_LIMITS.positions), sortBy: 'CURRENT', sortDirection: 'DESC' }),
      get('closedPositions', { limit: String(POLYMARKET_LIMITS.closed) }),
      get('activity', { limit: String(POLYMARKET_LIMITS.activity) }),
    ]);
    const held = parsePolymarketPositions(envelope('polymarket', list, open, '/positions'));
    const exited = parsePolymarketClosedPositions(envelope('polymarket', list, closed, '/v1/closed-positions'));
    const acts = parsePolymarketActivity(envelope('polymarket', list, activity, '/activity'));
    return {
      positions: [...sortPositions(held.positions), ...sortPositions(exited.positions)],
      history: sortHistory(acts.history),
      skipped: [...held.skipped, ...exited.skipped, ...acts.skipped],
    };
  },
  recordedKey(url) {
    const user = url.searchParams.get('user');
    return user ? `${url.pathname} ${user.toLowerCase()}` : null;
  },
  // The data API answers an unknown wallet with an empty list.
  recordedMiss: () => ({ status: 200, json: [] }),
};
