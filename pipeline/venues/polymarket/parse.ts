import { z } from 'zod';
import { marketId } from '../../../shared/ids.ts';
import { VENUES } from '../../../shared/venues/registry.ts';
import { inferCategory } from '../../../shared/categories/inferCategory.ts';
import type { FeeModel } from '../../../shared/fees/feeModel.ts';
import { POLYMARKET_FEES_DISABLED, POLYMARKET_GENERAL_FEES } from '../../../shared/fees/venues/polymarket.ts';
import type { MarketGroup, MarketStatus, NormalizedMarket, Outcome } from '../../../shared/types/market.ts';
import type { ParseResult, SchemaDrift, VenueParser } from '../types.ts';
import { describeType, driftFromZod, isoOrNull, rawIdOf, skipped } from '../drift.ts';
import { mirrorQuote, restingQuote, type TwoSidedQuote } from '../../../shared/markets/quotes.ts';

const VENUE = VENUES.polymarket;

/** Optional fields: a wrong type reads as absent (null), never as 0, and does not drop the market. */
const opt = <T extends z.ZodType>(schema: T) => schema.nullish().catch(undefined);
const numeric = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?(e-?\d+)?$/i).transform(Number)]);

const gammaEvent = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  title: opt(z.string()),
  slug: opt(z.string()),
  tags: opt(z.array(z.looseObject({ label: z.string() }))),
});

const gammaMarket = z.looseObject({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  question: z.string().trim().min(1),
  // Both are JSON-encoded strings, e.g. "[\"Yes\", \"No\"]"; decoded below.
  outcomes: z.string(),
  outcomePrices: z.string(),
  // JSON-encoded [yes, no] ERC-1155 token ids: the CLOB books are keyed by token.
  clobTokenIds: opt(z.string()),
  // Top of the CLOB book of the first outcome (APIS.md §1).
  bestBid: opt(numeric),
  bestAsk: opt(numeric),
  slug: opt(z.string()),
  description: opt(z.string()),
  endDate: opt(z.string()),
  createdAt: opt(z.string()),
  active: opt(z.boolean()),
  closed: opt(z.boolean()),
  volume24hr: opt(numeric),
  volumeNum: opt(numeric),
  volume: opt(numeric),
  liquidityNum: opt(numeric),
  liquidity: opt(numeric),
  negRisk: opt(z.boolean()),
  negRiskMarketID: opt(z.string()),
  groupItemTitle: opt(z.string()),
  category: opt(z.string()),
  feesEnabled: opt(z.boolean()),
  feeSchedule: opt(z.looseObject({ rate: z.number(), exponent: z.number(), takerOnly: z.boolean().optional() })),
  events: opt(z.array(gammaEvent)),
});
type GammaMarket = z.infer<typeof gammaMarket>;

/** Decodes one of Gamma's JSON-encoded string arrays, or reports how it drifted. */
function decodeStringArray(field: string, text: string): { ok: true; value: string[] } | { ok: false; drift: SchemaDrift } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, drift: { field, expected: 'JSON-encoded array of strings', got: `string "${text.slice(0, 40)}"` } };
  }
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    return { ok: false, drift: { field, expected: 'JSON-encoded array of strings', got: `JSON ${describeType(value)}` } };
  }
  return { ok: true, value };
}

function feeOf(m: GammaMarket): FeeModel {
  if (m.feesEnabled === false) return POLYMARKET_FEES_DISABLED;
  if (m.feesEnabled === true) {
    const s = m.feeSchedule;
    if (s) return { kind: 'price_curve', rate: s.rate, exponent: s.exponent, taker_only: s.takerOnly ?? true, source: 'market' };
    return POLYMARKET_GENERAL_FEES;
  }
  return { kind: 'unknown', reason: 'Polymarket market payload has no feesEnabled flag' };
}

function statusOf(m: GammaMarket, prices: readonly (number | null)[]): MarketStatus {
  if (m.closed === true) {
    // A closed market whose prices collapsed to 1/0 has been settled by the oracle.
    return prices.some((p) => p !== null && p >= 0.99) ? 'resolved' : 'closed';
  }
  if (m.active === false) return 'closed';
  return 'open';
}

function groupOf(m: GammaMarket): MarketGroup | null {
  const event = m.events?.[0];
  const label = m.groupItemTitle?.trim();
  if (!event || !label) return null;
  const id = m.negRisk === true && m.negRiskMarketID ? m.negRiskMarketID : event.id;
  return { id, title: event.title?.trim() || m.question, outcome_label: label };
}

/*
 * Gamma `/markets` item (trimmed from pipeline/venues/polymarket/recorded/markets-keyset-p1.json):
 * {"id":"517310","question":"Will Trump deport less than 250,000?","slug":"will-trump-deport-less-than-250000",
 *  "endDate":"2025-12-31T12:00:00Z","outcomes":"[\"Yes\", \"No\"]","outcomePrices":"[\"0.029\", \"0.971\"]",
 *  "volumeNum":1018500.561838,"volume24hr":7080.05,"liquidityNum":13635.28337,"active":true,"closed":false,
 *  "negRisk":true,"negRiskMarketID":"0xa697…ba00","groupItemTitle":"<250k","feesEnabled":false,
 *  "events":[{"id":"16282","title":"How many people will Trump deport in 2025?","slug":"how-many-people-…"}]}
 * Prices are 0-1 per outcome in the order of `outcomes`; volumes and liquidity are USDC.
 */
export const parsePolymarket: VenueParser = (item, ctx): ParseResult => {
  const raw = item.payload;
  const parsed = gammaMarket.safeParse(raw);
  if (!parsed.success) {
    return { markets: [], skipped: [skipped(rawIdOf(raw, item.id), 'Gamma market is missing a required field or has a changed type', driftFromZod(parsed.error, raw))] };
  }
  const m = parsed.data;
  const outcomes = decodeStringArray('outcomes', m.outcomes);
  const prices = decodeStringArray('outcomePrices', m.outcomePrices);
  const drift = [outcomes, prices].flatMap((r) => (r.ok ? [] : [r.drift]));
  if (!outcomes.ok || !prices.ok) return { markets: [], skipped: [skipped(m.id, 'outcomes/outcomePrices are not JSON-encoded string arrays', drift)] };
  if (outcomes.value.length !== 2 || prices.value.length !== outcomes.value.length) {
    return {
      markets: [],
      skipped: [
        skipped(m.id, 'not a two-outcome market with one price per outcome', [
          { field: 'outcomePrices', expected: `2 prices for 2 outcomes`, got: `${prices.value.length} prices for ${outcomes.value.length} outcomes` },
        ]),
      ],
    };
  }
  const numbers = prices.value.map(Number);
  const bad = numbers.findIndex((p) => !Number.isFinite(p) || p < 0 || p > 1);
  if (bad >= 0) {
    return {
      markets: [],
      skipped: [skipped(m.id, 'outcome price outside 0-1', [{ field: `outcomePrices[${bad}]`, expected: 'decimal string in 0-1', got: `"${prices.value[bad]}"` }])],
    };
  }
  // Gamma sends ["0","0"] for a market with no quotes yet: that is "no price", not a price of 0.
  const unquoted = numbers.every((p) => p === 0);
  // outcomePrices is Polymarket's displayed probability (the book midpoint, or the last trade when the
  // spread is wider than 0.10); bestBid/bestAsk are the first outcome's book, the second one mirrors it.
  const live = statusOf(m, numbers) === 'open';
  const first: TwoSidedQuote = live ? { best_bid: restingQuote(m.bestBid), best_ask: restingQuote(m.bestAsk) } : { best_bid: null, best_ask: null };
  const quotes = [first, mirrorQuote(first)];
  const outcomeList: Outcome[] = outcomes.value.map((label, i) => ({
    label,
    outcome_index: i,
    price: unquoted ? null : (numbers[i] ?? null),
    ...(quotes[i] ?? { best_bid: null, best_ask: null }),
  }));
  const tokens = m.clobTokenIds ? decodeStringArray('clobTokenIds', m.clobTokenIds) : null;
  const event = m.events?.[0];
  const tags = [...(m.events ?? []).flatMap((e) => (e.tags ?? []).map((t) => t.label)), ...(m.category ? [m.category] : [])];
  const market: NormalizedMarket = {
    id: marketId(VENUE.slug, m.id),
    platform_slug: VENUE.slug,
    platform_market_id: m.id,
    title: m.question,
    slug: m.slug || m.id,
    description: m.description?.trim() || null,
    url: event?.slug ? `https://polymarket.com/event/${event.slug}` : m.slug ? `https://polymarket.com/market/${m.slug}` : null,
    category: inferCategory({ tags, title: `${m.question} ${event?.title ?? ''}` }),
    status: statusOf(m, outcomeList.map((o) => o.price)),
    end_time: isoOrNull(m.endDate),
    created_at: isoOrNull(m.createdAt),
    outcomes: outcomeList,
    group: groupOf(m),
    volume24h: m.volume24hr ?? null,
    volume_total: m.volumeNum ?? m.volume ?? null,
    liquidity: m.liquidityNum ?? m.liquidity ?? null,
    currency: VENUE.currency,
    play_money: VENUE.playMoney,
    fee: feeOf(m),
    // Gamma's updatedAt is the last metadata change, not when the price was observed: a quiet
    // market's price is still current at fetch time, so the fetch time is the honest quote time.
    quoted_at: ctx.fetchedAt,
    book_ref: tokens?.ok && tokens.value[0] ? tokens.value[0] : null,
  };
  return { markets: [market], skipped: [] };
};
