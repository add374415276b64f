/**
 * Roles and scope. A directed question has an agent and a patient ("Israel strikes Iran", "A
 * before B", "X beats Y"): the same two names in swapped roles ask another question. A subject
 * widened to a group ("Hegseth or another Cabinet member") asks something broader than the named
 * subject alone.
 */
import { extractEntities } from './entities.ts';
import { extractNumbers } from './numbers.ts';

/**
 * Verbs and phrases that order two parties: what comes before acts on, precedes or beats what
 * comes after. Symmetric relations (a meeting, a deal, a war "between") are not here.
 */
const DIRECTED: readonly RegExp[] = [
  // "A before B" orders two whole events, each of which may carry its own verb: it is read first.
  /^(.*?)\b(before)\b(.*)$/i,
  /^(.*?)\b(beats?|defeats?)\b(.*)$/i,
  /^(.*?)\b(strikes?(?! down)|strike on|attacks?|attack on|invades?|invasion of|bombs?|sanctions?|blockades?|airstrikes? (?:on|against)|declares? war on|captures?|annex(?:es)?)\b(.*)$/i,
  // One party acts on another: suing, buying, firing, pardoning, endorsing, fining, taxing, overtaking.
  /^(.*?)\b(sue[sd]?|suing|acquir(?:e[sd]?|ing)|buys?|bought|takes? over|took over|fire[sd]?|firing|pardon(?:s|ed|ing)?|endors(?:e[sd]?|ing)|fine[sd]?|fining|(?:tariffs?|duties|levies) on|overtak(?:e[sn]?|ing)|overtook|surpass(?:es|ed|ing)?|flip(?:s|ped|ping)?|indict(?:s|ed|ing)?|arrest(?:s|ed|ing)?|extradit(?:e[sd]?|ing)|expel(?:s|led|ling)?|recogni[sz](?:e[sd]?|ing)|visit(?:s|ed|ing)?|invit(?:e[sd]?|ing)|summon(?:s|ed|ing)?)\b(.*)$/i,
  // A comparison of two parties: "Labour wins more seats than Reform", "Reform at least as many as Labour", "A outperforms B".
  /^(.*?)\b((?:more|fewer|less|higher|lower|greater|better|worse|larger|smaller|bigger)\b[^?]{0,40}?\bthan|as (?:many|much|high|low|well)\b[^?]{0,40}?\bas|ahead of|outperform(?:s|ed)?|outpoll(?:s|ed)?|outscor(?:es?|ed)|outsell(?:s)?|outsold|finish(?:es)? (?:above|below|behind))\b(.*)$/i,
];

/** "Netflix be acquired by WBD", "is sued by": the passive voice puts the one acted on first. */
const PASSIVE_BEFORE = /\b(?:be|is|are|was|were|been|being|gets?|got|getting)\s*$/i;
const PASSIVE_AFTER = /^\s*by\b/i;

/**
 * "Will Perplexity be acquired in 2026?": the passive of a directed verb with no agent after it. Any acquirer
 * pays, so it asks something broader than "Apple acquires Perplexity". `masked` has dates blanked ("by June 30"
 * is no agent).
 */
export function agentlessPassive(masked: string): boolean {
  for (const re of DIRECTED.slice(1)) {
    const m = re.exec(masked);
    if (m?.[1] && PASSIVE_BEFORE.test(m[1])) return !PASSIVE_AFTER.test(m[3] ?? '');
  }
  return false;
}

/** "or another member", "or any other official", "or anyone else": the subject is one of a group. */
const WIDENED = /\bor (?:another|any other|anyone else|someone else|any (?:other )?member|other)\b/i;

export function widenedSubject(title: string): boolean {
  return WIDENED.test(title);
}

export type Words = (text: string) => string[];

/** Levels on one side of "A before B" ("below $30,000"), so a swapped order is seen. */
function sideNumbers(text: string): string[] {
  return extractNumbers(text).map((c) => `#${c.value}`);
}

/** "US" is a stop word elsewhere ("us"), but as a party to a strike or a sanction, capitalised, it is the country. */
const UNITED_STATES = /(?:^|[^A-Za-z])(?:US|U\.S\.|USA|United States)(?![A-Za-z])/;

function sideEntities(text: string, from: number, to: number): string[] {
  const part = text.slice(from, to);
  const keys = extractEntities(part).entities.map((e) => e.key);
  return UNITED_STATES.test(part) && !keys.includes('country:united states') ? [...keys, 'country:united states'] : keys;
}

/**
 * The two sides of a directed question, each as its words, entities and levels, so a market asking
 * the reverse is told apart. `masked` has dates blanked; `entityText` is the same text unblanked.
 */
export function orderedSides(masked: string, entityText: string, words: Words): [string[], string[]] | null {
  // "Will the US strike Iran before July 1": "before" a date (blanked) orders nothing, so the next verb is tried.
  for (const re of DIRECTED) {
    const m = re.exec(masked);
    if (!m || !m[1] || !m[3]) continue;
    const left = words(m[1]).concat(sideEntities(entityText, 0, m[1].length), sideNumbers(m[1])).sort();
    const right = words(m[3]).concat(sideEntities(entityText, m[1].length + (m[2]?.length ?? 0), masked.length), sideNumbers(m[3])).sort();
    if (left.length === 0 || right.length === 0) continue;
    // The agent is the one after "by": the sides are put back in the active order.
    return PASSIVE_BEFORE.test(m[1]) && PASSIVE_AFTER.test(m[3]) ? [right, left] : [left, right];
  }
  return null;
}
