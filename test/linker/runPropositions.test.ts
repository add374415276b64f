import test from 'ava';
import { openTestLinker } from '../support/testLinker.ts';
import { linkerCollections } from '../../pipeline/matching/linker/state.ts';
import { structuralVerifier } from '../../pipeline/matching/linker/structuralVerifier.ts';
import { extractOnPool, sharedPropositionPool } from '../../pipeline/matching/linker/propositionPool.ts';
import type { LinkerMarketRef } from '../../pipeline/matching/linker/marketRef.ts';
import { extractProposition, type MarketRef } from '../../pipeline/matching/verifier/index.ts';
import type { MarketNormalized } from '../../shared/events.ts';
import { linkerEvent as event, linkerMarket as market } from '../support/linkerMarket.ts';


const poly = market('polymarket', 'p1', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.11);
const lim = market('limitless', 'l1', 'Will BTC hit $150k by Dec 31, 2026?', 0.13);
const pf = market('predictfun', 'f1', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.12);
const rival = market('limitless', 'l2', 'Will Bitcoin reach $200,000 by December 31, 2026?', 0.04);
const f1 = market('polymarket', 'p3', 'Will Ferrari win the F1 Constructors Championship?', 0.2);
const f1Lim = market('limitless', 'l4', 'Will Ferrari win the 2026 F1 Constructors Championship?', 0.21);
// A later snapshot of the first market with a new price only: its match inputs are unchanged, so it is not read again.
const polyRepriced = event({ ...poly, outcomes: [{ label: 'Yes', outcome_index: 0, price: 0.15 }, { label: 'No', outcome_index: 1, price: 0.85 }] }, '2026-11-01T00:01:00.000Z');
const stream: MarketNormalized[] = [poly, lim, pf, rival, f1, polyRepriced, f1Lim].map((m) => ('type' in m ? m : event(m)));

async function linkStream(extractElsewhere?: (refs: LinkerMarketRef[]) => Promise<unknown[]>) {
  const { store, linker, published, close } = await openTestLinker({ embedChunk: 2, ...(extractElsewhere ? { extractElsewhere } : {}) });
  try {
    await linker.handleRun(stream.map((e) => ({ event: e, redelivered: false })));
    const states = await Promise.all([poly, lim, pf, rival, f1, f1Lim].map((m) => linkerCollections(store).markets.get(m.id)));
    return { published, states };
  } finally {
    await close();
  }
}

test('propositions read elsewhere (structured-cloned, in chunks) link exactly as those read on the linker thread; each changed market is asked once', async (t) => {
  const asked: number[] = [];
  const here = await linkStream();
  const elsewhere = await linkStream(async (refs) => {
    asked.push(refs.length);
    return structuredClone(refs.map((r) => structuralVerifier.extract(r)));
  });
  t.deepEqual(elsewhere.published, here.published);
  t.deepEqual(elsewhere.states, here.states);
  t.deepEqual(asked, [2, 2, 2], 'six new markets in chunks of two; the repricing is not read again');
});

test('a chunk whose propositions fail is read on the linker thread instead: the same links', async (t) => {
  const here = await linkStream();
  let calls = 0;
  const failing = await linkStream(async (refs) => {
    if (calls++ === 1) throw new Error('thread gone');
    return refs.map((r) => structuralVerifier.extract(r));
  });
  t.deepEqual(failing.published, here.published);
  t.deepEqual(failing.states, here.states);
});

test("the propositions' thread answers what the verifier reads here, as plain data", async (t) => {
  const refs: LinkerMarketRef[] = [poly, f1, f1Lim, lim].map((m) => ({ venue: m.platform_slug, title: m.title, outcome: 'Yes', end_date: '2026-12-31', category: m.category }));
  const props = await extractOnPool(sharedPropositionPool('silent'))(refs);
  t.deepEqual(props, refs.map((r) => extractProposition(r as MarketRef)));
});
