/**
 * A club named two ways in two titles outside a game ("Will PSG win Ligue 1?" against "Ligue 1 Winner:
 * Paris Saint-Germain"). The team-name groups of `sideAliases.json` say which names are one club; here
 * they are looked for in the whole text, and only a pair of texts that name one group by two of its names
 * has those words explained. A name alone is never read as the club ("Missouri" the state stays a state),
 * since nothing is explained unless the partner names the same group.
 */
import { foldAccents } from '../read/phrases.ts';
import type { Proposition } from '../types.ts';
import { SIDE_ALIASES } from './sides.ts';

const words = (text: string): string[] => foldAccents(text).toLowerCase().replace(/&/g, ' ').split(/[^a-z0-9']+/).filter((w) => w.length > 0);

interface AliasName {
  readonly group: number;
  readonly words: readonly string[];
}

/** Every group's names by their first word, longest first, so "Paris Saint Germain" is tried before "Paris SG". */
const BY_FIRST_WORD = new Map<string, AliasName[]>();
SIDE_ALIASES.forEach((names, group) => {
  for (const name of names) {
    const w = words(name);
    const first = w[0];
    // Two-letter codes ("OM", "MI", "TL") are other words in running text: a state, a unit.
    if (first === undefined || w.join(' ').length < 3) continue;
    const list = BY_FIRST_WORD.get(first) ?? [];
    list.push({ group, words: w });
    BY_FIRST_WORD.set(first, list);
  }
});
for (const list of BY_FIRST_WORD.values()) list.sort((x, y) => y.words.length - x.words.length);

/** The alias groups a text names, each with the words of the name it used. */
const FOUND = new WeakMap<Proposition, ReadonlyMap<number, readonly string[]>>();
function namedGroups(p: Proposition): ReadonlyMap<number, readonly string[]> {
  let found = FOUND.get(p);
  if (found) return found;
  const tokens = words(p.text);
  const out = new Map<number, string[]>();
  for (let i = 0; i < tokens.length; i++) {
    for (const name of BY_FIRST_WORD.get(tokens[i] ?? '') ?? []) {
      if (!name.words.every((w, k) => tokens[i + k] === w)) continue;
      out.set(name.group, [...(out.get(name.group) ?? []), ...name.words]);
      i += name.words.length - 1;
      break;
    }
  }
  found = out;
  FOUND.set(p, found);
  return found;
}

/**
 * The words each market spends naming a club the other names by another of its names: explained by the
 * partner, as a stem or a synonym would be. Empty when the two name no common group by two names.
 */
export function clubNameWords(a: Proposition, b: Proposition): readonly [ReadonlySet<string>, ReadonlySet<string>] {
  const ga = namedGroups(a);
  const gb = namedGroups(b);
  const inA = new Set<string>();
  const inB = new Set<string>();
  for (const [group, wa] of ga) {
    const wb = gb.get(group);
    if (!wb || wa.join(' ') === wb.join(' ')) continue;
    for (const w of wa) inA.add(w);
    for (const w of wb) inB.add(w);
  }
  return [inA, inB];
}
