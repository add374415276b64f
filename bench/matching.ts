/**
 * bench:matching — the verifier over the labelled sets (the generated sets, and the realistic
 * cross-venue batches, each first measured blind; batch 6 is the honest estimate of the event-word check): precision, recall, F1, confusion counts,
 * per-kind accuracy, and throughput against a ceiling measured in the same run (a trivial
 * normalised-title-equality matcher over the same pairs), so the ratio is machine-independent.
 */
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { existsSync } from 'node:fs';
import { evaluate, loadPairs, type LabelledPair } from '../pipeline/matching/verifier/evaluate.ts';
import { verifyPair } from '../pipeline/matching/verifier/index.ts';
import type { MarketRef, MatchVerdict } from '../pipeline/matching/verifier/types.ts';

const here = dirname(fileURLToPath(import.meta.url));
const sets = process.argv.slice(2).length > 0
  ? process.argv.slice(2)
  : ['pairs.jsonl', 'pairs.holdout.jsonl', 'pairs.realistic.jsonl', 'pairs.realistic.batch2.jsonl', 'pairs.realistic.batch3.jsonl', 'pairs.realistic.batch4.jsonl', 'pairs.realistic.batch5.jsonl', 'pairs.realistic.batch6.jsonl'].map((f) => join(here, '../test/fixtures/matching', f));

const normalise = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
function titleEquality(a: MarketRef, b: MarketRef): MatchVerdict {
  const same = normalise(a.title) === normalise(b.title) && normalise(a.outcome) === normalise(b.outcome);
  return { same, confidence: same ? 1 : 0, relation: same ? 'identity' : 'different', reasons: [] };
}

/** Pairs per second over enough repetitions to last about `ms` milliseconds. */
function throughput(pairs: readonly LabelledPair[], fn: (a: MarketRef, b: MarketRef) => MatchVerdict, ms = 1500): number {
  let n = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < ms) {
    for (const p of pairs) fn(p.a, p.b);
    n += pairs.length;
    elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  }
  return (n / elapsed) * 1000;
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

for (const path of sets) {
  if (!existsSync(path)) {
    console.error(`skipping ${path}: not found`);
    continue;
  }
  const pairs = loadPairs(path);
  const e = evaluate(pairs, verifyPair);
  console.log(`\n== ${path} (${e.total} pairs)`);
  console.log(`precision ${pct(e.precision)}  recall ${pct(e.recall)}  F1 ${pct(e.f1)}  relation accuracy ${pct(e.relationAccuracy)}`);
  console.log(`confusion: tp ${e.tp}  fp ${e.fp}  fn ${e.fn}  tn ${e.tn}`);
  for (const [kind, k] of Object.entries(e.perKind).sort()) console.log(`  ${kind.padEnd(36)} ${String(k.correct).padStart(4)}/${k.total}  ${pct(k.correct / k.total)}`);
  const baseline = evaluate(pairs, titleEquality);
  const ceiling = throughput(pairs, titleEquality);
  const ours = throughput(pairs, verifyPair);
  console.log(`baseline (title equality): precision ${pct(baseline.precision)} recall ${pct(baseline.recall)}`);
  console.log(`throughput: verifier ${ours.toFixed(0)} pairs/s, ceiling ${ceiling.toFixed(0)} pairs/s, ratio ${(ours / ceiling).toFixed(4)}`);
  for (const { pair, verdict } of e.errors.slice(0, 10)) {
    console.log(`  miss [${pair.kind}] ${pair.a.title} | ${pair.a.outcome}  <>  ${pair.b.title} | ${pair.b.outcome}  -> ${verdict.relation}: ${verdict.reasons.join('; ')}`);
  }
}
