import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import { STREAMS } from '../../shared/streams/subjects.ts';
import { PROJECTIONS } from '../../projections/index.ts';
import { applyEvent } from '../../projections/applyEvent.ts';
import { decodeMessage } from '../../pipeline/streams/consume.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import type { StreamConnection } from '../../pipeline/streams/connection.ts';

/** Every read model's documents, each collection sorted by id, as JSON text: stores compared document by document. */
export async function readModelSnapshot(store: DocumentStore): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const p of PROJECTIONS) {
    const docs = await store.collection<Doc>(p.collection).find({}, { sort: [['_id', 1]] });
    out[p.collection] = JSON.stringify(docs);
  }
  return out;
}

/** Counts per read model, for messages that name what differs. */
export async function readModelCounts(store: DocumentStore): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const p of PROJECTIONS) out[p.collection] = await store.collection(p.collection).count();
  return out;
}

/**
 * The oracle "one live run": every stream message applied in order, one at a time, with the live consumer's
 * own code path (decodeMessage + applyEvent), into a fresh in-memory store. Independent of the replay tool's
 * batching, overlay and swap.
 */
export async function liveRunOracle(conn: StreamConnection): Promise<DocumentStore> {
  const store = openSqliteStore({ file: ':memory:' });
  for (const p of PROJECTIONS) {
    const stream = STREAMS[p.stream].name;
    const info = await conn.jsm.streams.info(stream);
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq += 1) {
      const m = await conn.jsm.streams.getMessage(stream, { seq }).catch(() => null);
      if (!m) continue;
      const decoded = decodeMessage(m.data, p.decode);
      if (!decoded.ok) continue;
      await applyEvent(store, p, decoded.event as never, seq);
    }
  }
  return store;
}

/**
 * The arbitrage scanner's timed passes (staleness checks, full rescans) publish on their own clock, so a read
 * model compared with liveRunOracle could move between the two reads. Tests that compare hold them off;
 * scans driven by market and link events still run.
 */
export const SCANNER_CLOCK_HELD = { ARB_SCAN_INTERVAL_SECONDS: '3600', ARB_FULL_SCAN_SECONDS: '86400' } as const;
