import type { VenueDescriptor } from '../venues/types.ts';
import type { WalletVenueModule } from './types.ts';
import { call, endpoint, endpointUrl, isVenue404 } from './request.ts';
import { envelope } from './rows.ts';
import { azuroConditionsSchema, azuroGamesSchema, azuroOrdersSchema, parseAzuroBets } from './parse/azuro.ts';
import { sortHistory, sortPositions } from './values.ts';

/** Polygon, USDT: the registry's currency for Azuro. The Base deployment bets in WETH and is not summed here. */
export const AZURO_WALLET_ENVIRONMENT = 'PolygonUSDT';
export const AZURO_LIMITS = { orders: 100 } as const;

const descriptor: VenueDescriptor = {
  slug: 'azuro',
  baseUrls: { feed: 'https://api.onchainfeed.org/api/v1/public' },
  endpoints: {
    orders: { path: '/bet/orders/bettor/{address}', cost: 1 },
    games: { path: '/market-manager/games-by-ids', cost: 1 },
    conditions: { path: '/market-manager/conditions-by-game-ids', cost: 1 },
  },
  // Undocumented (APIS.md §6): 2 requests/s.
  rateLimit: { tokensPerSecond: 2, burst: 6 },
  maxConcurrency: 3,
  minPollIntervalMs: 0,
};

/**
 * The bettor's 100 most recent bet orders, then the games (titles, dates) and conditions (market names,
 * outcome names, current odds, results) they refer to, asked together. The venue answers 404 for an
 * address that never bet.
 */
export const azuroWallet: WalletVenueModule = {
  slug: 'azuro',
  descriptor,
  identity: 'address',
  async fetch(id, ctx) {
    const ordersSpec = endpoint(descriptor, 'orders');
    const url = endpointUrl(descriptor, 'feed', ordersSpec.path.replace('{address}', id.address.toLowerCase()), {
      environment: AZURO_WALLET_ENVIRONMENT,
      limit: String(AZURO_LIMITS.orders),
      offset: '0',
    });
    let body: unknown;
    try {
      body = await call(ctx, 'azuro', ordersSpec, url);
    } catch (error) {
      if (isVenue404(error)) return { positions: [], history: [], skipped: [] };
      throw error;
    }
    // The toolkit documents `null` for a bettor without bets, as well as the 404.
    if (body === null) return { positions: [], history: [], skipped: [] };
    const orders = envelope('azuro', azuroOrdersSchema, body, '/bet/orders/bettor/{address}').orders;
    const gameIds = [...new Set(orders.flatMap((o) => ((o as { conditions?: Array<{ gameId?: unknown }> })?.conditions ?? []).map((c) => String(c?.gameId ?? ''))))].filter(Boolean);
    let lookups = { games: [] as unknown[], conditions: [] as unknown[] };
    if (gameIds.length > 0) {
      const gamesSpec = endpoint(descriptor, 'games');
      const condSpec = endpoint(descriptor, 'conditions');
      const [games, conditions] = await Promise.all([
        call(ctx, 'azuro', gamesSpec, endpointUrl(descriptor, 'feed', gamesSpec.path), { method: 'POST', body: { gameIds } }),
        call(ctx, 'azuro', condSpec, endpointUrl(descriptor, 'feed', condSpec.path), { method: 'POST', body: { gameIds, environment: AZURO_WALLET_ENVIRONMENT } }),
      ]);
      lookups = {
        games: envelope('azuro', azuroGamesSchema, games, '/market-manager/games-by-ids').games,
        conditions: envelope('azuro', azuroConditionsSchema, conditions, '/market-manager/conditions-by-game-ids').conditions,
      };
    }
    const parsed = parseAzuroBets(orders, lookups);
    return { positions: sortPositions(parsed.positions), history: sortHistory(parsed.history), skipped: parsed.skipped };
  },
  recordedKey(url) {
    const m = /\/bet\/orders\/bettor\/(0x[0-9a-fA-F]{40})$/.exec(url.pathname);
    if (m) return `orders ${m[1]!.toLowerCase()}`;
    // A recorded answer cannot depend on the POST body: one file holds every recorded game / condition.
    if (url.pathname.endsWith('/market-manager/games-by-ids')) return 'games';
    if (url.pathname.endsWith('/market-manager/conditions-by-game-ids')) return 'conditions';
    return null;
  },
  recordedMiss: () => ({ status: 404 }),
};
