/**
 * Price-threshold conditions and what "crossing" means. Pure: no I/O, no clock.
 *
 * Prices are probabilities (0-1). An alert compares consecutive observed prices of its target:
 * it fires on the observation where the condition starts to hold, never again while it keeps
 * holding, and is armed again once it stops holding (docs/watchlists-alerts.md).
 */
export const ALERT_TYPES = ['price_threshold'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const OPERATORS = ['above', 'below', 'equals'] as const;
export type Operator = (typeof OPERATORS)[number];

/** The watched price: a canonical question's cross-venue index, or one venue market's Yes price. */
export const QUESTION_FIELD = 'index_price';
export const MARKET_FIELD = 'price';
export type ConditionField = typeof QUESTION_FIELD | typeof MARKET_FIELD;

export interface Condition {
  readonly field: ConditionField;
  readonly operator: Operator;
  readonly value: number;
}

/**
 * `equals` holds within half a percentage point: venues quote in cents or finer, and an index is a
 * weighted mean that almost never lands on a value exactly.
 */
export const EQUALS_TOLERANCE = 0.005;

/** Compared prices are rounded to 1e-9 first so float noise (0.1 + 0.2) never decides a crossing. */
const clean = (p: number): number => Math.round(p * 1e9) / 1e9;

/** Whether the condition holds at one price: above is strictly greater, below strictly less. */
export function holds(condition: Pick<Condition, 'operator' | 'value'>, price: number): boolean {
  const p = clean(price);
  const v = condition.value;
  switch (condition.operator) {
    case 'above':
      return p > v;
    case 'below':
      return p < v;
    case 'equals':
      return Math.abs(p - v) <= EQUALS_TOLERANCE + 1e-12;
  }
}

/**
 * Whether moving from `previous` to `current` fires the alert. above/below: the condition did not
 * hold before and holds now. equals: the price entered the tolerance band, or jumped over the value
 * from one side to the other between two observations (it passed through it).
 */
export function crosses(condition: Pick<Condition, 'operator' | 'value'>, previous: number, current: number): boolean {
  if (holds(condition, previous)) return false;
  if (holds(condition, current)) return true;
  if (condition.operator !== 'equals') return false;
  const v = condition.value;
  const before = clean(previous);
  const after = clean(current);
  return (before < v && after > v) || (before > v && after < v);
}
