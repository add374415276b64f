/**
 * Kalshi states each market's payout in its rules: "If Chloé Zhao has been nominated for Best Director at the 98th
 * Academy Awards, then the market resolves to Yes." One market of a multi-outcome event ("2026 Best Director Oscar
 * nominations?") names its subject only there and in its yes_sub_title; a feed that keeps the event's title and drops
 * the sub-title leaves a bare "Yes". The subject the rules name is then the market's outcome label, as the sub-title
 * would have been. Only a name the title does not already hold, and only when the label says nothing else.
 */
import type { MarketRef } from '../types.ts';
import { foldAccents } from './phrases.ts';

/** "If <Name> <verb> ..., then the market resolves to Yes": one to four capitalised words before a verb. */
const IF_NAME = /^\s*If\s+((?:\p{Lu}[\p{L}\p{N}.'’&-]*\s+){0,3}\p{Lu}[\p{L}\p{N}.'’&-]*)\s+(?:has|have|is|are|was|were|wins?|becomes?|receives?|gets?|leads?|finishes?|ranks?|holds?)\b[^]*?,\s*then the market resolves to Yes\b/u;

/** Words that open a clause without naming anyone ("If The Fed", "If Any team"). */
const NOT_A_NAME = /^(?:The|A|An|Any|Either|Neither|Both|No|In|On|For|At|By|This|That|These|Those|Its|His|Her|Their|Kalshi|Yes)\b/u;

const fold = (s: string): string => foldAccents(s).toLowerCase();

export function subjectFromRules(ref: MarketRef): string | null {
  if (ref.venue !== 'kalshi' || !/^\s*(?:yes)?\s*$/i.test(ref.outcome)) return null;
  const rules = ref.rules ?? ref.description;
  if (!rules) return null;
  const name = IF_NAME.exec(rules)?.[1]?.trim();
  if (!name || NOT_A_NAME.test(name)) return null;
  const title = fold(ref.title);
  // The title already names it ("Will Ali Khamenei leave office ...?"): the rules only repeat the question.
  return name.split(/\s+/).some((w) => w.length > 2 && title.includes(fold(w))) ? null : name;
}

/** The market with the rules' subject as its label, when its title and label leave the subject out. */
export function withRulesSubject(ref: MarketRef): MarketRef {
  const name = subjectFromRules(ref);
  return name ? { ...ref, outcome: name } : ref;
}
