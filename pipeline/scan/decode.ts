import { z } from 'zod';
import type { MarketEvent } from '../../shared/events.ts';
import { marketsProjection } from '../../projections/markets/projection.ts';
import { withFastPath } from '../../projections/decodeFast.ts';
import { CATEGORIES } from '../../shared/types/market.ts';
import { VENUE_SLUGS } from '../../shared/venues/registry.ts';

/**
 * What the scanner reads of MARKETS, LINKS and VENUES; anything else on those streams is skipped. MARKETS is
 * decoded as the markets projection decodes it (one schema, with its fast path: projections/decodeFast.ts).
 */
const decodeMarketEvent = withFastPath(marketsProjection);
export const decodeScannerMarketEvent = (value: unknown): { ok: true; event: ScannerMarketEvent } | { ok: false; reason: string } =>
  decodeMarketEvent(value) as { ok: true; event: ScannerMarketEvent } | { ok: false; reason: string };
export type ScannerMarketEvent = MarketEvent;

const member = z.looseObject({
  market_id: z.string(),
  platform_slug: z.enum(VENUE_SLUGS),
  relation: z.enum(['identity', 'complement']),
  confidence: z.number().min(0).max(1),
  match_method: z.enum(['exact', 'semantic', 'manual']),
});

export const linkEventSchema = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('question_snapshot'),
    question: z.looseObject({
      id: z.string(),
      title: z.string(),
      slug: z.string(),
      category: z.enum(CATEGORIES),
      end_time: z.string().nullable(),
      members: z.array(member),
    }),
  }),
  z.looseObject({ type: z.literal('question_removed'), question_id: z.string() }),
]);
export type ScannerLinkEvent = z.infer<typeof linkEventSchema>;

export const venueEventSchema = z.looseObject({
  type: z.string(),
  venue: z.enum(VENUE_SLUGS),
  at: z.string(),
});
export type ScannerVenueEvent = z.infer<typeof venueEventSchema>;

export function decodeWith<T>(schema: z.ZodType<T>, what: string) {
  return (value: unknown): { ok: true; event: T } | { ok: false; reason: string } => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return { ok: true, event: parsed.data };
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `invalid ${what}: ${issue?.path.join('.')} ${issue?.message}` };
  };
}
