/**
 * Full-text search semantics of the DocumentStore port (`$text`), shared by both adapters so they find and rank
 * the same documents:
 *   - text is folded: Unicode compatibility decomposition, combining marks dropped, lower case
 *     ("Zürich" = "zurich", "POKÉMON" = "pokemon");
 *   - a word is a run of letters and digits; the query's words (at most MAX_SEARCH_TERMS, repeats dropped) must
 *     all occur in the indexed fields, each as a whole word, except the last, which may be a word's prefix
 *     (typing "bitc" finds "Bitcoin");
 *   - relevance is a function of the query and the document alone (never of the rest of the collection, so it
 *     does not move while other documents change and cursors over it stay stable): per query word, the best of
 *     its matches over the fields, a whole word counting 2 × the field's weight and a prefix 1 × the weight;
 *     summed over the words. Integers, so both adapters compare them exactly.
 */
export const MAX_SEARCH_TERMS = 8;

const MARKS = /\p{M}+/gu;
const NON_WORD = /[^\p{L}\p{N}]+/u;

export function foldText(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

export function words(text: string): string[] {
  return foldText(text)
    .split(NON_WORD)
    .filter((w) => w.length > 0);
}

/** The query's words in order, repeats dropped, at most MAX_SEARCH_TERMS; the last one matches as a prefix. */
export function searchTerms(query: string): string[] {
  return [...new Set(words(query))].slice(0, MAX_SEARCH_TERMS);
}

/** A field's text with its weight (a positive integer). */
export type WeightedText = readonly [text: unknown, weight: number];

/** Relevance of a document for the terms, or null when some term matches none of the fields. */
export function textScore(fields: readonly WeightedText[], terms: readonly string[]): number | null {
  if (terms.length === 0) return null;
  const fieldWords = fields.map(([text, weight]) => ({ words: typeof text === 'string' ? words(text) : [], weight }));
  let total = 0;
  terms.forEach((term, i) => {
    const isPrefix = i === terms.length - 1;
    let best = 0;
    for (const f of fieldWords) {
      if (f.words.includes(term)) best = Math.max(best, 2 * f.weight);
      else if (isPrefix && f.words.some((w) => w.startsWith(term))) best = Math.max(best, f.weight);
    }
    total = best === 0 || total < 0 ? -1 : total + best;
  });
  return total < 0 ? null : total;
}

/**
 * Latin letters with diacritics, grouped by their base letter: what a regular-expression engine that cannot
 * fold accents (MongoDB's) needs to match "zurich" against "Zürich".
 */
function buildFoldClasses(): ReadonlyMap<string, string> {
  const classes = new Map<string, Set<string>>();
  const ranges: Array<[number, number]> = [
    [0x00c0, 0x024f],
    [0x1e00, 0x1eff],
  ];
  for (const [from, to] of ranges) {
    for (let cp = from; cp <= to; cp++) {
      const ch = String.fromCodePoint(cp);
      const base = foldText(ch);
      if (!/^[a-z]$/.test(base)) continue;
      if (!classes.has(base)) classes.set(base, new Set([base, base.toUpperCase()]));
      classes.get(base)?.add(ch);
    }
  }
  return new Map([...classes].map(([base, set]) => [base, [...set].join('')]));
}
const FOLD_CLASSES = buildFoldClasses();

/** A regular-expression fragment matching a folded term against unfolded text (accents and case). */
export function foldingPattern(term: string): string {
  // Each letter may carry combining marks when the stored text is decomposed (NFD "u" + U+0308).
  let out = '';
  for (const ch of term) {
    const cls = FOLD_CLASSES.get(ch);
    if (cls) out += `[${cls}]\\p{M}*`;
    else if (/[\p{L}\p{N}]/u.test(ch)) out += `${ch}\\p{M}*`;
    else out += `\\${ch}`;
  }
  return out;
}

/** Word-boundary patterns for a term (whole word, or prefix of a word), case-insensitive with the `i` flag. */
export function termPatterns(term: string): { whole: string; prefix: string } {
  const body = foldingPattern(term);
  const before = '(?:^|[^\\p{L}\\p{N}])';
  return { whole: `${before}${body}(?:[^\\p{L}\\p{N}]|$)`, prefix: `${before}${body}` };
}
