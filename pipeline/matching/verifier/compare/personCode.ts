/**
 * A Kalshi person code ("JVAN") read again with the person the partner market names, when exactly one
 * of the partner's people fits the code. Nothing fits: the code stays the subject, and the entity
 * check refuses the pair with the code and the partner's name as its reason.
 */
import { extractProposition } from '../read/proposition.ts';
import { codeFitsName, type CodeKind } from '../read/tickerSeries.ts';
import type { PropEntity, Proposition } from '../types.ts';

const RESOLVED = new WeakMap<Proposition, Map<string, Proposition>>();
const escape = (x: string): string => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The people a market names, each with the spelling that has the initial or first name written before it ("A. Ocasio-Cortez"). */
function namesIn(p: Proposition, kind: CodeKind): { label: string; spellings: string[] }[] {
  const named = (e: PropEntity): boolean => e.group === 'person' || e.group === 'name' || ((kind === 'country' || kind === 'club' || kind === 'any') && (e.group === 'place' || e.group === 'team'));
  const labels = [...new Set(p.entities.filter(named).map((e) => e.label))];
  return labels.map((label) => {
    const before = new RegExp(`([A-Z][a-z]*\\.?)\\s+${escape(label)}`).exec(p.text);
    return { label, spellings: before?.[1] && !label.startsWith(before[1]) ? [label, `${before[1]} ${label}`] : [label] };
  });
}

export function resolvedCode(p: Proposition, other: Proposition): Proposition {
  const code = p.personCode;
  if (!code || other.personCode) return p;
  const kind = p.personCodeKind ?? 'person';
  const fitting = namesIn(other, kind).flatMap(({ spellings }) => spellings.filter((n) => codeFitsName(code, n, kind)).slice(0, 1));
  // Two name entities of one person ("name:jon", "name:stewart") share a label: count people, not entities.
  const fits = new Set(fitting);
  if (fits.size !== 1) return p;
  const [name] = [...fits] as [string];
  let byName = RESOLVED.get(p);
  if (!byName) RESOLVED.set(p, (byName = new Map()));
  let q = byName.get(name);
  if (!q) {
    q = extractProposition(p.source, name);
    if (byName.size > 64) byName.clear();
    byName.set(name, q);
  }
  return q;
}

/** A code still unresolved after `resolvedCode` fits nobody the partner names: a refusal with its reason. */
export function unresolvedCode(p: Proposition, other: Proposition): string[] {
  if (!p.personCode || other.personCode) return [];
  const people = other.entities.filter((e) => e.group === 'person' || e.group === 'name').map((e) => e.label);
  return [`Kalshi code ${p.personCode} fits ${people.length > 0 ? `none of: ${[...new Set(people)].join(', ')}` : 'no person the other market names'}`];
}

/**
 * "Who will win the Nobel Peace Prize?" answered Yes, with no code or label naming whom, asks about nobody in
 * particular: it is not the market on one candidate, whatever else the two share.
 */
export function openQuestionAlone(p: Proposition, other: Proposition): string[] {
  if (!p.openQuestion || other.openQuestion) return [];
  return [`an open question answered Yes names nobody ("${p.source.title.slice(0, 80)}"): the other market asks about one`];
}
