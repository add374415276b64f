import type { VenueDescriptor } from '../venues/types.ts';
import type { WalletFetchContext, WalletVenueModule } from './types.ts';
import { call, endpoint, endpointUrl, isVenue404 } from './request.ts';
import { envelope } from './rows.ts';
import { driftStatsSchema, driftTradesSchema, driftUserSchema, parseDriftPositions, parseDriftPrices, parseDriftTrades } from './parse/drift.ts';
import { driftUserAccount } from './driftAccount.ts';
import { sortHistory, sortPositions } from './values.ts';

const descriptor: VenueDescriptor = {
  slug: 'drift',
  baseUrls: { data: 'https://data.api.drift.trade' },
  endpoints: {
    user: { path: '/user/{account}', cost: 1 },
    trades: { path: '/user/{account}/trades', cost: 1 },
    stats: { path: '/stats/markets', cost: 1 },
  },
  // The Data API answers 429 over its limit but publishes no figure (APIS.md §7): 5 requests/s.
  rateLimit: { tokensPerSecond: 5, burst: 10 },
  maxConcurrency: 3,
  minPollIntervalMs: 0,
};

/** A 404 from the Data API means the account was never created: no positions, no fills. */
async function orEmpty(promise: Promise<unknown>, empty: unknown): Promise<unknown> {
  try {
    return await promise;
  } catch (error) {
    if (isVenue404(error)) return empty;
    throw error;
  }
}

function get(ctx: WalletFetchContext, name: string, account: string): Promise<unknown> {
  const spec = endpoint(descriptor, name);
  return call(ctx, 'drift', spec, endpointUrl(descriptor, 'data', spec.path.replace('{account}', account)));
}

/**
 * By the Solana authority: its sub-account 0 user account is derived (program address, as the Drift SDK
 * does), then its positions, its fills and the BET markets' prices are asked in parallel.
 */
export const driftWallet: WalletVenueModule = {
  slug: 'drift',
  descriptor,
  identity: 'solana',
  async fetch(id, ctx) {
    if (!id.solana) throw new Error('drift fetch without a Solana address');
    const account = driftUserAccount(id.solana);
    const [user, trades, stats] = await Promise.all([
      orEmpty(get(ctx, 'user', account), { positions: [] }),
      orEmpty(get(ctx, 'trades', account), { records: [] }),
      get(ctx, 'stats', account),
    ]);
    const prices = parseDriftPrices(envelope('drift', driftStatsSchema, stats, '/stats/markets').markets);
    const held = parseDriftPositions(envelope('drift', driftUserSchema, user, '/user/{account}').positions, prices);
    const fills = parseDriftTrades(envelope('drift', driftTradesSchema, trades, '/user/{account}/trades').records, account);
    return { positions: sortPositions(held.positions), history: sortHistory(fills.history), skipped: [...held.skipped, ...fills.skipped] };
  },
  recordedKey(url) {
    if (url.pathname === '/stats/markets') return 'stats';
    const m = /^\/user\/([1-9A-HJ-NP-Za-km-z]{32,44})(\/trades)?$/.exec(url.pathname);
    return m ? `${m[2] ? 'trades' : 'user'} ${m[1]}` : null;
  },
  recordedMiss: () => ({ status: 404 }),
};
