import test from 'ava';
import { startTestApp, type TestApp } from '../support/app.ts';
import { market, marketsFeed, snapshot } from '../support/marketEvents.ts';

interface Page {
  data: Array<{ id: string; platform_market_id: string }>;
  meta: { next_cursor: string | null; sort: string };
}

const T = (minutes: number) => new Date(Date.UTC(2026, 0, 10, 12, minutes)).toISOString();
/** End times far ahead of any test run. */
const END = (i: number) => new Date(Date.UTC(2040, 0, 1 + i)).toISOString();

async function seeded(): Promise<{ app: TestApp; feed: ReturnType<typeof marketsFeed> }> {
  const app = await startTestApp();
  const feed = marketsFeed(app.deps.store);
  // m0..m9, 24-hour volume 1000, 900, ..., 100 (m0 first by volume).
  for (let i = 0; i < 10; i++) {
    await feed.apply(snapshot(market(`m${i}`, { title: `Market m${i} about the election`, volume24h: 1000 - 100 * i, end_time: END(i) }), T(0)));
  }
  return { app, feed };
}

const names = (p: Page) => p.data.map((m) => m.platform_market_id);
const get = async (app: TestApp, path: string): Promise<Page> => {
  const res = await app.request(path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Page;
};
const next = (path: string, cursor: string) => `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;

test('pages of one cursor neither repeat nor skip a market while volumes change and markets arrive between fetches', async (t) => {
  const { app, feed } = await seeded();
  try {
    const path = '/api/v1/markets?sort=volume_24h&limit=3';
    const first = await get(app, path);
    t.deepEqual(names(first), ['m0', 'm1', 'm2']);

    // Between page 1 and 2: m1 (served) falls to the bottom, m8 (not served yet) jumps to the top, m5 changes
    // twice, and a new market arrives in the middle of the order.
    await feed.apply(
      snapshot(market('m1', { title: 'Market m1 about the election', volume24h: 5, end_time: END(1) }), T(5)),
      snapshot(market('m8', { title: 'Market m8 about the election', volume24h: 5000, end_time: END(8) }), T(5)),
      snapshot(market('m5', { title: 'Market m5 about the election', volume24h: 460, end_time: END(5) }), T(5)),
      snapshot(market('m5', { title: 'Market m5 about the election', volume24h: 10_000, end_time: END(5) }), T(6)),
      snapshot(market('new', { title: 'Market new about the election', volume24h: 650 }), T(6)),
    );
    const second = await get(app, next(path, first.meta.next_cursor as string));
    t.deepEqual(names(second), ['m3', 'm4', 'm5']);

    await feed.apply(snapshot(market('m4', { title: 'Market m4 about the election', volume24h: 0, end_time: END(4) }), T(7)));
    const third = await get(app, next(path, second.meta.next_cursor as string));
    t.deepEqual(names(third), ['m6', 'm7', 'm8']);
    const fourth = await get(app, next(path, third.meta.next_cursor as string));
    t.deepEqual(names(fourth), ['m9']);
    t.is(fourth.meta.next_cursor, null);

    // A fresh first page sees the new order.
    t.deepEqual(names(await get(app, path)), ['m5', 'm8', 'm0']);
  } finally {
    await app.close();
  }
});

test('relevance pages with q hold still too, and ties rank by the window volume', async (t) => {
  const { app, feed } = await seeded();
  try {
    const path = '/api/v1/markets?q=election&limit=4';
    const first = await get(app, path);
    t.is(first.meta.sort, 'relevance', 'relevance is the default sort with q');
    t.deepEqual(names(first), ['m0', 'm1', 'm2', 'm3']);
    await feed.apply(
      snapshot(market('m9', { title: 'Market m9 about the election', volume24h: 99_999, end_time: END(9) }), T(5)),
      snapshot(market('m2', { title: 'Market m2 about the election', volume24h: 1, end_time: END(2) }), T(5)),
    );
    const second = await get(app, next(path, first.meta.next_cursor as string));
    const third = await get(app, next(path, second.meta.next_cursor as string));
    t.deepEqual([...names(second), ...names(third)], ['m4', 'm5', 'm6', 'm7', 'm8', 'm9']);
    t.is(third.meta.next_cursor, null);
  } finally {
    await app.close();
  }
});

test('ending_soon pages keep the time they were first judged at', async (t) => {
  const { app } = await seeded();
  try {
    const path = '/api/v1/markets?sort=ending_soon&limit=5';
    const first = await get(app, path);
    t.deepEqual(names(first), ['m0', 'm1', 'm2', 'm3', 'm4']);
    const second = await get(app, next(path, first.meta.next_cursor as string));
    t.deepEqual(names(second), ['m5', 'm6', 'm7', 'm8', 'm9']);
  } finally {
    await app.close();
  }
});

test('a cursor is refused for another sort, window or query', async (t) => {
  const { app } = await seeded();
  try {
    const first = await get(app, '/api/v1/markets?sort=volume_24h&limit=2');
    const cursor = encodeURIComponent(first.meta.next_cursor as string);
    for (const other of [`sort=liquidity&cursor=${cursor}`, `window=7d&cursor=${cursor}`, `q=election&sort=volume_24h&cursor=${cursor}`]) {
      const res = await app.request(`/api/v1/markets?${other}`);
      t.is(res.status, 400, other);
      t.regex((res.body as { message: string }).message, /'cursor'/);
    }
  } finally {
    await app.close();
  }
});

test('a cursor older than its stable life pages by current values (documented fallback)', async (t) => {
  const { listMarkets, CURSOR_STABLE_MS } = await import('../../projections/markets/queries.ts');
  const { app, feed } = await seeded();
  try {
    const t0 = Date.parse('2030-01-01T00:00:00.000Z');
    const q = { sort: 'volume_24h', window: '24h', limit: 3 } as const;
    const first = await listMarkets(app.deps.store, q, t0);
    if (!first.ok) return t.fail();
    t.deepEqual(first.items.map((m) => m.platform_market_id), ['m0', 'm1', 'm2']);
    await feed.apply(snapshot(market('m5', { title: 'Market m5 about the election', volume24h: 10_000, end_time: END(5) }), T(5)));
    const cursor = first.nextCursor as string;
    const fresh = await listMarkets(app.deps.store, { ...q, cursor }, t0 + CURSOR_STABLE_MS);
    const stale = await listMarkets(app.deps.store, { ...q, cursor }, t0 + CURSOR_STABLE_MS + 1);
    t.deepEqual(fresh.ok && fresh.items.map((m) => m.platform_market_id), ['m3', 'm4', 'm5'], 'as of the first page');
    t.deepEqual(stale.ok && stale.items.map((m) => m.platform_market_id), ['m3', 'm4', 'm6'], 'm5 now ranks first: behind the position');
  } finally {
    await app.close();
  }
});
