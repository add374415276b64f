import type { VenueSlug } from './venues/registry.ts';
import type { Category, NormalizedMarket, Outcome } from './types/market.ts';

/** Events carried on the streams. Readonly discriminated unions; payloads are JSON. */

/** ticks.raw.<venue>: one raw catalogue item as fetched. */
export interface RawTick {
  readonly type: 'raw_tick';
  readonly venue: VenueSlug;
  readonly item_id: string;
  readonly content_hash: string;
  readonly fetched_at: string;
  readonly payload: unknown;
}

/**
 * ticks.raw.<venue>: a catalogue item that a complete walk of the venue's open listing no longer
 * returned (closed, resolved or removed on the venue).
 */
export interface RawDelisted {
  readonly type: 'raw_delisted';
  readonly venue: VenueSlug;
  readonly item_id: string;
  readonly at: string;
}

/** markets.normalized.<venue>: the normalised snapshot of one binary market. */
export interface MarketNormalized {
  readonly type: 'market_normalized';
  readonly market: NormalizedMarket;
  readonly source: { readonly item_id: string; readonly content_hash: string; readonly fetched_at: string };
}

/** markets.normalized.<venue>: a market whose item left the venue's open listing. */
export interface MarketDelisted {
  readonly type: 'market_delisted';
  readonly market_id: string;
  readonly venue: VenueSlug;
  readonly item_id: string;
  readonly at: string;
}

/** Everything on the MARKETS stream. */
export type MarketEvent = MarketNormalized | MarketDelisted;

/**
 * history.backfill.<venue> (HISTORY stream): the price history a venue publishes for one market, fetched once
 * when Concord first saw the market. On a stream, not only in a store, so a replay rebuilds backfilled series too.
 */
export interface MarketHistoryBackfilled {
  readonly type: 'market_history_backfilled';
  readonly market_id: string;
  readonly venue: VenueSlug;
  readonly platform_market_id: string;
  readonly fetched_at: string;
  /** What was asked of the venue (endpoint and parameters), for operators. */
  readonly source: string;
  /** Ascending [unix seconds, Yes price 0-1], downsampled to the series tiers as of `fetched_at`. */
  readonly points: ReadonlyArray<readonly [number, number]>;
}

export interface SchemaDriftEntry {
  readonly field: string;
  readonly expected: string;
  readonly got: string;
}

/** venues.health.<venue>: what the venue status read model is built from. */
export type VenueHealthEvent =
  | {
      readonly type: 'venue_fetch_succeeded';
      readonly venue: VenueSlug;
      readonly at: string;
      readonly item_count: number;
      readonly changed_count: number;
      readonly duration_ms: number;
    }
  | {
      readonly type: 'venue_fetch_failed';
      readonly venue: VenueSlug;
      readonly at: string;
      readonly code: string;
      readonly message: string;
      readonly retryable: boolean;
    }
  | { readonly type: 'venue_disabled'; readonly venue: VenueSlug; readonly at: string; readonly reason: string }
  | {
      readonly type: 'venue_item_skipped';
      readonly venue: VenueSlug;
      readonly at: string;
      readonly item_id: string;
      readonly platform_market_id: string;
      readonly reason: string;
      readonly drift: readonly SchemaDriftEntry[];
    };

/** api.requests: one request made with an API key, captured off the hot path. */
export interface ApiRequestLogged {
  readonly type: 'api_request';
  readonly id: string;
  readonly api_key_id: string;
  readonly account_id: string;
  readonly method: string;
  readonly endpoint: string;
  readonly status: number;
  readonly duration_ms: number;
  readonly at: string;
}

/**
 * api.requests since finding 56 (bench/README.md): the requests an API process captured within a few ms, in
 * capture order, as one message (docs/auth.md). Messages of one `ApiRequestLogged` each, the format before it,
 * are still read.
 */
export interface ApiRequestBatch {
  readonly type: 'api_request_batch';
  /** The message id the outbox publishes it under (the same on every retry). */
  readonly id: string;
  readonly events: readonly ApiRequestLogged[];
}

/** How a venue market belongs to a canonical question. */
export type LinkRelation = 'identity' | 'complement';
export type MatchMethod = 'exact' | 'semantic' | 'manual';

/** One venue market of a canonical question, as the linker last saw it. */
export interface QuestionMember {
  readonly market_id: string;
  readonly platform_slug: VenueSlug;
  readonly platform_market_id: string;
  readonly title: string;
  readonly slug: string;
  readonly status: string;
  readonly volume24h: number | null;
  readonly liquidity: number | null;
  readonly play_money: boolean;
  readonly outcomes: readonly Outcome[];
  /** The question's Yes price on this venue (1 - p for a complement link), null when unpriced. */
  readonly yes_price: number | null;
  readonly quoted_at: string;
  readonly relation: LinkRelation;
  readonly confidence: number;
  readonly match_method: MatchMethod;
  readonly reasons: readonly string[];
}

/** questions.linked: the full current state of one canonical question (the read model replaces). */
export interface QuestionSnapshot {
  readonly type: 'question_snapshot';
  readonly question: {
    readonly id: string;
    readonly title: string;
    readonly slug: string;
    readonly category: Category;
    readonly end_time: string | null;
    readonly anchor_market_id: string;
    readonly members: readonly QuestionMember[];
  };
  /** Why this snapshot was emitted (a market linked, moved, re-priced or left). */
  readonly cause: { readonly market_id: string; readonly kind: 'linked' | 'moved_in' | 'moved_out' | 'updated'; readonly reason: string };
}

/** questions.linked: the question lost its last market. */
export interface QuestionRemoved {
  readonly type: 'question_removed';
  readonly question_id: string;
  readonly cause: { readonly market_id: string; readonly reason: string };
}

export type LinkEvent = QuestionSnapshot | QuestionRemoved;
