import test from 'ava';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { createEmbeddedVectorIndex } from '../../adapters/vector/embeddedVectorIndex.ts';
import { createTransformersEmbedder } from '../../adapters/embedder/transformersEmbedder.ts';
import { createLinker } from '../../pipeline/matching/linker/linker.ts';
import { overrideSource } from '../../pipeline/matching/linker/overrides.ts';
import { linkerCollections } from '../../pipeline/matching/linker/state.ts';
import { structuralVerifier } from '../../pipeline/matching/linker/structuralVerifier.ts';
import type { VerifierFns } from '../../pipeline/matching/linker/verdict.ts';
import type { LinkEvent } from '../../shared/events.ts';
import type { Category, NormalizedMarket } from '../../shared/types/market.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import { marketId } from '../../shared/ids.ts';
import { silentLog } from '../support/nats.ts';
import { TEST_MODEL } from '../support/service.ts';
import { linkerEvent as event } from '../support/linkerMarket.ts';

/*
 * Candidate generation and arrival order, on titles from the recorded catalogue (Kalshi's own titles and
 * tickers as its API lists them): a partner the nearest neighbours miss is found by a structural key, and
 * a question founded only because its market arrived before any partner joins the question its partners form.
 */

function market(venue: VenueSlug, id: string, title: string, yes: number, category: Category, end = '2026-12-31T23:59:00.000Z'): NormalizedMarket {
  return {
    id: marketId(venue, id),
    platform_slug: venue,
    platform_market_id: id,
    title,
    slug: id.toLowerCase(),
    description: null,
    url: null,
    category,
    status: 'open',
    end_time: end,
    created_at: null,
    outcomes: [
      { label: 'Yes', outcome_index: 0, price: yes },
      { label: 'No', outcome_index: 1, price: Math.round((1 - yes) * 100) / 100 },
    ],
    group: null,
    volume24h: 1000,
    volume_total: null,
    liquidity: null,
    currency: 'USD',
    play_money: false,
    fee: { kind: 'unknown', reason: 'test' },
    quoted_at: '2026-11-01T00:00:00.000Z',
  };
}


async function setup() {
  const store = openSqliteStore({ file: ':memory:' });
  const embedder = await createTransformersEmbedder({ model: TEST_MODEL, logger: silentLog });
  const index = createEmbeddedVectorIndex({ dimension: embedder.dimension, logger: silentLog });
  const published: LinkEvent[] = [];
  const linkerWith = (verifier: VerifierFns, candidates?: number) =>
    createLinker({
      store,
      index,
      embed: (texts) => embedder.embed(texts),
      verifier,
      publish: async (_subject, payload) => {
        published.push(payload as LinkEvent);
      },
      overrides: overrideSource(store),
      log: silentLog,
      ...(candidates ? { candidates } : {}),
    });
  const stateOf = async (m: NormalizedMarket) => (await linkerCollections(store).markets.get(m.id))!;
  return { linkerWith, published, stateOf, close: () => Promise.all([store.close(), embedder.close(), index.close()]) };
}

// Polymarket's Bitcoin levels on one deadline, worded as Kalshi words its own: nearer to Kalshi's title than the partner is.
const decoys = [90_000, 95_000, 105_000, 110_000, 115_000, 120_000].map((n, i) =>
  market('polymarket', `pd${i}`, `Will Bitcoin be above $${n.toLocaleString('en-US')}.00 by Dec 31, 2026 at 11:59 PM ET?`, 0.3, 'crypto'),
);
const partner = market('polymarket', 'p100k', 'Will Bitcoin reach $100,000 by December 31, 2026?', 0.4, 'crypto');
const kalshi = market('kalshi', 'KXBTCMAXY-26DEC31-99999.99', 'Will Bitcoin be above $99,999.99 by Dec 31, 2026 at 11:59 PM ET?', 0.41, 'crypto', '2027-01-01T04:59:00.000Z');

test('a partner crowded out of the nearest neighbours is found by its subject and level', async (t) => {
  const s = await setup();
  const linker = s.linkerWith(structuralVerifier, 2);
  for (const m of [partner, ...decoys, kalshi]) await linker.handle(event(m), false);
  const k = await s.stateOf(kalshi);
  t.is(k.question_id, (await s.stateOf(partner)).question_id);
  t.is(k.relation, 'identity');
  for (const d of decoys) t.not((await s.stateOf(d)).question_id, k.question_id, d.title);
  await s.close();
});

test('without structural keys the same arrival leaves the Kalshi market alone (the nearest two are other levels)', async (t) => {
  const s = await setup();
  const { keys: _keys, ...nearestOnly } = structuralVerifier;
  const linker = s.linkerWith(nearestOnly, 2);
  for (const m of [partner, ...decoys, kalshi]) await linker.handle(event(m), false);
  t.not((await s.stateOf(kalshi)).question_id, (await s.stateOf(partner)).question_id);
  await s.close();
});

// The recorded 2026 House markets of three venues.
const kalshiHouse = market('kalshi', 'CONTROLH-2026-D', 'Will Democrats win the House in 2026?', 0.74, 'politics', '2027-02-01T15:00:00.000Z');
const limitlessHouse = market('limitless', 'lh-d', 'Will the Democratic Party control the House after the 2026 Midterm elections?', 0.76, 'politics', '2026-11-03T12:00:00.000Z');
const polyHouse = market('polymarket', 'ph-d', 'Will the Democratic Party control the House after the 2026 Midterm elections?', 0.77, 'politics', '2026-11-03T12:00:00.000Z');

test('a question founded before its partners arrived joins theirs once a market verifies against both', async (t) => {
  const s = await setup();
  // Kalshi and Limitless arrive while neither can see the other (as when each is crowded out of the
  // other's candidates): each founds a question.
  const blind = s.linkerWith({ ...structuralVerifier, compare: () => ({ same: false, confidence: 0, relation: 'different', reasons: ['not a candidate'] }), keys: undefined });
  await blind.handle(event(kalshiHouse), false);
  await blind.handle(event(limitlessHouse), false);
  const founded = (await s.stateOf(kalshiHouse)).question_id;
  t.not(founded, (await s.stateOf(limitlessHouse)).question_id);
  // Polymarket's market verifies against both: one question remains, with all three venues.
  await s.linkerWith(structuralVerifier).handle(event(polyHouse), false);
  const [k, l, p] = [await s.stateOf(kalshiHouse), await s.stateOf(limitlessHouse), await s.stateOf(polyHouse)];
  t.is(k.question_id, p.question_id);
  t.is(l.question_id, p.question_id);
  t.true([k, l, p].every((x) => x.relation === 'identity'));
  const emptied = k.moves[0]?.from ?? l.moves[0]?.from;
  t.truthy(emptied, 'the moved market records where it came from');
  t.true(s.published.some((e) => e.type === 'question_removed' && e.question_id === emptied));
  const last = s.published.filter((e) => e.type === 'question_snapshot' && e.question.id === p.question_id).at(-1);
  if (last?.type === 'question_snapshot') t.deepEqual(last.question.members.map((m) => m.platform_slug).sort(), ['kalshi', 'limitless', 'polymarket']);
  else t.fail('no snapshot of the joined question');
  await s.close();
});

test('a question does not join when one of its members fails against the other (the other party stays apart)', async (t) => {
  const s = await setup();
  const blind = s.linkerWith({ ...structuralVerifier, compare: () => ({ same: false, confidence: 0, relation: 'different', reasons: ['not a candidate'] }), keys: undefined });
  const kalshiRep = market('kalshi', 'CONTROLH-2026-R', 'Will Republicans win the House in 2026?', 0.26, 'politics', '2027-02-01T15:00:00.000Z');
  await blind.handle(event(kalshiRep), false);
  await blind.handle(event(limitlessHouse), false);
  await s.linkerWith(structuralVerifier).handle(event(polyHouse), false);
  t.is((await s.stateOf(limitlessHouse)).question_id, (await s.stateOf(polyHouse)).question_id);
  t.not((await s.stateOf(kalshiRep)).question_id, (await s.stateOf(polyHouse)).question_id);
  await s.close();
});
