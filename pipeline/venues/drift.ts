import type { z } from 'zod';
import type { SchemaDrift, SkippedItem } from './types.ts';

/**
 * Helpers every venue parser shares to report schema drift: a field that went missing or
 * changed type is named with what we expected and what arrived, never zero-filled.
 */

/** A short name for the type of a raw value, as shown in drift reports. */
export function describeType(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = raw;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

/** Turns zod issues into drift entries, reading the offending raw values for `got`. */
export function driftFromZod(error: z.ZodError, raw: unknown, prefix = ''): SchemaDrift[] {
  return error.issues.map((issue) => {
    const field = prefix + issue.path.map(String).join('.');
    const expected = 'expected' in issue && typeof issue.expected === 'string' ? issue.expected : issue.message;
    const got = valueAt(raw, issue.path);
    const gotText = typeof got === 'string' && issue.code !== 'invalid_type' ? `${describeType(got)} "${got.slice(0, 40)}"` : describeType(got);
    return { field: field || '(root)', expected, got: gotText };
  });
}

export function skipped(platformMarketId: string, reason: string, drift: readonly SchemaDrift[] = []): SkippedItem {
  return { platform_market_id: platformMarketId, reason, drift };
}

/** The raw item's own id when it has a usable one, for skip reports on unreadable items. */
export function rawIdOf(raw: unknown, fallback: string): string {
  const id = valueAt(raw, ['id']);
  return typeof id === 'string' || typeof id === 'number' ? String(id) : fallback;
}

/** ISO string for a parseable date (ISO string or epoch ms), else null. */
export function isoOrNull(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) return null;
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** A URL-safe slug from a title, for venues that publish none. */
export { slugify } from '../../shared/slug.ts';
