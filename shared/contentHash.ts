import { hash } from 'node:crypto';

/** JSON with object keys sorted, so equal content always serialises (and hashes) the same. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
}

/** Short content hash (first 16 hex chars of SHA-256 over the stable JSON). */
export function contentHash(value: unknown): string {
  return hash('sha256', stableStringify(value), 'hex').slice(0, 16);
}
