import type { Logger } from 'pino';
import type { StreamConnection } from '../streams/connection.ts';
import type { Publisher } from '../streams/publisher.ts';
import { runConsumer, ACK, type ConsumerLoop, type HandleOutcome } from '../streams/consume.ts';
import { provisionDurable } from '../streams/provision.ts';
import type { WorkerPool } from './workerPool.ts';
import { batchedTasks, PREPARE_EXPORTS } from './normalizeBatcher.ts';
import type { RawPrepared } from './prepareMarkets.ts';
import { batchedPut } from '../../shared/batchedWrites.ts';
import type { MarketDelisted } from '../../shared/events.ts';
import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import { subjects } from '../../shared/streams/subjects.ts';

export const PROCESSOR_DURABLE = 'processor';

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
  /** Decodes one RAW message and prepares its messages in the pool (batched across concurrent calls by startProcessor). */
  readonly prepare?: (data: Uint8Array) => Promise<RawPrepared>;
  /** Records which markets an item produced (batched across concurrent calls by startProcessor). */
  readonly putItemMarkets?: (doc: ItemMarkets) => Promise<void>;
}

/** Raw ticks handled at once: their worker tasks, publishes and store writes are batched together. */
export const PROCESSOR_CONCURRENCY = 128;

/** Turns one RAW message into normalised markets (decoded, parsed and serialised in a worker) and publishes them. */
export async function processRawTick(data: Uint8Array, deps: Omit<ProcessorDeps, 'conn'>): Promise<HandleOutcome> {
  // A compact copy goes to the worker: a delivered message's bytes are a view into the client's 64 KiB read
  // buffer, and a structured clone copies a view's whole buffer. (`new Uint8Array(view)` copies; a Buffer's
  // `slice()` would be another view of the same buffer.)
  const bytes = new Uint8Array(data);
  const outcome = await (deps.prepare ? deps.prepare(bytes) : deps.pool.run<RawPrepared>(bytes, PREPARE_EXPORTS.one));
  if (outcome.kind === 'poison') return { kind: 'poison', reason: outcome.reason };
  const itemMarkets = deps.store.collection<ItemMarkets>(ITEM_MARKETS);
  if (outcome.kind === 'delisted') {
    const gone = outcome.event;
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
  const { venue, item_id, prepared } = outcome;
  if (prepared.skipped > 0) deps.log.warn({ venue, item_id, skipped: prepared.skipped }, 'items skipped (schema drift or invalid)');
  await Promise.all(prepared.publishes.map((m) => deps.publish(m.subject, m.data, m.msgId)));
  const record = { _id: `${venue}:${item_id}`, market_ids: prepared.market_ids };
  await (deps.putItemMarkets ? deps.putItemMarkets(record) : itemMarkets.put(record));
  return ACK;
}

/** The processing role: a durable consumer on RAW feeding the worker pool with back-pressure. */
export async function startProcessor(deps: ProcessorDeps): Promise<ConsumerLoop> {
  await provisionDurable(deps.conn.jsm, { stream: 'raw', durable: PROCESSOR_DURABLE, maxDeliver: 5, ackWaitMs: 60_000 });
  const batched: ProcessorDeps = {
    ...deps,
    prepare: deps.prepare ?? batchedTasks<Uint8Array, RawPrepared>(deps.pool, PREPARE_EXPORTS),
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
