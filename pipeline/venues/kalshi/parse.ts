import { marketId } from '../../../shared/ids.ts';
import { kalshiFee } from '../../../shared/fees/venues/kalshi.ts';
import { VENUES } from '../../../shared/venues/registry.ts';
import type { MarketGroup, MarketStatus, NormalizedMarket, Outcome } from '../../../shared/types/market.ts';
import type { ParseContext, ParseResult, RawItem, SkippedItem, VenueParser } from '../types.ts';
import { driftFromZod, isoOrNull, skipped } from '../drift.ts';
import { kalshiCategory } from './category.ts';
import { round6, topOfBook, yesReferencePrice, type KalshiTopOfBook } from './quotes.ts';
import { eventSchema, marketSchema, rawItemSchema, type KalshiEvent, type KalshiMarket, type KalshiSeriesSummary } from './schema.ts';

const VENUE = VENUES.kalshi;
const SITE = 'https://kalshi.com/markets/';
/** Separator between an event's question and a contract label, as the other venues compose it. */
const LABEL_SEPARATOR = ' — ';

/*
 * One raw item = one `/events?with_nested_markets=true&status=open` entry plus the fee and category
 * fields of its `/series` entry (connector.ts). Trimmed from recorded/events-with-nested-markets.synpath.json:
 * {"event":{"event_ticker":"KXELONMARS-99","series_ticker":"KXELONMARS","title":"Will Elon Musk visit Mars in his lifetime?",
 *   "sub_title":"Before 2099","category":"World","mutually_exclusive":false,
 *   "markets":[{"ticker":"KXELONMARS-99","market_type":"binary","title":"Will Elon Musk visit Mars before Aug 1, 2099?",
 *     "yes_sub_title":"Mars","status":"active","result":"","close_time":"2099-08-01T04:59:00Z",
 *     "yes_bid_dollars":"0.1000","yes_ask_dollars":"0.1200","no_bid_dollars":"0.8800","no_ask_dollars":"0.9000",
 *     "last_price_dollars":"0.1000","yes_bid_size_fp":"79.35","yes_ask_size_fp":"265.22",
 *     "volume_fp":"118801.05","volume_24h_fp":"0.00","liquidity_dollars":"0.0000","rules_primary":"If Elon Musk visits Mars …"}]},
 *  "series":{"ticker":"KXELONMARS","category":"Politics","tags":["International"],"fee_type":"quadratic","fee_multiplier":1}}
 * Prices are dollars per $1 contract (= probability); volumes are contracts.
 */
export const parseKalshi: VenueParser = (item: RawItem, ctx: ParseContext): ParseResult => {
  const raw = rawItemSchema.safeParse(item.payload);
  if (!raw.success) {
    return { markets: [], skipped: [skipped(item.id, 'raw item is not {event, series}', driftFromZod(raw.error, item.payload))] };
  }
  const ev = eventSchema.safeParse(raw.data.event);
  if (!ev.success) {
    return { markets: [], skipped: [skipped(item.id, 'event does not match the Kalshi events schema', driftFromZod(ev.error, raw.data.event, 'event.'))] };
  }
  const event = ev.data;
  const series = raw.data.series;
  const legs: KalshiMarket[] = [];
  const skips: SkippedItem[] = [];
  event.markets.forEach((rawMarket, i) => {
    const m = marketSchema.safeParse(rawMarket);
    if (!m.success) {
      const ticker = (rawMarket as { ticker?: unknown } | null)?.ticker;
      const id = typeof ticker === 'string' && ticker ? ticker : `${event.event_ticker}#${i}`;
      skips.push(skipped(id, 'market does not match the Kalshi markets schema', driftFromZod(m.error, rawMarket, `event.markets.${i}.`)));
      return;
    }
    // Parlays are excluded at the source (mve_filter=exclude); one that slips through is not a single event.
    if (m.data.mve_collection_ticker || m.data.ticker.startsWith('KXMVE')) {
      skips.push(skipped(m.data.ticker, 'multivariate (parlay) market; Concord lists single events only'));
      return;
    }
    if (m.data.market_type !== 'binary') {
      skips.push(skipped(m.data.ticker, `market_type "${m.data.market_type}" has no Yes/No price`));
      return;
    }
    legs.push(m.data);
  });
  const sharedTitles = titlesUsedTwice(legs);
  const markets = legs.map((m) => toMarket(m, { event, series, shared: sharedTitles.has(m.title.trim()), siblings: legs.length, book: topOfBook(m), ctx }));
  return { markets, skipped: skips };
};

function titlesUsedTwice(legs: readonly KalshiMarket[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const m of legs) {
    const t = m.title.trim();
    if (seen.has(t)) twice.add(t);
    seen.add(t);
  }
  return twice;
}

const SETTLED = new Set(['determined', 'settled', 'finalized', 'amended']);

function resultOf(m: KalshiMarket): 'yes' | 'no' | null {
  const r = m.result?.trim().toLowerCase();
  return r === 'yes' || r === 'no' ? r : null;
}

/** `active` trades; a settled market with a Yes/No result is resolved; anything else (unopened, paused, closed, voided) is closed. */
function statusOf(m: KalshiMarket): MarketStatus {
  const result = resultOf(m);
  if (result !== null && (SETTLED.has(m.status) || m.status === 'closed')) return 'resolved';
  return m.status === 'active' ? 'open' : 'closed';
}

interface MarketContext {
  readonly event: KalshiEvent;
  readonly series: KalshiSeriesSummary | null;
  /** True when a sibling carries the same title, so the title alone does not say which contract this is. */
  readonly shared: boolean;
  readonly siblings: number;
  readonly book: KalshiTopOfBook;
  readonly ctx: ParseContext;
}

function titleOf(m: KalshiMarket, c: MarketContext): string {
  const own = m.title.trim();
  const label = m.yes_sub_title?.trim();
  if (own && !c.shared) return own;
  // Events whose markets all ask the event's question ("Who will win …?") name the contract only in yes_sub_title.
  const question = c.event.title.trim();
  return label ? `${question}${LABEL_SEPARATOR}${label}` : `${own || question}${LABEL_SEPARATOR}${m.ticker}`;
}

function groupOf(m: KalshiMarket, c: MarketContext): MarketGroup | null {
  // Only a mutually exclusive event is one multi-outcome question; a ladder of thresholds is several binaries.
  if (!c.event.mutually_exclusive || c.siblings < 2) return null;
  return { id: c.event.event_ticker, title: c.event.title.trim(), outcome_label: m.yes_sub_title?.trim() || m.title.trim() };
}

/**
 * `price` is the probability (docs/prices.md); `best_bid` / `best_ask` are what a taker gets now: Yes
 * from `yes_bid` / `yes_ask`, No from `no_bid` / `no_ask` (one book seen from each outcome; a
 * placeholder or an empty side is null, quotes.ts). A market that is not open quotes nothing.
 */
function outcomesOf(m: KalshiMarket, status: MarketStatus, book: KalshiTopOfBook): { outcomes: Outcome[]; yes: number | null } {
  const result = resultOf(m);
  // A resolved market is worth its result, not its last trade.
  const yes = status === 'resolved' ? (result === 'yes' ? 1 : 0) : yesReferencePrice(book);
  const live = status === 'open';
  return {
    yes,
    outcomes: [
      { label: 'Yes', outcome_index: 0, price: yes, best_bid: live ? book.yes_bid : null, best_ask: live ? book.yes_ask : null },
      { label: 'No', outcome_index: 1, price: yes === null ? null : round6(1 - yes), best_bid: live ? book.no_bid : null, best_ask: live ? book.no_ask : null },
    ],
  };
}

/**
 * Kalshi counts volume in contracts; a $1 contract traded at P moved P dollars of Yes, so USD volume
 * is contracts times price (APIS.md §9): the last trade where there was one, else the quoted price.
 * Unknown price with contracts traded is unknown volume (null), never 0.
 */
function usdVolume(contracts: string, book: KalshiTopOfBook, yes: number | null): number | null {
  const n = Number(contracts);
  if (n === 0) return 0;
  const price = book.last_trade ?? yes;
  return price === null ? null : round6(n * price);
}

function toMarket(m: KalshiMarket, c: MarketContext): NormalizedMarket {
  const status = statusOf(m);
  const { outcomes, yes } = outcomesOf(m, status, c.book);
  const title = titleOf(m, c);
  const rules = [m.rules_primary, m.rules_secondary].map((r) => r?.trim()).filter((r): r is string => !!r);
  const liquidity = m.liquidity_dollars === undefined ? 0 : Number(m.liquidity_dollars);
  return {
    id: marketId(VENUE.slug, m.ticker),
    platform_slug: VENUE.slug,
    platform_market_id: m.ticker,
    title,
    slug: m.ticker.toLowerCase(),
    description: rules.length > 0 ? rules.join('\n\n') : null,
    url: SITE + c.event.series_ticker.toLowerCase(),
    category: kalshiCategory({
      eventCategory: c.event.category,
      seriesCategory: c.series?.category,
      seriesTags: c.series?.tags ?? [],
      title: `${title} ${c.event.title}`,
    }),
    status,
    end_time: isoOrNull(m.close_time),
    created_at: isoOrNull(m.created_time) ?? isoOrNull(m.open_time),
    outcomes,
    group: groupOf(m, c),
    volume24h: usdVolume(m.volume_24h_fp, c.book, yes),
    volume_total: usdVolume(m.volume_fp, c.book, yes),
    // liquidity_dollars was "0.0000" on every sampled market, two-sided books included: a
    // placeholder, so only a positive value is believed (depth comes from the order book).
    liquidity: liquidity > 0 ? liquidity : null,
    currency: VENUE.currency,
    play_money: VENUE.playMoney,
    fee: kalshiFee(c.series),
    // updated_time is the last metadata change (April for a September quote), not the quote time.
    quoted_at: c.ctx.fetchedAt,
  };
}
