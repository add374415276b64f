import { z } from 'zod';
import { parseIsoInstant } from '../../shared/time/utc.ts';
import { echoed } from './echoed.ts';

/** Reusable query-string field schemas with messages a person can act on. */
export const intParam = (min: number, max: number, dflt: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return dflt;
      const n = /^-?\d+$/.test(v.trim()) ? Number(v) : NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer from ${min} to ${max}, got "${echoed(v)}"` });
        return z.NEVER;
      }
      return n;
    })
    // The transform hides the bounds from the OpenAPI generator; state them (api/openapi/).
    .meta({ type: 'integer', minimum: min, maximum: max, default: dflt });

export const enumParam = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .refine((v): v is T[number] => (values as readonly string[]).includes(v), {
      message: `must be one of ${values.join(', ')}`,
    })
    .meta({ enum: [...values] }) as unknown as z.ZodType<T[number], string>;

export const limitParam = intParam(1, 200, 50);
export const offsetParam = intParam(0, 1_000_000_000, 0);

/**
 * An ISO 8601 date or date-time (no offset = UTC) within [minIso, maxIso), as epoch milliseconds.
 * Bounded so a year like 0001 or 9999 is a 400 naming the range, not a surprise further down.
 */
export const isoInstantParam = (minIso: string, maxIso: string) => {
  const min = parseIsoInstant(minIso) as number;
  const max = parseIsoInstant(maxIso) as number;
  return z.string().transform((v, ctx) => {
    const ms = parseIsoInstant(v);
    if (ms === null) {
      ctx.addIssue({ code: 'custom', message: `must be an ISO 8601 date or date-time such as 2026-03-01 or 2026-03-01T12:00:00Z, got "${v.slice(0, 40)}"` });
      return z.NEVER;
    }
    if (ms < min || ms >= max) {
      ctx.addIssue({ code: 'custom', message: `must be from ${minIso} up to (not including) ${maxIso}, got "${v.slice(0, 40)}"` });
      return z.NEVER;
    }
    return ms;
  });
};
