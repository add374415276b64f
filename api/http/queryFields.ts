import { z } from 'zod';

/** Reusable query-string field schemas with messages a person can act on. */
export const intParam = (min: number, max: number, dflt: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return dflt;
      const n = /^-?\d+$/.test(v.trim()) ? Number(v) : NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer from ${min} to ${max}, got "${v}"` });
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
