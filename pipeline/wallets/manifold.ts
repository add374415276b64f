import { z } from 'zod';
import { VenueError } from '../../shared/errors.ts';
import type { VenueDescriptor } from '../venues/types.ts';
import type { WalletVenueModule } from './types.ts';
import { call, endpoint, endpointUrl, isVenue404 } from './request.ts';
import { envelope } from './rows.ts';
import { manifoldMetricsSchema, manifoldUserSchema, parseManifoldBets, parseManifoldMetrics } from './parse/manifold.ts';
import { sortHistory, sortPositions } from './values.ts';

const descriptor: VenueDescriptor = {
  slug: 'manifold',
  baseUrls: { api: 'https://api.manifold.markets/v0' },
  endpoints: {
    user: { path: '/user/{username}', cost: 1 },
    metrics: { path: '/get-user-contract-metrics-with-contracts', cost: 1 },
    bets: { path: '/bets', cost: 1 },
  },
  // 500 requests / minute per IP (APIS.md §4).
  rateLimit: { tokensPerSecond: 8, burst: 16 },
  maxConcurrency: 4,
  minPollIntervalMs: 0,
};

/** The 100 contracts bet on most recently, per answer; the 50 most recent bets. */
export const MANIFOLD_LIMITS = { contracts: 100, bets: 50 } as const;

/**
 * By username: the user record gives the id the metrics endpoint needs; bets are asked by username at the
 * same time. An unknown username is an error in the entry (the venue answers 404).
 */
export const manifoldWallet: WalletVenueModule = {
  slug: 'manifold',
  descriptor,
  identity: 'manifold',
  async fetch(id, ctx) {
    const username = id.manifold;
    if (!username) throw new Error('manifold fetch without a username');
    const userSpec = endpoint(descriptor, 'user');
    const betsSpec = endpoint(descriptor, 'bets');
    const userCall = call(ctx, 'manifold', userSpec, endpointUrl(descriptor, 'api', userSpec.path.replace('{username}', encodeURIComponent(username)))).catch((error: unknown) => {
      if (isVenue404(error)) throw new VenueError('manifold', 'NOT_FOUND', `Manifold has no user named '${username}'`, { cause: error });
      throw error;
    });
    const betsCall = call(ctx, 'manifold', betsSpec, endpointUrl(descriptor, 'api', betsSpec.path, { username, limit: String(MANIFOLD_LIMITS.bets) }));
    // Both are awaited together so a failure of one never leaves the other unobserved.
    const [user, bets] = await Promise.all([userCall, betsCall]);
    const userId = envelope('manifold', manifoldUserSchema, user, '/user/{username}').id;
    const metricsSpec = endpoint(descriptor, 'metrics');
    const metricsBody = await call(
      ctx,
      'manifold',
      metricsSpec,
      endpointUrl(descriptor, 'api', metricsSpec.path, { userId, limit: String(MANIFOLD_LIMITS.contracts), order: 'lastBetTime', perAnswer: 'true' }),
    );
    const held = parseManifoldMetrics(envelope('manifold', manifoldMetricsSchema, metricsBody, '/get-user-contract-metrics-with-contracts'));
    const history = parseManifoldBets(envelope('manifold', z.array(z.unknown()), bets, '/bets'), held.titles);
    return { positions: sortPositions(held.positions), history: sortHistory(history.history), skipped: [...held.skipped, ...history.skipped] };
  },
  recordedKey(url) {
    const user = /^\/v0\/user\/([^/]+)$/.exec(url.pathname);
    if (user) return `user ${decodeURIComponent(user[1]!)}`;
    if (url.pathname === '/v0/bets') return `bets ${url.searchParams.get('username') ?? ''}`;
    if (url.pathname === '/v0/get-user-contract-metrics-with-contracts') return `metrics ${url.searchParams.get('userId') ?? ''}`;
    return null;
  },
  recordedMiss: (url) => (url.pathname === '/v0/bets' ? { status: 200, json: [] } : { status: 404 }),
};
