import test from 'ava';
import { compareProps, extractProposition, verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null, category = 'politics'): MarketRef => ({ venue, title, outcome, end_date, category });

test('identity: Kalshi and Polymarket spellings of one Bitcoin level on one day', (t) => {
  const v = verifyPair(m('kalshi', 'Will Bitcoin be above $100,000 on Dec 31, 2025?', 'Yes', '2025-12-31'), m('polymarket', 'Bitcoin above $100k on December 31, 2025?', 'Yes', '2025-12-31'));
  t.true(v.same);
  t.is(v.relation, 'identity');
  t.true(v.confidence > 0.8);
});

test('hard negative threshold: $100,000 vs $120,000', (t) => {
  const v = verifyPair(m('kalshi', 'Will Bitcoin be above $100,000 on Dec 31, 2025?', 'Yes', '2025-12-31'), m('polymarket', 'Bitcoin above $120k on December 31, 2025?', 'Yes', '2025-12-31'));
  t.false(v.same);
  t.true(v.reasons.some((r) => r.startsWith('threshold differs')), v.reasons.join('; '));
});

test('hard negative by vs on: reach by a date is not the level on that date', (t) => {
  const v = verifyPair(m('kalshi', 'Will Bitcoin be above $100,000 by Dec 31, 2026?', 'Yes', '2026-12-31'), m('polymarket', 'Will Bitcoin be above $100,000 on December 31, 2026?', 'Yes', '2026-12-31'));
  t.false(v.same);
  t.true(v.reasons.some((r) => r.startsWith('date sense differs')), v.reasons.join('; '));
});

test('hard negative deadline: real MicroStrategy group items', (t) => {
  const v = verifyPair(m('polymarket', 'MicroStrategy sells any Bitcoin by March 31, 2026?', 'Yes', '2026-03-31'), m('kalshi', 'MicroStrategy sells any Bitcoin by June 30, 2026?', 'Yes', '2026-07-01'));
  t.false(v.same);
  t.true(v.reasons.some((r) => r.startsWith('deadline differs')), v.reasons.join('; '));
});

test('"before June" and "by May 31" are one deadline; "before 2027" and "by the end of 2026" too', (t) => {
  t.true(verifyPair(m('predictit', 'Will Kristi Noem leave office before June 2026?', 'Yes', '2026-05-31'), m('polymarket', 'Kristi Noem out as DHS Secretary by May 31, 2026?', 'Yes', '2026-05-31')).same);
  t.true(verifyPair(m('manifold', 'Gregory Bovino out of Border Patrol by the end of 2026?', 'Yes', '2026-12-31'), m('kalshi', 'Will Gregory Bovino leave Border Patrol before 2027?', 'Yes', '2026-12-31')).same);
});

test('hard negative comparator: more than 5M views vs less than 5M views (same level, opposite sides)', (t) => {
  const v = verifyPair(m('manifold', 'Will the video get more than 5M views after 7 days?'), m('polymarket', 'Will the video get less than 5M views after 7 days?'));
  t.false(v.same);
  t.true(v.reasons.some((r) => r.startsWith('comparator differs')), v.reasons.join('; '));
});

test('hard negative: more than 5M views vs less than 1M views (different levels, neither the negation of the other)', (t) => {
  // Between 1M and 5M views both resolve No: not the same question and not complements.
  const v = verifyPair(m('manifold', 'Will the video get more than 5M views after 7 days?'), m('polymarket', 'Will the video get less than 1M views after 7 days?'));
  t.false(v.same);
  t.is(v.relation, 'different');
});

test('hard negative cumulative vs bucket: 750,000 or more vs 750,000-1,000,000', (t) => {
  const v = verifyPair(m('polymarket', 'Will Trump deport 750,000 or more people in 2025?', 'Yes', '2025-12-31'), m('kalshi', 'Will Trump deport 750,000-1,000,000 people?', 'Yes', '2025-12-31'));
  t.false(v.same);
  t.true(v.reasons.some((r) => r.startsWith('cumulative vs bucket')), v.reasons.join('; '));
});

test('hard negative candidate and office on PredictIt contracts', (t) => {
  const q = 'Who will win the 2026 Michigan Democratic Senate nomination?';
  const cand = verifyPair(m('predictit', q, 'Haley Stevens'), m('polymarket', 'Will Mallory McMorrow win the 2026 Michigan Democratic Senate nomination?'));
  t.false(cand.same);
  t.true(cand.reasons.some((r) => r.startsWith('candidate differs')), cand.reasons.join('; '));
  const office = verifyPair(m('predictit', q, 'Mallory McMorrow'), m('polymarket', 'Will Mallory McMorrow win the 2026 Michigan Democratic gubernatorial nomination?'));
  t.false(office.same);
  t.true(office.reasons.some((r) => r.startsWith('office differs')), office.reasons.join('; '));
});

test('hard negative year: 2028 nomination vs a market that ended in 2024', (t) => {
  const v = verifyPair(m('predictit', 'Who will win the 2028 Republican presidential nomination?', 'Donald Trump'), m('kalshi', 'Will Donald Trump win the 2024 Republican presidential nomination?', 'Yes', '2024-07-18'));
  t.false(v.same);
  t.true(v.reasons.some((r) => r.startsWith('year differs')), v.reasons.join('; '));
});

test('hard negative inverted: A before B vs B before A, X beats Y vs Y beats X, cut vs hike', (t) => {
  t.false(verifyPair(m('manifold', 'Will the US attack Cuba before China attacks Taiwan?'), m('polymarket', 'Will China attack Taiwan before the US attacks Cuba?')).same);
  t.false(verifyPair(m('manifold', 'LOL LCK Cup - GEN beats HLE'), m('polymarket', 'LOL LCK Cup - HLE beats GEN')).same);
  t.false(verifyPair(m('kalshi', 'Will the Fed cut rates in December 2026?', 'Yes', '2026-12-10'), m('polymarket', 'Will the Fed hike rates in December 2026?', 'Yes', '2026-12-10')).same);
});

test('complement: No outcome, "not", stay vs leave, above vs below on one day; two parties are no complement', (t) => {
  const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;
  t.is(rel(m('kalshi', 'Will the Fed cut rates in December 2026?', 'Yes', '2026-12-10'), m('kalshi', 'Will the Fed not cut rates in December 2026?', 'Yes', '2026-12-10')), 'complement');
  t.is(rel(m('polymarket', 'Will the New England Patriots win Super Bowl 2026?', 'No', '2026-02-08'), m('azuro', 'Super Bowl LX - Winner', 'New England Patriots', '2026-02-09')), 'complement');
  t.is(rel(m('predictit', 'Will Netanyahu remain Israeli prime minister through March 2026?', 'Yes', '2026-03-31'), m('polymarket', 'Netanyahu out as Israeli PM by March 31, 2026?', 'Yes', '2026-03-31')), 'complement');
  // A third party or an independent can win: Democrat and Republican are two questions, not one and its negation.
  t.is(rel(m('predictit', 'Which party will win the 2026 US Senate election in Georgia?', 'Democratic'), m('kalshi', 'Will Republicans win the Georgia Senate race in 2026?', 'Yes', '2026-11-03')), 'different');
  t.is(rel(m('manifold', 'Will TSLA close at or above $450 EOD Jan 30, 2026?', 'Yes', '2026-01-30'), m('kalshi', 'Will Tesla close below $450 on Jan 30, 2026?', 'Yes', '2026-01-30')), 'complement');
});

test('multi-outcome mapping: PredictIt contract, Polymarket binary, Azuro outcome and a group blank agree', (t) => {
  const predictit = m('predictit', 'Who will win the 2028 Democratic presidential nomination?', 'Gavin Newsom');
  const poly = m('polymarket', 'Will Gavin Newsom win the 2028 Democratic presidential nomination?', 'Yes', '2028-08-31');
  const azuro = m('azuro', '2028 Democratic presidential nomination winner', 'Gavin Newsom', '2028-08-31');
  t.true(verifyPair(predictit, poly).same);
  t.true(verifyPair(azuro, poly).same);
  t.true(verifyPair(m('polymarket', 'MicroStrategy sells any Bitcoin by ___ ?', 'June 30, 2026', '2026-07-01'), m('kalshi', 'Will MicroStrategy sell any Bitcoin by June 30, 2026?', 'Yes', '2026-06-30')).same);
});

test('symbols are read into questions before matching', (t) => {
  const v = verifyPair(m('drift', 'TRUMP-WIN-2024-BET', 'Yes', '2024-11-06'), m('polymarket', 'Will Donald Trump win the 2024 US Presidential Election?', 'Yes', '2024-11-05'));
  t.true(v.same);
  t.false(verifyPair(m('drift', 'NBAFINALS25-OKC-BET'), m('kalshi', 'Will the Boston Celtics win the 2025 NBA Finals?')).same);
  t.true(extractProposition(m('drift', 'FED-CUT-50-SEPT-2024-BET')).fromSymbol);
});

test('extract once, compare many: compareProps on cached propositions equals verifyPair', (t) => {
  const a = m('kalshi', 'Will Bitcoin be above $100,000 on Dec 31, 2025?', 'Yes', '2025-12-31');
  const b = m('polymarket', 'Bitcoin above $100k on December 31, 2025?', 'Yes', '2025-12-31');
  // Known by reading the titles: the same threshold, date and side (identity); a different level is different.
  const linked = compareProps(extractProposition(a), extractProposition(b));
  t.true(linked.same);
  t.is(linked.relation, 'identity');
  const c = m('polymarket', 'Bitcoin above $120k on December 31, 2025?', 'Yes', '2025-12-31');
  const apart = compareProps(extractProposition(a), extractProposition(c));
  t.false(apart.same);
  // The cached path agrees with the one-shot path on both.
  t.is(verifyPair(a, b).relation, 'identity');
  t.false(verifyPair(a, c).same);
});

test('fails closed on unrelated or empty markets', (t) => {
  t.false(verifyPair(m('kalshi', 'Will humans colonize Mars before 2050?'), m('polymarket', 'Will GTA VI be released before June 2026?')).same);
  t.false(verifyPair(m('kalshi', ''), m('polymarket', '')).same);
});
