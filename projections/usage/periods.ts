import { utcMs } from '../../shared/time/utc.ts';

export const GRANULARITIES = ['hourly', 'daily', 'monthly'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** Start of the UTC period holding `atMs` (built with utcMs: Date.UTC would put years 0-99 in the 1900s). */
export function periodStart(atMs: number, granularity: Granularity): number {
  const d = new Date(atMs);
  switch (granularity) {
    case 'hourly':
      return utcMs(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours());
    case 'daily':
      return utcMs(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    case 'monthly':
      return utcMs(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
}

/** Start of the period `steps` periods after the one starting at `startMs` (negative: before). */
export function shiftPeriod(startMs: number, granularity: Granularity, steps: number): number {
  const d = new Date(startMs);
  switch (granularity) {
    case 'hourly':
      return startMs + steps * 3_600_000;
    case 'daily':
      return utcMs(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + steps);
    case 'monthly':
      return utcMs(d.getUTCFullYear(), d.getUTCMonth() + steps, 1);
  }
}

/**
 * The `count` consecutive periods to report: from the period holding `startMs` forward when a start is
 * given, otherwise the ones ending with the current period.
 */
export function periodRange(granularity: Granularity, count: number, nowMs: number, startMs?: number): number[] {
  const first = startMs !== undefined ? periodStart(startMs, granularity) : shiftPeriod(periodStart(nowMs, granularity), granularity, -(count - 1));
  return Array.from({ length: count }, (_, i) => shiftPeriod(first, granularity, i));
}
