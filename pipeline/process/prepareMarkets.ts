import type { ParseResult } from '../venues/types.ts';
import type { MarketNormalized, VenueHealthEvent } from '../../shared/events.ts';
import { normalizedMarketSchema } from '../../shared/types/marketSchema.ts';
import { certainlyValidMarket } from '../../projections/markets/fastDecode.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import { contentHash } from '../../shared/contentHash.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { RawDelisted } from '../../shared/events.ts';
import { decodeRawEvent } from './rawEvents.ts';

/** One raw tick as the worker gets it: what the venue's parser needs, and what the published events name. */
export interface PrepareTask {
  readonly venue: VenueSlug;
  readonly item_id: string;
  readonly content_hash: string;
  readonly fetched_at: string;
  readonly payload: unknown;
}

/** A message ready to publish: its subject, its JSON bytes and its de-duplication id. */
export interface ReadyMessage {
  readonly subject: string;
  readonly data: Uint8Array;
  readonly msgId: string;
}

/** What a tick produced, ready for the main thread to publish and record without touching the markets again. */
export interface Prepared {
  /** Every market the parser produced (valid or not), as the item-to-markets record keeps them. */
  readonly market_ids: readonly string[];
  /** The normalised markets in parser order, then the skipped-item health events. */
  readonly publishes: readonly ReadyMessage[];
  readonly skipped: number;
}

/**
 * What the worker answers for one RAW message's bytes: the messages a tick produced (with the names the main
 * thread records them under), a delisting for the main thread to close, or why the message is poison.
 */
export type RawPrepared =
  | { readonly kind: 'tick'; readonly venue: VenueSlug; readonly item_id: string; readonly prepared: Prepared }
  | { readonly kind: 'delisted'; readonly event: RawDelisted }
  | { readonly kind: 'poison'; readonly reason: string };

export type PrepareOutcome = { readonly ok: true; readonly result: RawPrepared } | { readonly ok: false; readonly error: string };

const encoder = new TextEncoder();
const message = (subject: string, event: unknown, msgId: string): ReadyMessage => ({ subject, data: encoder.encode(JSON.stringify(event)), msgId });

/**
 * Turns a parse result into the messages the processor publishes: each market validated against the
 * normalised schema (an invalid one becomes a skipped-item event; a fast check answers for the certainly valid), serialised, and given the id JetStream
 * de-duplicates on (market id, content hash, fetch time). Pure, so it runs in the worker beside the parser and
 * the main thread only publishes bytes.
 */
export function prepareMarkets(tick: PrepareTask, result: ParseResult): Prepared {
  const skipped: VenueHealthEvent[] = result.skipped.map((s) => ({
    type: 'venue_item_skipped',
    venue: tick.venue,
    at: tick.fetched_at,
    item_id: tick.item_id,
    platform_market_id: s.platform_market_id,
    reason: s.reason,
    drift: s.drift,
  }));
  const publishes: ReadyMessage[] = [];
  for (const market of result.markets) {
    // The fast check accepts only what the schema accepts (projections/markets/fastDecode.ts); zod, ~40% of
    // a worker's time per tick when it checked every market, now sees only the markets the check is unsure of,
    // and gives the reason of those it refuses.
    const valid = certainlyValidMarket(market) ? null : normalizedMarketSchema.safeParse(market);
    if (valid && !valid.success) {
      const issue = valid.error.issues[0];
      skipped.push({
        type: 'venue_item_skipped',
        venue: tick.venue,
        at: tick.fetched_at,
        item_id: tick.item_id,
        platform_market_id: market.platform_market_id ?? '',
        reason: `normalised market failed validation at ${issue?.path.join('.')}: ${issue?.message}`,
        drift: [],
      });
      continue;
    }
    const event: MarketNormalized = {
      type: 'market_normalized',
      market,
      source: { item_id: tick.item_id, content_hash: tick.content_hash, fetched_at: tick.fetched_at },
    };
    publishes.push(message(subjects.normalized(tick.venue), event, `${market.id}:${contentHash(market)}:${tick.fetched_at}`));
  }
  skipped.forEach((event, i) => {
    publishes.push(message(subjects.venueHealth(tick.venue), event, `skip:${tick.venue}:${tick.item_id}:${tick.content_hash}:${i}`));
  });
  return { market_ids: result.markets.map((m) => m.id), publishes, skipped: skipped.length };
}

/**
 * One RAW message from its bytes: decoded and checked, then, for a tick, parsed and prepared. Decoding here
 * rather than on the main thread keeps the JSON parse of the venue's payload (and the structured clone of the
 * parsed object to the worker) off the event loop that publishes, acks and projects.
 */
export function prepareRaw(data: Uint8Array, parse: (task: PrepareTask) => ParseResult): RawPrepared {
  const decoded = decodeRawEvent(data);
  if (!decoded.ok) return { kind: 'poison', reason: decoded.reason };
  const event = decoded.event;
  if (event.type === 'raw_delisted') return { kind: 'delisted', event };
  const task: PrepareTask = { venue: event.venue, item_id: event.item_id, content_hash: event.content_hash, fetched_at: event.fetched_at, payload: event.payload };
  return { kind: 'tick', venue: event.venue, item_id: event.item_id, prepared: prepareMarkets(task, parse(task)) };
}

/** Several RAW messages in one worker task; one whose parser throws fails alone. */
export function prepareEach(messages: readonly Uint8Array[], parse: (task: PrepareTask) => ParseResult): PrepareOutcome[] {
  return messages.map((data) => {
    try {
      return { ok: true, result: prepareRaw(data, parse) };
    } catch (err) {
      return { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
  });
}
