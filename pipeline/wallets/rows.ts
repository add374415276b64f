import type { z } from 'zod';
import { VenueError } from '../../shared/errors.ts';

/** Reads a list of rows one by one: a row that does not match is reported, the others still count. */
export function readRows<T>(schema: z.ZodType<T>, rows: readonly unknown[], what: string): { rows: T[]; skipped: string[] } {
  const out: T[] = [];
  const skipped: string[] = [];
  rows.forEach((raw, i) => {
    const r = schema.safeParse(raw);
    if (r.success) out.push(r.data);
    else skipped.push(`${what}[${i}]: ${describeIssues(r.error)}`);
  });
  return { rows: out, skipped };
}

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(root)'} ${i.message}`)
    .join('; ');
}

/** The body must have the documented envelope; otherwise the venue changed its API (schema drift). */
export function envelope<T>(venue: string, schema: z.ZodType<T>, body: unknown, what: string): T {
  const r = schema.safeParse(body);
  if (!r.success) throw new VenueError(venue, 'SCHEMA_DRIFT', `${what} is not in the documented shape: ${describeIssues(r.error)}`);
  return r.data;
}
