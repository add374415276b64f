import type { Logger } from 'pino';
import type { MarketHistoryBackfilled, MarketNormalized } from '../../shared/events.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import { VenueError } from '../../shared/errors.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import { downsample, isoToSeconds, roundPrice, type Point } from '../../shared/history/series.ts';
import { marketsProjection } from '../../projections/markets/projection.ts';
import type { HttpClient } from '../http/types.ts';
import type { Publisher } from '../streams/publisher.ts';
import type { StreamConnection } from '../streams/connection.ts';
import { ACK, decodeMessage, runConsumer, type ConsumerLoop, type HandleOutcome } from '../streams/consume.ts';
import { provisionDurable } from '../streams/provision.ts';
import type { HistoryTarget, VenueModule } from '../venues/types.ts';

export const BACKFILL_DURABLE = 'history-backfill';
export const BACKFILL_STATE = 'history_backfills';
/** A venue that failed transiently is asked again on a later snapshot of the market, at most this often. */
export const RETRY_AFTER_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 3;

/** What the backfiller did for a market: asked once, never again unless it failed transiently. */
export interface BackfillState extends Doc {
  readonly _id: string;
  readonly venue: VenueSlug;
  readonly status: 'done' | 'empty' | 'unavailable' | 'failed';
  readonly attempts: number;
  readonly points: number;
  readonly at: string;
  readonly reason?: string;
}

export interface BackfillDeps {
  readonly store: DocumentStore;
  readonly http: HttpClient;
  readonly modules: readonly VenueModule[];
  readonly apiKeys: Partial<Record<VenueSlug, string>>;
  readonly publish: Publisher;
  readonly log: Logger;
  readonly now?: () => number;
  readonly signal?: AbortSignal;
}

export type BackfillOutcome = 'not_applicable' | 'already' | 'done' | 'empty' | 'unavailable' | 'failed';

function settled(state: BackfillState | null, nowMs: number): boolean {
  if (!state) return false;
  if (state.status !== 'failed') return true;
  return state.attempts >= MAX_ATTEMPTS || nowMs - Date.parse(state.at) < RETRY_AFTER_MS;
}

/**
 * Backfills one market if its venue publishes history and it was never backfilled: fetch through the venue's
 * throttled transport, parse (pure), downsample to the series tiers as of now, publish on the HISTORY stream
 * (msgID per market: a retried publish is dropped), then record the outcome. Never throws for venue trouble.
 */
export async function backfillMarket(event: MarketNormalized, deps: BackfillDeps): Promise<BackfillOutcome> {
  return backfillMarketHistory(event.market, deps);
}

/**
 * The same for a market known otherwise (the operator backfill's catalogue walk). `askAgain` decides whether a
 * market with a recorded outcome is asked again; by default only a transient failure past its retry delay is.
 */
export async function backfillMarketHistory(
  m: NormalizedMarket,
  deps: BackfillDeps,
  askAgain: (state: BackfillState, nowMs: number) => boolean = (state, nowMs) => !settled(state, nowMs),
): Promise<BackfillOutcome> {
  const module = deps.modules.find((x) => x.connector.descriptor.slug === m.platform_slug);
  if (!module?.history) return 'not_applicable';
  const states = deps.store.collection<BackfillState>(BACKFILL_STATE);
  const nowMs = (deps.now ?? Date.now)();
  const previous = await states.get(m.id);
  if (previous && !askAgain(previous, nowMs)) return 'already';
  const now = new Date(nowMs).toISOString();
  const target: HistoryTarget = {
    market_id: m.id,
    platform_market_id: m.platform_market_id,
    title: m.title,
    outcomes: m.outcomes,
    created_at: m.created_at,
    now,
  };
  const record = (status: BackfillState['status'], points: number, reason?: string) =>
    states.put({ _id: m.id, venue: m.platform_slug, status, attempts: (previous?.attempts ?? 0) + 1, points, at: now, ...(reason ? { reason } : {}) });
  const log = deps.log.child({ venue: m.platform_slug, market_id: m.id });
  try {
    const fetched = await module.history.fetchHistory(target, {
      http: deps.http,
      log,
      signal: deps.signal ?? new AbortController().signal,
      ...(deps.apiKeys[m.platform_slug] ? { apiKey: deps.apiKeys[m.platform_slug] } : {}),
    });
    const parsed = module.history.parseHistory(fetched.raw, target);
    if (!parsed.ok) {
      log.warn({ reason: parsed.reason, drift: parsed.drift }, 'venue history has an unexpected shape; not backfilled');
      await record('unavailable', 0, `${parsed.reason}: ${parsed.drift.map((d) => `${d.field} expected ${d.expected}, got ${d.got}`).join('; ')}`.slice(0, 500));
      return 'unavailable';
    }
    const end = isoToSeconds(now);
    const valid = parsed.points.filter(([t, p]) => Number.isFinite(t) && t <= end && p >= 0 && p <= 1).map(([t, p]) => [t, roundPrice(p)] as Point);
    const points = valid.length > 0 ? downsample(valid, valid[valid.length - 1]?.[0] as number) : [];
    if (points.length === 0) {
      await record('empty', 0);
      return 'empty';
    }
    const out: MarketHistoryBackfilled = {
      type: 'market_history_backfilled',
      market_id: m.id,
      venue: m.platform_slug,
      platform_market_id: m.platform_market_id,
      fetched_at: now,
      source: fetched.source,
      points,
    };
    await deps.publish(subjects.historyBackfill(m.platform_slug), out, `backfill:${m.id}`);
    await record('done', points.length);
    return 'done';
  } catch (err) {
    if (err instanceof VenueError && err.retryable) {
      log.info({ code: err.code, err: err.message }, 'venue history fetch failed transiently; will ask again on a later snapshot');
      await record('failed', 0, `${err.code}: ${err.message}`.slice(0, 500));
      return 'failed';
    }
    const reason = err instanceof VenueError ? `${err.code}: ${err.message}` : err instanceof Error ? err.message : String(err);
    if (!(err instanceof VenueError)) log.error({ err }, 'history backfill failed');
    await record('unavailable', 0, reason.slice(0, 500));
    return 'unavailable';
  }
}

/**
 * The backfill role (runs with ingest, which owns the venue transport): a durable consumer on MARKETS that
 * backfills each new market once. One backfill per venue at a time, so catalogue walks keep their share of the
 * venue's rate limit. Progress is logged every 30 s while there is work.
 */
export async function startHistoryBackfill(deps: BackfillDeps & { readonly conn: StreamConnection }): Promise<ConsumerLoop> {
  await provisionDurable(deps.conn.jsm, { stream: 'markets', durable: BACKFILL_DURABLE, ackWaitMs: 120_000, maxAckPending: 64 });
  const lanes = new Map<string, Promise<unknown>>();
  const inLane = <T>(venue: string, work: () => Promise<T>): Promise<T> => {
    const run = (lanes.get(venue) ?? Promise.resolve()).then(work, work);
    lanes.set(venue, run.catch(() => undefined));
    return run;
  };
  const known = new Set<string>();
  const counts: Record<BackfillOutcome, number> = { not_applicable: 0, already: 0, done: 0, empty: 0, unavailable: 0, failed: 0 };
  let reported = 0;
  const progress = setInterval(() => {
    const worked = counts.done + counts.empty + counts.unavailable + counts.failed;
    if (worked === reported) return;
    reported = worked;
    deps.log.info({ ...counts }, 'history backfill progress');
  }, 30_000).unref();
  const loop = runConsumer({
    conn: deps.conn,
    stream: 'markets',
    durable: BACKFILL_DURABLE,
    log: deps.log,
    concurrency: 8,
    handle: async (data, meta): Promise<HandleOutcome> => {
      const decoded = decodeMessage(data, marketsProjection.decode);
      // Malformed messages are the markets projection's to dead-letter; here they are simply not ours.
      if (!decoded.ok || decoded.event.type !== 'market_normalized') return ACK;
      const event = decoded.event;
      if (known.has(event.market.id)) return ACK;
      const outcome = await inLane(event.market.platform_slug, () => {
        meta.working();
        return backfillMarket(event, deps);
      });
      counts[outcome] += 1;
      if (outcome !== 'failed') known.add(event.market.id);
      return ACK;
    },
  });
  return {
    done: loop.done,
    stop: async () => {
      clearInterval(progress);
      await loop.stop();
    },
  };
}
