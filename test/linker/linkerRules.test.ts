import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { createEmbeddedVectorIndex } from '../../adapters/vector/embeddedVectorIndex.ts';
import { createTransformersEmbedder } from '../../adapters/embedder/transformersEmbedder.ts';
import { createLinker } from '../../pipeline/matching/linker/linker.ts';
import { LINK_MAX_ACK_PENDING, LINKER_DURABLE, startLinker } from '../../pipeline/matching/linker/startLinker.ts';
import { overrideSource } from '../../pipeline/matching/linker/overrides.ts';
import { linkerCollections } from '../../pipeline/matching/linker/state.ts';
import { compareProps, extractProposition, type MarketRef, type Proposition } from '../../pipeline/matching/verifier/index.ts';
import { loadConfig } from '../../shared/config.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import type { MarketNormalized } from '../../shared/events.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import { provisionDurable } from '../../pipeline/streams/provision.ts';
import { silentLog, startTestNats } from '../support/nats.ts';
import { TEST_MODEL } from '../support/service.ts';
import { linkerMarket as market } from '../support/linkerMarket.ts';
import { waitForQuiet } from '../support/quiesce.ts';

const event = (m: NormalizedMarket): MarketNormalized => ({
  type: 'market_normalized',
  market: m,
  source: { item_id: m.platform_market_id, content_hash: m.platform_market_id, fetched_at: '2026-11-01T00:00:00.000Z' },
});
const verifier = { extract: (r: unknown) => extractProposition(r as MarketRef), compare: (a: unknown, b: unknown) => compareProps(a as Proposition, b as Proposition) };

test('a venue lists a question once: a second market of the same venue with the same title founds its own question', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  const embedder = await createTransformersEmbedder({ model: TEST_MODEL, logger: silentLog });
  const index = createEmbeddedVectorIndex({ dimension: embedder.dimension, logger: silentLog });
  try {
    const linker = createLinker({ store, index, embed: (x) => embedder.embed(x), verifier, publish: async () => undefined, overrides: overrideSource(store), log: silentLog });
    const poly = market('polymarket', 'p1', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.11);
    const lim = market('limitless', 'l1', 'Will BTC hit $150k by Dec 31, 2026?', 0.13);
    const limAgain = market('limitless', 'l2', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.12);
    for (const m of [poly, lim, limAgain]) await linker.handle(event(m), false);
    const questionOf = async (m: NormalizedMarket) => (await linkerCollections(store).markets.get(m.id))!.question_id;
    const q = await questionOf(poly);
    t.is(await questionOf(lim), q, 'the first limitless market joins');
    t.not(await questionOf(limAgain), q, 'the second limitless market, though its title equals polymarket\'s, does not');
    t.deepEqual((await linkerCollections(store).questions.get(q))!.member_ids, [poly.id, lim.id]);
  } finally {
    await Promise.all([store.close(), embedder.close(), index.close()]);
  }
});

test('two linkers on one durable, as two link processes run, take turns: while one run is being linked the other links nothing, and nothing is acked before its run is done', async (t) => {
  const nats = await startTestNats();
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-linkers-'));
  const store = openSqliteStore({ file: join(dataDir, 'store.db') });
  const config = loadConfig({ DATA_DIR: dataDir, EMBEDDING_MODEL: TEST_MODEL, LOG_LEVEL: 'silent' });
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  let reached!: () => void;
  const held = new Promise<void>((r) => (reached = r));
  // Which linker published which question snapshot (by the market that caused it), in call order.
  const snapshots: { by: string; market: string }[] = [];
  // The last step of a run is waiting for its question publishes; holding them keeps the run's markets unacked.
  const publisher = (by: string) => async (subject: string, payload: unknown) => {
    snapshots.push({ by, market: (payload as { cause: { market_id: string } }).cause.market_id });
    reached();
    await opened;
    await nats.conn.js.publish(subject, JSON.stringify(payload));
  };
  const markets = [
    market('polymarket', 'p1', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.11),
    market('limitless', 'l1', 'Will BTC hit $150k by Dec 31, 2026?', 0.13),
    market('polymarket', 'p2', 'Will Ethereum reach $10,000 by December 31, 2026?', 0.05),
    market('limitless', 'l2', 'Will ETH hit $10k by Dec 31, 2026?', 0.06),
  ];
  const send = (m: NormalizedMarket) => nats.conn.js.publish(subjects.normalized(m.platform_slug), JSON.stringify(event(m)));
  const linkers: Awaited<ReturnType<typeof startLinker>>[] = [];
  try {
    // The first market goes out alone to linker A, whose run is then held; B starts and the rest arrive while
    // A's run is open, so the server may hand them to either process.
    await send(markets[0]!);
    linkers.push(await startLinker({ config, conn: nats.conn, store, publish: publisher('A'), log: silentLog }));
    await held;
    linkers.push(await startLinker({ config, conn: nats.conn, store, publish: publisher('B'), log: silentLog }));
    for (const m of markets.slice(1)) await send(m);
    let info = await nats.conn.jsm.consumers.info('MARKETS', LINKER_DURABLE);
    for (let i = 0; i < 100 && info.num_pending > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      info = await nats.conn.jsm.consumers.info('MARKETS', LINKER_DURABLE);
    }
    t.is(info.num_pending, 0, 'every market was handed out');
    // Time for a linker that does not wait its turn to link what it holds (a bound on a wait, not a timing claim).
    await new Promise((r) => setTimeout(r, 1_500));
    t.deepEqual(snapshots, [{ by: 'A', market: markets[0]!.id }], 'only the run in progress (the first market, by A) has linked');
    info = await nats.conn.jsm.consumers.info('MARKETS', LINKER_DURABLE);
    t.is(info.num_ack_pending, markets.length, 'nothing is acked while the first run is open');
    t.is(await store.collection('linker_checkpoint').get('markets'), null, 'the checkpoint has not moved');
    open();
    await waitForQuiet(nats.conn, [{ stream: 'markets', durable: LINKER_DURABLE }]);
    const states = await linkerCollections(store).markets.find();
    t.is(states.length, markets.length, 'every market was linked once the first run was let go');
    t.deepEqual(
      snapshots.map((s) => s.market),
      markets.map((m) => m.id),
      'each market was linked once, in stream order, whichever process held it',
    );
    t.like(await store.collection('linker_checkpoint').get('markets'), { lastSeq: markets.length });
  } finally {
    open();
    for (const l of linkers) await l.close();
    await store.close();
    await nats.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a linker never links past a market another process holds: it waits until that market comes back, then links all in stream order', async (t) => {
  const nats = await startTestNats();
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-linkers-'));
  const store = openSqliteStore({ file: join(dataDir, 'store.db') });
  const config = loadConfig({ DATA_DIR: dataDir, EMBEDDING_MODEL: TEST_MODEL, LOG_LEVEL: 'silent' });
  const snapshots: string[] = [];
  const publish = async (subject: string, payload: unknown) => {
    snapshots.push((payload as { cause: { market_id: string } }).cause.market_id);
    await nats.conn.js.publish(subject, JSON.stringify(payload));
  };
  const markets = [
    market('polymarket', 'p1', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.11),
    market('limitless', 'l1', 'Will BTC hit $150k by Dec 31, 2026?', 0.13),
    market('polymarket', 'p2', 'Will Ethereum reach $10,000 by December 31, 2026?', 0.05),
  ];
  let linker: Awaited<ReturnType<typeof startLinker>> | undefined;
  try {
    // Another process (a plain pull on the same durable) takes the first market and holds it unapplied.
    await provisionDurable(nats.conn.jsm, { stream: 'markets', durable: LINKER_DURABLE, maxAckPending: LINK_MAX_ACK_PENDING, ackWaitMs: 60_000 });
    for (const m of markets) await nats.conn.js.publish(subjects.normalized(m.platform_slug), JSON.stringify(event(m)));
    const other = await nats.conn.js.consumers.get('MARKETS', LINKER_DURABLE);
    const first = await other.next({ expires: 5_000 });
    t.is(first?.seq, 1);
    linker = await startLinker({ config, conn: nats.conn, store, publish, log: silentLog });
    let info = await nats.conn.jsm.consumers.info('MARKETS', LINKER_DURABLE);
    for (let i = 0; i < 100 && info.num_pending > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      info = await nats.conn.jsm.consumers.info('MARKETS', LINKER_DURABLE);
    }
    t.is(info.num_pending, 0, 'the linker holds the two later markets');
    // Time for a linker that does not wait its turn to link them (a bound on a wait, not a timing claim).
    await new Promise((r) => setTimeout(r, 1_500));
    t.deepEqual(snapshots, [], 'nothing linked while an earlier market is out elsewhere');
    t.is((await linkerCollections(store).markets.find()).length, 0);
    first!.nak();
    await waitForQuiet(nats.conn, [{ stream: 'markets', durable: LINKER_DURABLE }]);
    t.deepEqual(snapshots, markets.map((m) => m.id), 'all three linked, in stream order, once the first came back');
    const questionOf = async (m: NormalizedMarket) => (await linkerCollections(store).markets.get(m.id))!.question_id;
    t.is(await questionOf(markets[1]!), await questionOf(markets[0]!), 'the limitless market joined the polymarket one linked just before it');
    t.like(await store.collection('linker_checkpoint').get('markets'), { lastSeq: 3 });
  } finally {
    await linker?.close();
    await store.close();
    await nats.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
