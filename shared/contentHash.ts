import { hash } from 'node:crypto';

/** Object keys as JSON writes them, memoised: market documents repeat the same few dozen field names. */
const quotedKeys = new Map<string, string>();
const QUOTED_KEYS_MAX = 10_000;
function quoted(key: string): string {
  let q = quotedKeys.get(key);
  if (q === undefined) {
    q = JSON.stringify(key);
    if (quotedKeys.size < QUOTED_KEYS_MAX) quotedKeys.set(key, q);
  }
  return q;
}

/**
 * JSON with object keys sorted, so equal content always serialises (and hashes) the same. Keys whose value is
 * undefined are left out; any other value JSON has no form for (a function, a symbol, undefined in an array)
 * is written `null`, and a hole in an array as nothing (`[1,,2]`). Written as loops over sorted keys: it hashes
 * every market the processor publishes, where the entries/filter/sort/map version cost ~30 us a market.
 */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      if (i in value) out += stableStringify(value[i]);
    }
    return `${out}]`;
  }
  const obj = value as Record<string, unknown>;
  // Default sort: UTF-16 code unit order, as comparing the strings with < and > does.
  const keys = Object.keys(obj).sort();
  let out = '{';
  let first = true;
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined) continue;
    if (!first) out += ',';
    first = false;
    out += `${quoted(k)}:${stableStringify(v)}`;
  }
  return `${out}}`;
}

/** Short content hash (first 16 hex chars of SHA-256 over the stable JSON). */
export function contentHash(value: unknown): string {
  return hash('sha256', stableStringify(value), 'hex').slice(0, 16);
}
