import test from 'ava';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { createEmbeddedVectorIndex } from '../../adapters/vector/embeddedVectorIndex.ts';
import { createTransformersEmbedder } from '../../adapters/embedder/transformersEmbedder.ts';
import { createLinker } from '../../pipeline/matching/linker/linker.ts';
import { overrideSource } from '../../pipeline/matching/linker/overrides.ts';
import { linkerCollections } from '../../pipeline/matching/linker/state.ts';
import { structuralVerifier } from '../../pipeline/matching/linker/structuralVerifier.ts';
import type { LinkEvent, MarketEvent, QuestionSnapshot } from '../../shared/events.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import { silentLog } from '../support/nats.ts';
import { startTestService, TEST_MODEL } from '../support/service.ts';
import { linkerMarket } from '../support/linkerMarket.ts';

/**
 * Which venue answers first decides which market founds a question. The grouping never depended on it;
 * the question's title, category and end time did (the founder's), so the same catalogue showed the
 * Newsom nomination under Kalshi's title in one run and Polymarket's in another.
 */

type Snapshot = QuestionSnapshot['question'];

async function linkInOrder(events: readonly MarketEvent[], embed: (texts: string[]) => Promise<Float32Array[]>, dimension: number) {
  const store = openSqliteStore({ file: ':memory:' });
  const index = createEmbeddedVectorIndex({ dimension, logger: silentLog });
  const latest = new Map<string, Snapshot>();
  const linker = createLinker({
    store,
    index,
    embed,
    verifier: structuralVerifier,
    publish: async (_subject, payload) => {
      const e = payload as LinkEvent;
      if (e.type === 'question_snapshot') latest.set(e.question.id, e.question);
      else latest.delete(e.question_id);
    },
    overrides: overrideSource(store),
    log: silentLog,
  });
  for (const event of events) await linker.handle(event, false);
  const questions = await linkerCollections(store).questions.find({});
  await Promise.all([store.close(), index.close()]);
  // Keyed by the sorted member ids (the question id names its founder, so it differs by order by design).
  const out = new Map<string, { title: string; category: string; end_time: string | null }>();
  for (const q of questions) {
    const s = latest.get(q._id);
    if (s) out.set([...q.member_ids].sort().join(' '), { title: s.title, category: s.category, end_time: s.end_time });
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const eventOf = (m: NormalizedMarket): MarketEvent => ({ type: 'market_normalized', market: m, source: { item_id: m.platform_market_id, content_hash: 'h', fetched_at: '2026-11-01T00:00:00.000Z' } });

test('a question is titled by its identity-linked binary member of the first venue in registry order, whichever market arrived first', async (t) => {
  const embedder = await createTransformersEmbedder({ model: TEST_MODEL, logger: silentLog });
  try {
    const kalshi = { ...linkerMarket('kalshi', 'KXBTCMAX150-26DEC31', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.12), end_time: '2026-12-31T15:00:00.000Z' };
    const poly = linkerMarket('polymarket', 'p1', 'Will BTC hit $150k by Dec 31, 2026?', 0.11);
    const lim = linkerMarket('limitless', 'l1', 'Bitcoin to reach $150k by December 31, 2026?', 0.13);
    const orders = [
      [kalshi, lim, poly],
      [poly, kalshi, lim],
      [lim, poly, kalshi],
    ];
    const results = [];
    for (const order of orders) results.push(await linkInOrder(order.map(eventOf), (x) => embedder.embed(x), embedder.dimension));
    const key = [kalshi.id, poly.id, lim.id].sort().join(' ');
    // By the rule: all three are binary and identity; Polymarket is first of the registry's venues.
    for (const r of results) t.deepEqual(r.get(key), { title: poly.title, category: 'crypto', end_time: poly.end_time });
  } finally {
    await embedder.close();
  }
});

test('the recorded catalogue linked in three arrival orders gives the same questions with the same titles, categories and end times', async (t) => {
  const svc = await startTestService({});
  let events: MarketEvent[] = [];
  try {
    await svc.service.ingestOnce();
    await svc.settle();
    const jsm = svc.nats.conn.jsm;
    const info = await jsm.streams.info('MARKETS');
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
      const m = await jsm.streams.getMessage('MARKETS', { seq });
      events.push(JSON.parse(new TextDecoder().decode(m.data)) as MarketEvent);
    }
  } finally {
    await svc.close();
  }
  t.true(events.length > 1000, `${events.length} market events recorded`);
  const embedder = await createTransformersEmbedder({ model: TEST_MODEL, logger: silentLog });
  try {
    const cache = new Map<string, Float32Array>();
    const embed = async (texts: string[]) => {
      const missing = [...new Set(texts.filter((x) => !cache.has(x)))];
      if (missing.length > 0) (await embedder.embed(missing)).forEach((v, i) => cache.set(missing[i]!, v));
      return texts.map((x) => cache.get(x)!);
    };
    // A fixed shuffle (the same every run), the stream's order and its reverse.
    let seed = 20261127;
    const shuffled = [...events];
    for (let i = shuffled.length - 1; i > 0; i--) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const j = seed % (i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const inStream = await linkInOrder(events, embed, embedder.dimension);
    const linked = [...inStream.keys()].filter((k) => k.includes(' '));
    t.true(linked.length >= 20, `${linked.length} questions link two or more markets`);
    for (const order of [[...events].reverse(), shuffled]) t.deepEqual(await linkInOrder(order, embed, embedder.dimension), inStream);
    const newsom = [...inStream.values()].filter((q) => /Newsom/.test(q.title)).map((q) => q.title).sort();
    t.true(newsom.includes('Will Gavin Newsom win the 2028 Democratic presidential nomination?'), newsom.join(' | '));
  } finally {
    await embedder.close();
    events = [];
  }
});
