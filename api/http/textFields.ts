import { z } from 'zod';

/** A zod error message: 'is required' when the field is missing, `otherwise` when it is there but wrong. */
export const required = (otherwise: string) => (issue: { readonly input?: unknown }) => (issue.input === undefined ? 'is required' : otherwise);

/** Bidirectional formatting characters: they reorder how text around them is shown (spoofing). */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** C0 and C1 controls, NUL and DEL included. */
const CONTROLS = /\p{Cc}/u;
/** Line and paragraph separators, and noncharacters: never part of a name. */
const SEPARATORS_AND_NONCHARACTERS = /[\u2028\u2029\uFDD0-\uFDEF\uFFFE\uFFFF]/u;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (no u flag: code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isWellFormedUnicode(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

const codePoint = (c: string) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * What makes a piece of user text unfit to store and show back, or null: a lone surrogate (not
 * Unicode at all), a control character (NUL, newline, escape...), a bidirectional override or
 * isolate, a line separator or a noncharacter.
 */
export function unsafeTextProblem(text: string): string | null {
  if (!isWellFormedUnicode(text)) return 'contains a lone surrogate (not valid Unicode)';
  const control = CONTROLS.exec(text);
  if (control) return `contains the control character ${codePoint(control[0])}`;
  const bidi = BIDI_CONTROLS.exec(text);
  if (bidi) return `contains the bidirectional formatting character ${codePoint(bidi[0])}`;
  const other = SEPARATORS_AND_NONCHARACTERS.exec(text);
  if (other) return `contains the character ${codePoint(other[0])}, which names may not hold`;
  return null;
}

/**
 * A name people see (an account's name, an API key's, a watchlist's): a string, NFC-normalised and
 * trimmed, `min`-`max` characters, free of the characters unsafeTextProblem refuses. Every route that
 * stores a user-given name should use this, so names behave the same everywhere.
 */
export const displayNameField = (min = 1, max = 100) =>
  z
    .string({ error: required('must be a string') })
    .superRefine((v, ctx) => {
      const problem = unsafeTextProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => v.normalize('NFC').trim())
    .pipe(z.string().min(min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`).max(max, `must be at most ${max} characters`));
