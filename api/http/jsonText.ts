import secureJson from 'secure-json-parse';

/**
 * Deepest nesting of arrays and objects any JSON we accept may have. Request bodies here are at most a
 * few levels deep (an alert's condition is two); the bound is checked on the text, before anything
 * (the parser, a schema, JSON.stringify in an error message) walks the value recursively.
 */
export const MAX_JSON_DEPTH = 32;

export type JsonTextResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly reason: 'too_deep' | 'forbidden_key' | 'syntax'; readonly detail: string };

/**
 * The deepest nesting of `[`/`{` in a JSON text, counted on the characters (strings skipped), stopping
 * as soon as `limit` is passed. Linear and iterative, so a hostile text cannot exhaust the stack here.
 */
export function jsonNestingDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return deepest;
}

/** V8 names the character where parsing failed; the snippet it also quotes may hold a secret, so keep only the position. */
function syntaxDetail(err: unknown): string {
  const message = err instanceof Error ? err.message : '';
  const position = /position (\d+)/.exec(message)?.[1];
  if (position !== undefined) return `at character ${position}`;
  if (/end of (JSON|data) input/i.test(message)) return 'it ends too early';
  return 'it does not parse';
}

/**
 * Parses untrusted JSON text: refuses nesting deeper than `maxDepth` before parsing, and any
 * `__proto__` key or `constructor.prototype` pair (prototype pollution) after.
 */
export function parseJsonText(text: string, maxDepth = MAX_JSON_DEPTH): JsonTextResult {
  if (jsonNestingDepth(text, maxDepth) > maxDepth) {
    return { ok: false, reason: 'too_deep', detail: `arrays and objects may nest at most ${maxDepth} levels deep` };
  }
  try {
    return { ok: true, value: secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }) };
  } catch (err) {
    if (err instanceof SyntaxError && /forbidden prototype property/.test(err.message)) {
      return { ok: false, reason: 'forbidden_key', detail: 'keys named "__proto__", or "constructor" holding "prototype", are not accepted' };
    }
    return { ok: false, reason: 'syntax', detail: syntaxDetail(err) };
  }
}
