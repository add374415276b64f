import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import { STREAMS } from '../../shared/streams/subjects.ts';
import { CUSTOM_PROJECTIONS, PROJECTIONS } from '../../projections/index.ts';
import { applyEvent } from '../../projections/applyEvent.ts';
import { decodeMessage } from '../../pipeline/streams/consume.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import type { StreamConnection } from '../../pipeline/streams/connection.ts';

/** Every collection a read model writes: one per projection, several per multi-document projection. */
export const READ_MODEL_COLLECTIONS: readonly string[] = [...PROJECTIONS.map((p) => p.collection), ...CUSTOM_PROJECTIONS.flatMap((p) => p.collections.map((c) => c.name))];

/** Every read model's documents, each collection sorted by id, as JSON text: stores compared document by document. */
export async function readModelSnapshot(store: DocumentStore): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of READ_MODEL_COLLECTIONS) {
    const docs = await store.collection<Doc>(name).find({}, { sort: [['_id', 1]] });
    out[name] = JSON.stringify(docs);
  }
  return out;
}

/** Counts per read model, for messages that name what differs. */
export async function readModelCounts(store: DocumentStore): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of READ_MODEL_COLLECTIONS) out[name] = await store.collection(name).count();
  return out;
}

/**
 * The oracle "one live run": every stream message applied in order, one at a time, with the live consumer's
 * own code path (decodeMessage + applyEvent), into a fresh in-memory store. Independent of the replay tool's
 * batching, overlay and swap.
 */
export async function liveRunOracle(conn: StreamConnection): Promise<DocumentStore> {
  const store = openSqliteStore({ file: ':memory:' });
  const models = [
    ...PROJECTIONS.map((p) => ({ stream: p.stream, decode: p.decode, apply: (event: unknown, seq: number) => applyEvent(store, p, event as never, seq) })),
    ...CUSTOM_PROJECTIONS.map((p) => ({ stream: p.stream, decode: p.decode, apply: (event: unknown, seq: number) => p.apply(store, event as never, seq) })),
  ];
  for (const p of models) {
    const stream = STREAMS[p.stream].name;
    const info = await conn.jsm.streams.info(stream);
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq += 1) {
      const m = await conn.jsm.streams.getMessage(stream, { seq }).catch(() => null);
      if (!m) continue;
      const decoded = decodeMessage(m.data, p.decode as (v: unknown) => { ok: true; event: unknown } | { ok: false; reason: string });
      if (!decoded.ok) continue;
      await p.apply(decoded.event, seq);
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

/** Collections whose documents differ between two snapshots, each with the first differing document (short). */
export function differingModels(a: Record<string, string>, b: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (a[name] === b[name]) continue;
    const da = JSON.parse(a[name] ?? '[]') as Array<{ _id: string }>;
    const db = JSON.parse(b[name] ?? '[]') as Array<{ _id: string }>;
    const i = da.findIndex((d, k) => JSON.stringify(d) !== JSON.stringify(db[k]));
    const at = i < 0 ? da.length : i;
    out[name] = `${da.length} vs ${db.length} documents; first difference at ${JSON.stringify(da[at]?._id ?? null)}: ${JSON.stringify(da[at]).slice(0, 600)} | ${JSON.stringify(db[at]).slice(0, 600)}`;
  }
  return out;
}
