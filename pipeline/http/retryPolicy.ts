import { VenueError } from '../../shared/errors.ts';

/**
 * Parses a `Retry-After` header: delay-seconds or an HTTP date. Returns milliseconds to wait,
 * or undefined when the header is absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

export interface BackoffOptions {
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly random: () => number;
}

/** Exponential back-off with full jitter (AWS architecture blog): uniform in [0, min(cap, base * 2^n)). */
export function backoffDelay(attempt: number, opts: BackoffOptions): number {
  const ceiling = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(opts.random() * ceiling);
}

/**
 * Maps an HTTP status to a VenueError code. 429 and 5xx are retryable; other 4xx are not,
 * because repeating a bad request only burns the venue's rate budget.
 */
export function errorForStatus(
  venue: string,
  status: number,
  url: string,
  retryAfterMs: number | undefined,
  bodySnippet: string,
): VenueError {
  const retryAfterSeconds = retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000);
  const detail = bodySnippet ? `: ${bodySnippet}` : '';
  const where = `${venue} ${url} answered HTTP ${status}${detail}`;
  if (status === 429) return new VenueError(venue, 'RATE_LIMITED', where, { httpStatus: status, retryAfterSeconds });
  if (status >= 500) return new VenueError(venue, 'VENUE_UNAVAILABLE', where, { httpStatus: status, retryAfterSeconds });
  if (status === 404) return new VenueError(venue, 'NOT_FOUND', where, { httpStatus: status });
  if (status === 401 || status === 403) return new VenueError(venue, 'UNAUTHORIZED', where, { httpStatus: status });
  return new VenueError(venue, 'BAD_REQUEST', where, { httpStatus: status });
}
