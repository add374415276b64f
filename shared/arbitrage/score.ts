import { EXECUTION_PARTS, MARKET_PARTS, SATURATION, SCORE_WEIGHTS, UNKNOWN_END_TEMPORAL } from './scoreWeights.ts';

export interface ScoreInputs {
  readonly spread: number;
  readonly netSpread: number;
  /** Per 100 deployed. */
  readonly estimatedProfit: number;
  readonly liquidity: number;
  readonly volume24h: number;
  /** Days until the earlier market ends; null when neither end is known. */
  readonly daysToExpiry: number | null;
}

export interface ScoreResult {
  readonly score: number;
  readonly factors: { readonly execution: number; readonly market: number; readonly temporal: number };
}

const unit = (x: number): number => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);
const logScale = (x: number, full: number): number => unit(Math.log10(1 + Math.max(0, x)) / Math.log10(1 + full));
const round3 = (x: number): number => Math.round(x * 1000) / 1000;

export function executionQuality(i: Pick<ScoreInputs, 'spread' | 'netSpread' | 'estimatedProfit'>): number {
  const edge = unit(i.netSpread / SATURATION.netSpread);
  const profit = unit(i.estimatedProfit / SATURATION.profitPer100);
  const efficiency = i.spread > 0 ? unit(i.netSpread / i.spread) : 0;
  return EXECUTION_PARTS.netSpread * edge + EXECUTION_PARTS.profit * profit + EXECUTION_PARTS.feeEfficiency * efficiency;
}

export function marketQuality(i: Pick<ScoreInputs, 'liquidity' | 'volume24h'>): number {
  return MARKET_PARTS.liquidity * logScale(i.liquidity, SATURATION.liquidity) + MARKET_PARTS.volume24h * logScale(i.volume24h, SATURATION.volume24h);
}

export function temporalQuality(daysToExpiry: number | null): number {
  if (daysToExpiry === null) return UNKNOWN_END_TEMPORAL;
  return unit(daysToExpiry / SATURATION.horizonDays);
}

/** The 0-100 arbitrage score: the weighted sum of the three factors (each 0-1), rounded. */
export function arbitrageScore(i: ScoreInputs): ScoreResult {
  const execution = executionQuality(i);
  const market = marketQuality(i);
  const temporal = temporalQuality(i.daysToExpiry);
  const raw = SCORE_WEIGHTS.execution * execution + SCORE_WEIGHTS.market * market + SCORE_WEIGHTS.temporal * temporal;
  return { score: Math.round(100 * unit(raw)), factors: { execution: round3(execution), market: round3(market), temporal: round3(temporal) } };
}
