/**
 * Joining one canonical question into another. A market placed in question Q that another question
 * Q' also accepted shows Q' asks the same proposition: Q' was founded only because its first market
 * arrived before any partner it could verify against. Every member of Q' must verify against Q (through
 * the market just placed and Q's anchor, one market per venue, no operator veto) or nothing moves.
 */
import type { LinkRelation, QuestionMember } from '../../../shared/events.ts';
import { subjects } from '../../../shared/streams/subjects.ts';
import type { Publisher } from '../../streams/publisher.ts';
import type { OverrideLookup } from './overrides.ts';
import type { Placeable, Placement } from './linker.ts';
import type { OverlayCollection } from './runOverlay.ts';
import { MAX_MOVES, type LinkedMarketState, type QuestionState } from './state.ts';

export interface AbsorbDeps {
  readonly markets: OverlayCollection<LinkedMarketState>;
  readonly questions: OverlayCollection<QuestionState>;
  readonly publish: Publisher;
  readonly verify: (m: Placeable, prop: unknown, via: LinkedMarketState, lookup: OverrideLookup) => Promise<Placement | { rejected: string }>;
  readonly propOf: (state: LinkedMarketState) => unknown;
  readonly lookup: OverrideLookup;
}

/** The member's own Yes price, re-expressed for its new relation to the question. */
function rebased(member: QuestionMember, from: LinkRelation, to: LinkRelation): number | null {
  if (member.yes_price === null) return null;
  return from === to ? member.yes_price : Math.round((1 - member.yes_price) * 1e6) / 1e6;
}

/** Moves every member of `fromId` into `intoId` when all of them verify against it; returns whether it did. */
export async function absorbQuestion(deps: AbsorbDeps, intoId: string, fromId: string, via: LinkedMarketState, at: string): Promise<boolean> {
  const from = await deps.questions.get(fromId);
  const into = await deps.questions.get(intoId);
  if (!from || !into) return false;
  const members = await deps.markets.getMany(from.member_ids);
  // An operator's pin placed these markets on purpose: they stay.
  if (members.length === 0 || members.some((s) => s.match_method === 'manual')) return false;
  const placed: { state: LinkedMarketState; placement: Placement }[] = [];
  for (const state of members) {
    const placement = await deps.verify({ id: state._id, platform_slug: state.member.platform_slug, ref: state.ref }, deps.propOf(state), via, deps.lookup);
    if ('rejected' in placement || placement.questionId !== intoId) return false;
    placed.push({ state, placement });
  }
  // Members of one question list each venue once, so checking each against the target is checking all.
  for (const { state, placement } of placed) {
    const reason = `joined an equivalent question: ${placement.reasons.join('; ')}`;
    await deps.markets.put({
      ...state,
      question_id: intoId,
      relation: placement.relation,
      confidence: placement.confidence,
      match_method: placement.method,
      reasons: placement.reasons,
      member: {
        ...state.member,
        relation: placement.relation,
        confidence: placement.confidence,
        match_method: placement.method,
        reasons: placement.reasons,
        yes_price: rebased(state.member, state.relation, placement.relation),
      },
      moves: [{ from: fromId, to: intoId, reason, at }, ...state.moves].slice(0, MAX_MOVES),
    });
  }
  await deps.questions.put({ ...into, member_ids: [...into.member_ids, ...members.map((s) => s._id).filter((id) => !into.member_ids.includes(id))] });
  await deps.questions.delete(fromId);
  await deps.publish(subjects.linked(), { type: 'question_removed', question_id: fromId, cause: { market_id: via._id, reason: `its markets joined question ${intoId}` } });
  return true;
}
