import type { QuestionSnapshot } from '../../shared/events.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import type { ScannerQuestion } from '../../pipeline/scan/state.ts';
import { slugify } from '../../shared/slug.ts';
import { uuidFromName } from '../../shared/ids.ts';
import { memberOf } from '../../pipeline/matching/linker/linker.ts';

/**
 * Canonical questions of 2 or 3 markets, each member from a different venue (what the linker produces for a
 * question listed across venues), taken round-robin from per-venue queues of the given markets.
 */
export function groupIntoQuestions(markets: readonly NormalizedMarket[], count: number): NormalizedMarket[][] {
  const byVenue = new Map<string, NormalizedMarket[]>();
  for (const m of markets) byVenue.set(m.platform_slug, [...(byVenue.get(m.platform_slug) ?? []), m]);
  const venues = [...byVenue.keys()];
  const cursor = new Map(venues.map((v) => [v, 0]));
  const take = (v: string): NormalizedMarket => {
    const list = byVenue.get(v)!;
    const i = cursor.get(v)!;
    cursor.set(v, i + 1);
    return list[i % list.length]!;
  };
  return Array.from({ length: count }, (_, q) => {
    const size = 2 + (q % 2);
    return Array.from({ length: size }, (_, k) => take(venues[(q + k * 3) % venues.length]!));
  });
}

export const questionId = (q: number): string => uuidFromName(`bench-question:${q}`);

export function scannerQuestion(members: readonly NormalizedMarket[], q: number): ScannerQuestion {
  const anchor = members[0]!;
  return {
    _id: questionId(q),
    title: anchor.title,
    slug: slugify(anchor.title),
    category: anchor.category,
    end_time: anchor.end_time,
    members: members.map((m) => ({ market_id: m.id, platform_slug: m.platform_slug, relation: 'identity', confidence: 0.9, match_method: 'semantic' })),
  };
}

export function questionSnapshot(members: readonly NormalizedMarket[], q: number): QuestionSnapshot {
  const anchor = members[0]!;
  return {
    type: 'question_snapshot',
    question: {
      id: questionId(q),
      title: anchor.title,
      slug: slugify(anchor.title),
      category: anchor.category,
      end_time: anchor.end_time,
      anchor_market_id: anchor.id,
      members: members.map((m) => memberOf(m, { relation: 'identity', confidence: 0.9, method: 'semantic', reasons: ['bench'] })),
    },
    cause: { market_id: anchor.id, kind: 'linked', reason: 'bench' },
  };
}
