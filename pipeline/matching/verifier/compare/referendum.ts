/**
 * A referendum on an act is not the act: "Hungary referendum on leaving the EU by 2027?" pays when the vote is held,
 * "Will Hungary leave the EU before 2028?" when it leaves, which takes years after a vote and may follow none.
 */
import type { Proposition } from '../types.ts';

const REFERENDUM = /\b(?:referendums?|referenda|plebiscites?)\b/i;
/** Words by which the other market also asks about a vote. */
const A_VOTE = /\b(?:referendums?|referenda|plebiscites?|votes?|voters?|ballots?|polls?)\b/i;

export function compareReferendum(a: Proposition, b: Proposition): string[] {
  const ra = REFERENDUM.test(a.source.title);
  if (ra === REFERENDUM.test(b.source.title)) return [];
  const other = ra ? b.source.title : a.source.title;
  return A_VOTE.test(other) ? [] : ['a referendum vs the act it asks about: a referendum on one side only'];
}
