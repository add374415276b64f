import type { Logger } from 'pino';
import { VenueError } from '../../shared/errors.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { VenueDescriptor } from '../venues/types.ts';
import type { HttpClient, HttpRequest, HttpResponse } from './types.ts';
import { TokenBucket } from './tokenBucket.ts';
import { VenueGate, type Sleep } from './venueGate.ts';
import { backoffDelay, errorForStatus, parseRetryAfter } from './retryPolicy.ts';

export interface HttpClientOptions {
  /** Venues this client may call; each descriptor's rate limit and concurrency cap apply. */
  readonly venues: readonly VenueDescriptor[];
  readonly log: Logger;
  /** Attempts per request, first one included (default 4). */
  readonly maxAttempts?: number;
  /** First back-off ceiling in ms (default 500); doubles per attempt up to `maxDelayMs`. */
  readonly baseDelayMs?: number;
  readonly maxDelayMs?: number;
  /**
   * Longest `Retry-After` we wait for inside one call (default 30 s). A venue asking for more
   * gets the error straight back (with `retryAfterSeconds`) so the scheduler can back off.
   */
  readonly maxRetryAfterMs?: number;
  readonly defaultTimeoutMs?: number;
  /** Requests waiting per venue before QUEUE_FULL (default 1000). */
  readonly maxQueue?: number;
  readonly userAgent?: string;
  /** Injectable for tests: no real multi-second waits. */
  readonly sleep?: Sleep;
  readonly now?: () => number;
  readonly random?: () => number;
  readonly fetch?: typeof fetch;
}

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

const SNIPPET = 200;

/** Creates the throttled, retrying transport every live connector uses. */
export function createHttpClient(opts: HttpClientOptions): HttpClient {
  const sleep = opts.sleep ?? realSleep;
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const doFetch = opts.fetch ?? globalThis.fetch;
  const maxAttempts = Math.max(1, opts.maxAttempts ?? 4);
  const backoff = { baseDelayMs: opts.baseDelayMs ?? 500, maxDelayMs: opts.maxDelayMs ?? 30_000, random };
  const maxRetryAfterMs = opts.maxRetryAfterMs ?? 30_000;
  const defaultTimeoutMs = opts.defaultTimeoutMs ?? 15_000;
  const userAgent = opts.userAgent ?? 'concord/0.1 (+https://github.com/concord)';

  const gates = new Map<VenueSlug, VenueGate>();
  for (const d of opts.venues) {
    gates.set(
      d.slug,
      new VenueGate({
        venue: d.slug,
        bucket: new TokenBucket({ ...d.rateLimit, now }),
        maxConcurrency: d.maxConcurrency,
        maxQueue: opts.maxQueue ?? 1000,
        sleep,
      }),
    );
  }

  async function attempt(venue: VenueSlug, req: HttpRequest): Promise<HttpResponse> {
    const timeoutMs = req.timeoutMs ?? defaultTimeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': userAgent, ...req.headers };
    let body: string | undefined;
    if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers['content-type'] ??= 'application/json';
    }
    let text: string;
    let status: number;
    let resHeaders: Record<string, string>;
    try {
      const res = await doFetch(req.url, { method: req.method ?? 'GET', headers, body, signal });
      status = res.status;
      resHeaders = Object.fromEntries(res.headers);
      text = await res.text();
    } catch (cause) {
      if (req.signal?.aborted) throw req.signal.reason;
      if (timeout.aborted) {
        throw new VenueError(venue, 'TIMEOUT', `${venue} ${req.url} did not answer within ${timeoutMs} ms`, { cause });
      }
      throw new VenueError(venue, 'NETWORK', `${venue} ${req.url} failed: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    }
    if (status < 200 || status > 299) {
      throw errorForStatus(venue, status, req.url, parseRetryAfter(resHeaders['retry-after'], now()), text.slice(0, SNIPPET));
    }
    if (text.trim() === '') return { status, headers: resHeaders, json: null };
    try {
      return { status, headers: resHeaders, json: JSON.parse(text) as unknown };
    } catch (cause) {
      throw new VenueError(venue, 'MALFORMED_RESPONSE', `${venue} ${req.url} sent a body that is not JSON: ${text.slice(0, SNIPPET)}`, {
        cause,
        httpStatus: status,
      });
    }
  }

  return {
    async getJson(venue, req) {
      const gate = gates.get(venue);
      if (!gate) {
        throw new VenueError(venue, 'DISABLED', `${venue} is not registered with this HTTP client; pass its descriptor in options.venues`);
      }
      const cost = req.cost ?? 1;
      for (let n = 1; ; n += 1) {
        const release = await gate.acquire(cost, req.signal);
        let failure: VenueError;
        try {
          return await attempt(venue, req);
        } catch (error) {
          if (!(error instanceof VenueError)) throw error;
          failure = error;
        } finally {
          release();
        }
        if (!failure.retryable || n >= maxAttempts) throw failure;
        const askedMs = failure.retryAfterSeconds === undefined ? undefined : failure.retryAfterSeconds * 1000;
        if (askedMs !== undefined && askedMs > maxRetryAfterMs) throw failure;
        const delay = askedMs ?? backoffDelay(n, backoff);
        opts.log.warn({ venue, url: req.url, attempt: n, code: failure.code, httpStatus: failure.httpStatus, delayMs: delay }, 'venue request failed; retrying');
        await sleep(delay, req.signal);
      }
    },
  };
}
