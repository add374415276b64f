/**
 * One line of the match-pairs protocol: `{"a": M, "b": M}` in, a verdict out. A line that is not
 * valid JSON or lacks a field yields a "different" verdict that says what is wrong, never a throw.
 */
import { z } from 'zod';
import { compareProps } from './compare/decide.ts';
import { extractProposition } from './read/proposition.ts';
import type { MarketRef, MatchVerdict, Proposition } from './types.ts';

/**
 * A market as the protocol names it. Only `title` is indispensable: a field a caller leaves out (or sends as
 * null) is read as unknown rather than failing the line, because a refused line is a silent "different" to
 * whoever measures with it. Unknown venue: no venue-specific reading (house clocks); outcome: "Yes";
 * category: "other" (the verifier does not read it); end_date: none.
 */
const market = z.object({
  venue: z.string().nullish().transform((v) => v ?? ''),
  title: z.string().min(1),
  outcome: z.string().nullish().transform((v) => v ?? 'Yes'),
  end_date: z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'end_date must be YYYY-MM-DD (or an ISO date-time), null or left out').nullish().transform((v) => v ?? null),
  category: z.string().nullish().transform((v) => v ?? 'other'),
  description: z.string().nullable().optional(),
  rules: z.string().nullable().optional(),
  ticker: z.string().nullable().optional(),
  slug: z.string().nullable().optional(),
});
const pairLine = z.object({ a: market, b: market });

function invalid(message: string): MatchVerdict {
  return { same: false, confidence: 0, relation: 'different', reasons: [`invalid input: ${message}`] };
}

export function verifyPairLine(line: string): MatchVerdict {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch (err) {
    return invalid(`not JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  const parsed = pairLine.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return invalid(issue ? `${issue.path.join('.') || 'line'}: ${issue.message}` : 'expected {"a": market, "b": market}');
  }
  const norm = (m: z.infer<typeof market>): MarketRef => ({ ...m, end_date: m.end_date ? m.end_date.slice(0, 10) : null });
  try {
    return compareProps(propositionOf(norm(parsed.data.a)), propositionOf(norm(parsed.data.b)));
  } catch (err) {
    // A title no rule foresaw must cost one "different" verdict, never the stream.
    return { same: false, confidence: 0, relation: 'different', reasons: [`could not compare: ${err instanceof Error ? err.message : String(err)}`] };
  }
}

/**
 * A stream of pairs names the same markets again and again (one group item against every
 * candidate): each distinct market is read once. Bounded, so an endless stream stays small.
 */
const PROPS = new Map<string, Proposition>();
const PROPS_LIMIT = 20000;

function propositionOf(ref: MarketRef): Proposition {
  const key = JSON.stringify([ref.venue, ref.title, ref.outcome, ref.end_date, ref.category, ref.description ?? null, ref.rules ?? null, ref.ticker ?? null, ref.slug ?? null]);
  let p = PROPS.get(key);
  if (!p) {
    p = extractProposition(ref);
    if (PROPS.size >= PROPS_LIMIT) PROPS.clear();
    PROPS.set(key, p);
  }
  return p;
}
