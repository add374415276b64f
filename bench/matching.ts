/**
 * bench:matching — the verifier over the labelled sets (the generated sets, and the realistic
 * cross-venue batches, each first measured blind; batch 7 was the blind check of the swept operating point, batch 8 of the reconciliation round that followed and batch 9 of the levels round; `--sweep` prints the operating-point sweep): precision, recall, F1, confusion counts,
 * per-kind accuracy, and throughput against a ceiling measured in the same run (a trivial
 * normalised-title-equality matcher over the same pairs), so the ratio is machine-independent.
 */
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { existsSync } from 'node:fs';
import { evaluate, loadPairs, type LabelledPair } from '../pipeline/matching/verifier/evaluate.ts';
import { verifyPair } from '../pipeline/matching/verifier/index.ts';
import type { MarketRef, MatchVerdict } from '../pipeline/matching/verifier/types.ts';
import { operatingGrid, sweepOperatingPoints } from '../pipeline/matching/verifier/sweep.ts';

const here = dirname(fileURLToPath(import.meta.url));
const sweep = process.argv.includes('--sweep');
const args = process.argv.slice(2).filter((a) => a !== '--sweep');
const sets = args.length > 0
  ? args
  : ['pairs.jsonl', 'pairs.holdout.jsonl', 'pairs.realistic.jsonl', 'pairs.realistic.batch2.jsonl', 'pairs.realistic.batch3.jsonl', 'pairs.realistic.batch4.jsonl', 'pairs.realistic.batch5.jsonl', 'pairs.realistic.batch6.jsonl', 'pairs.realistic.batch7.jsonl', 'pairs.realistic.batch8.jsonl', 'pairs.realistic.batch9.jsonl'].map((f) => join(here, '../test/fixtures/matching', f));

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

/** Weight of a set in the operating-point sweep: the blind batches 4-6 most, generated sets least. */
function sweepWeight(path: string): number {
  if (/batch[4-6]\./.test(path)) return 5;
  if (/realistic/.test(path)) return 2;
  return 1;
}

/** The recall floors test/matching/quality.test.ts keeps at the time of the recorded sweep (batch 6's older 0.75 included), kept so the sweep table in compare.ts reproduces. */
function recallFloor(path: string): number {
  if (/batch6\./.test(path)) return 0.75;
  if (/batch[45]\./.test(path)) return 0.8;
  return 0.85;
}

if (sweep) {
  // Batches 7-9 were blind checks: never swept over.
  const weighted = sets.filter((p) => existsSync(p) && !p.includes('batch7') && !p.includes('batch8') && !p.includes('batch9')).map((p) => ({ name: p.split('/').pop() ?? p, weight: sweepWeight(p), recallFloor: recallFloor(p), pairs: loadPairs(p) }));
  const rows = sweepOperatingPoints(weighted, operatingGrid());
  console.log('veto   penalty threshold  precision recall  margin eligible  ' + weighted.map((w) => `${w.name.replace('pairs.', '').replace('.jsonl', '')}(x${w.weight})`).join(' '));
  for (const r of rows) {
    const per = r.perSet.map((s) => `${s.precision.toFixed(3)}/${s.recall.toFixed(3)}`).join(' ');
    console.log(`${r.point.veto.padEnd(6)} ${r.point.oneSidedPenalty.toFixed(2).padStart(7)} ${r.point.sameThreshold.toFixed(2).padStart(9)}  ${r.precision.toFixed(3).padStart(9)} ${r.recall.toFixed(3)}  ${r.margin.toFixed(3).padStart(6)} ${r.eligible ? 'yes' : 'no '}  ${per}`);
  }
  process.exit(0);
}

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
