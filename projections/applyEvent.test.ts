import test from 'ava';
import { openSqliteStore } from '../adapters/store/sqliteStore.ts';
import { applyEvent, CHECKPOINTS } from './applyEvent.ts';
import { usageHourlyProjection, type UsageHourDoc } from './usage/projection.ts';
import type { ApiRequestLogged } from '../shared/events.ts';

const request = (id: string, status = 200): ApiRequestLogged => ({
  type: 'api_request', id, api_key_id: 'key-1', account_id: 'acct-1', method: 'GET', endpoint: '/api/v1/external/markets', status, duration_ms: 10, at: '2026-05-10T12:30:00.000Z',
});
const hourDoc = (store: ReturnType<typeof openSqliteStore>) => store.collection<UsageHourDoc>(usageHourlyProjection.collection).get(`key-1:${Date.UTC(2026, 4, 10, 12)}`);

test('a message the document has already absorbed changes nothing even when the projection checkpoint is behind (crash between the two writes)', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    t.is(await applyEvent(store, usageHourlyProjection, [request('r1')], 1), 'applied');
    t.is(await applyEvent(store, usageHourlyProjection, [request('r2', 404)], 2), 'applied');
    // The process wrote the document for seq 2 and died before moving the checkpoint past 1.
    await store.collection(CHECKPOINTS).put({ _id: usageHourlyProjection.name, lastSeq: 1 });
    const before = JSON.stringify(await hourDoc(store));
    t.is(await applyEvent(store, usageHourlyProjection, [request('r2', 404)], 2), 'skipped_seen', 'seq 2 is redelivered');
    t.is(await applyEvent(store, usageHourlyProjection, [request('r1')], 1), 'skipped_seen', 'so is anything older');
    t.is(JSON.stringify(await hourDoc(store)), before);
    t.like(await hourDoc(store), { total_calls: 2, successful_calls: 1, error_calls: 1, _metadata: { lastSeq: 2, schemaVersion: 1 } });
    t.is(await applyEvent(store, usageHourlyProjection, [request('r3')], 3), 'applied', 'the next message counts');
    t.like(await hourDoc(store), { total_calls: 3, _metadata: { lastSeq: 3, schemaVersion: 1 } });
  } finally {
    await store.close();
  }
});

test('a message at or below the projection checkpoint is skipped, whatever the document says', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  try {
    t.is(await applyEvent(store, usageHourlyProjection, [request('r1')], 5), 'applied');
    await store.collection(usageHourlyProjection.collection).clear();
    t.is(await applyEvent(store, usageHourlyProjection, [request('r1')], 5), 'skipped_seen');
    t.is(await applyEvent(store, usageHourlyProjection, [request('r0')], 4), 'skipped_seen');
    t.is(await hourDoc(store), null, 'the checkpoint alone kept both out');
  } finally {
    await store.close();
  }
});
