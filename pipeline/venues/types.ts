import type { Logger } from 'pino';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import type { HttpClient } from '../http/types.ts';
import type { OrderBook } from '../../shared/arbitrage/types.ts';

/**
 * One raw catalogue item exactly as the venue sent it (possibly several responses composed,
 * e.g. an Azuro game with its conditions). `id` is the venue's identity for the item, used
 * for change detection and the JetStream dedupe id.
 */
export interface RawItem {
  readonly id: string;
  readonly payload: unknown;
}

export interface EndpointSpec {
  readonly path: string;
  /** Tokens this call takes from the venue bucket (CCXT-style cost). */
  readonly cost: number;
}

/** Declarative description of a venue connector (after CCXT's describe()). */
export interface VenueDescriptor {
  readonly slug: VenueSlug;
  readonly baseUrls: Readonly<Record<string, string>>;
  readonly endpoints: Readonly<Record<string, EndpointSpec>>;
  /** Documented rate limit turned into a token bucket. */
  readonly rateLimit: { readonly tokensPerSecond: number; readonly burst: number };
  readonly maxConcurrency: number;
  /** Minimum time between two catalogue polls (PredictIt: 60 s). */
  readonly minPollIntervalMs: number;
  /** Env variable holding an API key the venue requires; without it the venue is disabled. */
  readonly apiKeyEnv?: string;
}

export interface FetchContext {
  readonly http: HttpClient;
  readonly log: Logger;
  readonly signal: AbortSignal;
  /** The API key named by `descriptor.apiKeyEnv`, when set. */
  readonly apiKey?: string;
}

export interface VenueConnector {
  readonly descriptor: VenueDescriptor;
  /** Pages through the whole open catalogue, yielding raw items page by page. */
  fetchCatalog(ctx: FetchContext): AsyncIterable<readonly RawItem[]>;
  /**
   * Recorded mode: maps a request URL to a recorded payload file (relative to the connector's
   * `recorded/` folder), or null when nothing was recorded for it (served as 404).
   */
  recordedFile(url: URL): string | null;
}

/** A field that disappeared or changed type: reported on the status endpoint, never zero-filled. */
export interface SchemaDrift {
  readonly field: string;
  readonly expected: string;
  readonly got: string;
}

export interface SkippedItem {
  readonly platform_market_id: string;
  readonly reason: string;
  readonly drift: readonly SchemaDrift[];
}

export interface ParseResult {
  readonly markets: readonly NormalizedMarket[];
  readonly skipped: readonly SkippedItem[];
}

export interface ParseContext {
  /** ISO time the raw item was fetched; used as `quoted_at` when the venue gives no timestamp. */
  readonly fetchedAt: string;
}

/** Pure: unknown raw item in, normalised binary markets out (multi-outcome items split). */
export type VenueParser = (item: RawItem, ctx: ParseContext) => ParseResult;

/** Which market's book to fetch: the venue's market id, and its book key where that differs (a token id). */
export interface BookRequest {
  readonly market_id: string;
  readonly platform_market_id: string;
  readonly book_ref: string | null;
}

export type BookResult = { readonly ok: true; readonly book: OrderBook } | { readonly ok: false; readonly reason: string };

/**
 * Optional capability: fetch and parse order books (docs/arbitrage.md, "Order books"). Each venue
 * keeps it in `pipeline/venues/<slug>/orderbook.ts`: a pure parse of the venue's book payload beside
 * a fetch through the venue transport (its token bucket and queue). Used for linked markets only.
 */
export interface OrderBookCapability {
  /** Books of the given markets, keyed by `market_id`; a market the venue could not serve maps to a reason. */
  fetchBooks(ctx: FetchContext, markets: readonly BookRequest[]): Promise<ReadonlyMap<string, BookResult>>;
  /** Recorded mode: the recorded (or composed) book file for a book request URL, else null. */
  recordedFile(url: URL): string | null;
}

/** What each `pipeline/venues/<slug>/index.ts` exports: the connector and its pure parser. */
export interface VenueModule {
  readonly connector: VenueConnector;
  readonly parse: VenueParser;
  /** Order books for arbitrage, where the venue has a book (not an AMM, a bookmaker or a listing-only feed). */
  readonly orderBooks?: OrderBookCapability;
}
