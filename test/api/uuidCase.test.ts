/**
 * UUIDs are case-insensitive on input (RFC 9562): a client that upper-cases an id it was given (some UUID
 * libraries print upper case) reaches the same resource. Every id read from a path, a query or a body is
 * compared in the lower case Concord stores and serves.
 */
import test from 'ava';
import { randomUUID } from 'node:crypto';
import { createKey, startApi, type TestApi } from '../auth/harness.ts';
import { emailSession, market, member, project, snapshot, tick } from '../alerts/support.ts';

let api: TestApi;
const btc = market('polymarket', 'uc-btc', 'Will Bitcoin reach $150,000 in 2026?', 0.21);
const btcLimitless = market('limitless', 'uc-btc-l', 'BTC above $150k by Dec 31 2026?', 0.24);
const questionId = randomUUID();
const upper = (id: string) => id.toUpperCase();

test.before(async () => {
  api = await startApi();
  await project(api.store, [
    { event: tick(btc, '2026-05-01T10:00:00.000Z'), seq: 1 },
    { event: tick(btcLimitless, '2026-05-01T10:00:00.000Z'), seq: 2 },
    { event: snapshot(questionId, 'Bitcoin reaches $150,000 in 2026', [member(btc), member(btcLimitless)]), seq: 3 },
  ]);
});
test.after.always(async () => {
  await api.close();
});

test('an upper-case market or question id in the path finds the resource, served with its stored id', async (t) => {
  const me = await emailSession(api, 'uuid-case-read@example.com');
  const m = await api.request('GET', `/api/v1/markets/${upper(btc.id)}`);
  t.is(m.status, 200, JSON.stringify(m.body));
  t.is(m.body.data.id, btc.id);
  t.is((await api.request('GET', `/api/v1/markets/${upper(btc.id)}/history`)).status, 200);
  const q = await api.request('GET', `/api/v1/questions/${upper(questionId)}`, me.headers);
  t.is(q.status, 200, JSON.stringify(q.body));
  t.is(q.body.data.id, questionId);
  t.is((await api.request('GET', `/api/v1/questions/${upper(questionId)}/history`, me.headers)).status, 200);
  // Not a UUID at all is still a 400, and an unknown one a 404.
  t.is((await api.request('GET', '/api/v1/markets/not-a-uuid')).status, 400);
  t.is((await api.request('GET', `/api/v1/markets/${upper(randomUUID())}`)).status, 404);
});

test('upper-case ids of watchlists, alerts and their targets reach the caller\'s own resources', async (t) => {
  const me = await emailSession(api, 'uuid-case-write@example.com');
  const list = await api.request('POST', '/api/v1/watchlists', { ...me.headers, body: { name: 'Upper' } });
  t.is(list.status, 201);
  const item = await api.request('POST', `/api/v1/watchlists/${upper(list.body.data.id)}/items`, { ...me.headers, body: { canonical_question_id: upper(questionId) } });
  t.is(item.status, 201, JSON.stringify(item.body));
  const read = await api.request('GET', `/api/v1/watchlists/${upper(list.body.data.id)}`, me.headers);
  t.is(read.status, 200);
  t.is(read.body.data.id, list.body.data.id);
  t.deepEqual(read.body.data.items.map((i: { canonical_question_id: string }) => i.canonical_question_id), [questionId], 'stored as the lower-case id');

  const alert = await api.request('POST', '/api/v1/alerts', { ...me.headers, body: { type: 'price_threshold', market_id: upper(btc.id), condition: { field: 'price', operator: 'above', value: 0.5 } } });
  t.is(alert.status, 201, JSON.stringify(alert.body));
  t.is(alert.body.data.market_id, btc.id);
  t.is((await api.request('PATCH', `/api/v1/alerts/${upper(alert.body.data.id)}`, { ...me.headers, body: { is_active: false } })).status, 200);
  t.is((await api.request('DELETE', `/api/v1/alerts/${upper(alert.body.data.id)}`, me.headers)).status, 200);
});

test('an upper-case API key id works for the console\'s statistics, logs and revocation', async (t) => {
  const me = await emailSession(api, 'uuid-case-keys@example.com');
  const { id } = await createKey(api, me.access, { name: 'upper' });
  t.is((await api.request('GET', `/api/v1/console/stats?api_key_id=${upper(id)}`, me.headers)).status, 200);
  t.is((await api.request('GET', `/api/v1/console/logs?api_key_id=${upper(id)}`, me.headers)).status, 200);
  t.is((await api.request('DELETE', `/api/v1/console/keys/${upper(id)}`, me.headers)).status, 200);
  const keys = await api.request('GET', '/api/v1/console/keys', me.headers);
  t.truthy(keys.body.data.find((k: { id: string }) => k.id === id)?.revoked_at, 'the key was revoked');
});
