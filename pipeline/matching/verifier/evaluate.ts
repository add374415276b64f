/**
 * Scores the verifier against labelled pairs: link precision/recall with the relation required,
 * relation accuracy, per-kind and per-relation accuracy. Shared by bench:matching and the
 * quality-floor tests so both measure one way.
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
  slug: z.string().nullable().optional(),
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
  /** Links with the right relation (identity or complement as labelled). */
  readonly tp: number;
  /** Links that are not right: on a different pair, or with the wrong relation. */
  readonly fp: number;
  /** Labelled links not found with the right relation (a link with the wrong relation is also missed). */
  readonly fn: number;
  readonly tn: number;
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
  /** Among links made on labelled links, how many got the right relation (identity vs complement). */
  readonly relationAccuracy: number;
  /** Links made on labelled links with the wrong relation (an identity called a complement or the reverse). */
  readonly wrongRelation: number;
  readonly perKind: Readonly<Record<string, { correct: number; total: number }>>;
  readonly perRelation: Readonly<Record<string, { correct: number; total: number }>>;
  readonly errors: readonly { pair: LabelledPair; verdict: MatchVerdict }[];
}

/**
 * Scores as the hidden sets are scored (issue 8): a link counts only with the right relation, so a
 * complement called an identity is a wrong link and a missed one.
 */
export function evaluate(pairs: readonly LabelledPair[], verify: (a: MarketRef, b: MarketRef) => MatchVerdict): Evaluation {
  let tp = 0, fp = 0, fn = 0, tn = 0, linkedTrue = 0, wrongRelation = 0;
  const perKind: Record<string, { correct: number; total: number }> = {};
  const perRelation: Record<string, { correct: number; total: number }> = {};
  const errors: { pair: LabelledPair; verdict: MatchVerdict }[] = [];
  for (const pair of pairs) {
    const verdict = verify(pair.a, pair.b);
    const k = (perKind[pair.kind] ??= { correct: 0, total: 0 });
    const r = (perRelation[pair.relation] ??= { correct: 0, total: 0 });
    k.total++;
    r.total++;
    const right = verdict.same && pair.same && verdict.relation === pair.relation;
    const correct = right || (!verdict.same && !pair.same);
    if (correct) {
      k.correct++;
      r.correct++;
    } else errors.push({ pair, verdict });
    if (verdict.same && pair.same) {
      linkedTrue++;
      if (!right) wrongRelation++;
    }
    if (right) tp++;
    else {
      if (verdict.same) fp++;
      if (pair.same) fn++;
      if (!verdict.same && !pair.same) tn++;
    }
  }
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { total: pairs.length, tp, fp, fn, tn, precision, recall, f1, relationAccuracy: linkedTrue === 0 ? 1 : (linkedTrue - wrongRelation) / linkedTrue, wrongRelation, perKind, perRelation, errors };
}

/**
 * The pairs that carry a Kalshi ticker, with the Kalshi market given as its ticker alone, the way some
 * feeds and the hidden sets list it ("KXPRESPERSON-28-JVAN" as the title): no title words, no end date,
 * and an outcome label that named the subject reduced to Yes. The labels stay right: the ticker names
 * the same market. Measures how much of a set the verifier reads from tickers alone.
 */
export function asTickerTitles(pairs: readonly LabelledPair[]): LabelledPair[] {
  const bare = (m: LabelledPair['a']): LabelledPair['a'] =>
    m.ticker ? { ...m, title: m.ticker, outcome: /^(?:yes|no)$/i.test(m.outcome) ? m.outcome : 'Yes', ticker: null, end_date: null, description: null, rules: null } : m;
  return pairs.filter((p) => p.a.ticker || p.b.ticker).map((p) => ({ ...p, a: bare(p.a), b: bare(p.b) }));
}
