import test from 'ava';
import { openTestLinker } from '../support/testLinker.ts';
import { PropositionCache } from '../../pipeline/matching/linker/propositionCache.ts';
import { linkerCollections } from '../../pipeline/matching/linker/state.ts';
import { structuralVerifier } from '../../pipeline/matching/linker/structuralVerifier.ts';
import type { VerifierFns } from '../../pipeline/matching/linker/verdict.ts';
import { linkerEvent as event, linkerMarket as market } from '../support/linkerMarket.ts';

test('past its bound the cache drops the least recently used, a batch at a time, and keeps the latest', (t) => {
  const cache = new PropositionCache(4, 2);
  for (const id of ['a', 'b', 'c', 'd']) cache.set(id, 'k', id.toUpperCase());
  t.is(cache.size, 4);
  cache.set('e', 'k', 'E');
  t.is(cache.size, 3, 'one past the bound: the two oldest go');
  t.is(cache.get('a', 'k'), undefined);
  t.is(cache.get('b', 'k'), undefined);
  t.is(cache.get('c', 'k'), 'C', 'now the most recently used');
  cache.set('f', 'k', 'F');
  cache.set('g', 'k', 'G');
  t.deepEqual(['c', 'd', 'e', 'f', 'g'].map((id) => cache.get(id, 'k') ?? null), ['C', null, null, 'F', 'G']);
  t.is(cache.get('c', 'other inputs'), undefined, 'a proposition read for other match inputs is not served');
  cache.set('c', 'new', 'C2');
  t.is(cache.get('c', 'new'), 'C2');
});

const titles = [
  ['polymarket', 'p1', 'Will Bitcoin reach $150,000 by December 31, 2026?'],
  ['limitless', 'l1', 'Will BTC hit $150k by Dec 31, 2026?'],
  ['predictfun', 'f1', 'Will Bitcoin reach $150,000 by December 31, 2026?'],
  ['limitless', 'l2', 'Will Bitcoin reach $200,000 by December 31, 2026?'],
  ['polymarket', 'p2', 'Will Ethereum reach $10,000 by December 31, 2026?'],
  ['limitless', 'l3', 'Will ETH hit $10k by Dec 31, 2026?'],
  ['predictfun', 'f2', 'Will Ethereum reach $10,000 by December 31, 2026?'],
  ['polymarket', 'p3', 'Will Solana reach $500 by December 31, 2026?'],
  ['limitless', 'l4', 'Will SOL hit $500 by Dec 31, 2026?'],
] as const;

async function linkWithBound(bound: number | undefined) {
  let extracted = 0;
  const verifier: VerifierFns = { ...structuralVerifier, extract: (ref) => (extracted++, structuralVerifier.extract(ref)) };
  const markets = titles.map(([venue, id, title], i) => market(venue, id, title, 0.1 + i / 100));
  const { store, linker, published, close } = await openTestLinker({ verifier, ...(bound === undefined ? {} : { propositions: bound }) });
  try {
    // Runs of one, as after a restart of nothing: each market's candidates are the ones linked before it.
    for (const m of markets) await linker.handleRun([{ event: event(m), redelivered: false }]);
    const states = await Promise.all(markets.map((m) => linkerCollections(store).markets.get(m.id)));
    return { published, states, extracted };
  } finally {
    await close();
  }
}

test('a bound far below the markets linked links the same; candidates past it are read again', async (t) => {
  const kept = await linkWithBound(undefined);
  const bounded = await linkWithBound(2);
  t.deepEqual(bounded.published, kept.published);
  t.deepEqual(bounded.states, kept.states);
  t.is(kept.extracted, titles.length, 'each market read once, as it is placed; its candidates come from memory');
  t.true(bounded.extracted > titles.length, `read ${bounded.extracted} times with room for two`);
});
