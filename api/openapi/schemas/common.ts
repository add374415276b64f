import { z } from 'zod';

/**
 * Building blocks of the response schemas. They only describe what the views already return; a
 * response that strays from them fails test/openapi/responsesMatchDocument.test.ts.
 */
export const isoDateTime = z.string().meta({ format: 'date-time', description: 'ISO 8601 date-time (UTC)' });
export const uuid = z.string().meta({ format: 'uuid' });
export const probability = z.number().min(0).max(1);

/** A path parameter holding the UUID of `what` (documentation: the routes check it with isUuid). */
export const uuidParam = (what: string) => z.string().meta({ format: 'uuid', description: `${what} UUID` });

/** `{data: <payload>}` plus any further top-level keys (meta, message, tokens). */
export function dataEnvelope<T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(data: T, extra?: E) {
  return z.object({ data, ...(extra ?? ({} as E)) });
}

/** Offset pagination (spec: General conventions). */
export const offsetPageMeta = z
  .object({
    count: z.number().int().min(0).meta({ description: 'items returned' }),
    total: z.number().int().min(0).meta({ description: 'items matching' }),
    offset: z.number().int().min(0),
    limit: z.number().int().min(1).max(200),
  })
  .meta({ id: 'OffsetPageMeta' });

export const countMeta = z.object({ count: z.number().int().min(0) });

/** The `message` sibling of `data` that some writes add (what happened, what to do next). */
export const message = z.string().meta({ description: 'What happened and what to do next, for a person.' });
