import { VenueError } from '../../../shared/errors.ts';
import type { FetchContext, RawItem, VenueConnector, VenueDescriptor } from '../types.ts';
import { conditionGameSchema, conditionsResponseSchema, gamesPageSchema } from './schema.ts';

/** Polygon deployment, USDT (6 decimals), matching the registry's currency for Azuro (APIS.md §6). */
export const AZURO_ENVIRONMENT = 'PolygonUSDT';
export const AZURO_PAGE_SIZE = 100;
const GAME_STATES = ['Prematch', 'Live'] as const;

export const azuroDescriptor: VenueDescriptor = {
  slug: 'azuro',
  baseUrls: { feed: 'https://api.onchainfeed.org' },
  endpoints: {
    gamesByFilters: { path: '/api/v1/public/market-manager/games-by-filters', cost: 1 },
    conditionsByGameIds: { path: '/api/v1/public/market-manager/conditions-by-game-ids', cost: 1 },
  },
  // Rate limits are undocumented (APIS.md §6); 2 req/s is a polite guess.
  rateLimit: { tokensPerSecond: 2, burst: 4 },
  maxConcurrency: 2,
  minPollIntervalMs: 30_000,
};

function gamesUrl(state: string, page: number): string {
  const url = new URL(azuroDescriptor.endpoints.gamesByFilters!.path, azuroDescriptor.baseUrls.feed);
  url.searchParams.set('environment', AZURO_ENVIRONMENT);
  url.searchParams.set('gameState', state);
  url.searchParams.set('orderBy', 'startsAt');
  url.searchParams.set('orderDirection', 'asc');
  url.searchParams.set('page', String(page));
  url.searchParams.set('perPage', String(AZURO_PAGE_SIZE));
  return url.toString();
}

function gameIdOf(game: unknown): string | null {
  const id = (game as { gameId?: unknown } | null)?.gameId;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

async function conditionsFor(ctx: FetchContext, gameIds: readonly string[]): Promise<Map<string, unknown[]>> {
  const spec = azuroDescriptor.endpoints.conditionsByGameIds!;
  const res = await ctx.http.getJson('azuro', {
    method: 'POST',
    url: new URL(spec.path, azuroDescriptor.baseUrls.feed).toString(),
    body: { gameIds, environment: AZURO_ENVIRONMENT },
    cost: spec.cost,
    signal: ctx.signal,
  });
  const body = conditionsResponseSchema.safeParse(res.json);
  if (!body.success) throw new VenueError('azuro', 'SCHEMA_DRIFT', `conditions-by-game-ids is not {conditions[]}: ${body.error.message}`);
  const byGame = new Map<string, unknown[]>();
  for (const condition of body.data.conditions) {
    const owner = conditionGameSchema.safeParse(condition);
    // A condition without its game cannot be placed; the games it belongs to still parse.
    if (!owner.success) continue;
    const list = byGame.get(owner.data.game.gameId) ?? [];
    list.push(condition);
    byGame.set(owner.data.game.gameId, list);
  }
  return byGame;
}

/**
 * For Prematch then Live games: walks `games-by-filters` pages up to `totalPages`, asks for the
 * conditions of each page's games in one call, and yields one raw item per game ({game, conditions}).
 * A game seen in an earlier page or state (it went live mid-walk) is not repeated; a page with no new
 * game ends that state's walk with a warning.
 */
async function* fetchCatalog(ctx: FetchContext): AsyncIterable<readonly RawItem[]> {
  const seen = new Set<string>();
  for (const state of GAME_STATES) {
    for (let page = 1; ; page++) {
      const res = await ctx.http.getJson('azuro', { url: gamesUrl(state, page), cost: azuroDescriptor.endpoints.gamesByFilters!.cost, signal: ctx.signal });
      const body = gamesPageSchema.safeParse(res.json);
      if (!body.success) throw new VenueError('azuro', 'SCHEMA_DRIFT', `games-by-filters ${state} page ${page} is not {games[], page, totalPages}: ${body.error.message}`);
      const fresh = body.data.games
        .map((game, i) => ({ id: gameIdOf(game) ?? `${state}-${page}-${i}`, game }))
        .filter((g) => !seen.has(g.id));
      for (const g of fresh) seen.add(g.id);
      ctx.log.debug({ venue: 'azuro', state, page, totalPages: body.data.totalPages, received: body.data.games.length, fresh: fresh.length }, 'catalogue page');
      if (fresh.length > 0) {
        const conditions = await conditionsFor(ctx, fresh.map((g) => g.id));
        yield fresh.map((g) => ({ id: g.id, payload: { game: g.game, conditions: conditions.get(g.id) ?? [] } }));
      }
      if (page >= body.data.totalPages) break;
      if (fresh.length === 0) {
        ctx.log.warn({ venue: 'azuro', state, page, totalPages: body.data.totalPages }, 'games page brought no new game before totalPages; catalogue changed while paging');
        break;
      }
    }
  }
}

/** Recorded catalogue (see recorded/README.md): shaped from the documented types, no live capture exists. */
function recordedFile(url: URL): string | null {
  if (url.pathname === azuroDescriptor.endpoints.conditionsByGameIds!.path) return 'conditions-by-game-ids.shaped-from-docs.json';
  if (url.pathname !== azuroDescriptor.endpoints.gamesByFilters!.path) return null;
  const state = url.searchParams.get('gameState')?.toLowerCase();
  const page = url.searchParams.get('page') ?? '1';
  const known = new Set(['prematch:1', 'prematch:2', 'live:1']);
  return known.has(`${state}:${page}`) ? `games-by-filters.${state}.page-${page}.shaped-from-docs.json` : null;
}

export const azuroConnector: VenueConnector = { descriptor: azuroDescriptor, fetchCatalog, recordedFile };
