import { inferCategory } from '../../../shared/categories/index.ts';
import { marketId } from '../../../shared/ids.ts';
import { limitlessFee } from '../../../shared/fees/venues/limitless.ts';
import type { Category, MarketGroup, MarketStatus, NormalizedMarket } from '../../../shared/types/market.ts';
import type { ParseContext, ParseResult, RawItem, SkippedItem, VenueParser } from '../types.ts';
import { binaryMarketSchema, itemHeadSchema, type LimitlessBinaryMarket, type LimitlessItemHead } from './schema.ts';
import { describeType, driftFromZod } from '../drift.ts';
import { htmlToText, toFiniteNumber } from './values.ts';
import { restingQuote, settledPrices } from '../../../shared/markets/quotes.ts';

const SLUG = 'limitless';
const SITE = 'https://limitless.exchange/markets/';
/** `volume` is raw USDC base units (6 decimals), APIS.md §2. */
const USDC_UNITS = 1e6;

/*
 * One raw item is one `/markets/active` entry (APIS.md §2), trimmed:
 * {"id":269893,"slug":"btc-up-or-down-5-min-…","title":"BTC Up or Down - 5 Min","marketType":"single",
 *  "tradeType":"clob","prices":[0.755,0.245],"volume":"0","volumeFormatted":"0.000000",
 *  "expirationTimestamp":1782066600000,"status":"FUNDED","expired":false,"winningOutcomeIndex":null,
 *  "categories":["Minutely","5 min"],"tags":["Lumy"],"metadata":{"fee":true},
 *  "priceOracleMetadata":{"assetType":"CRYPTO"},"createdAt":"2026-06-21T17:55:35.531Z"}
 * Group (negRisk) items have "marketType":"group", "prices":null and child binary markets in `markets[]`.
 * Prices are [yes, no] on 0..1 (CLOB) or percent 0..100 on legacy AMM markets.
 */
export const parseLimitless: VenueParser = (item: RawItem, ctx: ParseContext): ParseResult => {
  const head = itemHeadSchema.safeParse(item.payload);
  if (!head.success) {
    return { markets: [], skipped: [{ platform_market_id: item.id, reason: 'market item does not match the Limitless schema', drift: driftFromZod(head.error, item.payload) }] };
  }
  const children = head.data.markets;
  if (head.data.marketType === 'group' || (children !== null && children !== undefined && children.length > 0)) {
    return parseGroup(head.data, item.payload, ctx);
  }
  const single = binaryMarketSchema.safeParse(item.payload);
  if (!single.success) {
    return { markets: [], skipped: [{ platform_market_id: head.data.slug, reason: 'single market lacks a valid [yes, no] price pair', drift: driftFromZod(single.error, item.payload) }] };
  }
  return collect([toMarket(single.data, null, ctx)]);
};

function parseGroup(parent: LimitlessItemHead, payload: unknown, ctx: ParseContext): ParseResult {
  const children = parent.markets ?? [];
  if (children.length === 0) {
    return { markets: [], skipped: [{ platform_market_id: parent.slug, reason: 'group market has no child markets', drift: [{ field: 'markets', expected: 'non-empty array', got: describeType((payload as { markets?: unknown }).markets) }] }] };
  }
  const results = children.map((raw, i) => {
    const child = binaryMarketSchema.safeParse(raw);
    if (!child.success) {
      const id = typeof (raw as { slug?: unknown })?.slug === 'string' ? String((raw as { slug: string }).slug) : `${parent.slug}#${i}`;
      const skipped: SkippedItem = { platform_market_id: id, reason: 'group child market does not match the Limitless schema', drift: driftFromZod(child.error, raw, `markets.${i}.`) };
      return skipped;
    }
    const group: MarketGroup = { id: parent.slug, title: parent.title, outcome_label: child.data.title };
    return toMarket(inherit(child.data, parent), { group, parentSlug: parent.slug }, ctx);
  });
  return collect(results);
}

/** Children often omit what the group states once (end date, labels, fee flag, status). */
function inherit(child: LimitlessBinaryMarket, parent: LimitlessItemHead): LimitlessBinaryMarket {
  return {
    ...child,
    description: child.description ?? parent.description,
    expirationTimestamp: child.expirationTimestamp ?? parent.expirationTimestamp,
    createdAt: child.createdAt ?? parent.createdAt,
    status: child.status ?? parent.status,
    expired: child.expired ?? parent.expired,
    categories: child.categories ?? parent.categories,
    tags: child.tags ?? parent.tags,
    metadata: child.metadata ?? parent.metadata,
    priceOracleMetadata: child.priceOracleMetadata ?? parent.priceOracleMetadata,
  };
}

function collect(results: ReadonlyArray<NormalizedMarket | SkippedItem>): ParseResult {
  const markets: NormalizedMarket[] = [];
  const skipped: SkippedItem[] = [];
  for (const r of results) {
    if ('reason' in r) skipped.push(r);
    else markets.push(r);
  }
  return { markets, skipped };
}

/** Legacy AMM markets quote percent (0..100); CLOB markets 0..1 (APIS.md §2). */
export function normalisePrices(prices: readonly [number, number]): [number, number] | null {
  if (prices.some((p) => !Number.isFinite(p) || p < 0 || p > 100)) return null;
  const scale = prices.some((p) => p > 1) ? 100 : 1;
  return [prices[0] / scale, prices[1] / scale];
}

function status(m: LimitlessBinaryMarket): MarketStatus {
  if (m.status === 'RESOLVED' || (m.winningOutcomeIndex !== null && m.winningOutcomeIndex !== undefined)) return 'resolved';
  if (m.expired === true) return 'closed';
  return m.status === 'FUNDED' ? 'open' : 'closed';
}

/** Oracle-priced markets name their asset class; the free-form categories/tags are the venue's labels. */
function category(m: LimitlessBinaryMarket, title: string): Category {
  const assetTag = m.priceOracleMetadata?.assetType?.toUpperCase() === 'CRYPTO' ? ['crypto'] : [];
  return inferCategory({ tags: [...assetTag, ...(m.categories ?? []), ...(m.tags ?? [])], title });
}

function groupTitle(groupTitle: string, label: string): string {
  // Group titles such as "Bitcoin all time high by ___?" read as a question once the blank is filled.
  if (/_{2,}/.test(groupTitle)) return groupTitle.replace(/_{2,}/, label).replace(/\s+\?/, '?');
  return `${groupTitle} — ${label}`;
}

function toMarket(m: LimitlessBinaryMarket, inGroup: { group: MarketGroup; parentSlug: string } | null, ctx: ParseContext): NormalizedMarket | SkippedItem {
  const prices = normalisePrices(m.prices);
  if (prices === null) {
    return { platform_market_id: m.slug, reason: 'prices outside 0..1 (CLOB) and 0..100 (legacy AMM)', drift: [{ field: 'prices', expected: 'numbers in 0..1 or 0..100', got: JSON.stringify(m.prices) }] };
  }
  const volumeRaw = toFiniteNumber(m.volume);
  const title = inGroup === null ? m.title : groupTitle(inGroup.group.title, m.title);
  const marketStatus = status(m);
  // A resolved market pays its winner 1, not its last price (APIS.md §2: winningOutcomeIndex 0 = YES, 1 = NO).
  const won = m.winningOutcomeIndex;
  const probability: [number | null, number | null] =
    marketStatus === 'resolved' ? (won === 0 || won === 1 ? settledPrices(won === 0) : [null, null]) : prices;
  const scale = m.tradePrices ? (m.prices.some((p) => p > 1) ? 100 : 1) : 1;
  const quote = (i: 0 | 1) =>
    marketStatus === 'open'
      ? { best_bid: restingQuote((m.tradePrices?.sell?.market?.[i] ?? Number.NaN) / scale), best_ask: restingQuote((m.tradePrices?.buy?.market?.[i] ?? Number.NaN) / scale) }
      : { best_bid: null, best_ask: null };
  return {
    id: marketId(SLUG, m.slug),
    platform_slug: SLUG,
    platform_market_id: m.slug,
    title,
    slug: m.slug,
    description: m.description ? htmlToText(m.description) : null,
    url: SITE + (inGroup?.parentSlug ?? m.slug),
    category: category(m, title),
    status: marketStatus,
    end_time: typeof m.expirationTimestamp === 'number' ? new Date(m.expirationTimestamp).toISOString() : null,
    created_at: m.createdAt ?? null,
    outcomes: [
      { label: 'Yes', outcome_index: 0, price: probability[0], ...quote(0) },
      { label: 'No', outcome_index: 1, price: probability[1], ...quote(1) },
    ],
    group: inGroup?.group ?? null,
    volume24h: null,
    volume_total: volumeRaw === null ? null : volumeRaw / USDC_UNITS,
    liquidity: toFiniteNumber(m.liquidityFormatted),
    currency: 'USDC',
    play_money: false,
    fee: limitlessFee(m.metadata?.fee),
    // The listing carries no quote timestamp (`updatedAt` is the record's edit time), so prices
    // are as of the fetch.
    quoted_at: ctx.fetchedAt,
  };
}
