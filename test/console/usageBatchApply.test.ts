import test from 'ava';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { applyEvent, CHECKPOINTS } from '../../projections/applyEvent.ts';
import { applyBatch } from '../../projections/applyBatch.ts';
import { ProjectionRebuild } from '../../pipeline/ops/projectionRebuild.ts';
import { decodeUsageMessage, type UsageMessage } from '../../projections/usage/event.ts';
import { usageHourlyProjection, usageProjection } from '../../projections/usage/projection.ts';
import { requestLogs, usageStats } from '../../projections/usage/queries.ts';
import type { Projection } from '../../projections/projection.ts';
import type { ApiRequestBatch, ApiRequestLogged } from '../../shared/events.ts';
import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import { failingPuts } from '../support/failingPuts.ts';

type Store = ReturnType<typeof openSqliteStore>;
const USAGE = [usageProjection, usageHourlyProjection] as unknown as Array<Projection<unknown, Doc, UsageMessage>>;

let n = 0;
/** One captured request; latencies with two decimals as the capture rounds them, so float sums are order-sensitive. */
function request(key: string, hour: number, status = 200, endpoint = '/api/v1/external/markets'): ApiRequestLogged {
  n += 1;
  return {
    type: 'api_request', id: `r${n}`, api_key_id: key, account_id: 'a', method: 'GET', endpoint, status,
    duration_ms: Math.round((0.1 + ((n * 7919) % 997) / 37) * 100) / 100, at: new Date(Date.UTC(2026, 4, 10, hour, n % 60, n % 60)).toISOString(),
  };
}
const batch = (events: ApiRequestLogged[]): ApiRequestBatch => ({ type: 'api_request_batch', id: `b${events[0]!.id}`, events });

/** Messages as they come off the stream: JSON, decoded by the projections' decoder. */
function decoded(value: ApiRequestLogged | ApiRequestBatch): UsageMessage {
  const d = decodeUsageMessage(JSON.parse(JSON.stringify(value)));
  if (!d.ok) throw new Error(d.reason);
  return d.event;
}

/** A store whose puts into `collection` fail after `okPuts` of them went through (the process dying part-way). */
const crashingAfter = (store: DocumentStore, collection: string, okPuts: number): DocumentStore => failingPuts(store, collection, (_doc, n) => n >= okPuts, 'crash');

/** What the console shows for the keys: statistics by hour and day, and the whole request log. */
async function console_(store: Store, keys: readonly string[]): Promise<string> {
  const out: unknown[] = [];
  for (const apiKeyId of keys) {
    out.push(await usageStats(store, { apiKeyId, granularity: 'hourly', limit: 6, startMs: Date.UTC(2026, 4, 10, 10), nowMs: Date.UTC(2026, 4, 11) }));
    out.push(await usageStats(store, { apiKeyId, granularity: 'daily', limit: 2, startMs: Date.UTC(2026, 4, 10), nowMs: Date.UTC(2026, 4, 11) }));
    out.push(await requestLogs(store, { apiKeyId, limit: 200, offset: 0 }));
  }
  return JSON.stringify(out);
}

/** The same requests, one message each (the format before batches), applied to a fresh store: the reference. */
async function oneMessageEach(events: readonly ApiRequestLogged[], keys: readonly string[]): Promise<string> {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    for (const p of USAGE) for (const [i, e] of events.entries()) await applyEvent(store, p, decoded(e), i + 1);
    return await console_(store, keys);
  } finally {
    await store.close();
  }
}

test('USAGE messages of the old format (one api_request) still decode, as a one-event message; a batch decodes to its events in order', (t) => {
  const e = request('k1', 12);
  t.deepEqual(decodeUsageMessage(JSON.parse(JSON.stringify(e))), { ok: true, event: [e] });
  const b = batch([request('k1', 12), request('k2', 13)]);
  t.deepEqual(decodeUsageMessage(JSON.parse(JSON.stringify(b))), { ok: true, event: b.events });
  const broken = decodeUsageMessage({ ...b, events: [b.events[0], { ...b.events[1], status: 'x' }] });
  t.false(broken.ok, 'a batch with an invalid event is refused whole (dead-lettered)');
  t.false(decodeUsageMessage({ type: 'api_request_batch', id: 'b', events: [] }).ok);
  t.false(decodeUsageMessage({ type: 'api_request', id: 'broken' }).ok);
});

test('a batch redelivered after a crash part-way through its documents counts each request once', async (t) => {
  const first = request('k1', 12);
  const events = [request('k1', 12), request('k2', 12, 404), request('k1', 12, 500, '/api/v1/external/questions'), request('k1', 13), request('k2', 12)];
  const keys = ['k1', 'k2'];
  const store = openSqliteStore({ file: ':memory:' });
  try {
    for (const p of USAGE) t.is(await applyEvent(store, p, decoded(first), 1), 'applied');
    // Seq 2, one message: the hourly model touches k1@12 (two requests), k2@12 (two) and k1@13 (one).
    const message = decoded(batch(events));
    for (const p of USAGE) {
      await t.throwsAsync(applyEvent(crashingAfter(store, p.collection, 1), p, message, 2), { message: 'crash' });
    }
    t.is((await store.collection<{ _id: string; lastSeq: number } & Doc>(CHECKPOINTS).get(usageHourlyProjection.name))?.lastSeq, 1, 'the checkpoint never moved past the crash');
    const k1At12 = await store.collection<Doc & { total_calls: number }>(usageHourlyProjection.collection).get(`k1:${Date.UTC(2026, 4, 10, 12)}`);
    t.is(k1At12?.total_calls, 3, 'the one document written before the crash holds both of its requests of the batch');
    // The redelivery: the document already written is skipped, the others are applied.
    for (const p of USAGE) t.is(await applyEvent(store, p, message, 2), 'applied');
    for (const p of USAGE) t.is(await applyEvent(store, p, message, 2), 'skipped_seen', 'and a second redelivery changes nothing');
    t.is(await console_(store, keys), await oneMessageEach([first, ...events], keys), 'what the console shows equals one message per request');
    t.is(await store.collection(usageProjection.collection).count(), 6);
  } finally {
    await store.close();
  }
});

test('batches applied in runs (the live consumer), again after the checkpoint fell behind, and by a full rebuild, show what one message per request showed', async (t) => {
  const events = Array.from({ length: 60 }, (_, i) => request(`k${i % 3}`, 10 + (i % 4), i % 7 === 0 ? 429 : 200, `/api/v1/external/${i % 5}`));
  const keys = ['k0', 'k1', 'k2'];
  const reference = await oneMessageEach(events, keys);
  // A stream written across the upgrade: old single-event messages, then batches of varying size.
  const messages = [...events.slice(0, 5).map((e) => decoded(e)), decoded(batch(events.slice(5, 6))), decoded(batch(events.slice(6, 30))), decoded(batch(events.slice(30)))];
  const sequenced = messages.map((event, i) => ({ event, seq: i + 1 }));
  const live = openSqliteStore({ file: ':memory:' });
  const rebuilt = openSqliteStore({ file: ':memory:' });
  try {
    for (const p of USAGE) {
      await applyBatch(live, p, sequenced.slice(0, 6));
      await applyBatch(live, p, sequenced.slice(6));
    }
    t.is(await console_(live, keys), reference);
    // Documents written, the checkpoint lost (a crash between the two flushes): the whole run comes again.
    for (const p of USAGE) await live.collection(CHECKPOINTS).put({ _id: p.name, lastSeq: 5 });
    for (const p of USAGE) t.like(await applyBatch(live, p, sequenced.slice(5)), { applied: 0, skipped_seen: 3 });
    t.is(await console_(live, keys), reference, 'nothing counted twice');

    for (const p of USAGE) {
      const rebuild = await ProjectionRebuild.open(rebuilt, p as unknown as Projection<unknown, Doc>, p.collection, p.name);
      await rebuild.apply(sequenced.slice(0, 7));
      await rebuild.apply(sequenced.slice(7));
      await rebuild.flush(false);
    }
    t.is(await console_(rebuilt, keys), reference);
    for (const p of USAGE) {
      const docs = (c: Store) => c.collection<Doc>(p.collection).find({}, { sort: [['_id', 1]] });
      t.deepEqual(await docs(rebuilt), await docs(live), `${p.collection}: a rebuild writes the documents the live projection wrote`);
    }
  } finally {
    await live.close();
    await rebuilt.close();
  }
});
