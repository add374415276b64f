import { z } from 'zod';
import type { Logger } from 'pino';
import type { StreamConnection } from '../streams/connection.ts';
import type { Publisher } from '../streams/publisher.ts';
import { runConsumer, decodeMessage, ACK, type ConsumerLoop, type HandleOutcome } from '../streams/consume.ts';
import { provisionDurable } from '../streams/provision.ts';
import type { WorkerPool } from './workerPool.ts';
import { batchedTasks, PREPARE_EXPORTS } from './normalizeBatcher.ts';
import type { PrepareTask, Prepared } from './prepareMarkets.ts';
import { batchedPut } from '../../shared/batchedWrites.ts';
import type { MarketDelisted } from '../../shared/events.ts';
import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import { VENUE_SLUGS } from '../../shared/venues/registry.ts';
import { subjects } from '../../shared/streams/subjects.ts';

export const PROCESSOR_DURABLE = 'processor';

const rawEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('raw_tick'),
    venue: z.enum(VENUE_SLUGS),
    item_id: z.string().min(1),
    content_hash: z.string(),
    fetched_at: z.string(),
    payload: z.unknown(),
  }),
  z.object({ type: z.literal('raw_delisted'), venue: z.enum(VENUE_SLUGS), item_id: z.string().min(1), at: z.string() }),
]);

/** Which markets each raw item produced last, so a delisted item can close exactly those. */
interface ItemMarkets extends Doc {
  readonly _id: string;
  readonly market_ids: readonly string[];
}
export const ITEM_MARKETS = 'processor_item_markets';

export interface ProcessorDeps {
  readonly conn: StreamConnection;
  readonly store: DocumentStore;
  readonly pool: WorkerPool;
  readonly publish: Publisher;
  readonly log: Logger;
  /** Parses one item and prepares its messages in the pool (batched across concurrent calls by startProcessor). */
  readonly prepare?: (task: PrepareTask) => Promise<Prepared>;
  /** Records which markets an item produced (batched across concurrent calls by startProcessor). */
  readonly putItemMarkets?: (doc: ItemMarkets) => Promise<void>;
}

/** Raw ticks handled at once: their worker tasks, publishes and store writes are batched together. */
export const PROCESSOR_CONCURRENCY = 128;

/** Turns one raw tick into normalised markets (parsed and serialised in a worker) and publishes them. */
export async function processRawTick(data: Uint8Array, deps: Omit<ProcessorDeps, 'conn'>): Promise<HandleOutcome> {
  const decoded = decodeMessage(data, (value) => {
    const parsed = rawEventSchema.safeParse(value);
    return parsed.success
      ? { ok: true as const, event: parsed.data }
      : { ok: false as const, reason: `invalid raw tick: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}` };
  });
  if (!decoded.ok) return { kind: 'poison', reason: decoded.reason };
  const itemMarkets = deps.store.collection<ItemMarkets>(ITEM_MARKETS);
  if (decoded.event.type === 'raw_delisted') {
    const gone = decoded.event;
    const key = `${gone.venue}:${gone.item_id}`;
    const known = await itemMarkets.get(key);
    await Promise.all(
      (known?.market_ids ?? []).map((market_id) => {
        const event: MarketDelisted = { type: 'market_delisted', market_id, venue: gone.venue, item_id: gone.item_id, at: gone.at };
        return deps.publish(subjects.normalized(gone.venue), event, `${market_id}:delisted:${gone.at}`);
      }),
    );
    await itemMarkets.delete(key);
    return ACK;
  }
  const tick = decoded.event;
  const task: PrepareTask = { venue: tick.venue, item_id: tick.item_id, content_hash: tick.content_hash, fetched_at: tick.fetched_at, payload: tick.payload };
  // Parsing, validation and serialisation happen in the worker; this thread publishes the bytes it gets back.
  const prepared = await (deps.prepare ? deps.prepare(task) : deps.pool.run<Prepared>(task, PREPARE_EXPORTS.one));
  if (prepared.skipped > 0) deps.log.warn({ venue: tick.venue, item_id: tick.item_id, skipped: prepared.skipped }, 'items skipped (schema drift or invalid)');
  await Promise.all(prepared.publishes.map((m) => deps.publish(m.subject, m.data, m.msgId)));
  const record = { _id: `${tick.venue}:${tick.item_id}`, market_ids: prepared.market_ids };
  await (deps.putItemMarkets ? deps.putItemMarkets(record) : itemMarkets.put(record));
  return ACK;
}

/** The processing role: a durable consumer on RAW feeding the worker pool with back-pressure. */
export async function startProcessor(deps: ProcessorDeps): Promise<ConsumerLoop> {
  await provisionDurable(deps.conn.jsm, { stream: 'raw', durable: PROCESSOR_DURABLE, maxDeliver: 5, ackWaitMs: 60_000 });
  const batched: ProcessorDeps = {
    ...deps,
    prepare: deps.prepare ?? batchedTasks<PrepareTask, Prepared>(deps.pool, PREPARE_EXPORTS),
    putItemMarkets: deps.putItemMarkets ?? batchedPut(deps.store.collection<ItemMarkets>(ITEM_MARKETS)),
  };
  return runConsumer({
    conn: deps.conn,
    stream: 'raw',
    durable: PROCESSOR_DURABLE,
    log: deps.log,
    concurrency: PROCESSOR_CONCURRENCY,
    gate: () => deps.pool.waitForCapacity(),
    maxDeliver: 5,
    handle: (data) => processRawTick(data, batched),
  });
}
