import { v5 as uuidv5, v4 as uuidv4 } from 'uuid';

/** Concord's namespace for name-based (v5) UUIDs; fixed forever so ids are stable across runs. */
const CONCORD_NAMESPACE = '6f1d3c2e-8a57-4b8e-9a4c-0c5b7d1e2f30';

/** Deterministic UUID for a name: the same venue market always gets the same id. */
export function uuidFromName(name: string): string {
  return uuidv5(name, CONCORD_NAMESPACE);
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
