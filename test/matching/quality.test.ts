import test from 'ava';
import { fileURLToPath } from 'node:url';
import { evaluate, loadPairs } from '../../pipeline/matching/verifier/evaluate.ts';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/matching/${name}`, import.meta.url));

for (const name of ['pairs.jsonl', 'pairs.holdout.jsonl', 'pairs.realistic.jsonl', 'pairs.realistic.batch3.jsonl']) {
  test(`quality floor on ${name}: precision >= 0.97, recall >= 0.85, relation right on every link`, (t) => {
    const e = evaluate(loadPairs(fixture(name)), verifyPair);
    const misses = e.errors.slice(0, 5).map(({ pair, verdict }) => `${pair.kind}: ${pair.a.title} | ${pair.a.outcome} <> ${pair.b.title} | ${pair.b.outcome} -> ${verdict.reasons.join('; ')}`);
    t.true(e.precision >= 0.97, `precision ${e.precision.toFixed(3)}\n${misses.join('\n')}`);
    t.true(e.recall >= 0.85, `recall ${e.recall.toFixed(3)}\n${misses.join('\n')}`);
    t.true(e.relationAccuracy >= 0.95, `relation accuracy ${e.relationAccuracy.toFixed(3)}`);
  });
}

// The last blind batch, kept after its first measurement (precision 0.847, recall 0.847) and the fixes that
// followed; its floor guards against regression while it stays the harder, less-tuned set.
test('regression floor on pairs.realistic.batch4.jsonl: precision >= 0.95, recall >= 0.8', (t) => {
  const e = evaluate(loadPairs(fixture('pairs.realistic.batch4.jsonl')), verifyPair);
  t.true(e.precision >= 0.95, `precision ${e.precision.toFixed(3)}`);
  t.true(e.recall >= 0.8, `recall ${e.recall.toFixed(3)}`);
});

// Batch 5 was measured blind (0.735/0.824) and then used to calibrate the event-word check; batch 6 was
// measured blind after it (0.846/0.786). The graded one-sided-word rule (operating point swept over all sets)
// trades recall for precision there: batch 5 0.984/0.838, batch 6 0.889/0.762. Floors guard against regression.
for (const [name, precision, recall] of [['pairs.realistic.batch5.jsonl', 0.95, 0.8], ['pairs.realistic.batch6.jsonl', 0.8, 0.75]] as const) {
  test(`regression floor on ${name}: precision >= ${precision}, recall >= ${recall}`, (t) => {
    const e = evaluate(loadPairs(fixture(name)), verifyPair);
    t.true(e.precision >= precision, `precision ${e.precision.toFixed(3)}`);
    t.true(e.recall >= recall, `recall ${e.recall.toFixed(3)}`);
  });
}

// Batch 7 was written after the operating point was chosen and measured once, blind: precision 0.961 (tp 49, fp 2),
// recall 0.831 (fn 10). Nothing was tuned on it; the floor only guards against regression.
test('regression floor on pairs.realistic.batch7.jsonl (blind check of the operating point): precision >= 0.95, recall >= 0.8', (t) => {
  const e = evaluate(loadPairs(fixture('pairs.realistic.batch7.jsonl')), verifyPair);
  t.true(e.precision >= 0.95, `precision ${e.precision.toFixed(3)}`);
  t.true(e.recall >= 0.8, `recall ${e.recall.toFixed(3)}`);
});

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
