import type { VenueSlug } from './venues/registry.ts';
import type { NormalizedMarket } from './types/market.ts';

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

/** markets.normalized.<venue>: the normalised snapshot of one binary market. */
export interface MarketNormalized {
  readonly type: 'market_normalized';
  readonly market: NormalizedMarket;
  readonly source: { readonly item_id: string; readonly content_hash: string; readonly fetched_at: string };
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
