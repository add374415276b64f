import type { ExecutionContext } from 'ava';
import { subjects } from '../../shared/streams/subjects.ts';
import { normalizedMarketSchema } from '../../shared/types/marketSchema.ts';
import type { TestService } from '../support/service.ts';
import type { OpenApiValidator } from '../support/openApiValidator.ts';
import { openSse } from '../arbitrage/sseClient.ts';

/**
 * The product routes of responsesMatchDocument.test.ts (history, platform analytics, arbitrage feed and
 * stream, watchlists, alerts), driven against the recorded pipeline. Every call goes through the test's
 * `call`, which validates the response against the strict document; the assertions here only make sure
 * each operation really answered with data (an empty list would validate against anything).
 */
export type Reply = { status: number; headers: Headers; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- the validator judges the shape
export type Call = (method: string, path: string, o?: { body?: unknown; headers?: Record<string, string> }) => Promise<Reply>;

const NO_SUCH = '00000000-0000-4000-8000-000000000000';

export async function walkHistory(t: ExecutionContext, call: Call, session: Record<string, string>, questionId: string): Promise<void> {
  const trending = await call('GET', '/api/v1/markets/trending?limit=5');
  t.is(trending.status, 200);
  t.deepEqual(trending.body.data.map((m: { rank: number }) => m.rank), [1, 2, 3, 4, 5], 'the recorded catalogue fills the top five');
  await call('GET', '/api/v1/markets/trending');
  t.is((await call('GET', '/api/v1/markets/trending?limit=201')).status, 400);

  const ids = trending.body.data.map((m: { id: string }) => m.id) as string[];
  const sparks = await call('GET', `/api/v1/markets/sparklines?ids=${[...ids, NO_SUCH].join(',')}`);
  t.is(sparks.status, 200);
  t.deepEqual(Object.keys(sparks.body.data).sort(), [...ids].sort());
  t.deepEqual(sparks.body.meta.unknown_ids, [NO_SUCH]);
  t.is((await call('GET', '/api/v1/markets/sparklines')).status, 400);

  for (const range of ['all', '1d']) {
    const history = await call('GET', `/api/v1/markets/${ids[0]}/history?range=${range}`);
    t.is(history.status, 200);
    t.true(history.body.data.points.length > 0, `the observed price is a point (${range})`);
  }
  t.is((await call('GET', `/api/v1/markets/${NO_SUCH}/history`)).status, 404);

  for (const slug of ['polymarket', 'predictit', 'kalshi']) {
    const stats = await call('GET', `/api/v1/platforms/${slug}/stats`);
    t.is(stats.status, 200);
    t.true(stats.body.data.markets.total > 0, `${slug} has recorded markets`);
    await call('GET', `/api/v1/platforms/${slug}/charts?days=7`);
  }
  t.is((await call('GET', '/api/v1/platforms/polymarket/charts')).body.data.length, 30);
  t.is((await call('GET', '/api/v1/platforms/nowhere/stats')).status, 404);

  const qHistory = await call('GET', `/api/v1/questions/${questionId}/history?range=all`, { headers: session });
  t.is(qHistory.status, 200);
  t.true(qHistory.body.data.points.length > 0, 'the linked question has an index price');
  t.is((await call('GET', `/api/v1/questions/${NO_SUCH}/history`, { headers: session })).status, 404);
  t.is((await call('GET', `/api/v1/questions/${questionId}/history`)).status, 401);
}

export async function walkArbitrage(
  t: ExecutionContext,
  call: Call,
  svc: TestService,
  validator: OpenApiValidator,
  failures: string[],
  keys: { arbitrage: string; marketsOnly: string },
  session: Record<string, string>,
): Promise<void> {
  const key = { 'x-api-key': keys.arbitrage };
  const feed = await call('GET', '/api/v1/external/arbitrage/opportunities?min_score=0&limit=200', { headers: key });
  t.is(feed.status, 200);
  const opportunities = feed.body.data.opportunities as Array<{ id: string }>;
  t.true(opportunities.length > 0, 'the recorded venues hold cross-venue spreads');
  t.is(feed.body.meta.source, 'database');
  t.is((await call('GET', '/api/v1/external/arbitrage/opportunities?min_score=0&limit=200', { headers: key })).body.meta.source, 'cache');
  t.is((await call('GET', '/api/v1/external/arbitrage/opportunities?min_score=100&status=resolved', { headers: key })).body.meta.source, 'empty');
  await call('GET', '/api/v1/external/arbitrage/opportunities?classification=informational&min_score=0&limit=3&offset=1', { headers: key });
  t.is((await call('GET', '/api/v1/external/arbitrage/opportunities', { headers: { 'x-api-key': keys.marketsOnly } })).status, 403);
  t.is((await call('GET', '/api/v1/external/arbitrage/opportunities?min_score=101', { headers: key })).status, 400);

  const sessionFeed = await call('GET', '/api/v1/arbitrage/opportunities?min_score=0&limit=20', { headers: session });
  t.is(sessionFeed.status, 200);
  t.is((await call('GET', `/api/v1/arbitrage/opportunities/${opportunities[0]!.id}`, { headers: session })).status, 200);
  t.is((await call('GET', `/api/v1/arbitrage/opportunities/${NO_SUCH}`, { headers: session })).status, 404);

  // The stream: status and headers through the validator, then every event's data against its schema.
  const path = '/api/v1/external/arbitrage/stream?min_score=0';
  const sse = await openSse(svc.baseUrl + path, key);
  try {
    const checked = validator.check('GET', path, sse.status, sse.headers, '');
    if (checked.errors.length > 0) failures.push(`${checked.operation} → ${sse.status}: ${checked.errors.join('; ')}`);
    t.is(sse.status, 200);
    await sse.waitFor(1, 'snapshot', 20_000);
    const snapshot = sse.frames.filter((f) => f.event === 'opportunity');
    t.true(snapshot.length >= Math.min(opportunities.length, 1), 'the snapshot sends the live opportunities');
    for (const f of sse.frames) {
      const e = validator.checkEvent('GET', path, 200, f.event, f.data);
      if (e.errors.length > 0) failures.push(`${e.operation}: ${e.errors.join('; ')}`);
    }
  } finally {
    sse.close();
  }
  t.is((await call('GET', '/api/v1/external/arbitrage/stream?last_event_id=abc', { headers: key })).status, 400);
}

async function until<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await read();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function walkWatchlistsAndAlerts(
  t: ExecutionContext,
  call: Call,
  svc: TestService,
  session: Record<string, string>,
  wallet: Record<string, string>,
  target: { marketId: string; questionId: string },
): Promise<void> {
  const h = { headers: session };
  const created = await call('POST', '/api/v1/watchlists', { ...h, body: { name: '  Elections  ' } });
  t.is(created.status, 201);
  const list = created.body.data.id as string;
  await call('GET', '/api/v1/watchlists', h);
  t.is((await call('PATCH', `/api/v1/watchlists/${list}`, { ...h, body: { name: 'Elections 2028' } })).body.data.name, 'Elections 2028');
  const byMarket = await call('POST', `/api/v1/watchlists/${list}/items`, { ...h, body: { market_id: target.marketId } });
  t.is(byMarket.status, 201);
  t.is(byMarket.body.data.snapshot.kind, 'market');
  const byQuestion = await call('POST', `/api/v1/watchlists/${list}/items`, { ...h, body: { canonical_question_id: target.questionId } });
  t.is(byQuestion.body.data.snapshot.kind, 'question');
  t.is((await call('POST', `/api/v1/watchlists/${list}/items`, { ...h, body: { market_id: target.marketId } })).status, 409);
  t.is((await call('POST', `/api/v1/watchlists/${list}/items`, { ...h, body: { market_id: NO_SUCH } })).status, 404);
  const detail = await call('GET', `/api/v1/watchlists/${list}`, h);
  t.is(detail.body.data.items.length, 2);
  t.is((await call('DELETE', `/api/v1/watchlists/${list}/items/${byMarket.body.data.id}`, h)).status, 200);
  t.is((await call('DELETE', `/api/v1/watchlists/${list}`, h)).body.data.item_count, 1);
  t.is((await call('GET', `/api/v1/watchlists/${list}`, h)).status, 404);
  t.is((await call('GET', '/api/v1/watchlists', { headers: wallet })).body.data.length, 0, 'the wallet account is another owner');
  t.is((await call('POST', '/api/v1/watchlists', { headers: wallet, body: { name: 'Wallet list' } })).status, 201);

  t.false((await call('GET', '/api/v1/alerts/webhook-secret', h)).body.data.configured);
  t.regex((await call('POST', '/api/v1/alerts/webhook-secret', h)).body.data.secret, /^whsec_/);
  t.true((await call('GET', '/api/v1/alerts/webhook-secret', h)).body.data.configured);

  // An alert just above the market's Yes price, then a snapshot of that market priced above it: one trigger, one mail.
  const market = (await call('GET', `/api/v1/markets/${target.marketId}`)).body.data;
  const yes = market.outcomes[0].price as number;
  const value = Math.round((yes + 0.01) * 1000) / 1000;
  const alert = await call('POST', '/api/v1/alerts', { ...h, body: { type: 'price_threshold', market_id: target.marketId, condition: { field: 'price', operator: 'above', value } } });
  t.is(alert.status, 201);
  const onQuestion = await call('POST', '/api/v1/alerts', {
    ...h,
    body: { type: 'price_threshold', canonical_question_id: target.questionId, condition: { field: 'index_price', operator: 'below', value: 0.01 }, is_active: false },
  });
  t.is(onQuestion.status, 201);
  t.is((await call('POST', '/api/v1/alerts', { ...h, body: { type: 'price_threshold', market_id: NO_SUCH, condition: { field: 'price', operator: 'above', value: 0.5 } } })).status, 404);
  t.is((await call('GET', '/api/v1/alerts', h)).body.data.length, 2);
  t.true((await call('PATCH', `/api/v1/alerts/${onQuestion.body.data.id}`, { ...h, body: { is_active: true, condition: { value: 0.02 } } })).body.data.is_active);

  const now = new Date().toISOString();
  const next = normalizedMarketSchema.parse(market);
  const raised = Math.round((value + 0.01) * 1000) / 1000;
  const outcomes = next.outcomes.map((o, i) => (i === 0 ? { ...o, price: raised } : i === 1 ? { ...o, price: Math.round((1 - raised) * 1000) / 1000 } : o));
  await svc.nats.conn.js.publish(
    subjects.normalized(next.platform_slug),
    JSON.stringify({ type: 'market_normalized', market: { ...next, outcomes, quoted_at: now }, source: { item_id: next.platform_market_id, content_hash: `openapi-${now}`, fetched_at: now } }),
  );
  const fired = await until('the alert to fire and its mail to be delivered', async () => {
    const r = await call('GET', `/api/v1/alerts/${alert.body.data.id}`, h);
    return r.body.data.recent_triggers[0]?.notifications[0]?.status === 'delivered' ? r : undefined;
  });
  t.like(fired.body.data.recent_triggers[0], { price: raised, previous_price: yes });
  t.is((await call('DELETE', `/api/v1/alerts/${alert.body.data.id}`, h)).status, 200);
  t.is((await call('GET', `/api/v1/alerts/${alert.body.data.id}`, h)).status, 404);
  t.is((await call('GET', '/api/v1/alerts', { headers: wallet })).body.data.length, 0);
  t.is((await call('GET', '/api/v1/alerts', { headers: { 'x-api-key': 'svc_not_a_session' } })).status, 401);
}
