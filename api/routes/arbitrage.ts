import Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { ParsedQueries } from '../http/parsedQueries.ts';
import { limitParam, offsetParam } from '../http/queryFields.ts';
import { arbitrageFilterFields } from './arbitrageFilters.ts';
import { TtlCache } from '../http/ttlCache.ts';
import { sendJsonBytes } from '../http/jsonBytes.ts';
import { requireScope, requireSession } from '../auth/guards.ts';
import { AppError } from '../../shared/errors.ts';
import { uuidPathParam } from '../http/uuidPathParam.ts';
import { getOpportunity, latestStats, listOpportunities } from '../../projections/arbitrage/queries.ts';
import { opportunityView, statsView } from '../views/arbitrageView.ts';
import { arbitrageStreamHandler, arbitrageStreamQuerySchema } from './arbitrageStream.ts';
import { contract } from '../openapi/contract.ts';
import { uuidParam } from '../openapi/schemas/common.ts';
import { arbitrageStreamEvents, opportunityListResponse, opportunityResponse } from '../openapi/schemas/arbitrage.ts';

const LIST_DESCRIPTION =
  'Sorted by score, then profit per 100, then id. There is no meta.total: stop paging when count < limit. ' +
  'meta.source says whether the answer was read now, served from the short cache, or empty. docs/arbitrage.md.';

/** GET …/arbitrage/opportunities query: every filter plus limit (1-200, default 50) and offset. */
export const arbitrageListQuerySchema = z.object({ ...arbitrageFilterFields, limit: limitParam, offset: offsetParam }).strict();
export type ArbitrageListQuery = z.infer<typeof arbitrageListQuerySchema>;

/** One cached answer: its body as a cache hit serves it (`meta.source` `cache`, or `empty`). */
interface CachedList {
  readonly cached: Buffer;
}

/**
 * The opportunity list, served from the read model behind a short cache (ARB_FEED_CACHE_MS).
 * meta.source: `database` (read now), `cache` (served from the cache), `empty` (nothing matched).
 * The cache keeps the serialised body as a cache hit answers it, so a hit writes ready bytes.
 */
export function arbitrageListHandler(deps: AppDeps): Middleware {
  const cache = new TtlCache<CachedList>(deps.config.ARB_FEED_CACHE_MS);
  const queries = new ParsedQueries(arbitrageListQuerySchema, (query) => ({ query, key: JSON.stringify(query) }));
  return async (ctx) => {
    const { query, key } = queries.of(ctx);
    const hit = cache.get(key);
    if (hit) {
      sendJsonBytes(ctx, hit.cached);
      return;
    }
    const [docs, stats] = await Promise.all([listOpportunities(deps.store, query), latestStats(deps.store)]);
    const data = { opportunities: docs.map(opportunityView), stats: statsView(stats) };
    const count = data.opportunities.length;
    const meta = (source: 'database' | 'cache') => ({ count, offset: query.offset, limit: query.limit, source: count === 0 ? 'empty' : source });
    const dataJson = JSON.stringify(data);
    const bodyWith = (source: 'database' | 'cache') => Buffer.from(`{"data":${dataJson},"meta":${JSON.stringify(meta(source))}}`);
    cache.set(key, { cached: bodyWith('cache') });
    sendJsonBytes(ctx, bodyWith('database'));
  };
}

/**
 * The external feed (API key with read:arbitrage; 403 FORBIDDEN without the scope) and the session
 * route of the original product (session JWT or cookie, session rate tier): same shape.
 */
export function arbitrageRouter(deps: AppDeps): Router {
  const router = new Router();
  const list = arbitrageListHandler(deps);
  const externalListContract = contract({
    summary: 'Scored cross-venue arbitrage opportunities (API key)',
    description: LIST_DESCRIPTION,
    tags: ['External', 'Arbitrage'],
    auth: { apiKey: 'read:arbitrage' },
    query: arbitrageListQuerySchema,
    responses: { 200: opportunityListResponse },
  });
  router.get('/external/arbitrage/opportunities', externalListContract, requireScope('read:arbitrage'), list);
  const streamContract = contract({
    summary: 'Live arbitrage changes as Server-Sent Events (API key)',
    description:
      'Same filters as the list. Without Last-Event-ID: the live opportunities (change "snapshot"), then a snapshot event; then every change. ' +
      'Reconnect with the Last-Event-ID header (or ?last_event_id=) to replay what was missed. Heartbeat comments every 15 s. ' +
      `At most ARB_STREAMS_PER_KEY open streams per key (429 RATE_LIMITED beyond); 503 when no event stream is connected. docs/arbitrage.md.`,
    tags: ['External', 'Arbitrage'],
    auth: { apiKey: 'read:arbitrage' },
    query: arbitrageStreamQuerySchema,
    fieldDocs: { last_event_id: { description: 'for clients that cannot set the Last-Event-ID header: the id of the last event received' } },
    responses: {
      200: {
        description: 'An event stream that stays open; `retry: 3000` first.',
        contentType: 'text/event-stream',
        events: arbitrageStreamEvents,
        headers: { 'Cache-Control': { description: 'no-cache, no-transform' } },
      },
    },
    errors: ['SERVICE_UNAVAILABLE'],
  });
  router.get('/external/arbitrage/stream', streamContract, requireScope('read:arbitrage'), arbitrageStreamHandler(deps));
  const sessionListContract = contract({
    summary: 'Scored cross-venue arbitrage opportunities (signed-in users)',
    description: `The external feed for a session, in the session rate tier. ${LIST_DESCRIPTION}`,
    tags: ['Arbitrage'],
    auth: 'session',
    query: arbitrageListQuerySchema,
    responses: { 200: opportunityListResponse },
  });
  router.get('/arbitrage/opportunities', sessionListContract, requireSession(), list);
  const detailContract = contract({
    summary: 'One arbitrage opportunity',
    description: 'Resolved opportunities leave the feed after ARB_RESOLVED_RETENTION_HOURS (24); then 404.',
    tags: ['Arbitrage'],
    auth: 'session',
    params: z.object({ id: uuidParam('opportunity') }),
    responses: { 200: opportunityResponse },
    errors: ['NOT_FOUND'],
  });
  router.get('/arbitrage/opportunities/:id', detailContract, requireSession(), async (ctx) => {
    const id = uuidPathParam(ctx.params.id, 'an opportunity');
    const doc = await getOpportunity(deps.store, id);
    if (!doc) throw new AppError('NOT_FOUND', `No arbitrage opportunity with id ${id}; resolved opportunities leave the feed after the retention period.`);
    ctx.body = { data: opportunityView(doc) };
  });
  return router;
}
