/**
 * Which source words can ever be produced by transformers.js's BERT tokenizer front end
 * (BertNormalizer: clean, CJK spacing, lowercase, strip accents; BertPreTokenizer: split on
 * whitespace and punctuation). Words it could never emit as one token are dead weight in the table.
 */
const PUNCT = '\\p{P}\\u0021-\\u002F\\u003A-\\u0040\\u005B-\\u0060\\u007B-\\u007E';
const WORD_TOKEN = new RegExp(`^[^\\s${PUNCT}]+$`, 'u');
const PUNCT_TOKEN = new RegExp(`^[${PUNCT}]$`, 'u');
const CJK = /[\u4E00-\u9FFF\u3400-\u4DBF\uF900-\uFAFF]|[\u{20000}-\u{2FA1F}]/u;
const CONTROL = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\uFFFD]/u;

/** The token a source word becomes after normalisation, or null when no input can produce it. */
export function reachableToken(word: string): string | null {
  if (word.length === 0 || CONTROL.test(word)) return null;
  const normalized = word.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (normalized.length === 0) return null;
  if (PUNCT_TOKEN.test(normalized)) return normalized;
  if (!WORD_TOKEN.test(normalized)) return null;
  if (CJK.test(normalized) && [...normalized].length > 1) return null;
  // WordPiece gives up on longer words, so their rows could never be looked up.
  if ([...normalized].length > 100) return null;
  return normalized;
}

/**
 * Smooth inverse frequency weight a / (a + p(w)) (Arora et al., 2017), with p(w) estimated from the
 * word's frequency rank by Zipf's law since the source ships ranks, not counts.
 */
export function sifWeight(rank: number, vocabularySize: number, a: number): number {
  const harmonic = Math.log(vocabularySize) + 0.5772156649;
  const p = 1 / ((rank + 1) * harmonic);
  return a / (a + p);
}
