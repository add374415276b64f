import { z } from 'zod';
import { decodeMessage, type Decoded } from '../streams/consume.ts';
import { VENUE_SLUGS } from '../../shared/venues/registry.ts';
import type { RawDelisted, RawTick } from '../../shared/events.ts';

/** What RAW carries: a venue item as fetched, or the news that an item left the venue's catalogue. */
const rawEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('raw_tick'),
    venue: z.enum(VENUE_SLUGS),
    item_id: z.string().min(1),
    content_hash: z.string(),
    fetched_at: z.string(),
    payload: z.unknown(),
  }),
  z.object({ type: z.literal('raw_delisted'), venue: z.enum(VENUE_SLUGS), item_id: z.string().min(1), at: z.string() }),
]);

export type RawEvent = RawTick | RawDelisted;

/** A RAW message's bytes as an event, or why it is poison (not JSON, or not a raw event). */
export function decodeRawEvent(data: Uint8Array): Decoded<RawEvent> {
  return decodeMessage(data, (value) => {
    const parsed = rawEventSchema.safeParse(value);
    if (parsed.success) return { ok: true, event: parsed.data };
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `invalid raw tick: ${issue?.path.join('.')} ${issue?.message}` };
  });
}
