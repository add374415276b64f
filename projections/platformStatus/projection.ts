import { z } from 'zod';
import type { VenueHealthEvent, SchemaDriftEntry } from '../../shared/events.ts';
import { VENUE_SLUGS, type VenueSlug } from '../../shared/venues/registry.ts';
import type { Projection } from '../projection.ts';

export interface DriftWarning {
  readonly at: string;
  readonly item_id: string;
  readonly platform_market_id: string;
  readonly reason: string;
  readonly drift: readonly SchemaDriftEntry[];
}

/** Venue freshness and health, one document per venue. */
export interface PlatformStatusDoc {
  readonly _id: VenueSlug;
  readonly [key: string]: unknown;
  readonly slug: VenueSlug;
  readonly last_success_at: string | null;
  readonly last_item_count: number | null;
  readonly last_changed_count: number | null;
  readonly last_duration_ms: number | null;
  readonly last_error: { at: string; code: string; message: string; retryable: boolean } | null;
  readonly consecutive_failures: number;
  readonly disabled_reason: string | null;
  readonly skipped_items_total: number;
  /** Most recent schema-drift warnings, newest first. */
  readonly drift_warnings: readonly DriftWarning[];
}

export const MAX_DRIFT_WARNINGS = 20;

const venue = z.enum(VENUE_SLUGS);
const eventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('venue_fetch_succeeded'), venue, at: z.string(), item_count: z.number(), changed_count: z.number(), duration_ms: z.number() }),
  z.object({ type: z.literal('venue_fetch_failed'), venue, at: z.string(), code: z.string(), message: z.string(), retryable: z.boolean() }),
  z.object({ type: z.literal('venue_disabled'), venue, at: z.string(), reason: z.string() }),
  z.object({
    type: z.literal('venue_item_skipped'),
    venue,
    at: z.string(),
    item_id: z.string(),
    platform_market_id: z.string(),
    reason: z.string(),
    drift: z.array(z.object({ field: z.string(), expected: z.string(), got: z.string() })),
  }),
]);

export function emptyStatus(slug: VenueSlug): PlatformStatusDoc {
  return {
    _id: slug,
    slug,
    last_success_at: null,
    last_item_count: null,
    last_changed_count: null,
    last_duration_ms: null,
    last_error: null,
    consecutive_failures: 0,
    disabled_reason: null,
    skipped_items_total: 0,
    drift_warnings: [],
  };
}

export function evolvePlatformStatus(doc: PlatformStatusDoc | null, event: VenueHealthEvent): PlatformStatusDoc {
  const current = doc ?? emptyStatus(event.venue);
  switch (event.type) {
    case 'venue_fetch_succeeded':
      return {
        ...current,
        last_success_at: event.at,
        last_item_count: event.item_count,
        last_changed_count: event.changed_count,
        last_duration_ms: event.duration_ms,
        consecutive_failures: 0,
        disabled_reason: null,
      };
    case 'venue_fetch_failed':
      return {
        ...current,
        last_error: { at: event.at, code: event.code, message: event.message, retryable: event.retryable },
        consecutive_failures: current.consecutive_failures + 1,
      };
    case 'venue_disabled':
      return { ...current, disabled_reason: event.reason };
    case 'venue_item_skipped': {
      const warning: DriftWarning = {
        at: event.at,
        item_id: event.item_id,
        platform_market_id: event.platform_market_id,
        reason: event.reason,
        drift: event.drift,
      };
      // Items skipped by design (an unsupported market type) are counted; only schema drift warns.
      return {
        ...current,
        skipped_items_total: current.skipped_items_total + 1,
        drift_warnings: event.drift.length > 0 ? [warning, ...current.drift_warnings].slice(0, MAX_DRIFT_WARNINGS) : current.drift_warnings,
      };
    }
  }
}

export const platformStatusProjection: Projection<VenueHealthEvent, PlatformStatusDoc> = {
  name: 'platform_status',
  collection: 'platform_status',
  schemaVersion: 1,
  stream: 'venues',
  indexes: [],
  decode: (value) => {
    const parsed = eventSchema.safeParse(value);
    return parsed.success
      ? { ok: true, event: parsed.data }
      : { ok: false, reason: `invalid venue health event: ${parsed.error.issues[0]?.message}` };
  },
  canHandle: () => true,
  keyOf: (event) => event.venue,
  evolve: evolvePlatformStatus,
};
