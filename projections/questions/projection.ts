import { z } from 'zod';
import type { LinkEvent, QuestionMember } from '../../shared/events.ts';
import type { Category } from '../../shared/types/market.ts';
import { CATEGORIES } from '../../shared/types/market.ts';
import { VENUE_SLUGS, type VenueSlug } from '../../shared/venues/registry.ts';
import { computeIndex, type IndexResult } from '../../shared/questions/indexMath.ts';
import type { Projection } from '../projection.ts';

/** The canonical-questions read model: the linker's latest snapshot plus its index. */
export interface QuestionDoc {
  readonly _id: string;
  readonly [key: string]: unknown;
  readonly id: string;
  readonly title: string;
  readonly slug: string;
  readonly category: Category;
  readonly end_time: string | null;
  readonly anchor_market_id: string;
  readonly members: readonly QuestionMember[];
  readonly platform_slugs: readonly VenueSlug[];
  /** Number of venues listing the question with an open market (the spec's market_count). */
  readonly market_count: number;
  readonly index: IndexResult;
  readonly _sort: { readonly volume24h: number };
}

const member = z.object({
  market_id: z.string(),
  platform_slug: z.enum(VENUE_SLUGS),
  platform_market_id: z.string(),
  title: z.string(),
  slug: z.string(),
  status: z.string(),
  volume24h: z.number().nullable(),
  liquidity: z.number().nullable(),
  play_money: z.boolean(),
  outcomes: z.array(z.object({ label: z.string(), outcome_index: z.number(), price: z.number().nullable() })),
  yes_price: z.number().min(0).max(1).nullable(),
  quoted_at: z.string(),
  relation: z.enum(['identity', 'complement']),
  confidence: z.number().min(0).max(1),
  match_method: z.enum(['exact', 'semantic', 'manual']),
  reasons: z.array(z.string()),
});

const eventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('question_snapshot'),
    question: z.object({
      id: z.string(),
      title: z.string(),
      slug: z.string(),
      category: z.enum(CATEGORIES),
      end_time: z.string().nullable(),
      anchor_market_id: z.string(),
      members: z.array(member).min(1),
    }),
    cause: z.object({ market_id: z.string(), kind: z.enum(['linked', 'moved_in', 'moved_out', 'updated']), reason: z.string() }),
  }),
  z.object({ type: z.literal('question_removed'), question_id: z.string(), cause: z.object({ market_id: z.string(), reason: z.string() }) }),
]);

export function evolveQuestion(_doc: QuestionDoc | null, event: LinkEvent): QuestionDoc | null {
  if (event.type === 'question_removed') return null;
  const q = event.question;
  // Closed or delisted markets stay visible on the question but no longer count or price it.
  const open = q.members.filter((m) => m.status === 'open');
  const platforms = [...new Set(open.map((m) => m.platform_slug))].sort();
  const index = computeIndex(open);
  return {
    _id: q.id,
    id: q.id,
    title: q.title,
    slug: q.slug,
    category: q.category,
    end_time: q.end_time,
    anchor_market_id: q.anchor_market_id,
    members: q.members,
    platform_slugs: platforms,
    market_count: platforms.length,
    index,
    _sort: { volume24h: open.filter((m) => !m.play_money).reduce((acc, m) => acc + (m.volume24h ?? 0), 0) },
  };
}

export const questionsProjection: Projection<LinkEvent, QuestionDoc> = {
  name: 'questions',
  collection: 'questions',
  schemaVersion: 1,
  stream: 'links',
  indexes: [
    { name: 'by_reach_volume', fields: [['market_count', -1], ['_sort.volume24h', -1], ['_id', 1]] },
    { name: 'by_category', fields: [['category', 1], ['market_count', -1], ['_sort.volume24h', -1]] },
  ],
  decode: (value) => {
    const parsed = eventSchema.safeParse(value);
    return parsed.success
      ? { ok: true, event: parsed.data as LinkEvent }
      : { ok: false, reason: `invalid link event: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}` };
  },
  canHandle: () => true,
  keyOf: (event) => (event.type === 'question_removed' ? event.question_id : event.question.id),
  evolve: evolveQuestion,
};
