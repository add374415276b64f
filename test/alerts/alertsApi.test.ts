import test from 'ava';
import { randomUUID } from 'node:crypto';
import { createKey, startApi, type TestApi } from '../auth/harness.ts';
import { emailSession, market, member, project, snapshot, tick, walletSession } from './support.ts';
import { createAlert } from '../../pipeline/alerts/repository.ts';
import { MAX_ALERTS_PER_ACCOUNT, ownerKey } from '../../pipeline/alerts/model.ts';

let api: TestApi;
let prodApi: TestApi;
const eth = market('polymarket', 'al-eth', 'Will Ethereum reach $5,000 in 2026?', 0.31);
const ethLimitless = market('limitless', 'al-eth-l', 'ETH above $5000 by Dec 31 2026?', 0.35);
const questionId = randomUUID();

async function seed(target: TestApi) {
  await project(target.store, [
    { event: tick(eth, '2026-05-01T10:00:00.000Z'), seq: 7 },
    { event: tick(ethLimitless, '2026-05-01T10:00:00.000Z'), seq: 8 },
    { event: snapshot(questionId, 'Ethereum above $5,000 in 2026', [member(eth), member(ethLimitless)]), seq: 3 },
  ]);
}

test.before(async () => {
  api = await startApi({ env: { PUBLIC_ORIGIN: 'http://concord.test' } });
  prodApi = await startApi({ env: { PUBLIC_ORIGIN: 'http://concord.test', NODE_ENV: 'production' } });
  await seed(api);
  await seed(prodApi);
});
test.after.always(async () => {
  await api.close();
  await prodApi.close();
});

const onQuestion = (value = 0.6, operator = 'above') => ({ type: 'price_threshold', canonical_question_id: questionId, condition: { field: 'index_price', operator, value } });
const onMarket = (value = 0.4, operator = 'below') => ({ type: 'price_threshold', market_id: eth.id, condition: { field: 'price', operator, value } });

test('create, list, read, update and delete alerts on a question index and on a market', async (t) => {
  const me = await emailSession(api, 'al-crud@example.com');
  const q = await api.request('POST', '/api/v1/alerts', { ...me.headers, body: onQuestion() });
  t.is(q.status, 201);
  t.like(q.body.data, { type: 'price_threshold', canonical_question_id: questionId, market_id: null, condition: { field: 'index_price', operator: 'above', value: 0.6 }, is_active: true, notify_email: true, webhook_url: null, trigger_count: 0, last_triggered_at: null });
  t.regex(q.body.data.created_at, /^\d{4}-\d\d-\d\dT/);
  const m = await api.request('POST', '/api/v1/alerts', { ...me.headers, body: { ...onMarket(), is_active: false } });
  t.is(m.status, 201);
  t.like(m.body.data, { market_id: eth.id, canonical_question_id: null, is_active: false });

  const list = await api.request('GET', '/api/v1/alerts', me.headers);
  t.deepEqual(list.body.data.map((a: { id: string }) => a.id), [m.body.data.id, q.body.data.id], 'newest first');

  const one = await api.request('GET', `/api/v1/alerts/${q.body.data.id}`, me.headers);
  t.like(one.body.data, { id: q.body.data.id, trigger_count: 0, last_triggered_at: null });
  t.deepEqual(one.body.data.recent_triggers, []);

  const paused = await api.request('PATCH', `/api/v1/alerts/${q.body.data.id}`, { ...me.headers, body: { is_active: false } });
  t.is(paused.status, 200);
  t.like(paused.body.data, { is_active: false, condition: { field: 'index_price', operator: 'above', value: 0.6 } });
  const moved = await api.request('PATCH', `/api/v1/alerts/${q.body.data.id}`, { ...me.headers, body: { condition: { value: 0.7 }, is_active: true } });
  t.like(moved.body.data, { is_active: true, condition: { field: 'index_price', operator: 'above', value: 0.7 } });
  const retyped = await api.request('PATCH', `/api/v1/alerts/${q.body.data.id}`, { ...me.headers, body: { type: 'price_threshold', condition: { operator: 'equals' } } });
  t.like(retyped.body.data, { condition: { operator: 'equals', value: 0.7 } });

  const deleted = await api.request('DELETE', `/api/v1/alerts/${q.body.data.id}`, me.headers);
  t.is(deleted.status, 200);
  t.is(deleted.body.data.id, q.body.data.id);
  t.is((await api.request('GET', `/api/v1/alerts/${q.body.data.id}`, me.headers)).status, 404);
  t.is((await api.request('DELETE', `/api/v1/alerts/${q.body.data.id}`, me.headers)).status, 404);
});

test('the target must exist: an unknown question or market is 404 naming the field', async (t) => {
  const me = await emailSession(api, 'al-exists@example.com');
  const q = await api.request('POST', '/api/v1/alerts', { ...me.headers, body: { ...onQuestion(), canonical_question_id: randomUUID() } });
  t.is(q.status, 404);
  t.is(q.body.status, 'QUESTION_NOT_FOUND');
  t.regex(q.body.message, /canonical_question_id/);
  const m = await api.request('POST', '/api/v1/alerts', { ...me.headers, body: { ...onMarket(), market_id: randomUUID() } });
  t.is(m.body.status, 'MARKET_NOT_FOUND');
  t.regex(m.body.message, /market_id/);
});

test('validation: every bad field is a 400 INVALID_REQUEST that names it', async (t) => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['POST', {}, /'type': is required/],
    ['POST', { ...onQuestion(), type: 'volume_spike' }, /'type': must be one of price_threshold/],
    ['POST', { type: 'price_threshold', canonical_question_id: questionId }, /'condition': is required/],
    ['POST', { ...onQuestion(), condition: 'above 0.6' }, /'condition': must be an object/],
    ['POST', { ...onQuestion(), condition: { field: 'index_price', operator: 'above' } }, /'condition.value': is required/],
    ['POST', { ...onQuestion(), condition: { field: 'index_price', operator: 'above', value: 1.2 } }, /'condition.value': must be a number from 0 to 1/],
    ['POST', { ...onQuestion(), condition: { field: 'index_price', operator: 'above', value: -0.1 } }, /'condition.value'/],
    ['POST', { ...onQuestion(), condition: { field: 'index_price', operator: 'above', value: '0.6' } }, /'condition.value': must be a number/],
    ['POST', { ...onQuestion(), condition: { field: 'index_price', operator: 'over', value: 0.6 } }, /'condition.operator': must be one of above, below, equals/],
    ['POST', { ...onQuestion(), condition: { field: 'volume', operator: 'above', value: 0.6 } }, /'condition.field'/],
    ['POST', { ...onQuestion(), condition: { field: 'index_price', operator: 'above', value: 0.6, window: 5 } }, /Unknown body field 'condition.window'/],
    ['POST', { ...onQuestion(), condition: { field: 'price', operator: 'above', value: 0.6 } }, /'condition.field': must be 'index_price' for an alert on a canonical question/],
    ['POST', { ...onMarket(), condition: { field: 'index_price', operator: 'above', value: 0.6 } }, /'condition.field': must be 'price' for an alert on a venue market/],
    ['POST', { ...onQuestion(), market_id: eth.id }, /exactly one of 'canonical_question_id'.*or 'market_id'/],
    ['POST', { type: 'price_threshold', condition: { field: 'price', operator: 'above', value: 0.5 } }, /exactly one of/],
    ['POST', { ...onQuestion(), canonical_question_id: 'q-1' }, /'canonical_question_id': must be a canonical question UUID/],
    ['POST', { ...onQuestion(), is_active: 'yes' }, /'is_active': must be true or false/],
    ['POST', { ...onQuestion(), notify_email: 1 }, /'notify_email': must be true or false/],
    ['POST', { ...onQuestion(), webhook_url: 42 }, /'webhook_url'/],
    ['POST', { ...onQuestion(), owner: 'someone' }, /Unknown body field 'owner'/],
    ['POST', [{ type: 'price_threshold' }], /must be a JSON object/],
    ['PATCH', {}, /give at least one of type, condition, is_active, webhook_url, notify_email/],
    ['PATCH', { is_active: null }, /'is_active': must be true or false/],
    ['PATCH', { condition: { value: 2 } }, /'condition.value'/],
    ['PATCH', { condition: { field: 'price' } }, /'condition.field': must be 'index_price'/],
    ['PATCH', { canonical_question_id: questionId }, /Unknown body field 'canonical_question_id'/],
  ];
  // A fresh account every 12 requests keeps each one inside its session burst of 20.
  let me = await emailSession(api, `al-valid-0@example.com`);
  let id = (await api.request('POST', '/api/v1/alerts', { ...me.headers, body: onQuestion() })).body.data.id as string;
  for (const [i, [method, body, message]] of cases.entries()) {
    if (i > 0 && i % 12 === 0) {
      me = await emailSession(api, `al-valid-${i}@example.com`);
      id = (await api.request('POST', '/api/v1/alerts', { ...me.headers, body: onQuestion() })).body.data.id as string;
    }
    const path = method === 'POST' ? '/api/v1/alerts' : `/api/v1/alerts/${id}`;
    const reply = await api.request(method, path, { ...me.headers, body });
    t.is(reply.status, 400, `${method} ${JSON.stringify(body)}`);
    t.is(reply.body.status, 'INVALID_REQUEST');
    t.regex(reply.body.message, message);
  }
  const badId = await api.request('GET', '/api/v1/alerts/12', me.headers);
  t.is(badId.status, 400);
  t.regex(badId.body.message, /'id': must be an alert UUID/);
});

test('alerts belong to their account: a wallet session and an email session never see or touch each other\'s (404, no data)', async (t) => {
  const email = await emailSession(api, 'al-scope@example.com');
  const wallet = await walletSession(api);
  const walletAlert = await api.request('POST', '/api/v1/alerts', { ...wallet.headers, body: onMarket(0.2) });
  t.is(walletAlert.status, 201);
  t.is(walletAlert.body.data.notify_email, false, 'a wallet account has no email address');
  const id = walletAlert.body.data.id as string;
  t.deepEqual((await api.request('GET', '/api/v1/alerts', email.headers)).body.data, []);
  for (const [method, body] of [['GET', undefined], ['PATCH', { is_active: false }], ['DELETE', undefined]] as const) {
    const reply = await api.request(method, `/api/v1/alerts/${id}`, { ...email.headers, ...(body ? { body } : {}) });
    t.is(reply.status, 404, method);
    t.notRegex(JSON.stringify(reply.body), /0\.2/);
  }
  const still = await api.request('GET', `/api/v1/alerts/${id}`, wallet.headers);
  t.like(still.body.data, { id, is_active: true, condition: { value: 0.2 } });

  const emailAlert = await api.request('POST', '/api/v1/alerts', { ...email.headers, body: onMarket(0.25) });
  t.is((await api.request('GET', `/api/v1/alerts/${emailAlert.body.data.id}`, wallet.headers)).status, 404);
  t.deepEqual((await api.request('GET', '/api/v1/alerts', wallet.headers)).body.data.map((a: { id: string }) => a.id), [id]);

  const mailForWallet = await api.request('POST', '/api/v1/alerts', { ...wallet.headers, body: { ...onMarket(), notify_email: true } });
  t.is(mailForWallet.status, 400);
  t.regex(mailForWallet.body.message, /'notify_email': a wallet account has no email address/);
});

test('API keys are refused on alerts, even a key of the same account', async (t) => {
  const me = await emailSession(api, 'al-key@example.com');
  const { key } = await createKey(api, me.access);
  for (const [method, path] of [['GET', '/api/v1/alerts'], ['POST', '/api/v1/alerts'], ['GET', '/api/v1/alerts/webhook-secret']] as const) {
    const reply = await api.request(method, path, { apiKey: key, ...(method === 'POST' ? { body: onQuestion() } : {}) });
    t.is(reply.status, 401, `${method} ${path}`);
    t.is(reply.body.status, 'UNAUTHORIZED');
  }
});

test(`an account holds at most ${MAX_ALERTS_PER_ACCOUNT} alerts, also when requests race at the bound`, async (t) => {
  const me = await emailSession(api, 'al-limit@example.com');
  const owner = ownerKey('account', me.id);
  const baseline = { seq: 0, price: null, at: null };
  for (let i = 0; i < MAX_ALERTS_PER_ACCOUNT - 1; i++) {
    await createAlert(api.store, { owner, type: 'price_threshold', target: { kind: 'market', id: eth.id }, condition: { field: 'price', operator: 'above', value: i / 1000 }, isActive: true, webhookUrl: null, notifyEmail: false, baseline, now: new Date() });
  }
  const replies = await Promise.all([0, 1, 2, 3].map(() => api.request('POST', '/api/v1/alerts', { ...me.headers, body: onMarket() })));
  t.deepEqual(replies.map((r) => r.status).sort(), [201, 409, 409, 409]);
  t.regex(replies.find((r) => r.status === 409)?.body.message, new RegExp(`already has ${MAX_ALERTS_PER_ACCOUNT} alerts`));
  t.is((await api.request('GET', '/api/v1/alerts', me.headers)).body.data.length, MAX_ALERTS_PER_ACCOUNT);
  const oneGone = (await api.request('GET', '/api/v1/alerts', me.headers)).body.data[0].id as string;
  t.is((await api.request('DELETE', `/api/v1/alerts/${oneGone}`, me.headers)).status, 200);
  t.is((await api.request('POST', '/api/v1/alerts', { ...me.headers, body: onMarket() })).status, 201, 'a deleted alert frees its place');
});

test('the webhook signing secret is shown once, sealed at rest, and rotation replaces it', async (t) => {
  const me = await emailSession(api, 'al-secret@example.com');
  const before = await api.request('GET', '/api/v1/alerts/webhook-secret', me.headers);
  t.deepEqual(before.body.data, { configured: false, secret_prefix: null, created_at: null, rotated_at: null });
  const issued = await api.request('POST', '/api/v1/alerts/webhook-secret', me.headers);
  t.is(issued.status, 201);
  const secret = issued.body.data.secret as string;
  t.regex(secret, /^whsec_[A-Za-z0-9_-]{43}$/);
  t.regex(issued.body.message, /will not be displayed again/);
  const after = await api.request('GET', '/api/v1/alerts/webhook-secret', me.headers);
  t.like(after.body.data, { configured: true, secret_prefix: secret.slice(0, 12), rotated_at: null });
  t.false(JSON.stringify(after.body).includes(secret));
  const stored = JSON.stringify(await api.store.collection('alert_webhook_secrets').find({}));
  t.false(stored.includes(secret.slice(6)), 'only the sealed form is stored');

  const rotated = await api.request('POST', '/api/v1/alerts/webhook-secret', me.headers);
  t.not(rotated.body.data.secret, secret);
  t.truthy(rotated.body.data.rotated_at);
  t.is(rotated.body.data.created_at, issued.body.data.created_at);
  const wallet = await walletSession(api);
  t.false((await api.request('GET', '/api/v1/alerts/webhook-secret', wallet.headers)).body.data.configured, 'the secret is per account');
});

test('webhook URLs: a signing secret first, then only public addresses; https only in production', async (t) => {
  const me = await emailSession(api, 'al-hooks@example.com');
  const noSecret = await api.request('POST', '/api/v1/alerts', { ...me.headers, body: { ...onMarket(), webhook_url: 'https://93.184.215.14/hooks' } });
  t.is(noSecret.status, 400);
  t.regex(noSecret.body.message, /'webhook_url': this account has no webhook signing secret yet; create one with POST \/api\/v1\/alerts\/webhook-secret/);
  await api.request('POST', '/api/v1/alerts/webhook-secret', me.headers);
  const refused: Array<[string, RegExp]> = [
    ['http://127.0.0.1:9000/hook', /private, loopback, link-local or reserved/],
    ['http://localhost:9000/hook', /'localhost' is (127\.0\.0\.1|::1)/],
    ['http://10.1.2.3/hook', /10\.1\.2\.3/],
    ['http://169.254.169.254/latest/meta-data', /169\.254\.169\.254/],
    ['http://[::1]/hook', /::1/],
    ['http://[::ffff:192.168.1.1]/hook', /private/],
    ['ftp://93.184.215.14/hook', /must use https/],
    ['not a url', /must be an absolute URL/],
    ['https://user:pw@93.184.215.14/hook', /must not carry credentials/],
    ['https://nothing-here.invalid/hook', /does not resolve/],
  ];
  for (const [url, message] of refused) {
    const reply = await api.request('POST', '/api/v1/alerts', { ...me.headers, body: { ...onMarket(), webhook_url: url } });
    t.is(reply.status, 400, url);
    t.regex(reply.body.message, /'webhook_url'/);
    t.regex(reply.body.message, message, url);
  }
  const ok = await api.request('POST', '/api/v1/alerts', { ...me.headers, body: { ...onMarket(), webhook_url: 'http://93.184.215.14/hooks/concord' } });
  t.is(ok.status, 201, 'plain http to a public address is allowed outside production');
  const removed = await api.request('PATCH', `/api/v1/alerts/${ok.body.data.id}`, { ...me.headers, body: { webhook_url: null } });
  t.is(removed.body.data.webhook_url, null);

  const prod = await emailSession(prodApi, 'al-hooks-prod@example.com');
  await prodApi.request('POST', '/api/v1/alerts/webhook-secret', prod.headers);
  const http = await prodApi.request('POST', '/api/v1/alerts', { ...prod.headers, body: { ...onMarket(), webhook_url: 'http://93.184.215.14/hooks' } });
  t.is(http.status, 400);
  t.regex(http.body.message, /'webhook_url': must use https/);
  t.is((await prodApi.request('POST', '/api/v1/alerts', { ...prod.headers, body: { ...onMarket(), webhook_url: 'https://93.184.215.14/hooks' } })).status, 201);
});
