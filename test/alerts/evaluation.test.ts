import test from 'ava';
import { randomUUID } from 'node:crypto';
import { outboxFor } from '../../adapters/mail/outboxMailer.ts';
import { emailSession, market, member, snapshot, until, walletSession } from './support.ts';
import { startStreamHarness, type StreamHarness } from './streamHarness.ts';

/**
 * Alert evaluation end to end on a real nats-server: ticks are published to MARKETS and LINKS, the
 * projectors build the read models, alerts are made through the API, the alerts role evaluates.
 * Every expected trigger below is worked out by hand from the scripted prices.
 */
let h: StreamHarness;
test.before(async () => {
  h = await startStreamHarness({ env: { PUBLIC_ORIGIN: 'http://concord.test' } });
});
test.after.always(async () => {
  await h?.close();
});

type Headers = { bearer: string } | { cookies: Record<string, string> };

async function alertOn(headers: Headers, target: { market_id: string } | { canonical_question_id: string }, operator: string, value: number, extra: Record<string, unknown> = {}): Promise<string> {
  const field = 'market_id' in target ? 'price' : 'index_price';
  const reply = await h.api.request('POST', '/api/v1/alerts', { ...headers, body: { type: 'price_threshold', ...target, condition: { field, operator, value }, ...extra } });
  if (reply.status !== 201) throw new Error(`alert creation failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.data.id as string;
}

async function triggersOf(headers: Headers, id: string): Promise<{ count: number; pairs: Array<[number, number]>; body: Record<string, unknown> }> {
  const reply = await h.api.request('GET', `/api/v1/alerts/${id}`, headers);
  const data = reply.body.data;
  return { count: data.trigger_count, pairs: data.recent_triggers.map((r: { price: number; previous_price: number }) => [r.price, r.previous_price]), body: data };
}

async function series(m: ReturnType<typeof market>, prices: number[]): Promise<void> {
  let seq = 0;
  for (const p of prices) seq = await h.price(m, p);
  await h.settled('markets', seq);
}

test.serial('a scripted series fires on each upward crossing, records price and previous price, and mails the owner once per crossing', async (t) => {
  const m = market('polymarket', 'ev-series', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.5);
  await h.settled('markets', await h.price(m, 0.5));
  const me = await emailSession(h.api, 'ev-series@example.com');
  const id = await alertOn(me.headers, { market_id: m.id }, 'above', 0.6);
  // From the 0.50 baseline: 0.55 0.61* 0.65 0.60 0.59 0.62* 0.62 0.58 0.70*  (* = crossing above 0.6)
  await series(m, [0.55, 0.61, 0.65, 0.6, 0.59, 0.62, 0.62, 0.58, 0.7]);
  const got = await triggersOf(me.headers, id);
  t.is(got.count, 3);
  t.deepEqual(got.pairs, [
    [0.7, 0.58],
    [0.62, 0.59],
    [0.61, 0.55],
  ]);
  const recent = got.body.recent_triggers as Array<{ triggered_at: string; observed_at: string }>;
  t.is(got.body.last_triggered_at, recent[0]?.triggered_at);
  t.regex(recent[0]?.observed_at ?? '', /^2026-05-01T/);

  const mails = await until(async () => {
    const box = await outboxFor(h.api.store, 'ev-series@example.com');
    return box.length >= 3 ? box : undefined;
  }, 'three alert mails');
  await new Promise((r) => setTimeout(r, 300));
  t.is((await outboxFor(h.api.store, 'ev-series@example.com')).length, 3, 'one mail per crossing, no more');
  t.true(mails.every((mail) => mail.subject.startsWith('Concord alert: Will Bitcoin reach $150,000') && mail.subject.includes('rose above 60.0%')));
  t.true(mails.some((mail) => mail.text.includes('Price now:      70.0% (0.7)') && mail.text.includes('Previous price: 58.0% (0.58)')));
  const after = await triggersOf(me.headers, id);
  t.true((after.body.recent_triggers as Array<{ notifications: Array<{ channel: string; status: string }> }>).every((r) => r.notifications.length === 1 && r.notifications[0]?.channel === 'email' && r.notifications[0]?.status === 'delivered'));
});

test.serial('several alerts on one price each follow their own condition; a paused one never fires; a wallet account\'s alert is evaluated too', async (t) => {
  const m = market('limitless', 'ev-many', 'Will the Fed cut rates in June 2026?', 0.45);
  await h.settled('markets', await h.price(m, 0.45));
  const me = await emailSession(h.api, 'ev-many@example.com');
  const wallet = await walletSession(h.api);
  const above = await alertOn(me.headers, { market_id: m.id }, 'above', 0.6);
  const below = await alertOn(me.headers, { market_id: m.id }, 'below', 0.4);
  const equals = await alertOn(me.headers, { market_id: m.id }, 'equals', 0.5);
  const paused = await alertOn(me.headers, { market_id: m.id }, 'above', 0.6, { is_active: false });
  const walletBelow = await alertOn(wallet.headers, { market_id: m.id }, 'below', 0.4);
  await series(m, [0.52, 0.65, 0.38, 0.41, 0.39, 0.5]);
  // above 0.6:  0.52->0.65.                      below 0.4: 0.65->0.38, 0.41->0.39.
  // equals 0.5: 0.45->0.52 passes 0.5, 0.65->0.38 passes it, 0.39->0.50 enters the band.
  t.deepEqual((await triggersOf(me.headers, above)).pairs, [[0.65, 0.52]]);
  t.deepEqual((await triggersOf(me.headers, below)).pairs, [
    [0.39, 0.41],
    [0.38, 0.65],
  ]);
  t.deepEqual((await triggersOf(me.headers, equals)).pairs, [
    [0.5, 0.39],
    [0.38, 0.65],
    [0.52, 0.45],
  ]);
  t.is((await triggersOf(me.headers, paused)).count, 0);
  const w = await triggersOf(wallet.headers, walletBelow);
  t.is(w.count, 2);
  t.deepEqual((w.body.recent_triggers as Array<{ notifications: unknown[] }>).map((r) => r.notifications.length), [0, 0], 'a wallet account has no mail to send to');
});

test.serial('an alert made between ticks compares the next tick with the price it was made at; one made beyond the value waits for a real crossing', async (t) => {
  const me = await emailSession(h.api, 'ev-between@example.com');
  const low = market('predictit', 'ev-between-low', 'Will Gavin Newsom win the 2028 Democratic nomination?', 0.5);
  await h.settled('markets', await h.price(low, 0.5));
  const fromBelow = await alertOn(me.headers, { market_id: low.id }, 'above', 0.6);
  await series(low, [0.7]);
  t.deepEqual((await triggersOf(me.headers, fromBelow)).pairs, [[0.7, 0.5]], 'the move from the creation price counts');

  const high = market('predictit', 'ev-between-high', 'Will JD Vance win the 2028 Republican nomination?', 0.7);
  await h.settled('markets', await h.price(high, 0.7));
  const fromAbove = await alertOn(me.headers, { market_id: high.id }, 'above', 0.6);
  await series(high, [0.75, 0.55, 0.65]);
  t.deepEqual((await triggersOf(me.headers, fromAbove)).pairs, [[0.65, 0.55]]);

  const unpriced = market('drift', 'ev-between-unpriced', 'Will SOL trade above $300 by June 30, 2026?', null);
  await h.settled('markets', await h.price(unpriced, null));
  const noBaseline = await alertOn(me.headers, { market_id: unpriced.id }, 'above', 0.6);
  // No price when it was made: 0.70 is the first comparison point, not a crossing.
  await series(unpriced, [0.7, 0.5, 0.65]);
  t.deepEqual((await triggersOf(me.headers, noBaseline)).pairs, [[0.65, 0.5]]);
});

test.serial('pause and resume: nothing fires while paused, and a resumed alert starts from the price at resumption', async (t) => {
  const me = await emailSession(h.api, 'ev-pause@example.com');
  const m = market('azuro', 'ev-pause', 'Will Real Madrid win the 2025-26 Champions League?', 0.5);
  await h.settled('markets', await h.price(m, 0.5));
  const id = await alertOn(me.headers, { market_id: m.id }, 'above', 0.6);
  const patch = (is_active: boolean) => h.api.request('PATCH', `/api/v1/alerts/${id}`, { ...me.headers, body: { is_active } });

  t.is((await patch(false)).body.data.is_active, false);
  await series(m, [0.7, 0.5]);
  t.is((await triggersOf(me.headers, id)).count, 0, 'paused through a crossing');
  await patch(true);
  await series(m, [0.7]);
  t.deepEqual((await triggersOf(me.headers, id)).pairs, [[0.7, 0.5]]);

  await series(m, [0.5]);
  await patch(false);
  await series(m, [0.8]);
  await patch(true);
  await series(m, [0.85]);
  t.is((await triggersOf(me.headers, id)).count, 1, 'paused at 0.50, resumed at 0.80: 0.85 is no crossing, and the one while paused never fires late');
});

test.serial('an index alert follows the question\'s volume-weighted index over open markets only', async (t) => {
  const me = await emailSession(h.api, 'ev-index@example.com');
  const questionId = randomUUID();
  const title = 'Bitcoin above $150k by the end of 2026';
  const poly = market('polymarket', 'ev-idx-p', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.4, 3000);
  const lim = market('limitless', 'ev-idx-l', 'Will BTC hit $150k by end of 2026?', 0.6, 1000);
  const closed = market('predictit', 'ev-idx-c', 'Bitcoin above $150,000 on Dec 31?', 0.05, 100_000);
  const snap = (p: number, l: number) =>
    snapshot(questionId, title, [member({ ...poly, outcomes: [{ label: 'Yes', outcome_index: 0, price: p }, { label: 'No', outcome_index: 1, price: 1 - p }] }), member({ ...lim, outcomes: [{ label: 'Yes', outcome_index: 0, price: l }, { label: 'No', outcome_index: 1, price: 1 - l }] }), member(closed, 'closed')]);
  // (0.40 x 3000 + 0.60 x 1000) / 4000 = 0.45; the closed market's 0.05 does not count.
  await h.settled('links', await h.link(snap(0.4, 0.6)));
  const q = await h.api.request('GET', `/api/v1/questions/${questionId}`, me.headers);
  t.is(q.body.data.index.index_price, 0.45);
  const id = await alertOn(me.headers, { canonical_question_id: questionId }, 'above', 0.6);
  // 0.675 (2100+600)/4000*, 0.6375 (1950+600)/4000, 0.525 (1500+600)/4000, 0.6 (1500+900)/4000, 0.6375 (1650+900)/4000*
  let seq = 0;
  for (const [p, l] of [[0.7, 0.6], [0.65, 0.6], [0.5, 0.6], [0.5, 0.9], [0.55, 0.9]] as const) seq = await h.link(snap(p, l));
  await h.settled('links', seq);
  t.deepEqual((await triggersOf(me.headers, id)).pairs, [
    [0.6375, 0.6],
    [0.675, 0.45],
  ]);
});

test.serial('replaying MARKETS and LINKS through the role from the start, or restarting it, fires nothing twice', async (t) => {
  const store = h.api.store;
  const before = await store.collection('alert_triggers').find({}, { sort: [['_id', 1]] });
  const deliveries = await store.collection('alert_deliveries').count({});
  const counts = async () => (await store.collection('alerts').find({}, { sort: [['_id', 1]] })).map((a) => [a._id, a.trigger_count]);
  const countsBefore = await counts();
  t.true(before.length >= 10, 'the earlier tests left triggers to replay over');
  t.true(before.some((tr) => String(tr.target).startsWith('question:')), 'index triggers among them');
  await h.replay('markets');
  await h.replay('links');
  t.deepEqual(await store.collection('alert_triggers').find({}, { sort: [['_id', 1]] }), before, 'the replay changed no trigger');
  t.is(await store.collection('alert_deliveries').count({}), deliveries);
  t.deepEqual(await counts(), countsBefore);

  await h.restartRole();
  // After the restart the role goes on where it was: ev-series (above 0.6, last at 0.70) fires once more.
  const m = market('polymarket', 'ev-series', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.5);
  await series(m, [0.5, 0.7]);
  t.is(await store.collection('alert_triggers').count({}), before.length + 1);
});
