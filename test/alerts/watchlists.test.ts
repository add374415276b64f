import test from 'ava';
import { randomUUID } from 'node:crypto';
import { createKey, startApi, type TestApi } from '../auth/harness.ts';
import { emailSession, market, member, project, snapshot, tick, walletSession } from './support.ts';
import { MAX_ITEMS_PER_WATCHLIST } from '../../api/watchlists/repository.ts';
import { ownerKey } from '../../pipeline/alerts/model.ts';

let api: TestApi;
// Recorded titles (Polymarket, Limitless); prices chosen to be worked out by hand.
const btc = market('polymarket', 'wl-btc', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.42);
const btcLimitless = market('limitless', 'wl-btc-l', 'Will BTC hit $150k by end of 2026?', 0.5, 1000);
/** A market of no question of this test. */
const eth = market('polymarket', 'wl-eth', 'Will Ethereum reach $10,000 by December 31, 2026?', 0.1);
const questionId = randomUUID();
const H = 3_600_000;
const now = Date.parse('2026-05-02T12:00:00.000Z');

test.before(async () => {
  api = await startApi({ env: { PUBLIC_ORIGIN: 'http://concord.test' }, auth: { now: () => now } });
  const iso = (ms: number) => new Date(ms).toISOString();
  await project(api.store, [
    // 30 h ago 0.30, 25 h ago 0.35, 23 h ago 0.40, now 0.42: 24 h ago the price was 0.35.
    { event: tick({ ...btc, outcomes: [{ label: 'Yes', outcome_index: 0, price: 0.3 }, { label: 'No', outcome_index: 1, price: 0.7 }] }, iso(now - 30 * H)), seq: 1 },
    { event: tick({ ...btc, outcomes: [{ label: 'Yes', outcome_index: 0, price: 0.35 }, { label: 'No', outcome_index: 1, price: 0.65 }] }, iso(now - 25 * H)), seq: 2 },
    { event: tick({ ...btc, outcomes: [{ label: 'Yes', outcome_index: 0, price: 0.4 }, { label: 'No', outcome_index: 1, price: 0.6 }] }, iso(now - 23 * H)), seq: 3 },
    { event: tick(btc, iso(now - H)), seq: 4 },
    { event: tick(btcLimitless, iso(now - H)), seq: 5 },
    { event: tick(eth, iso(now - H)), seq: 6 },
    // Index (volume 3000 at 0.42, 1000 at 0.5): (1260 + 500) / 4000 = 0.44. Known for 2 hours only.
    { event: snapshot(questionId, 'Bitcoin above $150k by the end of 2026', [member({ ...btc, volume24h: 3000, quoted_at: iso(now - 2 * H) }), member({ ...btcLimitless, quoted_at: iso(now - 2 * H) })]), seq: 1 },
  ]);
});
test.after.always(async () => {
  await api.close();
});

test('create, list, read, rename and delete a watchlist; a new one has item_count 0', async (t) => {
  const me = await emailSession(api, 'wl-crud@example.com');
  const created = await api.request('POST', '/api/v1/watchlists', { ...me.headers, body: { name: '  Crypto  ' } });
  t.is(created.status, 201);
  t.like(created.body.data, { name: 'Crypto', item_count: 0 });
  t.regex(created.body.data.created_at, /^\d{4}-\d\d-\d\dT/);
  const id = created.body.data.id as string;

  const list = await api.request('GET', '/api/v1/watchlists', me.headers);
  t.deepEqual(list.body.data.map((w: { id: string }) => w.id), [id]);
  t.is(list.body.meta.count, 1);

  const renamed = await api.request('PATCH', `/api/v1/watchlists/${id}`, { ...me.headers, body: { name: 'Majors' } });
  t.is(renamed.status, 200);
  t.like(renamed.body.data, { id, name: 'Majors', item_count: 0 });

  const read = await api.request('GET', `/api/v1/watchlists/${id}`, me.headers);
  t.like(read.body.data, { id, name: 'Majors', item_count: 0 });
  t.deepEqual(read.body.data.items, []);

  const deleted = await api.request('DELETE', `/api/v1/watchlists/${id}`, me.headers);
  t.is(deleted.status, 200);
  t.is(deleted.body.data.id, id);
  t.is((await api.request('GET', `/api/v1/watchlists/${id}`, me.headers)).status, 404);
});

test('items: each reference must exist, at least one is needed, no duplicates; the snapshot joins title, price and the 24-hour change', async (t) => {
  const me = await emailSession(api, 'wl-items@example.com');
  const id = (await api.request('POST', '/api/v1/watchlists', { ...me.headers, body: { name: 'BTC' } })).body.data.id as string;
  const items = `/api/v1/watchlists/${id}/items`;

  const byMarket = await api.request('POST', items, { ...me.headers, body: { market_id: btc.id } });
  t.is(byMarket.status, 201);
  t.like(byMarket.body.data, { market_id: btc.id, canonical_question_id: null, watchlist_id: id });
  // Current 0.42, 24 h ago 0.35 (observed 25 h ago, unchanged until 23 h ago): change +0.07.
  t.like(byMarket.body.data.snapshot, { kind: 'market', title: btc.title, price: 0.42, price_24h_ago: 0.35, change_24h: 0.07, platform_slug: 'polymarket', status: 'open' });

  const byQuestion = await api.request('POST', items, { ...me.headers, body: { canonical_question_id: questionId } });
  t.is(byQuestion.status, 201);
  // Index 0.44 by hand; the question is known for 2 hours, so its price 24 h ago is unknown (null, not 0).
  t.like(byQuestion.body.data.snapshot, { kind: 'question', title: 'Bitcoin above $150k by the end of 2026', price: 0.44, price_24h_ago: null, change_24h: null, market_count: 2 });

  const both = await api.request('POST', items, { ...me.headers, body: { canonical_question_id: questionId, market_id: btcLimitless.id } });
  t.is(both.status, 201);
  t.like(both.body.data.snapshot, { kind: 'market', price: 0.5 });

  const again = await api.request('POST', items, { ...me.headers, body: { market_id: btc.id } });
  t.is(again.status, 409);
  t.is(again.body.status, 'CONFLICT');
  t.regex(again.body.message, new RegExp(byMarket.body.data.id));

  const missingMarket = await api.request('POST', items, { ...me.headers, body: { market_id: randomUUID() } });
  t.is(missingMarket.status, 404);
  t.is(missingMarket.body.status, 'MARKET_NOT_FOUND');
  t.regex(missingMarket.body.message, /market_id/);
  // A market given with a question must be one of its markets.
  const unrelated = await api.request('POST', items, { ...me.headers, body: { canonical_question_id: questionId, market_id: eth.id } });
  t.is(unrelated.status, 400);
  t.is(unrelated.body.status, 'INVALID_REQUEST');
  t.regex(unrelated.body.message, new RegExp(`'market_id': market ${eth.id} is not one of canonical question ${questionId}'s markets`));
  const missingQuestion = await api.request('POST', items, { ...me.headers, body: { canonical_question_id: randomUUID(), market_id: btc.id } });
  t.is(missingQuestion.body.status, 'QUESTION_NOT_FOUND');
  const none = await api.request('POST', items, { ...me.headers, body: {} });
  t.is(none.status, 400);
  t.regex(none.body.message, /canonical_question_id, market_id, or both/);

  const read = await api.request('GET', `/api/v1/watchlists/${id}`, me.headers);
  t.is(read.body.data.item_count, 3);
  t.deepEqual(read.body.data.items.map((i: { id: string }) => i.id), [byMarket.body.data.id, byQuestion.body.data.id, both.body.data.id]);
  t.is((await api.request('GET', '/api/v1/watchlists', me.headers)).body.data[0].item_count, 3);

  const removed = await api.request('DELETE', `${items}/${byQuestion.body.data.id}`, me.headers);
  t.is(removed.status, 200);
  t.is(removed.body.data.id, byQuestion.body.data.id);
  t.is((await api.request('DELETE', `${items}/${byQuestion.body.data.id}`, me.headers)).status, 404);
  t.is((await api.request('GET', `/api/v1/watchlists/${id}`, me.headers)).body.data.item_count, 2);

  const gone = await api.request('DELETE', `/api/v1/watchlists/${id}`, me.headers);
  t.is(gone.body.data.item_count, 2, 'the delete answer says how many items went with it');
  t.is(await api.store.collection('watchlist_items').count({ watchlist_id: id }), 0);
});

test('a wallet session keeps its own watchlists; an email account and a wallet never see each other\'s, by list or by id (404)', async (t) => {
  const email = await emailSession(api, 'wl-scope@example.com');
  const wallet = await walletSession(api);
  const mine = await api.request('POST', '/api/v1/watchlists', { ...wallet.headers, body: { name: 'Wallet list' } });
  t.is(mine.status, 201);
  const id = mine.body.data.id as string;
  t.is((await api.request('POST', `/api/v1/watchlists/${id}/items`, { ...wallet.headers, body: { market_id: btc.id } })).status, 201);
  t.is((await api.request('GET', '/api/v1/watchlists', wallet.headers)).body.data.length, 1);

  t.deepEqual((await api.request('GET', '/api/v1/watchlists', email.headers)).body.data, []);
  for (const [method, path, body] of [
    ['GET', `/api/v1/watchlists/${id}`, undefined],
    ['PATCH', `/api/v1/watchlists/${id}`, { name: 'stolen' }],
    ['POST', `/api/v1/watchlists/${id}/items`, { canonical_question_id: questionId }],
    ['DELETE', `/api/v1/watchlists/${id}`, undefined],
  ] as const) {
    const reply = await api.request(method, path, { ...email.headers, ...(body ? { body } : {}) });
    t.is(reply.status, 404, `${method} ${path}`);
    t.is(reply.body.status, 'NOT_FOUND');
    t.notRegex(JSON.stringify(reply.body), /Wallet list/);
  }
  const read = await api.request('GET', `/api/v1/watchlists/${id}`, wallet.headers);
  t.like(read.body.data, { name: 'Wallet list', item_count: 1 });
});

test('API keys, missing and broken credentials are refused on watchlists', async (t) => {
  const me = await emailSession(api, 'wl-keys@example.com');
  const { key } = await createKey(api, me.access);
  const withKey = await api.request('GET', '/api/v1/watchlists', { apiKey: key });
  t.is(withKey.status, 401);
  t.regex(withKey.body.message, /API keys are not accepted/);
  t.is((await api.request('GET', '/api/v1/watchlists')).status, 401);
  t.is((await api.request('POST', '/api/v1/watchlists', { body: { name: 'x' }, cookies: { svc_siwe: 'not-a-token' } })).status, 401);
  t.is((await api.request('GET', '/api/v1/watchlists', { bearer: 'nope' })).status, 401);
});

test('validation: every bad field is a 400 INVALID_REQUEST that names it', async (t) => {
  const me = await emailSession(api, 'wl-valid@example.com');
  const id = (await api.request('POST', '/api/v1/watchlists', { ...me.headers, body: { name: 'V' } })).body.data.id as string;
  const cases: Array<[string, string, unknown, RegExp]> = [
    ['POST', '/api/v1/watchlists', {}, /'name': is required/],
    ['POST', '/api/v1/watchlists', { name: '   ' }, /'name': must not be empty/],
    ['POST', '/api/v1/watchlists', { name: 'x'.repeat(101) }, /'name': must be at most 100/],
    ['POST', '/api/v1/watchlists', { name: 42 }, /'name': must be a string/],
    ['POST', '/api/v1/watchlists', { name: 'a\u0000b' }, /'name': contains the control character U\+0000/],
    ['POST', '/api/v1/watchlists', { name: 'x\u0085y' }, /'name': contains the control character U\+0085/],
    ['POST', '/api/v1/watchlists', { name: 'x\u202Ey' }, /'name': contains the bidirectional formatting character U\+202E/],
    ['POST', '/api/v1/watchlists', { name: 'x\udc00' }, /'name': contains a lone surrogate/],
    ['POST', '/api/v1/watchlists', { name: 'a\u2028b' }, /'name': contains the character U\+2028/],
    ['POST', '/api/v1/watchlists', { name: 'x', color: 'red' }, /Unknown body field 'color'/],
    ['POST', '/api/v1/watchlists', ['x'], /must be a JSON object/],
    ['PATCH', `/api/v1/watchlists/${id}`, {}, /'name': is required/],
    ['POST', `/api/v1/watchlists/${id}/items`, { market_id: 'abc' }, /'market_id': must be a market UUID/],
    ['POST', `/api/v1/watchlists/${id}/items`, { canonical_question_id: 7 }, /'canonical_question_id'/],
    ['POST', `/api/v1/watchlists/${id}/items`, { market_id: btc.id, note: 'x' }, /Unknown body field 'note'/],
    ['GET', '/api/v1/watchlists/not-a-uuid', undefined, /'id': must be a watchlist UUID/],
    ['DELETE', `/api/v1/watchlists/${id}/items/zzz`, undefined, /'itemId': must be a watchlist item UUID/],
  ];
  for (const [method, path, body, message] of cases) {
    const reply = await api.request(method, path, { ...me.headers, ...(body !== undefined ? { body } : {}) });
    t.is(reply.status, 400, `${method} ${path} ${JSON.stringify(body)}`);
    t.is(reply.body.status, 'INVALID_REQUEST');
    t.regex(reply.body.message, message);
  }
});

test(`a watchlist holds at most ${MAX_ITEMS_PER_WATCHLIST} items, and concurrent adds at the bound never go past it`, async (t) => {
  const me = await emailSession(api, 'wl-limit@example.com');
  const id = (await api.request('POST', '/api/v1/watchlists', { ...me.headers, body: { name: 'Full' } })).body.data.id as string;
  // Fill to two below the bound directly, in one transaction (the session rate limit would take
  // minutes through the API), then race 7 adds of markets that exist.
  const owner = ownerKey('account', me.id);
  await api.store.collection('watchlist_items').putMany(
    Array.from({ length: MAX_ITEMS_PER_WATCHLIST - 2 }, (_, slot) => ({
      _id: randomUUID(),
      watchlist_id: id,
      owner,
      canonical_question_id: null,
      market_id: randomUUID(),
      dedupe: `${id}|-|filler-${slot}`,
      slot,
      added_at: '2026-05-01T00:00:00.000Z',
    })),
  );
  const markets = Array.from({ length: 7 }, (_, i) => market('manifold', `wl-many-${i}`, `Market ${i}`, 0.5));
  await project(api.store, markets.map((m, i) => ({ event: tick(m, '2026-05-01T00:00:00.000Z'), seq: 1000 + i })));
  const replies = await Promise.all(markets.map((m) => api.request('POST', `/api/v1/watchlists/${id}/items`, { ...me.headers, body: { market_id: m.id } })));
  t.deepEqual(replies.map((r) => r.status).sort(), [201, 201, 409, 409, 409, 409, 409]);
  t.regex(replies.find((r) => r.status === 409)?.body.message, new RegExp(`already holds ${MAX_ITEMS_PER_WATCHLIST} items`));
  t.is((await api.request('GET', `/api/v1/watchlists/${id}`, me.headers)).body.data.item_count, MAX_ITEMS_PER_WATCHLIST);
});
