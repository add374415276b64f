import test from 'ava';
import type { Context } from 'koa';
import { z } from 'zod';
import { ParsedQueries } from '../../api/http/parsedQueries.ts';
import { AppError } from '../../shared/errors.ts';

const schema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20), platform: z.enum(['a', 'b']).optional() }).strict();
const ctxOf = (querystring: string) => {
  let parsedTimes = 0;
  const ctx = {
    querystring,
    get query() {
      parsedTimes += 1;
      return Object.fromEntries(new URLSearchParams(querystring));
    },
  };
  return { ctx: ctx as unknown as Context, parsed: () => parsedTimes };
};

test('the same query string is parsed once and answers the same frozen value; another string is parsed on its own', (t) => {
  let derived = 0;
  const queries = new ParsedQueries(schema, (q) => ((derived += 1), { query: q, key: `${q.platform ?? '-'}:${q.limit}` }));
  const first = ctxOf('platform=a&limit=5');
  t.deepEqual(queries.of(first.ctx), { query: { platform: 'a', limit: 5 }, key: 'a:5' });
  const again = ctxOf('platform=a&limit=5');
  t.is(queries.of(again.ctx), queries.of(first.ctx));
  t.is(again.parsed(), 0, 'Koa query object never built for a known string');
  t.is(derived, 1);
  t.true(Object.isFrozen(queries.of(first.ctx)));
  t.deepEqual(queries.of(ctxOf('').ctx), { query: { limit: 20 }, key: '-:20' });
  t.is(derived, 2);
});

test('a refused query is refused every time with its 400 message, never remembered', (t) => {
  const queries = new ParsedQueries(schema, (q) => q);
  for (let i = 0; i < 2; i += 1) {
    const err = t.throws(() => queries.of(ctxOf('limit=500').ctx));
    t.true(err instanceof AppError);
    t.regex(err!.message, /^Invalid query parameter 'limit'/);
    const unknown = t.throws(() => queries.of(ctxOf('nope=1').ctx));
    t.is(unknown!.message, "Unknown query parameter 'nope': not accepted here.");
  }
});
