import type { Middleware } from 'koa';
import type { ZodType } from 'zod';
import type { ErrorCode } from '../../shared/errors.ts';
import type { Scope } from '../auth/scopes.ts';

/**
 * Who may call a route, as the route's guard enforces it (api/auth/guards.ts):
 * - `none`: no credentials are looked at (probes, the documentation pages);
 * - `public`: anyone; credentials, when sent, only choose the rate tier;
 * - `session`: an email-account session (Bearer access token or `svc_access` cookie);
 * - `account`: a session or the `svc_siwe` wallet session (watchlists, alerts);
 * - `refresh`: the refresh token (Bearer or `svc_refresh` cookie);
 * - `{ apiKey: scope }`: `X-API-Key` holding that scope (`null`: any active key).
 */
export type RouteAuth = 'none' | 'public' | 'session' | 'account' | 'refresh' | { readonly apiKey: Scope | null };

/** A documented response: a zod schema of the JSON body, or the full form for other media types. */
export interface ResponseSpec {
  readonly description?: string;
  /** Body schema (JSON unless `contentType` says otherwise). Omit for an empty body. */
  readonly schema?: ZodType;
  /** `application/json` unless given (`text/html`, `text/event-stream`). */
  readonly contentType?: string;
  /** Server-Sent Events only: the `event:` names this stream sends and the schema of each one's `data:`. */
  readonly events?: Readonly<Record<string, ZodType>>;
  /** Response headers beyond the ones every response carries (X-RateLimit-*, X-Request-Id). */
  readonly headers?: Readonly<Record<string, { readonly description: string; readonly schema?: Record<string, unknown> }>>;
}

/**
 * What a route promises, declared once beside its handler. `query`, `params` and `body` are the very
 * zod schemas the handler validates with; `responses` describe its success bodies; `errors` name the
 * codes the handler itself can answer with (the ones every route shares — rate limit, quota, the
 * guard's 401/403, 400 for bad input, 413/415 for bodies, 500 — are added by the document builder).
 */
export interface RouteContract {
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly auth: RouteAuth;
  readonly params?: ZodType;
  readonly query?: ZodType;
  readonly body?: ZodType;
  /**
   * JSON Schema for properties whose zod schema cannot say what it accepts (a custom transform),
   * merged by name into the documented query, path and body properties.
   */
  readonly fieldDocs?: Readonly<Record<string, Record<string, unknown>>>;
  /** The body may be left out entirely (default: required when `body` is given). */
  readonly bodyOptional?: boolean;
  readonly responses: Readonly<Record<number, ZodType | ResponseSpec>>;
  readonly errors?: readonly ErrorCode[];
  /** Served, but not an API operation (HTML pages, static assets): left out of the document. */
  readonly hidden?: boolean;
  readonly operationId?: string;
}

const CONTRACTS = new WeakMap<Middleware, RouteContract>();

/**
 * Declares a route's contract where the route is registered:
 * `router.get('/markets/:id', contract({...}), handler)`. It returns a middleware that only passes
 * the request on; the document builder (api/openapi/document.ts) walks the app's routers, finds this
 * middleware in each route's stack and reads the contract from it, so method and path come from
 * the router itself and cannot disagree with what is served.
 */
export function contract(spec: RouteContract): Middleware {
  const passThrough: Middleware = (_ctx, next) => next();
  CONTRACTS.set(passThrough, spec);
  return passThrough;
}

/** The contract a middleware carries, if it is one made by contract(). */
export function contractOf(fn: unknown): RouteContract | undefined {
  return typeof fn === 'function' ? CONTRACTS.get(fn as Middleware) : undefined;
}
