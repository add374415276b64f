import type { QuestionMember, QuestionSnapshot } from '../../../shared/events.ts';
import type { LinkedMarketState, QuestionState } from './state.ts';
import { slugify } from '../../../shared/slug.ts';
import { VENUE_SLUGS } from '../../../shared/venues/registry.ts';
import { CATEGORIES, type Category } from '../../../shared/types/market.ts';

const isCategory = (c: string | undefined): c is Category => (CATEGORIES as readonly string[]).includes(c ?? '');

const venueRank = (slug: string): number => {
  const i = (VENUE_SLUGS as readonly string[]).indexOf(slug);
  return i < 0 ? VENUE_SLUGS.length : i;
};

/**
 * The member whose title names the question, whatever order the members arrived in (arrival order
 * depends on which venue answered first): one linked by identity (a complement's title is the
 * question's negation), preferring a binary market's own question — "Will Gavin Newsom win…?" reads
 * better than a contract of a multi-outcome event — then the venues in registry order, then the
 * venue's market id.
 */
export function titleMember(members: readonly LinkedMarketState[]): LinkedMarketState | undefined {
  let best: LinkedMarketState | undefined;
  for (const m of members) {
    if (!best || titleOrder(m, best) < 0) best = m;
  }
  return best;
}

function titleOrder(a: LinkedMarketState, b: LinkedMarketState): number {
  const rank = (m: LinkedMarketState) => (m.relation === 'identity' ? 0 : 2) + (m.group_title === null ? 0 : 1);
  return (
    rank(a) - rank(b) ||
    venueRank(a.member.platform_slug) - venueRank(b.member.platform_slug) ||
    (a.member.platform_market_id < b.member.platform_market_id ? -1 : a.member.platform_market_id > b.member.platform_market_id ? 1 : 0)
  );
}

/** The question's full state for the LINKS stream: its title, category and end time are the `titleMember`'s. */
export function buildSnapshot(
  question: QuestionState,
  members: readonly LinkedMarketState[],
  cause: QuestionSnapshot['cause'],
): QuestionSnapshot {
  const byId = new Map(members.map((m) => [m._id, m]));
  const ordered = question.member_ids.map((id) => byId.get(id)).filter((m): m is LinkedMarketState => m !== undefined);
  const titled = titleMember(ordered);
  const title = titled?.member.title ?? 'Untitled question';
  const memberViews: QuestionMember[] = ordered.map((m) => m.member);
  return {
    type: 'question_snapshot',
    question: {
      id: question._id,
      title,
      slug: slugify(title),
      // Read from the title member too, so neither depends on which market founded the question.
      category: isCategory(titled?.ref.category) ? titled.ref.category : question.category,
      end_time: titled && titled.end_time !== undefined ? titled.end_time : question.end_time,
      anchor_market_id: question.anchor_market_id,
      members: memberViews,
    },
    cause,
  };
}
