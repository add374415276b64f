import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import type { LinkRelation, MatchMethod } from '../../shared/events.ts';
import type { ArbitrageOpportunity } from '../../shared/arbitrage/types.ts';
import type { Category } from '../../shared/types/market.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';

/**
 * The scanner's own memory, built from the streams it consumes (MARKETS, LINKS, VENUES) so it never
 * waits on another role's read model, plus the lifecycle state of every opportunity it published.
 */

/** The latest normalised snapshot of a market, with the fetch that produced it. */
export interface ScannerMarket extends Doc {
  readonly _id: string;
  readonly market: NormalizedMarket;
  readonly fetched_at: string;
  /** Set when the venue's listing stopped returning it. */
  readonly delisted_at?: string;
}

export interface ScannerQuestionMember {
  readonly market_id: string;
  readonly platform_slug: VenueSlug;
  readonly relation: LinkRelation;
  readonly confidence: number;
  readonly match_method: MatchMethod;
}

/** What a pass reads of a market (the working set keeps only these, not descriptions or groups). */
export type ScanMarketFields = Pick<
  NormalizedMarket,
  'id' | 'platform_slug' | 'platform_market_id' | 'title' | 'url' | 'status' | 'end_time' | 'play_money' | 'currency' | 'fee' | 'volume24h' | 'liquidity' | 'outcomes' | 'quoted_at' | 'book_ref'
>;

/** A market as the working set holds it. */
export interface WorkingMarket {
  readonly market: ScanMarketFields;
  readonly fetched_at: string;
}

export function workingMarket(doc: { readonly market: NormalizedMarket | ScanMarketFields; readonly fetched_at: string }): WorkingMarket {
  const m = doc.market;
  return {
    market: {
      id: m.id,
      platform_slug: m.platform_slug,
      platform_market_id: m.platform_market_id,
      title: m.title,
      url: m.url,
      status: m.status,
      end_time: m.end_time,
      play_money: m.play_money,
      currency: m.currency,
      fee: m.fee,
      volume24h: m.volume24h,
      liquidity: m.liquidity,
      outcomes: m.outcomes,
      quoted_at: m.quoted_at,
      ...(m.book_ref !== undefined ? { book_ref: m.book_ref } : {}),
    },
    fetched_at: doc.fetched_at,
  };
}

/** A canonical question as the linker last published it (membership only; prices come from markets). */
export interface ScannerQuestion extends Doc {
  readonly _id: string;
  readonly title: string;
  readonly slug: string;
  readonly category: Category;
  readonly end_time: string | null;
  readonly members: readonly ScannerQuestionMember[];
}

/** A venue's operations as the VENUES stream tells them. */
export interface ScannerVenue extends Doc {
  readonly _id: VenueSlug;
  readonly last_success_at: string | null;
  readonly last_failure_at: string | null;
  readonly disabled_at: string | null;
  /** Newest venue-stamped quote time seen (listing or book): the recorded-mode reference clock. */
  readonly newest_stamp: string | null;
}

/** The opportunity as last published (the lifecycle's memory). */
export type ScannerOpportunity = ArbitrageOpportunity & Doc;

export const SCANNER_COLLECTIONS = {
  markets: 'arb_scan_markets',
  questions: 'arb_scan_questions',
  venues: 'arb_scan_venues',
  opportunities: 'arb_scan_opportunities',
} as const;

export function scannerCollections(store: DocumentStore) {
  return {
    markets: store.collection<ScannerMarket>(SCANNER_COLLECTIONS.markets),
    questions: store.collection<ScannerQuestion>(SCANNER_COLLECTIONS.questions),
    venues: store.collection<ScannerVenue>(SCANNER_COLLECTIONS.venues),
    opportunities: store.collection<ScannerOpportunity>(SCANNER_COLLECTIONS.opportunities),
  };
}

export type ScannerCollections = ReturnType<typeof scannerCollections>;

export async function ensureScannerIndexes(c: ScannerCollections): Promise<void> {
  await c.opportunities.ensureIndexes([
    { name: 'by_question', fields: [['canonical_question_id', 1]] },
    { name: 'by_status', fields: [['status', 1], ['resolved_at', 1]] },
  ]);
}

export function laterIso(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}
