import type { Logger } from 'pino';
import type { DocumentStore } from '../shared/ports/documentStore.ts';
import { STREAMS, type StreamKey } from '../shared/streams/subjects.ts';
import type { StreamConnection } from '../pipeline/streams/connection.ts';
import { CHECKPOINTS } from './applyEvent.ts';
import { projectionDurable } from './runProjection.ts';

/**
 * Read models Concord no longer keeps. An existing deployment still holds their durable consumers (which
 * `npm run ops -- status` would list as lagging forever), their collections and checkpoints: the projector
 * removes them on start. Idempotent; a name stays here for as long as old deployments may run.
 */
export const RETIRED_PROJECTIONS: ReadonlyArray<{ readonly name: string; readonly stream: StreamKey; readonly collection: string; readonly why: string }> = [
  // The watchlist 24-hour change reads the price-history read models (issue 10) since they landed.
  { name: 'market_recent_prices', stream: 'markets', collection: 'market_recent_prices', why: 'replaced by price_history' },
  { name: 'question_recent_prices', stream: 'links', collection: 'question_recent_prices', why: 'replaced by question_history' },
];

function isNotFound(err: unknown): boolean {
  const e = err as { code?: unknown; api_error?: { err_code?: unknown } } | null;
  return e?.api_error?.err_code === 10014 || e?.code === '404' || /consumer not found/i.test(String((err as Error)?.message));
}

/** Deletes each retired projection's durable, collection and checkpoint where present; returns what it removed. */
export async function removeRetiredProjections(conn: StreamConnection, store: DocumentStore, log: Logger): Promise<string[]> {
  const removed: string[] = [];
  for (const r of RETIRED_PROJECTIONS) {
    let found = false;
    try {
      found = await conn.jsm.consumers.delete(STREAMS[r.stream].name, projectionDurable(r.name));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    const checkpoints = store.collection(CHECKPOINTS);
    if (await checkpoints.get(r.name)) {
      await checkpoints.delete(r.name);
      found = true;
    }
    await store.dropCollection(r.collection);
    if (found) {
      removed.push(r.name);
      log.info({ projection: r.name, why: r.why }, 'retired read model removed (durable, collection, checkpoint)');
    }
  }
  return removed;
}
