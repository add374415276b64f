import type { ZodType } from 'zod';
import { AppError } from '../../shared/errors.ts';
import { echoed, echoedNames } from './echoed.ts';

/**
 * Parses a query string or body with a zod schema; the first problem becomes a 400
 * INVALID_REQUEST whose message names the parameter and says what is accepted.
 */
export function parseInput<T>(schema: ZodType<T>, input: unknown, where: 'query parameter' | 'body field' | 'path parameter'): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    const keys = (issue as { keys: string[] }).keys;
    // Nested objects name the full path (condition.x), top-level fields just their name.
    const names = keys.map((k) => [...issue.path, k].join('.'));
    throw new AppError('INVALID_REQUEST', `Unknown ${where} ${echoedNames(names)}: not accepted here.`);
  }
  const name = issue?.path.length ? issue.path.join('.') : undefined;
  const message = name
    ? `Invalid ${where} '${name}': ${issue?.message ?? 'invalid value'}`
    : `Invalid ${where === 'body field' ? 'request body' : where}: ${issue?.message ?? 'invalid value'}`;
  throw new AppError('INVALID_REQUEST', message);
}

/** Koa gives repeated query keys as arrays; a parameter given twice is ambiguous, so refuse it. */
export function singleValuedQuery(query: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) throw new AppError('INVALID_REQUEST', `Invalid query parameter '${echoed(key)}': give it once, not ${value.length} times`);
    if (value !== undefined) out[key] = value;
  }
  return out;
}
