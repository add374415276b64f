import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Webhook URLs may only reach the public internet: a URL that resolves to a private, loopback,
 * link-local, multicast or otherwise reserved address would let any account make our servers call
 * into their own network. Checked when an alert is saved, and again at every delivery on the very
 * addresses the connection uses (a host may resolve differently later).
 */
export interface WebhookPolicy {
  /** Production: https only. */
  readonly requireHttps: boolean;
  /** Tests only (ALERTS_WEBHOOK_ALLOW_PRIVATE): private and loopback addresses allowed. */
  readonly allowPrivate: boolean;
}

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Only ordinary public unicast addresses; IPv4-mapped IPv6 is judged as the IPv4 address it carries. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** Syntax and scheme only (no DNS). */
export function checkWebhookUrlSyntax(raw: string, policy: WebhookPolicy): UrlCheck {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return { ok: false, reason: `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'must be an absolute URL such as https://example.com/hooks/concord' };
  }
  const scheme = url.protocol.slice(0, -1).slice(0, 20);
  if (policy.requireHttps && url.protocol !== 'https:') return { ok: false, reason: `must use https, not ${scheme}` };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: `must use https (or http outside production), not ${scheme}` };
  if (url.username || url.password) return { ok: false, reason: 'must not carry credentials (user:password@); authenticate the request with the signature instead' };
  if (url.hash) return { ok: false, reason: 'must not have a #fragment' };
  if (!url.hostname) return { ok: false, reason: 'must name a host' };
  return { ok: true, url };
}

/** The host without IPv6 brackets, as DNS and isIP expect it. */
export const bareHost = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

export function resolveAll(host: string, timeoutMs: number): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`resolving ${host} took longer than ${timeoutMs} ms`)), timeoutMs);
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => {
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(addresses);
    });
  });
}

/** The first address that may not be called, or null when every one is public (or private ones are allowed). */
export function forbiddenAddress(addresses: readonly string[], policy: WebhookPolicy): string | null {
  if (policy.allowPrivate) return null;
  return addresses.find((a) => !isPublicAddress(a)) ?? null;
}

/** Full check when an alert is saved: syntax, scheme, and every address the host resolves to. */
export async function checkWebhookUrl(raw: string, policy: WebhookPolicy, resolveTimeoutMs = 3_000): Promise<UrlCheck> {
  const syntax = checkWebhookUrlSyntax(raw, policy);
  if (!syntax.ok) return syntax;
  const host = bareHost(syntax.url);
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await resolveAll(host, resolveTimeoutMs)).map((a) => a.address);
    } catch {
      return { ok: false, reason: `host '${host}' does not resolve` };
    }
    if (addresses.length === 0) return { ok: false, reason: `host '${host}' does not resolve` };
  }
  const bad = forbiddenAddress(addresses, policy);
  if (bad !== null) return { ok: false, reason: `must reach a public address; '${host}' is ${bad}, a private, loopback, link-local or reserved address` };
  return syntax;
}
