/**
 * A country one market names and the other writes another way ("the United States" / "the US",
 * "the United Kingdom" / "Britain"). The reader keeps "US" a stop word, since it is mostly a
 * qualifier ("US Senate", "US GDP") that the other venue leaves out; so the alias counts here, only
 * to say the other market does name that country, never to make it an entity of its own.
 * Abbreviations count only as written in capitals, so the pronoun "us" is never a country.
 */
import { readLexicon } from '../lexicon/dataFile.ts';
import type { PropEntity, Proposition } from '../types.ts';

interface AliasFile {
  readonly abbreviations: Readonly<Record<string, string>>;
  readonly names: Readonly<Record<string, string>>;
}

const FILE = readLexicon<AliasFile>('countryAliases.json');
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternsFor(table: Readonly<Record<string, string>>, flags: string): Map<string, RegExp> {
  const byCountry = new Map<string, string[]>();
  for (const [alias, country] of Object.entries(table)) {
    const key = country.toLowerCase();
    byCountry.set(key, [...(byCountry.get(key) ?? []), alias]);
  }
  return new Map([...byCountry].map(([country, aliases]) => [
    country,
    new RegExp(`(?<![\\w.-])(?:${aliases.sort((x, y) => y.length - x.length).map(escape).join('|')})(?![\\w-]|\\.\\w)`, flags),
  ]));
}

const ABBREVIATIONS = patternsFor(FILE.abbreviations, '');
/** The country's name as written in the table, by its lower-case key (for reasons a person reads). */
const DISPLAY = new Map(Object.values({ ...FILE.abbreviations, ...FILE.names }).map((c) => [c.toLowerCase(), c]));
const NAMES = patternsFor(FILE.names, 'i');

/** Whether the market writes the country `e` under one of its other names or abbreviations. */
export function countryWrittenOtherwise(p: Proposition, e: PropEntity): boolean {
  if (e.group !== 'place' || !e.key.startsWith('country:')) return false;
  const country = e.key.slice('country:'.length);
  const text = `${p.source.title} ${p.source.outcome}`;
  return Boolean(ABBREVIATIONS.get(country)?.test(text) || NAMES.get(country)?.test(text));
}

/** Countries the market writes only under another name or abbreviation ("US", "Britain"), keyed as entities are. */
function countriesWrittenOtherwise(p: Proposition): string[] {
  const text = `${p.source.title} ${p.source.outcome}`;
  const out = new Set<string>();
  for (const [country, re] of [...ABBREVIATIONS, ...NAMES]) if (re.test(text)) out.add(country);
  return [...out].filter((c) => !p.entities.some((e) => e.key === `country:${c}`));
}

/**
 * A country named on one side only, against another country the other market writes as an abbreviation
 * ("Will Mexico win …" / "Will the US win …"): two places, though the reader kept only one as an entity.
 */
export function abbreviatedCountryConflict(a: Proposition, b: Proposition, onlyA: readonly PropEntity[], onlyB: readonly PropEntity[]): string | null {
  const check = (mine: readonly PropEntity[], other: Proposition): string | null => {
    const country = mine.find((e) => e.group === 'place' && e.key.startsWith('country:'));
    if (!country) return null;
    const theirs = countriesWrittenOtherwise(other).filter((c) => `country:${c}` !== country.key);
    return theirs[0] ? `place differs: ${country.label} vs ${DISPLAY.get(theirs[0]) ?? theirs[0]}` : null;
  };
  return check(onlyA, b) ?? check(onlyB, a);
}
