import test from 'ava';
import { openTestLinker } from '../support/testLinker.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { createEmbeddedVectorIndex } from '../../adapters/vector/embeddedVectorIndex.ts';
import { createTransformersEmbedder } from '../../adapters/embedder/transformersEmbedder.ts';
import { createLinker } from '../../pipeline/matching/linker/linker.ts';
import { overrideSource } from '../../pipeline/matching/linker/overrides.ts';
import { linkerCollections } from '../../pipeline/matching/linker/state.ts';
import { structuralVerifier } from '../../pipeline/matching/linker/structuralVerifier.ts';
import type { MarketNormalized } from '../../shared/events.ts';
import { silentLog } from '../support/nats.ts';
import { TEST_MODEL } from '../support/service.ts';
import { linkerEvent as event, linkerMarket as market } from '../support/linkerMarket.ts';


const poly = market('polymarket', 'p1', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.11);
const lim = market('limitless', 'l1', 'Will BTC hit $150k by Dec 31, 2026?', 0.13);
const pf = market('predictfun', 'f1', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.12);
const rival = market('limitless', 'l2', 'Will Bitcoin reach $200,000 by December 31, 2026?', 0.04);
const eth = market('polymarket', 'p2', 'Will Ethereum reach $10,000 by December 31, 2026?', 0.05);
const ethLim = market('limitless', 'l3', 'Will ETH hit $10k by Dec 31, 2026?', 0.06);
// A later snapshot of the first market with a new price only, in the same run as its first.
const polyRepriced = event({ ...poly, outcomes: [{ label: 'Yes', outcome_index: 0, price: 0.15 }, { label: 'No', outcome_index: 1, price: 0.85 }] }, '2026-11-01T00:01:00.000Z');
const stream: MarketNormalized[] = [poly, lim, pf, rival, eth, polyRepriced, ethLim].map((m) => ('type' in m ? m : event(m)));

async function setup(embedChunk?: number) {
  const embedCalls: number[] = [];
  const s = await openTestLinker({ onEmbed: (texts) => void embedCalls.push(texts.length), ...(embedChunk !== undefined ? { embedChunk } : {}) });
  return { ...s, embedCalls };
}

test('a run links exactly as one market at a time: same questions, same snapshots in the same order, a market joining one placed earlier in the run', async (t) => {
  const one = await setup();
  const run = await setup();
  try {
    for (const e of stream) await one.linker.handle(e, false);
    await run.linker.handleRun(stream.map((event) => ({ event, redelivered: false })));

    // By hand: the three $150k Bitcoin markets are one question, the $200k one its own, the two ETH $10k one.
    const btc = await run.questionOf(poly);
    t.is(await run.questionOf(lim), btc);
    t.is(await run.questionOf(pf), btc);
    t.not(await run.questionOf(rival), btc);
    t.is(await run.questionOf(ethLim), await run.questionOf(eth));
    t.not(await run.questionOf(eth), btc);
    t.deepEqual((await linkerCollections(run.store).questions.get(btc))!.member_ids, [poly.id, lim.id, pf.id]);
    const repriced = (await linkerCollections(run.store).markets.get(poly.id))!.member;
    t.is(repriced.yes_price, 0.15, 'the later snapshot in the run refreshed the price');

    t.deepEqual(run.published, one.published, 'every question snapshot, in order, as one at a time publishes them');
    t.is(run.published.length, stream.length, 'one snapshot per event (the repricing too)');
    for (const m of [poly, lim, pf, rival, eth, ethLim]) {
      t.deepEqual(await linkerCollections(run.store).markets.get(m.id), await linkerCollections(one.store).markets.get(m.id));
    }
  } finally {
    await Promise.all([one.close(), run.close()]);
  }
});

test('a run embeds its titles in one call, each distinct title once; one at a time embeds per market', async (t) => {
  const one = await setup();
  const run = await setup();
  try {
    for (const e of stream) await one.linker.handle(e, false);
    await run.linker.handleRun(stream.map((event) => ({ event, redelivered: false })));
    // Six markets; polymarket's and predict.fun's titles are the same text; the repricing embeds nothing.
    t.deepEqual(run.embedCalls, [5]);
    t.deepEqual(one.embedCalls, [1, 1, 1, 1, 1, 1]);
  } finally {
    await Promise.all([one.close(), run.close()]);
  }
});

test('a run embedded in chunks (placement starting while later chunks embed) links exactly as one call per run and as one at a time', async (t) => {
  const one = await setup();
  const whole = await setup();
  const chunked = await setup(2);
  try {
    for (const e of stream) await one.linker.handle(e, false);
    await whole.linker.handleRun(stream.map((event) => ({ event, redelivered: false })));
    await chunked.linker.handleRun(stream.map((event) => ({ event, redelivered: false })));
    // Five distinct titles in stream order (poly, lim, rival, eth, ethLim; pf repeats poly's), two per call.
    t.deepEqual(chunked.embedCalls, [2, 2, 1]);
    t.deepEqual(whole.embedCalls, [5]);
    t.deepEqual(chunked.published, one.published);
    t.deepEqual(chunked.published, whole.published);
    for (const m of [poly, lim, pf, rival, eth, ethLim]) {
      const state = await linkerCollections(chunked.store).markets.get(m.id);
      t.deepEqual(state, await linkerCollections(one.store).markets.get(m.id));
      t.deepEqual(state, await linkerCollections(whole.store).markets.get(m.id));
    }
    const btc = await chunked.questionOf(poly);
    t.deepEqual((await linkerCollections(chunked.store).questions.get(btc))!.member_ids, [poly.id, lim.id, pf.id]);
  } finally {
    await Promise.all([one.close(), whole.close(), chunked.close()]);
  }
});

test('a chunk whose embedding fails fails the run, after every chunk has settled', async (t) => {
  const store = openSqliteStore({ file: ':memory:' });
  const embedder = await createTransformersEmbedder({ model: TEST_MODEL, logger: silentLog });
  const index = createEmbeddedVectorIndex({ dimension: embedder.dimension, logger: silentLog });
  const settled: string[] = [];
  let calls = 0;
  const linker = createLinker({
    store,
    index,
    embed: async (texts) => {
      const n = ++calls;
      try {
        if (n === 2) throw new Error('embed pool down');
        if (n === 3) await new Promise((resolve) => setTimeout(resolve, 200)); // still out when chunk 2's market fails
        return await embedder.embed(texts);
      } finally {
        settled.push(`call ${n}`);
      }
    },
    verifier: structuralVerifier,
    publish: async () => undefined,
    overrides: overrideSource(store),
    log: silentLog,
    embedChunk: 2,
  });
  try {
    await t.throwsAsync(linker.handleRun(stream.map((event) => ({ event, redelivered: false }))), { message: 'embed pool down' });
    t.deepEqual([...settled].sort(), ['call 1', 'call 2', 'call 3'], 'the third chunk was asked with the others and had settled');
    t.is(await linkerCollections(store).markets.get(poly.id), null, 'nothing of the failed run was written');
  } finally {
    await Promise.all([store.close(), embedder.close(), index.close()]);
  }
});

test('a redelivered run publishes the questions of markets it finds already linked (the first attempt may have stopped before publishing)', async (t) => {
  const s = await setup();
  try {
    await s.linker.handleRun([{ event: event(poly), redelivered: false }, { event: event(lim), redelivered: false }]);
    const before = s.published.length;
    await s.linker.handleRun([{ event: event(poly), redelivered: true }, { event: event(lim), redelivered: true }]);
    t.is(s.published.length - before, 2);
    await s.linker.handleRun([{ event: event(poly), redelivered: false }, { event: event(lim), redelivered: false }]);
    t.is(s.published.length - before, 2, 'the same snapshots delivered for the first time change nothing and publish nothing');
  } finally {
    await s.close();
  }
});
