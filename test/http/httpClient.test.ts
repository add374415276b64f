import test from 'ava';
import { pino } from 'pino';
import { VenueError } from '../../shared/errors.ts';
import type { VenueDescriptor } from '../../pipeline/venues/types.ts';
import { createHttpClient, type HttpClientOptions } from '../../pipeline/http/httpClient.ts';
import { startMisbehavingServer, type MisbehavingServer } from './misbehavingServer.ts';

const log = pino({ level: 'silent' });

function descriptor(over: Partial<VenueDescriptor> = {}): VenueDescriptor {
  return {
    slug: 'polymarket',
    baseUrls: {},
    endpoints: {},
    rateLimit: { tokensPerSecond: 1000, burst: 1000 },
    maxConcurrency: 8,
    minPollIntervalMs: 0,
    ...over,
  };
}

/** Records every requested sleep and returns at once, so back-off never really waits. */
function recordingSleep(): { sleeps: number[]; sleep: NonNullable<HttpClientOptions['sleep']> } {
  const sleeps: number[] = [];
  return { sleeps, sleep: async (ms) => void sleeps.push(ms) };
}

async function rejection(p: Promise<unknown>): Promise<VenueError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof VenueError)) throw new Error(`expected a VenueError, got ${String(error)}`);
  return error;
}

let server: MisbehavingServer;
test.beforeEach(async () => {
  server = await startMisbehavingServer();
});
test.afterEach.always(async () => {
  await server.close();
});

test.serial('a 500 is retried and the following 200 is returned', async (t) => {
  const { sleeps, sleep } = recordingSleep();
  const http = createHttpClient({ venues: [descriptor()], log, sleep, random: () => 0.5 });
  const res = await http.getJson('polymarket', { url: `${server.url}/500-then-ok` });
  t.deepEqual(res.json, { ok: true, n: 2 });
  t.is(server.hits('/500-then-ok'), 2);
  t.deepEqual(sleeps, [250], 'full jitter: random 0.5 of the first 500 ms ceiling');
});

test.serial('persistent 5xx gives up after maxAttempts with growing jittered back-off', async (t) => {
  const { sleeps, sleep } = recordingSleep();
  const http = createHttpClient({ venues: [descriptor()], log, sleep, random: () => 0.5, maxAttempts: 4, baseDelayMs: 100 });
  const error = await rejection(http.getJson('polymarket', { url: `${server.url}/always-503` }));
  t.is(error.code, 'VENUE_UNAVAILABLE');
  t.is(error.httpStatus, 503);
  t.true(error.retryable);
  t.is(error.venue, 'polymarket');
  t.is(server.hits('/always-503'), 4);
  t.deepEqual(sleeps, [50, 100, 200]);
});

test.serial('a 429 waits exactly the Retry-After seconds before retrying', async (t) => {
  const { sleeps, sleep } = recordingSleep();
  const http = createHttpClient({ venues: [descriptor()], log, sleep, random: () => 0.5 });
  const res = await http.getJson('polymarket', { url: `${server.url}/429-retry-after-seconds` });
  t.deepEqual(res.json, { ok: true });
  t.is(server.hits('/429-retry-after-seconds'), 2);
  t.deepEqual(sleeps, [2000]);
});

test.serial('a 429 with an HTTP-date Retry-After waits until that date', async (t) => {
  const { sleeps, sleep } = recordingSleep();
  const http = createHttpClient({ venues: [descriptor()], log, sleep });
  await http.getJson('polymarket', { url: `${server.url}/429-retry-after-date` });
  t.is(sleeps.length, 1);
  // HTTP dates have one-second resolution, so the wait is the 5 s asked for, rounded to whole seconds.
  t.true((sleeps[0] ?? 0) >= 4000 && (sleeps[0] ?? 0) <= 6000, `waited ${sleeps[0]} ms`);
});

test.serial('a Retry-After beyond the cap is returned to the caller at once, not slept on', async (t) => {
  const { sleeps, sleep } = recordingSleep();
  const http = createHttpClient({ venues: [descriptor()], log, sleep, maxRetryAfterMs: 60_000 });
  const error = await rejection(http.getJson('polymarket', { url: `${server.url}/429-retry-after-too-long` }));
  t.is(error.code, 'RATE_LIMITED');
  t.is(error.retryAfterSeconds, 86_400);
  t.is(error.httpStatus, 429);
  t.is(server.hits('/429-retry-after-too-long'), 1);
  t.deepEqual(sleeps, []);
});

test.serial('a request hanging past its timeout fails with TIMEOUT after every attempt', async (t) => {
  const { sleep } = recordingSleep();
  const http = createHttpClient({ venues: [descriptor()], log, sleep, maxAttempts: 2 });
  const error = await rejection(http.getJson('polymarket', { url: `${server.url}/hang`, timeoutMs: 80 }));
  t.is(error.code, 'TIMEOUT');
  t.true(error.retryable);
  t.is(server.hits('/hang'), 2);
});

test.serial('malformed JSON rejects at once with MALFORMED_RESPONSE and is not retried', async (t) => {
  const http = createHttpClient({ venues: [descriptor()], log, sleep: recordingSleep().sleep });
  const error = await rejection(http.getJson('polymarket', { url: `${server.url}/malformed` }));
  t.is(error.code, 'MALFORMED_RESPONSE');
  t.false(error.retryable);
  t.truthy(error.cause);
  t.is(server.hits('/malformed'), 1);
});

test.serial('a 404 rejects at once with NOT_FOUND, not retryable', async (t) => {
  const http = createHttpClient({ venues: [descriptor()], log, sleep: recordingSleep().sleep });
  const error = await rejection(http.getJson('polymarket', { url: `${server.url}/missing` }));
  t.is(error.code, 'NOT_FOUND');
  t.is(error.httpStatus, 404);
  t.false(error.retryable);
  t.regex(error.message, /no such market/);
  t.is(server.hits('/missing'), 1);
});

test.serial('a refused connection is a retryable NETWORK error', async (t) => {
  const { sleeps, sleep } = recordingSleep();
  const http = createHttpClient({ venues: [descriptor()], log, sleep, maxAttempts: 3 });
  const deadUrl = server.url;
  await server.close();
  server = await startMisbehavingServer();
  const error = await rejection(http.getJson('polymarket', { url: `${deadUrl}/ok` }));
  t.is(error.code, 'NETWORK');
  t.true(error.retryable);
  t.is(sleeps.length, 2);
});

test.serial('no more than maxConcurrency requests of a venue are on the wire at once', async (t) => {
  const http = createHttpClient({ venues: [descriptor({ maxConcurrency: 2 })], log, sleep: recordingSleep().sleep });
  const calls = Array.from({ length: 6 }, () => http.getJson('polymarket', { url: `${server.url}/held` }));
  await waitUntil(() => server.hits('/held') >= 2);
  await new Promise((r) => setTimeout(r, 30));
  t.is(server.hits('/held'), 2, 'the other four wait in the queue');
  server.releaseHeld();
  await Promise.all(calls);
  t.is(server.hits('/held'), 6);
  t.is(server.peakInFlight, 2);
});

test.serial('a full venue queue throws QUEUE_FULL instead of growing', async (t) => {
  const http = createHttpClient({ venues: [descriptor({ maxConcurrency: 1 })], log, sleep: recordingSleep().sleep, maxQueue: 1 });
  const first = http.getJson('polymarket', { url: `${server.url}/held` });
  await waitUntil(() => server.hits('/held') === 1);
  const second = http.getJson('polymarket', { url: `${server.url}/held` });
  const error = await rejection(http.getJson('polymarket', { url: `${server.url}/held` }));
  t.is(error.code, 'QUEUE_FULL');
  server.releaseHeld();
  await Promise.all([first, second]);
});

test.serial('the token bucket admits only the burst until time refills it', async (t) => {
  let clock = 1_000_000;
  const pendingSleeps: Array<() => void> = [];
  const http = createHttpClient({
    venues: [descriptor({ rateLimit: { tokensPerSecond: 1, burst: 3 } })],
    log,
    now: () => clock,
    sleep: () => new Promise<void>((resolve) => pendingSleeps.push(resolve)),
  });
  const calls = Array.from({ length: 5 }, () => http.getJson('polymarket', { url: `${server.url}/ok` }));
  await waitUntil(() => server.hits('/ok') >= 3);
  await new Promise((r) => setTimeout(r, 30));
  t.is(server.hits('/ok'), 3, 'burst of 3 admitted, two wait for tokens');
  clock += 1000;
  for (const wake of pendingSleeps.splice(0)) wake();
  await waitUntil(() => server.hits('/ok') >= 4);
  await new Promise((r) => setTimeout(r, 30));
  t.is(server.hits('/ok'), 4, 'one second refills exactly one token');
  clock += 1000;
  for (const wake of pendingSleeps.splice(0)) wake();
  await Promise.all(calls);
  t.is(server.hits('/ok'), 5);
});

test.serial('a call cost larger than one takes that many tokens', async (t) => {
  const clock = 0;
  const http = createHttpClient({
    venues: [descriptor({ rateLimit: { tokensPerSecond: 1, burst: 4 } })],
    log,
    now: () => clock,
    sleep: () => new Promise<void>(() => undefined),
  });
  void http.getJson('polymarket', { url: `${server.url}/ok`, cost: 3 });
  void http.getJson('polymarket', { url: `${server.url}/ok`, cost: 3 }).catch(() => undefined);
  await waitUntil(() => server.hits('/ok') >= 1);
  await new Promise((r) => setTimeout(r, 30));
  t.is(server.hits('/ok'), 1);
});

test.serial('an unregistered venue is refused with DISABLED', async (t) => {
  const http = createHttpClient({ venues: [descriptor()], log });
  const error = await rejection(http.getJson('manifold', { url: `${server.url}/ok` }));
  t.is(error.code, 'DISABLED');
  t.is(server.hits('/ok'), 0);
});

async function waitUntil(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 5));
  }
}
