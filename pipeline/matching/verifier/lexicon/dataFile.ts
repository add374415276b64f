/**
 * Lexicons are data: word lists, phrase rewrites and name tables live as JSON beside this file
 * (lexicon/data/) and are read once at start-up. A missing or damaged file is a packaging error
 * that must fail loudly, unlike the optional neighbour table.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function readLexicon<T>(name: string): T {
  const file = fileURLToPath(new URL(`./data/${name}`, import.meta.url));
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** A regular expression kept as data: its source, flags, and what it rewrites to. */
export interface PatternEntry {
  readonly pattern: string;
  readonly flags: string;
  readonly to: string;
  readonly why?: string;
}

/** Entries of a pattern file, headings ({"group": ...}) skipped, compiled in order. */
export function readPatterns(name: string): readonly (readonly [RegExp, string])[] {
  return readLexicon<(PatternEntry | { group: string })[]>(name)
    .filter((e): e is PatternEntry => 'pattern' in e)
    .map((e) => [new RegExp(e.pattern, e.flags), e.to] as const);
}
