import { createHash } from 'node:crypto';
import { parse as uuidParse, v5 as uuidv5, v4 as uuidv4 } from 'uuid';

/** Concord's namespace for name-based (v5) UUIDs; fixed forever so ids are stable across runs. */
const CONCORD_NAMESPACE = '6f1d3c2e-8a57-4b8e-9a4c-0c5b7d1e2f30';

/** Namespaces as their 16 bytes (Concord's, and whatever a test passes). */
const namespaces = new Map<string, Buffer>();
/** An unpaired surrogate: in a `u` regexp a pair is one code point, so only a lone one is of category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * RFC 9562 name-based (SHA-1) UUID of `name` in `namespace`: what uuid's v5 returns, without parsing the
 * namespace and turning the name into bytes through encodeURIComponent on every call (about half its cost;
 * every market the processor's workers parse gets its id here). A name with a lone surrogate, which is not
 * UTF-8, goes to uuid's v5, which throws on it as before.
 */
export function uuidV5(name: string, namespace: string): string {
  if (LONE_SURROGATE.test(name)) return uuidv5(name, namespace);
  let ns = namespaces.get(namespace);
  if (!ns) {
    // uuid's own parse validates it (and throws on a malformed namespace, as v5 did).
    ns = Buffer.from(uuidParse(namespace));
    namespaces.set(namespace, ns);
  }
  const h = createHash('sha1').update(ns).update(name, 'utf8').digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.toString('hex', 0, 16);
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

/** Deterministic UUID for a name: the same venue market always gets the same id. */
export function uuidFromName(name: string): string {
  return uuidV5(name, CONCORD_NAMESPACE);
}

export function marketId(platform: string, platformMarketId: string): string {
  return uuidFromName(`market:${platform}:${platformMarketId}`);
}

export function randomId(): string {
  return uuidv4();
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export function isUuid(value: unknown): boolean {
  return typeof value === 'string' && UUID_RE.test(value);
}

/**
 * A UUID as Concord stores it: lower case. UUIDs are case-insensitive on input (RFC 9562), so a client
 * sending `F02109F6-…` means the same resource as `f02109f6-…`; every id read from a request goes through this.
 */
export function canonicalUuid(value: string): string {
  return value.toLowerCase();
}
