import type { Context } from 'koa';
import type { ZodType } from 'zod';
import { parseInput, singleValuedQuery } from './validate.ts';

/** Query strings remembered per route at most; past it the memory starts over (unique strings only cost a parse). */
const MAX_ENTRIES = 1_000;

/**
 * A route's validated query, remembered by the raw query string: the list routes are asked the same few
 * query strings over and over, and parsing (Koa's query object, the zod schema, the cache key derived from
 * it) cost more than the rest of a cache hit. The schema must be pure (no clock, no randomness), so the same
 * string always parses to the same value; refused queries are not remembered (each gets its 400 afresh).
 * Values are frozen: a handler cannot change what the next request receives.
 */
export class ParsedQueries<T, D> {
  private readonly known = new Map<string, Readonly<D>>();

  constructor(
    private readonly schema: ZodType<T>,
    private readonly derive: (query: T) => D,
  ) {}

  of(ctx: Context): Readonly<D> {
    const raw = ctx.querystring;
    const hit = this.known.get(raw);
    if (hit !== undefined) return hit;
    const value = Object.freeze(this.derive(parseInput(this.schema, singleValuedQuery(ctx.query), 'query parameter')));
    if (this.known.size >= MAX_ENTRIES) this.known.clear();
    this.known.set(raw, value);
    return value;
  }
}
