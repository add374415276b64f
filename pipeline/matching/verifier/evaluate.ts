/**
 * Scores the verifier against labelled pairs: precision/recall on "same", relation accuracy and
 * per-kind accuracy. Shared by bench:matching and the quality-floor test so both measure one way.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { MarketRef, MatchVerdict } from './types.ts';

const marketSchema = z.object({
  venue: z.string(),
  title: z.string(),
  outcome: z.string(),
  end_date: z.string().nullable(),
  category: z.string(),
  description: z.string().nullable().optional(),
  rules: z.string().nullable().optional(),
  ticker: z.string().nullable().optional(),
});

export const labelledPairSchema = z.object({
  a: marketSchema,
  b: marketSchema,
  same: z.boolean(),
  relation: z.enum(['identity', 'complement', 'different']),
  kind: z.string(),
});
export type LabelledPair = z.infer<typeof labelledPairSchema>;

export function loadPairs(path: string): LabelledPair[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => {
      const parsed = labelledPairSchema.safeParse(JSON.parse(l));
      if (!parsed.success) throw new Error(`${path}:${i + 1}: ${parsed.error.message}`);
      return parsed.data;
    });
}

export interface Evaluation {
  readonly total: number;
  readonly tp: number;
  readonly fp: number;
  readonly fn: number;
  readonly tn: number;
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
  /** Among true positives, how many got the right relation (identity vs complement). */
  readonly relationAccuracy: number;
  readonly perKind: Readonly<Record<string, { correct: number; total: number }>>;
  readonly errors: readonly { pair: LabelledPair; verdict: MatchVerdict }[];
}

export function evaluate(pairs: readonly LabelledPair[], verify: (a: MarketRef, b: MarketRef) => MatchVerdict): Evaluation {
  let tp = 0, fp = 0, fn = 0, tn = 0, relOk = 0;
  const perKind: Record<string, { correct: number; total: number }> = {};
  const errors: { pair: LabelledPair; verdict: MatchVerdict }[] = [];
  for (const pair of pairs) {
    const verdict = verify(pair.a, pair.b);
    const k = (perKind[pair.kind] ??= { correct: 0, total: 0 });
    k.total++;
    const correct = verdict.same === pair.same && (!pair.same || verdict.relation === pair.relation);
    if (correct) k.correct++;
    else errors.push({ pair, verdict });
    if (verdict.same && pair.same) {
      tp++;
      if (verdict.relation === pair.relation) relOk++;
    } else if (verdict.same) fp++;
    else if (pair.same) fn++;
    else tn++;
  }
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { total: pairs.length, tp, fp, fn, tn, precision, recall, f1, relationAccuracy: tp === 0 ? 1 : relOk / tp, perKind, errors };
}
