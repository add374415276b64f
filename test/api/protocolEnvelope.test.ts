import test from 'ava';
import { startApi, type TestApi } from '../auth/harness.ts';
import { httpRequest, rawSocket, type RawReply } from './rawHttp.ts';

let api: TestApi;
test.before(async () => {
  api = await startApi({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
});
test.after.always(async () => {
  await api.close();
});

function assertEnvelope(t: import('ava').ExecutionContext, reply: RawReply, status: number, code: string, label: string): void {
  t.is(reply.status, status, label);
  t.regex(reply.headers['content-type'] ?? '', /^application\/json/, label);
  t.is(reply.json?.status, code, label);
  t.is(typeof reply.json?.message, 'string', label);
  for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) t.regex(reply.headers[h] ?? '', /^\d+$/, `${label}: ${h}`);
}

test('TRACE, PROPFIND, SEARCH and other methods no route takes on a known path are 405 with Allow, in the envelope', async (t) => {
  for (const method of ['TRACE', 'PROPFIND', 'SEARCH', 'PROPPATCH', 'MKCOL', 'LOCK', 'PURGE', 'PUT', 'PATCH', 'DELETE', 'COPY']) {
    const reply = await httpRequest(api.url, method, '/api/v1/markets');
    assertEnvelope(t, reply, 405, 'METHOD_NOT_ALLOWED', method);
    t.is(reply.headers.allow, 'GET, HEAD, OPTIONS', method);
    t.regex(String(reply.json?.message), new RegExp(`Method ${method} is not allowed on /api/v1/markets; use GET, HEAD, OPTIONS`));
  }
  const keys = await httpRequest(api.url, 'TRACE', '/api/v1/console/keys/00000000-0000-4000-8000-000000000000');
  assertEnvelope(t, keys, 405, 'METHOD_NOT_ALLOWED', 'TRACE on a parameterised path');
  t.is(keys.headers.allow, 'DELETE, OPTIONS');
  const health = await httpRequest(api.url, 'POST', '/health');
  assertEnvelope(t, health, 405, 'METHOD_NOT_ALLOWED', 'POST /health');
});

test('OPTIONS on a known path answers 200 with Allow; unknown paths are 404 in the envelope whatever the method', async (t) => {
  const options = await httpRequest(api.url, 'OPTIONS', '/api/v1/auth/login');
  t.is(options.status, 200);
  t.is(options.headers.allow, 'OPTIONS, POST');
  t.deepEqual(options.json, { data: { allow: ['OPTIONS', 'POST'] } });
  t.truthy(options.headers['x-ratelimit-limit']);
  for (const method of ['GET', 'POST', 'TRACE', 'SEARCH', 'OPTIONS']) {
    assertEnvelope(t, await httpRequest(api.url, method, '/api/v1/no-such-thing'), 404, 'NOT_FOUND', `${method} unknown`);
  }
  assertEnvelope(t, await httpRequest(api.url, 'GET', '/'), 404, 'NOT_FOUND', 'root');
});

test('a query string over node\'s header limit is 431 in the envelope with rate-limit headers (answered before Koa)', async (t) => {
  const reply = await rawSocket(api.url, `GET /api/v1/markets?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  assertEnvelope(t, reply, 431, 'HEADERS_TOO_LARGE', 'long query');
  t.regex(String(reply.json?.message), /exceed 16384 bytes/);
  t.is(reply.headers.connection, 'close');
});

test('a header over node\'s limit is 431 in the envelope too', async (t) => {
  const reply = await rawSocket(api.url, `GET /api/v1/markets HTTP/1.1\r\nHost: localhost\r\nX-Junk: ${'b'.repeat(20_000)}\r\n\r\n`);
  assertEnvelope(t, reply, 431, 'HEADERS_TOO_LARGE', 'long header');
  assertEnvelope(t, await rawSocket(api.url, `GET /health HTTP/1.1\r\nHost: localhost\r\nCookie: svc_access=${'c'.repeat(17_000)}\r\n\r\n`), 431, 'HEADERS_TOO_LARGE', 'long cookie');
});

test('a method node does not know is 405 with Allow on a known path, 404 elsewhere; broken framing is 400', async (t) => {
  const unknown = await rawSocket(api.url, 'FROBNICATE /api/v1/markets HTTP/1.1\r\nHost: localhost\r\n\r\n');
  assertEnvelope(t, unknown, 405, 'METHOD_NOT_ALLOWED', 'unknown method');
  t.is(unknown.headers.allow, 'GET, HEAD, OPTIONS');
  assertEnvelope(t, await rawSocket(api.url, 'FROBNICATE /nowhere HTTP/1.1\r\nHost: localhost\r\n\r\n'), 404, 'NOT_FOUND', 'unknown method, unknown path');
  const chunk = await rawSocket(api.url, 'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n');
  assertEnvelope(t, chunk, 400, 'INVALID_REQUEST', 'bad chunk size');
  const both = await rawSocket(api.url, 'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}');
  assertEnvelope(t, both, 400, 'INVALID_REQUEST', 'Content-Length with Transfer-Encoding (smuggling shape)');
  const garbage = await rawSocket(api.url, '\u0001\u0002 not http at all\r\n\r\n');
  assertEnvelope(t, garbage, 400, 'INVALID_REQUEST', 'garbage');
});

test('refusals before Koa count against the client: once its budget is spent it gets 429, still in the envelope', async (t) => {
  // A burst window as long as the minute, so a loaded machine cannot let it expire mid-test.
  const tight = await startApi({ env: { RATE_LIMIT_BURST_WINDOW_MS: '60000' } });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 41; i += 1) statuses.push((await rawSocket(tight.url, `GET /?${'q'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)).status);
    t.deepEqual([...new Set(statuses.slice(0, 40))], [431]);
    const last = await rawSocket(tight.url, `GET /?${'q'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    assertEnvelope(t, last, 429, 'RATE_LIMITED', 'over the product-read burst');
    t.truthy(last.headers['retry-after']);
    assertEnvelope(t, await httpRequest(tight.url, 'GET', '/api/v1/markets'), 429, 'RATE_LIMITED', 'and the same budget covers routed requests');
  } finally {
    await tight.close();
  }
});
