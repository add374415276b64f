import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { parseInput, singleValuedQuery } from '../http/validate.ts';
import { apiKeyCaller } from '../auth/guards.ts';
import { AppError } from '../../shared/errors.ts';
import type { ArbitrageOpportunity } from '../../shared/arbitrage/types.ts';
import type { OpportunitySummary } from '../../shared/arbitrage/lifecycle.ts';
import { CHECKPOINTS } from '../../projections/applyEvent.ts';
import { arbitrageOpportunitiesProjection } from '../../projections/arbitrage/projection.ts';
import { opportunityFilter } from '../../projections/arbitrage/queries.ts';
import type { OpportunityDoc } from '../../projections/arbitrage/projection.ts';
import { opportunityView } from '../views/arbitrageView.ts';
import { arbitrageFilterFields } from './arbitrageFilters.ts';

/** GET /external/arbitrage/stream query: the feed's filters; `last_event_id` for clients that cannot set the header. */
export const arbitrageStreamQuerySchema = z
  .object({ ...arbitrageFilterFields, last_event_id: z.string().optional() })
  .strict();
type StreamQuery = z.infer<typeof arbitrageStreamQuerySchema>;

/** Seconds a client refused a stream slot is told to wait before trying again. */
const STREAM_SLOT_RETRY_SECONDS = 5;

/** Opportunities sent at connect when the client has nothing to resume from (best first). */
const SNAPSHOT_LIMIT = 500;

interface StreamRegistry {
  readonly perKey: Map<string, number>;
  readonly open: Set<() => void>;
}
const registries = new WeakMap<AppDeps, StreamRegistry>();
function registryOf(deps: AppDeps): StreamRegistry {
  let r = registries.get(deps);
  if (!r) {
    r = { perKey: new Map(), open: new Set() };
    registries.set(deps, r);
  }
  return r;
}

/** Ends every open stream of an app (server shutdown): clients reconnect elsewhere with Last-Event-ID. */
export function closeArbitrageStreams(deps: AppDeps): void {
  for (const close of [...(registries.get(deps)?.open ?? [])]) close();
}

type Filterable = Pick<ArbitrageOpportunity, 'arbitrage_score' | 'classification' | 'category' | 'status' | 'guarantee' | 'risk_gate_state'>;

export function matchesFilters(o: Filterable | OpportunitySummary, q: Omit<StreamQuery, 'last_event_id'>): boolean {
  return (
    o.arbitrage_score >= q.min_score &&
    (q.classification === undefined || o.classification === q.classification) &&
    (q.category === undefined || o.category === q.category) &&
    (q.status === undefined || o.status === q.status) &&
    (q.guarantee === undefined || o.guarantee === q.guarantee) &&
    (q.risk_gate === undefined || o.risk_gate_state === q.risk_gate)
  );
}

function parseLastEventId(ctx: Context, query: StreamQuery): number | null {
  const raw = ctx.get('last-event-id') || query.last_event_id;
  if (raw === undefined || raw === '') return null;
  if (!/^\d{1,15}$/.test(raw.trim())) {
    throw new AppError('INVALID_REQUEST', `Invalid 'Last-Event-ID': must be the id of an event this stream sent (a non-negative integer), got "${raw.slice(0, 40)}".`);
  }
  return Number(raw.trim());
}

const frame = (fields: { id?: number; event: string; data: unknown }): string =>
  `${fields.id !== undefined ? `id: ${fields.id}\n` : ''}event: ${fields.event}\ndata: ${JSON.stringify(fields.data)}\n\n`;

/**
 * Server-Sent Events of opportunity changes (docs/arbitrage.md, "Stream"), same filters and auth as
 * the feed. Every `opportunity` event carries the ARB stream sequence as its id; a client reconnecting
 * with Last-Event-ID is replayed everything after it from the stream, so nothing is lost. A change is
 * sent when the new version or the version before it matches the filters (so a client sees an
 * opportunity leave its filter). Heartbeat comments keep proxies from closing an idle stream. Each API
 * key may hold ARB_STREAMS_PER_KEY streams at once (per API process).
 */
export function arbitrageStreamHandler(deps: AppDeps): Middleware {
  const registry = registryOf(deps);
  const maxPerKey = deps.config.ARB_STREAMS_PER_KEY;
  const heartbeatMs = deps.config.ARB_SSE_HEARTBEAT_SECONDS * 1000;
  return async (ctx) => {
    const caller = apiKeyCaller(ctx.state);
    const query = parseInput(arbitrageStreamQuerySchema, singleValuedQuery(ctx.query), 'query parameter');
    const { last_event_id: _ignored, ...filters } = query;
    const lastEventId = parseLastEventId(ctx, query);
    const feed = deps.arbitrageFeed;
    if (!feed) throw new AppError('SERVICE_UNAVAILABLE', 'The arbitrage stream is not available on this server (no event stream connected); poll /api/v1/external/arbitrage/opportunities instead.');
    const open = registry.perKey.get(caller.keyId) ?? 0;
    if (open >= maxPerKey) {
      // The spec's RATE_LIMITED form (a countdown a client can parse, Retry-After): a slot frees when a stream closes,
      // which no clock can promise, so the countdown is a short retry interval.
      throw new AppError(
        'RATE_LIMITED',
        `Rate limit exceeded. Try again in ${STREAM_SLOT_RETRY_SECONDS} seconds. This API key already holds ${open} open arbitrage streams (at most ${maxPerKey} at once); close one before opening another.`,
        { headers: { 'Retry-After': String(STREAM_SLOT_RETRY_SECONDS) } },
      );
    }
    const bounds = await feed.bounds();
    if (lastEventId !== null && lastEventId > bounds.last) {
      throw new AppError('INVALID_REQUEST', `Invalid 'Last-Event-ID': ${lastEventId} is beyond the stream's newest event ${bounds.last}.`);
    }

    registry.perKey.set(caller.keyId, open + 1);
    const abort = new AbortController();
    const stream = new PassThrough();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      abort.abort();
      clearInterval(heartbeat);
      registry.open.delete(close);
      const n = (registry.perKey.get(caller.keyId) ?? 1) - 1;
      if (n <= 0) registry.perKey.delete(caller.keyId);
      else registry.perKey.set(caller.keyId, n);
    };
    const close = () => {
      release();
      stream.end();
    };
    registry.open.add(close);
    const write = async (chunk: string): Promise<void> => {
      if (abort.signal.aborted) return;
      if (!stream.write(chunk)) await once(stream, 'drain', { signal: abort.signal }).catch(() => undefined);
    };

    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.res.once('close', release);
    ctx.status = 200;
    ctx.set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    ctx.body = stream;
    const heartbeat = setInterval(() => void write(`: heartbeat ${new Date().toISOString()}\n\n`), heartbeatMs);
    heartbeat.unref();

    const log = (ctx.state.log as AppDeps['log'] | undefined) ?? deps.log;
    void (async () => {
      // Tell EventSource how long to wait before reconnecting.
      await write(`retry: 3000\n\n`);
      let from: number;
      if (lastEventId !== null && lastEventId + 1 >= bounds.first) {
        from = lastEventId + 1;
      } else {
        if (lastEventId !== null) {
          await write(frame({ event: 'resync', data: { reason: `events after ${lastEventId} are past the stream's retention; the current opportunities follow` } }));
        }
        from = (await snapshot(deps, filters, write)) + 1;
      }
      await feed.follow(
        from,
        async ({ seq, event }) => {
          if (!matchesFilters(event.opportunity, filters) && !(event.previous && matchesFilters(event.previous, filters))) return;
          await write(frame({ id: seq, event: 'opportunity', data: { change: event.change, opportunity: opportunityView(event.opportunity) } }));
        },
        abort.signal,
      );
    })()
      .catch((err: unknown) => {
        log.warn({ err }, 'arbitrage stream ended on an error');
        if (!abort.signal.aborted) void write(frame({ event: 'error', data: { message: 'The event stream failed; reconnect with Last-Event-ID to resume.' } }));
      })
      .finally(() => close());
  };
}

/**
 * The opportunities live now, as `opportunity` events without ids, then a `snapshot` event whose id
 * is the last stream sequence the read model had applied: the follow starts right after it, so no
 * change between the two is lost (one read after the checkpoint may be sent twice, harmlessly).
 */
async function snapshot(deps: AppDeps, filters: Omit<StreamQuery, 'last_event_id'>, write: (chunk: string) => Promise<void>): Promise<number> {
  const checkpoint = await deps.store.collection<{ _id: string; lastSeq: number }>(CHECKPOINTS).get(arbitrageOpportunitiesProjection.name);
  const position = checkpoint?.lastSeq ?? 0;
  const docs = await deps.store.collection<OpportunityDoc>(arbitrageOpportunitiesProjection.collection).find(
    { $and: [opportunityFilter(filters), { status: { $ne: 'resolved' } }] },
    { sort: [['arbitrage_score', -1], ['estimated_profit', -1], ['_id', 1]], limit: SNAPSHOT_LIMIT },
  );
  for (const d of docs) await write(frame({ event: 'opportunity', data: { change: 'snapshot', opportunity: opportunityView(d) } }));
  await write(frame({ id: position, event: 'snapshot', data: { count: docs.length } }));
  return position;
}
