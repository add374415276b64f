import type { QuestionMember, QuestionSnapshot } from '../../../shared/events.ts';
import type { LinkedMarketState, QuestionState } from './state.ts';
import { slugify } from '../../../shared/slug.ts';

/**
 * The question's full state for the LINKS stream. Its title is the first binary (non-grouped)
 * member's question when there is one — "Will Gavin Newsom win…?" reads better than a
 * contract of a multi-outcome event — else the anchor's title.
 */
export function buildSnapshot(
  question: QuestionState,
  members: readonly LinkedMarketState[],
  cause: QuestionSnapshot['cause'],
): QuestionSnapshot {
  const byId = new Map(members.map((m) => [m._id, m]));
  const ordered = question.member_ids.map((id) => byId.get(id)).filter((m): m is LinkedMarketState => m !== undefined);
  const anchor = byId.get(question.anchor_market_id) ?? ordered[0];
  const titled = ordered.find((m) => m.group_title === null) ?? anchor;
  const title = titled?.member.title ?? 'Untitled question';
  const memberViews: QuestionMember[] = ordered.map((m) => m.member);
  return {
    type: 'question_snapshot',
    question: {
      id: question._id,
      title,
      slug: slugify(title),
      category: question.category,
      end_time: question.end_time,
      anchor_market_id: question.anchor_market_id,
      members: memberViews,
    },
    cause,
  };
}
