import test from 'ava';
import { startApi, register, createKey, type TestApi } from '../auth/harness.ts';
import { startTestNats, silentLog, type TestNats } from '../support/nats.ts';
import { jetStreamArbitrageFeed } from '../../pipeline/streams/arbitrageFeed.ts';
import { startProjection } from '../../projections/runProjection.ts';
import { arbitrageOpportunitiesProjection } from '../../projections/arbitrage/projection.ts';
import { scanQuestion } from '../../shared/arbitrage/detect.ts';
import type { ArbitrageOpportunityEvent } from '../../shared/arbitrage/schema.ts';
import type { ArbitrageOpportunity } from '../../shared/arbitrage/types.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import type { ApiRequestBatch } from '../../shared/events.ts';
import { CLOCK, FEES, member, question } from './members.ts';
import { openSse, type SseConnection } from './sseClient.ts';

/** SSE feed over a real nats-server: every event on the ARB stream is a real JetStream message. */

interface Ctx {
  nats: TestNats;
  api: TestApi;
  key: string;
  published: Array<{ subject: string; payload: unknown }>;
}

const base: ArbitrageOpportunity = (() => {
  const c = scanQuestion(
    question([member({ venue: 'polymarket', yes: { bid: 0.38, ask: 0.4 } }), member({ venue: 'limitless', yes: { bid: 0.45, ask: 0.47 }, fee: FEES.limitlessFree })]),
    CLOCK,
  ).candidates[0];
  if (!c) throw new Error('no base opportunity');
  const { stale: _s, ...rest } = c;
  return { ...rest, status: 'active', detected_at: CLOCK.now, updated_at: CLOCK.now, resolved_at: null, resolution_reason: null };
})();

function opportunity(n: number, over: Partial<ArbitrageOpportunity> = {}): ArbitrageOpportunity {
  return { ...base, id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, ...over };
}

async function publish(ctx: Ctx, o: ArbitrageOpportunity, change: ArbitrageOpportunityEvent['change'] = 'created', previous: ArbitrageOpportunityEvent['previous'] = null): Promise<number> {
  const event: ArbitrageOpportunityEvent = { type: 'arbitrage_opportunity', change, opportunity: o, previous };
  const ack = await ctx.nats.conn.js.publish(subjects.arbitrageOpportunity(), JSON.stringify(event));
  return ack.seq;
}

async function setup(env: Record<string, string> = {}): Promise<Ctx> {
  const nats = await startTestNats();
  const published: Ctx['published'] = [];
  const api = await startApi({
    env: { ARB_SSE_HEARTBEAT_SECONDS: '1', ...env },
    arbitrageFeed: jetStreamArbitrageFeed(nats.conn),
    publish: async (subject, payload) => {
      published.push({ subject, payload });
    },
  });
  const session = await register(api, `stream-${Math.random().toString(36).slice(2)}@example.com`);
  const { key } = await createKey(api, session.access, { name: 'stream', permissions: '["read:arbitrage"]' });
  return { nats, api, key, published };
}

async function teardown(ctx: Ctx): Promise<void> {
  await ctx.api.close();
  await ctx.nats.close();
}

const streamUrl = (ctx: Ctx, query = '') => `${ctx.api.url}/api/v1/external/arbitrage/stream${query}`;

test('SSE resume after a disconnect: reconnecting with Last-Event-ID replays every event after it, nothing lost', async (t) => {
  const ctx = await setup();
  try {
    const first: number[] = [];
    for (let i = 1; i <= 5; i++) first.push(await publish(ctx, opportunity(i)));
    t.deepEqual(first, [1, 2, 3, 4, 5]);
    const a = await openSse(streamUrl(ctx), { 'x-api-key': ctx.key, 'last-event-id': '0' });
    t.is(a.status, 200);
    t.regex(a.headers.get('content-type') ?? '', /^text\/event-stream/);
    const got = await a.waitFor(3);
    const lastSeen = got[2]?.id;
    t.deepEqual(got.slice(0, 3).map((f) => f.id), ['1', '2', '3']);
    a.close();
    await a.ended;

    // While the client is away: four more changes (one of them updates an opportunity it already saw).
    for (let i = 6; i <= 8; i++) await publish(ctx, opportunity(i));
    await publish(ctx, opportunity(2, { spread: 0.06, net_spread: 0.06 }), 'updated');

    const b = await openSse(streamUrl(ctx), { 'x-api-key': ctx.key, 'last-event-id': String(lastSeen) });
    const replay = await b.waitFor(6);
    t.deepEqual(replay.map((f) => f.id), ['4', '5', '6', '7', '8', '9'], 'every event after 3, in order, once');
    t.deepEqual(replay.map((f) => (f.data as { change: string }).change), ['created', 'created', 'created', 'created', 'created', 'updated']);
    t.is((replay[5]?.data as { opportunity: ArbitrageOpportunity }).opportunity.spread, 0.06);
    // Live events keep coming after the replay.
    await publish(ctx, opportunity(9));
    t.is((await b.waitFor(7))[6]?.id, '10');
    b.close();
    await b.ended;
  } finally {
    await teardown(ctx);
  }
});

test('without Last-Event-ID the stream opens with the live opportunities, then continues from the read model\'s position', async (t) => {
  const ctx = await setup();
  const projection = await startProjection(ctx.nats.conn, ctx.api.store, arbitrageOpportunitiesProjection, silentLog);
  try {
    await publish(ctx, opportunity(1, { arbitrage_score: 90 }));
    await publish(ctx, opportunity(2, { arbitrage_score: 80 }));
    await publish(ctx, opportunity(3, { status: 'resolved', resolved_at: CLOCK.now }), 'resolved');
    const deadline = Date.now() + 10_000;
    while ((await ctx.api.store.collection(arbitrageOpportunitiesProjection.collection).count()) < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const s = await openSse(streamUrl(ctx), { 'x-api-key': ctx.key });
    const snap = await s.waitFor(1, 'snapshot');
    const opened = s.frames.filter((f) => f.event === 'opportunity');
    t.deepEqual(opened.map((f) => (f.data as { opportunity: ArbitrageOpportunity }).opportunity.arbitrage_score), [90, 80], 'live ones, best first; the resolved one is history');
    t.true(opened.every((f) => f.id === undefined), 'snapshot frames carry no id: a drop mid-snapshot restarts it');
    t.is(snap[0]?.id, '3', 'the position the read model had reached');
    await publish(ctx, opportunity(4));
    t.is((await s.waitFor(3))[2]?.id, '4');
    s.close();
    await s.ended;
  } finally {
    await projection.stop();
    await teardown(ctx);
  }
});

test('filters apply to the stream; a change that leaves the filter is still sent so the client can drop it', async (t) => {
  const ctx = await setup();
  try {
    const s = await openSse(streamUrl(ctx, '?min_score=60&category=politics'), { 'x-api-key': ctx.key, 'last-event-id': '0' });
    await publish(ctx, opportunity(1, { arbitrage_score: 70 }));
    await publish(ctx, opportunity(2, { arbitrage_score: 50 }));
    await publish(ctx, opportunity(3, { arbitrage_score: 90, category: 'crypto' }));
    const prev = { arbitrage_score: 70, classification: base.classification, category: base.category, status: 'active' as const, guarantee: base.guarantee, risk_gate_state: base.risk_gate_state };
    await publish(ctx, opportunity(1, { arbitrage_score: 45 }), 'updated', prev);
    await publish(ctx, opportunity(5, { arbitrage_score: 61 }));
    const got = await s.waitFor(3);
    t.deepEqual(
      got.map((f) => [f.id, (f.data as { opportunity: ArbitrageOpportunity }).opportunity.arbitrage_score]),
      [['1', 70], ['4', 45], ['5', 61]],
    );
    s.close();
    await s.ended;
    const bad = await openSse(streamUrl(ctx, '?min_score=lots'), { 'x-api-key': ctx.key });
    t.is(bad.status, 400);
    t.regex((bad.error as { message: string }).message, /'min_score'/);
  } finally {
    await teardown(ctx);
  }
});

test('heartbeats arrive while nothing happens; a bad or future Last-Event-ID is 400 naming it', async (t) => {
  const ctx = await setup();
  try {
    await publish(ctx, opportunity(1));
    const s = await openSse(streamUrl(ctx), { 'x-api-key': ctx.key, 'last-event-id': '1' });
    t.regex(await s.waitForComment(/^heartbeat /, 5_000), /^heartbeat \d{4}-/);
    s.close();
    await s.ended;
    for (const id of ['abc', '-1', '99']) {
      const bad = await openSse(streamUrl(ctx), { 'x-api-key': ctx.key, 'last-event-id': id });
      t.is(bad.status, 400, id);
      t.regex((bad.error as { message: string }).message, /Last-Event-ID/, id);
    }
  } finally {
    await teardown(ctx);
  }
});

test('a key holds a bounded number of streams; closing one frees its slot', async (t) => {
  const ctx = await setup({ ARB_STREAMS_PER_KEY: '2' });
  const open: SseConnection[] = [];
  try {
    open.push(await openSse(streamUrl(ctx), { 'x-api-key': ctx.key }));
    open.push(await openSse(streamUrl(ctx), { 'x-api-key': ctx.key }));
    const third = await openSse(streamUrl(ctx), { 'x-api-key': ctx.key });
    t.is(third.status, 429);
    t.like(third.error, { status: 'RATE_LIMITED' });
    t.regex((third.error as { message: string }).message, /^Rate limit exceeded\. Try again in 5 seconds\. .*at most 2/, 'the spec\'s RATE_LIMITED countdown, then why');
    t.is(third.headers.get('retry-after'), '5');
    t.truthy(third.headers.get('x-ratelimit-limit'), 'the refusal carries the rate-limit headers');
    open[0]?.close();
    await open[0]?.ended;
    let again: SseConnection | undefined;
    for (let i = 0; i < 50 && (!again || again.status !== 200); i++) {
      await new Promise((r) => setTimeout(r, 50));
      again = await openSse(streamUrl(ctx), { 'x-api-key': ctx.key });
    }
    t.is(again?.status, 200);
    if (again) open.push(again);
  } finally {
    for (const s of open) s.close();
    await teardown(ctx);
  }
});

test('the long-lived stream keeps the API-key usage capture and the rate-limit headers working', async (t) => {
  const ctx = await setup();
  try {
    const s = await openSse(streamUrl(ctx), { 'x-api-key': ctx.key, 'last-event-id': '0' });
    t.truthy(s.headers.get('x-ratelimit-remaining'));
    await publish(ctx, opportunity(1));
    await s.waitFor(1);
    const usageEvents = () => ctx.published.filter((p) => p.subject === subjects.apiRequests()).flatMap((p) => (p.payload as ApiRequestBatch).events);
    t.false(usageEvents().some((e) => e.endpoint.endsWith('/stream')), 'captured when the response ends, not before');
    s.close();
    await s.ended;
    const deadline = Date.now() + 5_000;
    while (usageEvents().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const usage = usageEvents()[0];
    t.like(usage, { endpoint: '/api/v1/external/arbitrage/stream', status: 200, method: 'GET' });
    // An ordinary request after it still works for the same key.
    t.is((await ctx.api.request('GET', '/api/v1/external/arbitrage/opportunities', { apiKey: ctx.key })).status, 200);
  } finally {
    await teardown(ctx);
  }
});
