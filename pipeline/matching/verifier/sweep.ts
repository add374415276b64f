/**
 * Chooses the verifier's operating point with evidence: every candidate point is scored on the union
 * of the labelled sets (each set weighted, the latest blind batches most), and the point with the
 * largest minimum margin over the targets (precision - 0.97, recall - 0.85) wins.
 */
import { compareProps, OPERATING_POINT, type OperatingPoint } from './compare/decide.ts';
import type { LabelledPair } from './evaluate.ts';
import { extractProposition } from './read/proposition.ts';
import type { Proposition } from './types.ts';

export const PRECISION_TARGET = 0.97;
export const RECALL_TARGET = 0.85;

export interface WeightedSet {
  readonly name: string;
  readonly weight: number;
  readonly pairs: readonly LabelledPair[];
  /** Recall this set must keep (its regression floor); a point below it is not eligible. */
  readonly recallFloor: number;
}

export interface SweepRow {
  readonly point: OperatingPoint;
  readonly precision: number;
  readonly recall: number;
  /** min(precision - target, recall - target): positive when both targets are met. */
  readonly margin: number;
  /** True when every set keeps its recall floor. */
  readonly eligible: boolean;
  readonly perSet: readonly { readonly name: string; readonly precision: number; readonly recall: number }[];
}

interface Prepared {
  readonly weight: number;
  readonly recallFloor: number;
  readonly name: string;
  readonly items: readonly { a: Proposition; b: Proposition; same: boolean; relation: string }[];
}

function score(sets: readonly Prepared[], point: OperatingPoint): SweepRow {
  let tp = 0, fp = 0, fn = 0;
  const perSet: { name: string; precision: number; recall: number }[] = [];
  let eligible = true;
  for (const s of sets) {
    let stp = 0, sfp = 0, sfn = 0;
    for (const it of s.items) {
      const v = compareProps(it.a, it.b, point);
      // A link with the wrong relation (identity for a complement) is a wrong link.
      if (v.same && it.same && v.relation === it.relation) stp++;
      else if (v.same) sfp++;
      else if (it.same) sfn++;
    }
    const setRecall = stp + sfn === 0 ? 1 : stp / (stp + sfn);
    if (setRecall < s.recallFloor) eligible = false;
    perSet.push({ name: s.name, precision: stp + sfp === 0 ? 1 : stp / (stp + sfp), recall: setRecall });
    tp += s.weight * stp;
    fp += s.weight * sfp;
    fn += s.weight * sfn;
  }
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  return { point, precision, recall, margin: Math.min(precision - PRECISION_TARGET, recall - RECALL_TARGET), eligible, perSet };
}

/** Scores every point; rows come back eligible first, then best margin first, then higher recall. */
export function sweepOperatingPoints(sets: readonly WeightedSet[], points: readonly OperatingPoint[]): SweepRow[] {
  const prepared: Prepared[] = sets.map((s) => ({
    name: s.name,
    weight: s.weight,
    recallFloor: s.recallFloor,
    items: s.pairs.map((p) => ({ a: extractProposition(p.a), b: extractProposition(p.b), same: p.same, relation: p.relation })),
  }));
  return points.map((p) => score(prepared, p)).sort((x, y) => Number(y.eligible) - Number(x.eligible) || y.margin - x.margin || y.recall - x.recall);
}

/** The grid swept: both veto variants, penalties per one-sided word, and confidence thresholds. */
export function operatingGrid(): OperatingPoint[] {
  const out: OperatingPoint[] = [];
  for (const veto of ['both', 'either'] as const) {
    for (const oneSidedPenalty of veto === 'either' ? [0] : [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4]) {
      for (let t = 50; t <= 90; t += 2) out.push({ veto, oneSidedPenalty, sameThreshold: t / 100, complementAllowance: OPERATING_POINT.complementAllowance });
    }
  }
  return out;
}
