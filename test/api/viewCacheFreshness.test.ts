import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { startTestApp } from '../support/app.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { applyEvent } from '../../projections/applyEvent.ts';
import { marketsProjection } from '../../projections/markets/projection.ts';
import { questionsProjection } from '../../projections/questions/projection.ts';
import type { QuestionMember, QuestionSnapshot } from '../../shared/events.ts';
import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import { marketId } from '../../shared/ids.ts';
import { market, snapshot } from '../support/marketEvents.ts';

/**
 * Served bodies are cached (api/http/viewBodyCache.ts) for up to API_VIEW_CACHE_MS, here a minute, so only
 * the read-model version check can explain a fresh answer: a projector in another connection to the same
 * store (as in another process) applies a change, and the very next request must show it.
 */
const HOLD = { API_VIEW_CACHE_MS: '60000' };

interface Harness {
  app: Awaited<ReturnType<typeof startTestApp>>;
  projector: DocumentStore;
  dir: string;
  seq: { markets: number; links: number };
}

async function start(env: Record<string, string> = HOLD): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'concord-view-cache-'));
  const file = join(dir, 'store.db');
  const app = await startTestApp({ store: openSqliteStore({ file }) }, env);
  return { app, projector: openSqliteStore({ file }), dir, seq: { markets: 0, links: 0 } };
}

async function stop(h: Harness): Promise<void> {
  await h.app.close();
  await h.projector.close();
  rmSync(h.dir, { recursive: true, force: true });
}

const marketAt = (h: Harness, key: string, volume24h: number) =>
  applyEvent(h.projector, marketsProjection, snapshot(market(key, { volume24h, volume_total: volume24h }), '2026-01-01T00:00:00.000Z'), ++h.seq.markets);

const member = (slug: 'polymarket' | 'predictit', yes: number, volume24h: number): QuestionMember => ({
  market_id: marketId(slug, `m-${slug}`),
  platform_slug: slug,
  platform_market_id: `m-${slug}`,
  title: 'Will X happen?',
  slug: 'x',
  status: 'open',
  volume24h,
  liquidity: null,
  play_money: false,
  outcomes: [
    { label: 'Yes', outcome_index: 0, price: yes },
    { label: 'No', outcome_index: 1, price: Math.round((1 - yes) * 100) / 100 },
  ],
  yes_price: yes,
  quoted_at: '2026-01-01T12:00:00.000Z',
  relation: 'identity',
  confidence: 1,
  match_method: 'exact',
  reasons: [],
});

const questionAt = (h: Harness, id: string, title: string, members: QuestionMember[]) => {
  const event: QuestionSnapshot = {
    type: 'question_snapshot',
    question: { id, title, slug: 'x', category: 'politics', end_time: null, anchor_market_id: members[0]!.market_id, members },
    cause: { market_id: members[0]!.market_id, kind: 'updated', reason: 'test' },
  };
  return applyEvent(h.projector, questionsProjection, event, ++h.seq.links);
};

async function session(h: Harness): Promise<Record<string, string>> {
  const res = await h.app.request('/api/v1/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${randomUUID()}@example.com`, password: 'a long test password', name: 'Cache' }),
  });
  return { authorization: `Bearer ${(res.body as { tokens: { access_token: string } }).tokens.access_token}` };
}

test('market list: a projected change shows in the next answer, a repeat without change is the same bytes', async (t) => {
  const h = await start();
  try {
    const list = async () => {
      const res = await h.app.request('/api/v1/markets?platform=polymarket&limit=10');
      t.is(res.status, 200);
      t.is(res.headers.get('content-type'), 'application/json; charset=utf-8');
      return (res.body as { data: Array<{ platform_market_id: string; volume24h: number }> }).data.map((m) => `${m.platform_market_id}:${m.volume24h}`);
    };
    await marketAt(h, 'a', 100);
    await marketAt(h, 'b', 50);
    t.deepEqual(await list(), ['a:100', 'b:50']);
    t.deepEqual(await list(), ['a:100', 'b:50']);
    await marketAt(h, 'b', 250);
    t.deepEqual(await list(), ['b:250', 'a:100'], 'b moved to the top with its new volume');
    await marketAt(h, 'c', 175);
    t.deepEqual(await list(), ['b:250', 'c:175', 'a:100'], 'a new market shows at once');
  } finally {
    await stop(h);
  }
});

test('discover and question detail: an updated, then removed, question shows in the next answer', async (t) => {
  const h = await start();
  try {
    const auth = await session(h);
    const id = randomUUID();
    // Index price, volume-weighted: (0.6 * 300 + 0.5 * 100) / 400 = 0.575.
    await questionAt(h, id, 'Will X happen?', [member('polymarket', 0.6, 300), member('predictit', 0.5, 100)]);
    const discover = async () => (await h.app.request('/api/v1/discover?category=politics', { headers: auth })).body as { data: Array<{ title: string; index_price: number }>; meta: { total: number } };
    const detail = (path = `/api/v1/questions/${id}`) => h.app.request(path, { headers: auth });
    let page = await discover();
    t.is(page.meta.total, 1);
    t.is(page.data[0]?.index_price, 0.575);
    t.is(((await detail()).body as { data: { title: string } }).data.title, 'Will X happen?');

    // (0.7 * 300 + 0.5 * 100) / 400 = 0.65.
    await questionAt(h, id, 'Will X happen by June?', [member('polymarket', 0.7, 300), member('predictit', 0.5, 100)]);
    page = await discover();
    t.deepEqual([page.data[0]?.title, page.data[0]?.index_price], ['Will X happen by June?', 0.65]);
    const updated = (await detail()).body as { data: { title: string; index: { index_price: number } } };
    t.deepEqual([updated.data.title, updated.data.index.index_price], ['Will X happen by June?', 0.65]);

    await applyEvent(h.projector, questionsProjection, { type: 'question_removed', question_id: id, cause: { market_id: 'x', reason: 'test' } }, ++h.seq.links);
    t.is((await discover()).meta.total, 0);
    const gone = await detail();
    t.is(gone.status, 404);
    t.is((gone.body as { status: string }).status, 'QUESTION_NOT_FOUND');
  } finally {
    await stop(h);
  }
});

test('a write that bypasses the projector (no checkpoint move) shows once API_VIEW_CACHE_MS has passed', async (t) => {
  const h = await start({ API_VIEW_CACHE_MS: '150' });
  try {
    const auth = await session(h);
    const id = randomUUID();
    await questionAt(h, id, 'Old title', [member('polymarket', 0.6, 300), member('predictit', 0.5, 100)]);
    t.is(((await h.app.request(`/api/v1/questions/${id}`, { headers: auth })).body as { data: { title: string } }).data.title, 'Old title');
    const coll = h.projector.collection<{ _id: string; title: string }>(questionsProjection.collection);
    const doc = (await coll.get(id))!;
    await coll.put({ ...doc, title: 'New title' });
    await new Promise((r) => setTimeout(r, 200));
    t.is(((await h.app.request(`/api/v1/questions/${id}`, { headers: auth })).body as { data: { title: string } }).data.title, 'New title');
  } finally {
    await stop(h);
  }
});

test('discover: a write that bypasses the projector shows once API_VIEW_CACHE_MS has passed, a changed document and a changed total alike; an unchanged page is the same bytes', async (t) => {
  const h = await start({ API_VIEW_CACHE_MS: '150' });
  try {
    const auth = await session(h);
    const id = randomUUID();
    await questionAt(h, id, 'Old title', [member('polymarket', 0.6, 300), member('predictit', 0.5, 100)]);
    const page = async () => {
      const res = await fetch(`${h.app.baseUrl}/api/v1/discover?category=politics`, { headers: auth });
      t.is(res.status, 200);
      return Buffer.from(await res.arrayBuffer());
    };
    const titles = (bytes: Buffer) => {
      const body = JSON.parse(bytes.toString()) as { data: Array<{ title: string }>; meta: { total: number } };
      return [body.meta.total, ...body.data.map((q) => q.title)];
    };
    const first = await page();
    t.deepEqual(titles(first), [1, 'Old title']);
    await new Promise((r) => setTimeout(r, 200));
    t.deepEqual(await page(), first, 'past the bound with nothing changed: the same bytes');

    const coll = h.projector.collection<{ _id: string; title: string }>(questionsProjection.collection);
    const doc = (await coll.get(id))!;
    await coll.put({ ...doc, title: 'New title' });
    await new Promise((r) => setTimeout(r, 200));
    t.deepEqual(titles(await page()), [1, 'New title']);

    // A second listed question (a copy under a new id, written around the projector): the total and the page change.
    const other = randomUUID();
    await coll.put({ ...doc, _id: other, title: 'Other title' });
    await new Promise((r) => setTimeout(r, 200));
    const both = titles(await page());
    t.is(both[0], 2);
    t.deepEqual(both.slice(1).sort(), ['New title', 'Other title']);
  } finally {
    await stop(h);
  }
});
