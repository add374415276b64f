import type { PositionStatus, TrackedPosition, WalletVenue } from './types.ts';

/**
 * Unit conversion and the one valuation formula every venue's parser goes through
 * (docs/wallet-tracker.md, "Values").
 */

/** Positions smaller than this many shares are dust left over by fills and redemptions, not holdings. */
export const DUST_SHARES = 0.01;

/** A JSON number or a decimal string ("68525.837797") as a finite number, else null. */
export function num(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * An integer string scaled by 10^decimals ("3985058" with 6 → 3.985058; 1e18 strings with 18) as a number.
 * BigInt keeps the integer part exact where a double would round a 20-digit string. A decimal point is
 * tolerated (some venues send "10.5"), and then the value is taken as already scaled.
 */
export function fromScaled(value: unknown, decimals: number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value / 10 ** decimals : null;
  if (typeof value !== 'string') return null;
  const s = value.trim();
  if (/^-?\d+\.\d*$/.test(s)) return num(s);
  if (!/^-?\d+$/.test(s)) return null;
  const negative = s.startsWith('-');
  const digits = BigInt(negative ? s.slice(1) : s);
  const base = 10n ** BigInt(decimals);
  const whole = digits / base;
  const frac = (digits % base).toString().padStart(decimals, '0');
  const n = Number(`${whole}.${frac}`);
  return negative ? -n : n;
}

export function round(value: number, places: number): number {
  const f = 10 ** places;
  const r = Math.round((value + Number.EPSILON * Math.sign(value)) * f) / f;
  return Object.is(r, -0) ? 0 : r;
}

/** ISO 8601 from unix seconds, unix milliseconds or an ISO string; null when unreadable. */
export function isoTime(value: unknown, unit: 's' | 'ms' | 'iso'): string | null {
  if (unit === 'iso') {
    if (typeof value !== 'string') return null;
    const t = Date.parse(value);
    return Number.isNaN(t) ? null : new Date(t).toISOString();
  }
  const n = num(value);
  if (n === null || n <= 0) return null;
  const d = new Date(unit === 's' ? n * 1000 : n);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** YYYY-MM-DD (UTC) of a date-only string, an ISO time, or unix seconds / milliseconds. */
export function dateOnly(value: unknown, unit: 's' | 'ms' | 'iso'): string | undefined {
  if (unit === 'iso' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const iso = isoTime(value, unit);
  return iso ? iso.slice(0, 10) : undefined;
}

/** Binary outcome labels read the same on every venue ("YES", "yes" → "Yes"); other labels stay as sent. */
export function outcomeLabel(raw: string): string {
  const t = raw.trim();
  if (/^yes$/i.test(t)) return 'Yes';
  if (/^no$/i.test(t)) return 'No';
  return t;
}

/** The history `side` of an outcome: YES / NO for binary outcomes, the venue's label otherwise. */
export function sideOf(outcome: string | null | undefined): string {
  if (!outcome || outcome.trim() === '') return 'NONE';
  const label = outcomeLabel(outcome);
  return label === 'Yes' || label === 'No' ? label.toUpperCase() : label;
}

const clamp01 = (p: number): number => Math.min(1, Math.max(0, p));

export interface PositionInput {
  readonly platform: WalletVenue;
  readonly marketTitle: string;
  readonly marketUrl: string;
  readonly outcome: string;
  readonly status: PositionStatus;
  /** Shares (outcome tokens; for a sports bet, the payout if it wins). */
  readonly size: number;
  /** What the shares cost, in the venue's currency, when the venue reports it; else size × avgPrice. */
  readonly cost?: number | null;
  /** Average price paid per share, 0..1; used when no cost is reported. */
  readonly avgPrice?: number | null;
  /** Value of one share now: market price (open), payout (resolved), average exit price (closed). */
  readonly currentPrice: number;
  readonly endDate?: string | undefined;
}

/**
 * The formula (docs/wallet-tracker.md): cost = reported cost basis, or size × avgPrice;
 * avgPrice = cost / size; currentValue = size × currentPrice; pnl = currentValue − cost;
 * pnlPercent = 100 × pnl / cost (0 when nothing was paid). Money rounds to 6 places, prices to 6,
 * percentages to 4.
 */
export function position(input: PositionInput): TrackedPosition {
  const size = input.size;
  const cost = input.cost ?? size * (input.avgPrice ?? 0);
  const avgPrice = size > 0 ? cost / size : 0;
  const currentPrice = clamp01(input.currentPrice);
  const currentValue = size * currentPrice;
  const pnl = currentValue - cost;
  const out: TrackedPosition = {
    platform: input.platform,
    marketTitle: input.marketTitle,
    marketUrl: input.marketUrl,
    outcome: input.outcome,
    size: round(size, 6),
    avgPrice: round(avgPrice, 6),
    currentPrice: round(currentPrice, 6),
    currentValue: round(currentValue, 6),
    pnl: round(pnl, 6),
    pnlPercent: cost > 0 ? round((100 * pnl) / cost, 4) : 0,
    status: input.status,
  };
  return input.endDate ? { ...out, endDate: input.endDate } : out;
}

/** Held positions first (largest value first), then closed ones (most profitable first). */
export function sortPositions(list: readonly TrackedPosition[]): TrackedPosition[] {
  const rank = (p: TrackedPosition): number => (p.status === 'closed' ? 1 : 0);
  return [...list].sort((a, b) => rank(a) - rank(b) || b.currentValue - a.currentValue || b.pnl - a.pnl);
}

/** Most recent first. */
export function sortHistory<T extends { readonly timestamp: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0));
}
