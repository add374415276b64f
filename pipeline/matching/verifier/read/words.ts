/**
 * Content words: what a title says once function words are dropped, each reduced to one canonical
 * spelling (plain stems and the synonym table), so venues' phrasings of one idea compare equal.
 */
import { STOPWORDS, SYNONYMS } from '../lexicon/vocabulary.ts';

/**
 * The table's own entry only: a plain `SYNONYMS[w]` answered "constructor" (F1's Constructors' Championship) with
 * `Object`, the prototype's function, which then stood in the proposition's words and failed its structured clone.
 */
const synonym = (w: string): string | undefined => (Object.hasOwn(SYNONYMS, w) ? SYNONYMS[w] : undefined);

function stem(w: string): string {
  if (synonym(w)) return w;
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ed') && !w.endsWith('eed')) return w.slice(0, -2);
  return w;
}

export function canonicalWord(word: string): string {
  const w = stem(word);
  const base = synonym(w) ?? w;
  if (base.length > 4 && base.endsWith('s') && !base.endsWith('ss') && !base.endsWith('us')) return synonym(base.slice(0, -1)) ?? base.slice(0, -1);
  return base;
}

/** Numeric ordinals up to ten read as their words, so "3rd" and "third" are one word (other numbers are not content words). */
const ORDINAL_WORDS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const NUMERIC_ORDINAL = /\b(10|[1-9])(?:st|nd|rd|th)\b/g;

/** `text` (lower case) with "1st" to "10th" written as words. */
export function spelledOrdinals(text: string): string {
  return text.replace(NUMERIC_ORDINAL, (_, n: string) => ORDINAL_WORDS[Number(n) - 1]!);
}

/** "Linkoeping" / "Linkoping", "Luleaa" / "Lulea": a spelled-out umlaut or ring is the plain letter. */
export const transliterated = (w: string): string => (/aa|ae|oe|ue/.test(w) ? w.replace(/aa|ae/g, 'a').replace(/oe/g, 'o').replace(/ue/g, 'u') : w);

export function contentWords(text: string): string[] {
  const words = spelledOrdinals(text.toLowerCase())
    .replace(/most valuable player/g, 'mvp')
    .split(/[^a-z0-9'&+]+/)
    .map((w) => w.replace(/^'+|'+$/g, '').replace(/'s$/, ''))
    .filter((w) => w.length > 1 && !STOPWORDS.has(w) && !/^\d/.test(w));
  return [...new Set(words.map((w) => transliterated(canonicalWord(w))))];
}
