import { ERROR_HTTP_STATUS, type ErrorCode } from '../../shared/errors.ts';
import type { RouteAuth, RouteContract } from './contract.ts';

/** The spec's three credential kinds (Authentication), plus the refresh token's two carriers. */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Session access token from POST /api/v1/auth/login (15 minutes). On POST /api/v1/auth/refresh the bearer is the refresh token instead.',
  },
  accessCookie: { type: 'apiKey', in: 'cookie', name: 'svc_access', description: 'httpOnly session cookie set by login (same session as the bearer token).' },
  siweCookie: { type: 'apiKey', in: 'cookie', name: 'svc_siwe', description: 'httpOnly wallet-session cookie set by POST /api/v1/siwe/verify (watchlists, alerts, wallet tracker).' },
  refreshCookie: { type: 'apiKey', in: 'cookie', name: 'svc_refresh', description: 'httpOnly refresh cookie set by login (7 days), accepted by POST /api/v1/auth/refresh.' },
  apiKeyHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'API key from POST /api/v1/console/keys (svc_…). The role names in a security requirement are the scopes the key must hold.',
  },
} as const;

export function securityFor(auth: RouteAuth): Array<Record<string, string[]>> {
  if (auth === 'none' || auth === 'public') return [];
  if (auth === 'session') return [{ bearerAuth: [] }, { accessCookie: [] }];
  if (auth === 'account') return [{ bearerAuth: [] }, { accessCookie: [] }, { siweCookie: [] }];
  if (auth === 'refresh') return [{ bearerAuth: [] }, { refreshCookie: [] }];
  return [{ apiKeyHeader: auth.apiKey ? [auth.apiKey] : [] }];
}

/** The rate tier a caller of this route lands in (docs/rate-limits.md). */
export function tierFor(auth: RouteAuth, path: string): string {
  if (path === '/health' || path === '/ready') return 'probe';
  if (auth === 'session' || auth === 'account') return 'session';
  if (typeof auth === 'object') return 'apiKey';
  return 'product';
}

/** Headers every response carries, refusals included (spec: Limits). */
export const COMMON_HEADERS = {
  'X-RateLimit-Limit': { description: 'Maximum requests in the current window.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests remaining in the window.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) when the window resets.', schema: { type: 'integer' } },
  'X-Request-Id': { description: 'Id of this request in the server log (the caller’s own X-Request-Id when well-formed).', schema: { type: 'string' } },
} as const;

export const RETRY_AFTER = { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } as const;

/** Error codes a route can answer with: its own, plus the ones its auth, inputs and the middleware add. */
export function errorCodesFor(c: RouteContract, hasPathParams: boolean): ErrorCode[] {
  const codes = new Set<ErrorCode>(c.errors ?? []);
  if (c.query || c.params || c.body || hasPathParams) codes.add('INVALID_REQUEST');
  if (c.body) {
    codes.add('INVALID_REQUEST');
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  if (c.auth === 'session' || c.auth === 'account' || c.auth === 'refresh') codes.add('UNAUTHORIZED');
  // A presented X-API-Key that is invalid or revoked is refused on every API route (api/middleware/failedApiKey.ts).
  if (c.auth !== 'none') codes.add('INVALID_API_KEY');
  if (typeof c.auth === 'object' && c.auth.apiKey) codes.add('FORBIDDEN');
  codes.add('RATE_LIMITED');
  codes.add('QUOTA_EXCEEDED');
  codes.add('INTERNAL_ERROR');
  return [...codes];
}

/** Codes grouped by the HTTP status they are sent with. */
export function byHttpStatus(codes: readonly ErrorCode[]): Map<number, ErrorCode[]> {
  const out = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_HTTP_STATUS[code];
    out.set(status, [...(out.get(status) ?? []), code]);
  }
  return new Map([...out.entries()].sort((a, b) => a[0] - b[0]));
}

/** What each tag groups, shown as section introductions in the reference. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  Health: 'Process and dependency probes for load balancers; no authentication.',
  Markets: 'Venue markets normalised to one shape (prices 0-1, volumes in the venue currency, null where a venue publishes nothing).',
  Questions: 'Canonical questions linking equivalent markets across venues, with the volume-weighted index.',
  Platforms: 'The venues Concord ingests and their health.',
  Auth: 'Email-and-password accounts, sessions and password reset.',
  SIWE: 'Sign-In with Ethereum: wallet sessions, kept apart from email accounts.',
  Console: 'API keys, usage statistics and request logs of the signed-in account.',
  External: 'Routes for API keys (X-API-Key), each requiring a scope.',
  'Wallet tracker': "One wallet's positions and trades across six venues.",
  Arbitrage: 'Cross-venue arbitrage: fee-adjusted, scored 0-100, classified, with a lifecycle (docs/arbitrage.md).',
  Watchlists: 'Named lists of canonical questions and venue markets of the account (email or wallet session).',
  Alerts: 'Price alerts on an index price or a venue market, with email and signed-webhook notifications.',
  Documentation: 'This document.',
};
