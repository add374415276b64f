import type { z } from 'zod';
import type { SchemaDrift } from '../types.ts';

/**
 * Shared by the limitless, predictfun, azuro and drift parsers (kept here because those four
 * folders are the only ones this code may live in; move it next to `../types.ts` when convenient).
 * Turns zod issues into SchemaDrift entries so a renamed or retyped field is reported, not zero-filled.
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

export function driftFromZod(error: z.ZodError, input: unknown, prefix = ''): SchemaDrift[] {
  return error.issues.map((issue) => {
    const field = [prefix, ...issue.path.map(String)].filter((p) => p !== '').join('.') || '(root)';
    const expected = 'expected' in issue && typeof issue.expected === 'string' ? issue.expected : issue.message;
    return { field, expected, got: describeValue(valueAt(input, issue.path)) };
  });
}

/** Numbers that venues send either as JSON numbers or as decimal strings ("68525.837797"). */
export function toFiniteNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Venue descriptions are often HTML; the API serves plain text. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text;
}
