import type { Document } from 'mongodb';
import type { TextIndexSpec } from '../../shared/ports/documentStore.ts';
import { termPatterns } from '../../shared/text/searchText.ts';
import type { TextQuery } from './queryModel.ts';

/**
 * The port's text search on MongoDB. A text index (no language: no stemming, no stop words; version 3 folds case
 * and accents) narrows the candidates by the query's whole words; the port's exact semantics and its relevance
 * (shared/text/searchText.ts) are then computed per candidate with accent-folding regular expressions, so both
 * adapters find and rank the same documents. The relevance lands in `__score` for later stages to filter and sort.
 *
 * Caveat: MongoDB's tokenizer keeps a word glued to a symbol outside its delimiter set (non-ASCII currency signs,
 * "€100"), so such a word is not found by the index; text fields holding folded words (as the markets read model
 * indexes) avoid it entirely.
 */
export const MONGO_SCORE = '__score';

export function textIndexDefinition(spec: TextIndexSpec): { key: Document; options: Document } {
  const key: Document = {};
  const weights: Document = {};
  for (const [field, weight] of spec.fields) {
    key[field] = 'text';
    weights[field] = weight;
  }
  return { key, options: { name: spec.name, weights, default_language: 'none', language_override: '__no_language_field' } };
}

/** Reads a text index definition back from `listIndexes` output (the port's spec), or null. */
export function specFromIndexes(indexes: readonly Document[]): TextIndexSpec | null {
  const text = indexes.find((ix) => ix.textIndexVersion !== undefined);
  if (!text) return null;
  const weights = (text.weights ?? {}) as Record<string, number>;
  return { name: String(text.name), fields: Object.entries(weights).map(([f, w]) => [f, w] as const) };
}

const asText = (field: string): Document => ({ $cond: [{ $eq: [{ $type: `$${field}` }, 'string'] }, `$${field}`, ''] });
const matches = (field: string, regex: string): Document => ({ $regexMatch: { input: asText(field), regex, options: 'i' } });

/** The first stage: by the text index when the query has whole words, else by the prefix over the fields. */
export function textPrefilter(spec: TextIndexSpec, text: TextQuery): Document {
  const whole = text.terms.slice(0, -1);
  if (whole.length > 0) return { $text: { $search: whole.join(' ') } };
  const last = text.terms[text.terms.length - 1] as string;
  const regex = termPatterns(last).prefix;
  return { $or: spec.fields.map(([f]) => ({ [f]: { $regex: regex, $options: 'i' } })) };
}

/** `__score`: the port's relevance, or null when some word matches no field. */
export function scoreStage(spec: TextIndexSpec, text: TextQuery): Document {
  const vars: Document = {};
  text.terms.forEach((term, i) => {
    const p = termPatterns(term);
    const isLast = i === text.terms.length - 1;
    const perField = spec.fields.map(([f, w]) => ({
      $cond: [matches(f, p.whole), 2 * w, isLast ? { $cond: [matches(f, p.prefix), w, 0] } : 0],
    }));
    vars[`t${i}`] = perField.length === 1 ? perField[0] : { $max: perField };
  });
  const names = text.terms.map((_, i) => `$$t${i}`);
  return {
    $addFields: {
      [MONGO_SCORE]: {
        $let: { vars, in: { $cond: [{ $and: names.map((n) => ({ $gt: [n, 0] })) }, { $add: names }, null] } },
      },
    },
  };
}
