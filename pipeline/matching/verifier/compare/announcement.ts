/**
 * Announcing an event is not the event: "Will OpenAI announce an IPO before 2028?" pays on the filing news, "Will
 * OpenAI IPO before 2028?" on the listing; "a summit announced" is not "a summit held", nor "announce a new album"
 * "release a new album". Only for events that happen after their announcement; revealing a product, declaring a
 * candidacy or reporting a figure is the act itself ("announce a foldable iPhone" is "unveil" it), so those are
 * not here.
 */
import type { Proposition } from '../types.ts';

const ANNOUNCED = /\bannounce[sd]?\b|\bannouncing\b|\bannouncement\b/i;
/** Events scheduled by an announcement and taking place later. */
const LATER_EVENT = /\b(?:ipo|initial public offering|summit|elections?|album|wedding(?: date)?|release date|mobili[sz]ation|price (?:increase|hike|rise)|referendum|tour|retirement)\b/i;
/** Words by which the other market also asks about the announcement. */
const ALSO_ANNOUNCED = /\bannounce[sd]?\b|\bannouncing\b|\bannouncement\b|\bdeclare[sd]?\b|\bunveil(?:s|ed)?\b|\breveal(?:s|ed)?\b|\bconfirm(?:s|ed)?\b|\bschedule[sd]?\b|\bset(?:s)? a date\b|\bcall(?:s|ed)?\b/i;

export function compareAnnouncement(a: Proposition, b: Proposition): string[] {
  const ta = a.source.title;
  const tb = b.source.title;
  const aAnnounces = ANNOUNCED.test(ta);
  if (aAnnounces === ANNOUNCED.test(tb)) return [];
  const [announcer, other] = aAnnounces ? [ta, tb] : [tb, ta];
  const event = LATER_EVENT.exec(announcer);
  if (!event || ALSO_ANNOUNCED.test(other)) return [];
  return [`an announcement vs the event: "${event[0]}" announced on one side only`];
}
