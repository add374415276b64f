import test from 'ava';
import { fileURLToPath } from 'node:url';
import { asTickerTitles, evaluate, loadPairs } from '../../pipeline/matching/verifier/evaluate.ts';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/matching/${name}`, import.meta.url));

for (const name of ['pairs.jsonl', 'pairs.holdout.jsonl', 'pairs.realistic.jsonl', 'pairs.realistic.batch3.jsonl']) {
  test(`quality floor on ${name}: link precision >= 0.97, recall >= 0.85, relation right on every link`, (t) => {
    const e = evaluate(loadPairs(fixture(name)), verifyPair);
    const misses = e.errors.slice(0, 5).map(({ pair, verdict }) => `${pair.kind}: ${pair.a.title} | ${pair.a.outcome} <> ${pair.b.title} | ${pair.b.outcome} -> ${verdict.reasons.join('; ')}`);
    t.true(e.precision >= 0.97, `precision ${e.precision.toFixed(3)}\n${misses.join('\n')}`);
    t.true(e.recall >= 0.85, `recall ${e.recall.toFixed(3)}\n${misses.join('\n')}`);
    // Every link made on a labelled link carries the labelled relation: an identity called a complement would
    // show users an inverted price.
    const wrong = e.errors.filter(({ pair, verdict }) => pair.same && verdict.same).map(({ pair, verdict }) => `${pair.a.title} | ${pair.a.outcome} <> ${pair.b.title} | ${pair.b.outcome}: ${verdict.relation} for ${pair.relation}`);
    t.is(e.wrongRelation, 0, wrong.join('\n'));
  });
}

// The mined real pairs of issue 8 (verbatim titles, labelled from resolution texts; see mined/README.md on the
// match-data branch). Only the train split is a floor: the frozen split is measured once per round and never
// made a target (mined/MEASUREMENTS.md). Measured 1.000 / 0.944 (tp 184, fp 0, fn 11) when the floor was set.
test('quality floor on the mined train split: link precision >= 0.98, recall >= 0.92, relation right on every link', (t) => {
  const e = evaluate(loadPairs(fixture('mined/pairs.mined.train.jsonl')), verifyPair);
  const misses = e.errors.slice(0, 5).map(({ pair, verdict }) => `${pair.kind}: ${pair.a.title} | ${pair.a.outcome} <> ${pair.b.title} | ${pair.b.outcome} -> ${verdict.reasons.join('; ')}`);
  t.true(e.precision >= 0.98, `precision ${e.precision.toFixed(3)}\n${misses.join('\n')}`);
  t.true(e.recall >= 0.92, `recall ${e.recall.toFixed(3)}\n${misses.join('\n')}`);
  t.is(e.wrongRelation, 0);
});

// The second mined set (mined2/README.md: Kalshi titles and tickers, tennis matches, CPI and jobs prints, futures;
// 75% negatives). Its train half was read and tuned on after it was first measured blind at 1.000/0.240 (tp 12,
// fn 38); 1.000/1.000 (tp 50, fp 0) when this floor was set. Its frozen half is measured, never a floor.
test('quality floor on the second mined set train half: link precision >= 0.98, recall >= 0.95, relation right on every link', (t) => {
  const e = evaluate(loadPairs(fixture('mined2/pairs.mined2.train.jsonl')), verifyPair);
  const misses = e.errors.slice(0, 5).map(({ pair, verdict }) => `${pair.kind}: ${pair.a.title} | ${pair.a.outcome} <> ${pair.b.title} | ${pair.b.outcome} -> ${verdict.reasons.join('; ')}`);
  t.true(e.precision >= 0.98, `precision ${e.precision.toFixed(3)}\n${misses.join('\n')}`);
  t.true(e.recall >= 0.95, `recall ${e.recall.toFixed(3)}\n${misses.join('\n')}`);
  t.is(e.wrongRelation, 0);
});

// The third mined set (mined3/README.md: NFL wild-card games, NBA first-half and spread markets beside game
// winners, Fed meeting and rate-level markets beside year counts; 73% hard negatives). 1.000 / 1.000 (tp 32, fp 0,
// tn 87) on the verifier as it was when the set was mined, before any rule of its round; never tuned on it since.
test('quality floor on the third mined set train split: link precision >= 0.98, recall >= 0.95, relation right on every link', (t) => {
  const e = evaluate(loadPairs(fixture('mined3/pairs.mined3.train.jsonl')), verifyPair);
  const misses = e.errors.slice(0, 5).map(({ pair, verdict }) => `${pair.kind}: ${pair.a.title} | ${pair.a.outcome} <> ${pair.b.title} | ${pair.b.outcome} -> ${verdict.reasons.join('; ')}`);
  t.true(e.precision >= 0.98, `precision ${e.precision.toFixed(3)}\n${misses.join('\n')}`);
  t.true(e.recall >= 0.95, `recall ${e.recall.toFixed(3)}\n${misses.join('\n')}`);
  t.is(e.wrongRelation, 0);
  t.is(e.fp, 0, 'no hard negative of the set is linked');
});

// The fourth mined set (mined4/README.md: Kalshi markets as the bare tickers an arbitrage tool recorded beside
// Polymarket's verbatim questions; 2028 nominations, presidency, runs and other offices, NBA, World Cup,
// Champions League, La Liga; 80% hard negatives). Measured 1.000 / 0.760 (tp 19, fp 0, fn 6, tn 74) on the verifier as
// it was when the set was mined and split, before any rule of its round; 1.000 / 0.704 (tp 19, fn 8, tn 85) with
// the second batch (European football) added, on the same verifier; 1.000 / 1.000 (tp 27, fp 0, tn 85) once the
// NBA, La Liga and Champions League series and demonym surnames were read (round 10). A third batch (Republican
// nominations, offices, conference titles, World Cup rounds; 72 train pairs) measured 1.000 / 0.867 (tp 13, fn 2)
// as found on that verifier; the whole train split 1.000 / 0.976 (tp 41, fn 1, tn 142) after namesakes were read.
// A fourth batch (Fed, WTI, Bitcoin, F1, Eurovision, elections abroad: 24 train hard negatives) was refused whole as found.
test('quality floor on the fourth mined set train split: link precision >= 0.98, recall >= 0.95, no hard negative linked', (t) => {
  const e = evaluate(loadPairs(fixture('mined4/pairs.mined4.train.jsonl')), verifyPair);
  const misses = e.errors.slice(0, 5).map(({ pair, verdict }) => `${pair.kind}: ${pair.a.title} | ${pair.a.outcome} <> ${pair.b.title} | ${pair.b.outcome} -> ${verdict.reasons.join('; ')}`);
  t.true(e.precision >= 0.98, `precision ${e.precision.toFixed(3)}\n${misses.join('\n')}`);
  t.true(e.recall >= 0.95, `recall ${e.recall.toFixed(3)}\n${misses.join('\n')}`);
  t.is(e.wrongRelation, 0);
  t.is(e.fp, 0, 'no hard negative of the set is linked');
});

// The same train pairs with each Kalshi market given as its bare ticker ("KXPRESPERSON-28-JVAN"), as some feeds
// list it: precision must hold (a ticker read wrong must refuse, not guess). Measured 1.000 / 0.907 (mined, 234
// pairs) and 1.000 / 0.820 (mined2, 179 pairs) when these floors were set; 1.000 / 0.675 and 1.000 / 0.140 when only
// the presidential, party-control and Fed-chair series were read (before levels, players, countries, state races,
// match totals and the wider person codes).
for (const [name, recallFloor] of [['mined/pairs.mined.train.jsonl', 0.88], ['mined2/pairs.mined2.train.jsonl', 0.8]] as const) {
  test(`quality floor on ${name} with Kalshi markets as bare tickers: link precision >= 0.98, recall >= ${recallFloor}`, (t) => {
    const e = evaluate(asTickerTitles(loadPairs(fixture(name))), verifyPair);
    const misses = e.errors.slice(0, 5).map(({ pair, verdict }) => `${pair.kind}: ${pair.a.title} | ${pair.a.outcome} <> ${pair.b.title} | ${pair.b.outcome} -> ${verdict.reasons.join('; ')}`);
    t.true(e.precision >= 0.98, `precision ${e.precision.toFixed(3)}\n${misses.join('\n')}`);
    t.true(e.recall >= recallFloor, `recall ${e.recall.toFixed(3)}\n${misses.join('\n')}`);
    t.is(e.wrongRelation, 0);
  });
}

// Regression floors at or just below the numbers measured after the reconciliation round (ticker/name aliases,
// partial-progress vetoes, benign one-sided words). History: batch 4 blind 0.847/0.847; batch 5 blind 0.735/0.824;
// batch 6 blind 0.846/0.786; batch 7 blind 0.961/0.831, then used to find the failure classes of this round.
// Now: batch 4 1.000/0.831, batch 5 0.985/0.878, batch 6 0.872/0.810, batch 7 1.000/0.966.
for (const [name, precision, recall] of [
  ['pairs.realistic.batch4.jsonl', 0.98, 0.84],
  ['pairs.realistic.batch5.jsonl', 0.98, 0.87],
  ['pairs.realistic.batch6.jsonl', 0.85, 0.8],
  ['pairs.realistic.batch7.jsonl', 0.98, 0.95],
  // Batch 8 was written after this round and measured once, blind: 0.950/0.864 as written; two labels were then
  // found wrong (see buildBatch8.py) and corrected, giving 0.975 (tp 39, fp 1) / 0.848 (fn 7). The levels round
  // (target verbs, label comparators, "N+" thresholds, approver/effect synonyms) was tuned on it, with a third label
  // corrected (above-label vs below-title on one day is a complement): 1.000/0.979.
  ['pairs.realistic.batch8.jsonl', 0.98, 0.97],
  // Batch 9 was written after the levels round and measured once, blind: 1.000 (tp 35, fp 0) / 0.972 (fn 1). Nothing was tuned on it.
  ['pairs.realistic.batch9.jsonl', 0.98, 0.95],
  // Round 10's probes of the issue's named classes (written by the same hands as its rules: a floor, not a measure).
  // One known miss: a Kalshi total whose teams are in its description only, with no ticker.
  ['pairs.probes.round10.jsonl', 1, 0.97],
] as const) {
  test(`regression floor on ${name}: precision >= ${precision}, recall >= ${recall}`, (t) => {
    const e = evaluate(loadPairs(fixture(name)), verifyPair);
    t.true(e.precision >= precision, `precision ${e.precision.toFixed(3)}`);
    t.true(e.recall >= recall, `recall ${e.recall.toFixed(3)}`);
  });
}

test('labelled set covers every kind the verifier must tell apart, a third or more hard negatives', (t) => {
  const pairs = [...loadPairs(fixture('pairs.jsonl')), ...loadPairs(fixture('pairs.holdout.jsonl'))];
  const kinds = new Set(pairs.map((p) => p.kind));
  for (const k of ['identity', 'complement', 'multi_outcome', 'symbol', 'hard_negative_deadline', 'hard_negative_threshold', 'hard_negative_comparator',
    'hard_negative_candidate', 'hard_negative_office', 'hard_negative_year', 'hard_negative_by_vs_on', 'hard_negative_cumulative_vs_bucket', 'hard_negative_inverted']) {
    t.true(kinds.has(k), `missing kind ${k}`);
  }
  t.true(pairs.filter((p) => p.kind.startsWith('hard_negative')).length * 3 >= pairs.length);
  const venues = new Set(pairs.flatMap((p) => [p.a.venue, p.b.venue]));
  for (const v of ['polymarket', 'kalshi', 'predictit', 'manifold', 'limitless', 'predictfun', 'drift', 'azuro']) t.true(venues.has(v), `missing venue ${v}`);
});

test('realistic set pairs real venue phrasings across venues and carries every hard-negative kind', (t) => {
  const pairs = loadPairs(fixture('pairs.realistic.jsonl'));
  t.true(pairs.length >= 250, `only ${pairs.length} pairs`);
  const kinds = new Set(pairs.map((p) => p.kind));
  for (const k of ['hard_negative_deadline', 'hard_negative_threshold', 'hard_negative_comparator', 'hard_negative_candidate', 'hard_negative_office',
    'hard_negative_year', 'hard_negative_by_vs_on', 'hard_negative_cumulative_vs_bucket', 'hard_negative_inverted', 'complement', 'multi_outcome']) {
    t.true(kinds.has(k), `missing kind ${k}`);
  }
  t.true(pairs.every((p) => p.a.venue !== p.b.venue || p.kind.startsWith('hard_negative')), 'positives pair two venues');
});
