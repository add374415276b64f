import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Wallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { startTestService, type TestService } from '../support/service.ts';
import { OpenApiValidator } from '../support/openApiValidator.ts';
import { silentLog } from '../support/nats.ts';
import { buildOpenApiDocument } from '../../api/openapi/document.ts';
import { createApp } from '../../api/app.ts';
import { loadConfig } from '../../shared/config.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { outboxFor } from '../../adapters/mail/outboxMailer.ts';
import { walkArbitrage, walkHistory, walkWatchlistsAndAlerts } from './productWalk.ts';

/**
 * Drives the real service over the recorded pipeline (real nats-server, every role) through every
 * documented operation and checks each response against the document: status documented, body valid
 * under ajv with no undocumented field, X-RateLimit-* present. Failures are collected and reported
 * together so one run shows every drift between code and document.
 */
let svc: TestService;
let validator: OpenApiValidator;
let served: Record<string, unknown>;
const failures: string[] = [];

type Reply = { status: number; headers: Headers; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- the validator judges the shape

async function call(method: string, path: string, o: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply> {
  const res = await fetch(svc.baseUrl + path, {
    method,
    headers: { ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}), ...o.headers },
    ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
  });
  const text = await res.text();
  const body: unknown = res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text;
  const checked = validator.check(method, path, res.status, res.headers, body);
  if (checked.errors.length > 0) failures.push(`${checked.operation} → ${res.status}: ${checked.errors.join('; ')}`);
  return { status: res.status, headers: res.headers, body };
}

const cookieOf = (r: Reply, name: string): string => {
  const c = r.headers.getSetCookie().find((x) => x.startsWith(`${name}=`));
  if (!c) throw new Error(`no ${name} cookie in ${JSON.stringify(r.headers.getSetCookie())}`);
  return c.split(';')[0]!;
};

test.before(async () => {
  svc = await startTestService({
    VENUES: 'polymarket,kalshi,manifold,predictit',
    // Short windows: the walk below is never throttled by its own pace (one test provokes a 429 on purpose).
    RATE_LIMIT_WINDOW_MS: '100',
    RATE_LIMIT_BURST_WINDOW_MS: '50',
    RATE_LIMIT_MULTIPLIER: '1000',
    JWT_ACCESS_SECRET: 'openapi-test-access-secret-0123456789abcdef',
    JWT_REFRESH_SECRET: 'openapi-test-refresh-secret-0123456789abcde',
  });
  await svc.service.ingestOnce();
  await svc.settle();
  // Opportunities for the arbitrage feed and stream: one full scan of the recorded books.
  await svc.service.scanner!.scanNow(true);
  await svc.settle();
  served = (await (await fetch(`${svc.baseUrl}/openapi.json`)).json()) as Record<string, unknown>;
  // The strict form of the same document (objects closed): built from a fresh app of the same code.
  const app = createApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), log: silentLog, store: openSqliteStore({ file: ':memory:' }), checkDependencies: async () => [], publish: async () => undefined });
  const strict = buildOpenApiDocument(app, { strict: true }).document;
  validator = new OpenApiValidator(strict);
});
test.after.always(async () => {
  await svc?.close();
});

test.serial('GET /openapi.json serves the generated document', (t) => {
  t.is(served.openapi, '3.1.0');
  t.deepEqual(Object.keys(served.paths as object).sort(), validator.operations().map((o) => o.split(' ')[1]!).filter((p, i, a) => a.indexOf(p) === i).sort());
});

test.serial('every documented operation answers, and every response validates against the document', async (t) => {
  t.timeout(120_000);
  // Probes and public reads.
  await call('GET', '/health');
  await call('GET', '/ready');
  await call('GET', '/openapi.json');
  await call('GET', '/api/v1/platforms/status');
  const page = await call('GET', '/api/v1/markets?limit=3&sort=liquidity');
  t.is(page.status, 200);
  t.true(page.body.data.length > 0, 'the recorded catalogue has markets');
  await call('GET', `/api/v1/markets?limit=2&cursor=${encodeURIComponent(page.body.meta.next_cursor)}&sort=liquidity`);
  for (const sort of ['volume_24h', 'newest', 'ending_soon']) await call('GET', `/api/v1/markets?limit=50&sort=${sort}`);
  await call('GET', '/api/v1/markets?platform=predictit&limit=50');
  await call('GET', '/api/v1/markets?q=bitcoin&limit=20');
  await call('GET', `/api/v1/markets/${page.body.data[0].id}`);
  t.is((await call('GET', '/api/v1/markets/00000000-0000-4000-8000-000000000000')).status, 404);
  t.is((await call('GET', '/api/v1/markets/not-a-uuid')).status, 400);
  t.is((await call('GET', '/api/v1/markets?limit=0')).status, 400);

  // Accounts.
  const email = 'openapi@example.com';
  const reg = await call('POST', '/api/v1/auth/register', { body: { email, password: 'a long password', name: 'Open API' } });
  t.is(reg.status, 201);
  t.is((await call('POST', '/api/v1/auth/register', { body: { email, password: 'a long password' } })).status, 409);
  t.is((await call('POST', '/api/v1/auth/register', { body: { email: 'x', password: 'short' } })).status, 400);
  t.is((await call('POST', '/api/v1/auth/login', { body: { email, password: 'wrong password' } })).status, 401);
  const login = await call('POST', '/api/v1/auth/login', { body: { email, password: 'a long password' } });
  const session = { authorization: `Bearer ${login.body.tokens.access_token}` };
  await call('GET', '/api/v1/auth/me', { headers: session });
  t.is((await call('GET', '/api/v1/auth/me')).status, 401);
  await call('GET', '/api/v1/auth/me', { headers: { cookie: cookieOf(login, 'svc_access') } });

  // Questions.
  const discover = await call('GET', '/api/v1/discover?limit=200', { headers: session });
  t.true(discover.body.data.length > 0, 'recorded venues share questions');
  for (const q of discover.body.data.slice(0, 15)) await call('GET', `/api/v1/questions/${q.id}`, { headers: session });
  await call('GET', '/api/v1/discover?category=politics&limit=5&offset=1', { headers: session });
  t.is((await call('GET', '/api/v1/questions/00000000-0000-4000-8000-000000000000', { headers: session })).status, 404);
  t.is((await call('GET', '/api/v1/discover')).status, 401);

  // Market history, sparklines, trending, platform analytics, question history.
  await walkHistory(t, call, session, discover.body.data[0].id);

  // Console: keys, the external route, usage.
  const key = await call('POST', '/api/v1/console/keys', { headers: session, body: { name: 'reader', permissions: '["read:markets"]', rate_limit: 1000 } });
  t.is(key.status, 201);
  const narrow = await call('POST', '/api/v1/console/keys', { headers: session, body: { name: 'arb only', permissions: ['read:arbitrage'] } });
  t.is((await call('POST', '/api/v1/console/keys', { headers: session, body: { name: 'bad', permissions: '["write:all"]' } })).status, 400);
  const apiKey = { 'x-api-key': key.body.data.key as string };
  for (let i = 0; i < 3; i++) await call('GET', '/api/v1/external/markets?limit=2', { headers: apiKey });
  t.is((await call('GET', '/api/v1/external/markets?limit=500', { headers: apiKey })).status, 400);
  t.is((await call('GET', '/api/v1/external/markets')).status, 401);
  t.is((await call('GET', '/api/v1/external/markets', { headers: { 'x-api-key': narrow.body.data.key } })).status, 403);
  const questionsKey = await call('POST', '/api/v1/console/keys', { headers: session, body: { name: 'questions', permissions: '["read:questions"]' } });
  const questionsReader = { 'x-api-key': questionsKey.body.data.key as string };
  await call('GET', '/api/v1/external/questions?category=politics&limit=3', { headers: questionsReader });
  await call('GET', `/api/v1/external/questions/${discover.body.data[0].id}`, { headers: questionsReader });
  t.is((await call('GET', '/api/v1/external/questions/00000000-0000-4000-8000-000000000000', { headers: questionsReader })).status, 404);
  t.is((await call('GET', '/api/v1/external/questions', { headers: apiKey })).status, 403);
  await walkArbitrage(t, call, svc, validator, failures, { arbitrage: narrow.body.data.key, marketsOnly: key.body.data.key }, session);
  await call('GET', '/api/v1/console/keys', { headers: session });
  await svc.settle();
  const id = key.body.data.id as string;
  const stats = await call('GET', `/api/v1/console/stats?api_key_id=${id}&granularity=hourly&limit=3`, { headers: session });
  t.true(stats.body.data.some((p: { total_calls: number }) => p.total_calls > 0), 'the key’s calls are counted');
  await call('GET', `/api/v1/console/stats?api_key_id=${id}&granularity=monthly&start=2026-01-01T00:00:00Z&limit=2`, { headers: session });
  const logs = await call('GET', `/api/v1/console/logs?api_key_id=${id}&limit=2&offset=1`, { headers: session });
  t.true(logs.body.meta.total >= 4, 'three reads and a refused one were logged');
  t.is((await call('GET', '/api/v1/console/logs?api_key_id=00000000-0000-4000-8000-000000000000', { headers: session })).status, 404);
  t.is((await call('DELETE', `/api/v1/console/keys/${narrow.body.data.id}`, { headers: session })).status, 200);
  t.is((await call('GET', '/api/v1/external/markets', { headers: { 'x-api-key': narrow.body.data.key } })).status, 401);

  // Password reset and session lifecycle.
  await call('POST', '/api/v1/auth/forgot-password', { body: { email } });
  let code = '';
  for (let i = 0; i < 200 && !code; i++) {
    code = /\b(\d{6})\b/.exec((await outboxFor(svc.service.store, email))[0]?.text ?? '')?.[1] ?? '';
    if (!code) await new Promise((r) => setTimeout(r, 20));
  }
  const otp = await call('POST', '/api/v1/auth/verify-otp', { body: { email, otp: code } });
  t.is(otp.status, 200);
  await call('POST', '/api/v1/auth/reset-password', { body: { reset_token: otp.body.data.reset_token, password: 'a newer long password' } });
  t.is((await call('POST', '/api/v1/auth/reset-password', { body: { reset_token: otp.body.data.reset_token, password: 'yet another password' } })).status, 400);
  const again = await call('POST', '/api/v1/auth/login', { body: { email, password: 'a newer long password' } });
  const refreshed = await call('POST', '/api/v1/auth/refresh', { headers: { authorization: `Bearer ${again.body.tokens.refresh_token}` } });
  t.is(refreshed.status, 200);
  t.is((await call('POST', '/api/v1/auth/refresh', { headers: { authorization: `Bearer ${again.body.tokens.refresh_token}` } })).status, 401);
  const fresh = { authorization: `Bearer ${refreshed.body.tokens.access_token}` };
  const changed = await call('POST', '/api/v1/auth/change-password', { headers: fresh, body: { current_password: 'a newer long password', new_password: 'the final password' } });
  t.is(changed.status, 200);
  await call('POST', '/api/v1/auth/logout', { body: { refresh_token: changed.body.tokens.refresh_token } });
  await call('POST', '/api/v1/auth/logout');

  // Sign-In with Ethereum, then the wallet tracker with the wallet session.
  const nonce = await call('GET', '/api/v1/siwe/nonce');
  const wallet = Wallet.createRandom();
  const host = new URL(svc.baseUrl).host;
  const message = new SiweMessage({ domain: host, address: wallet.address, statement: 'Sign in to Concord', uri: svc.baseUrl, version: '1', chainId: 1, nonce: nonce.body.data.nonce, issuedAt: new Date().toISOString() }).prepareMessage();
  const verified = await call('POST', '/api/v1/siwe/verify', { headers: { cookie: cookieOf(nonce, 'svc_siwe_nonce') }, body: { message, signature: await wallet.signMessage(message) } });
  t.is(verified.status, 200);
  const walletCookie = { cookie: cookieOf(verified, 'svc_siwe') };
  const tracked = await call('GET', '/api/v1/wallet-tracker/0x6a72f61820b26b1fe4d956e17b6dc2a1ea3033ee?solana=11111111111111111111111111111111&manifold=ian', { headers: walletCookie });
  t.is(tracked.status, 200);
  t.true(tracked.body.summary.totalPositions > 0, 'recorded positions come back');
  await call('GET', '/api/v1/wallet-tracker/0x0000000000000000000000000000000000000001', { headers: fresh });
  t.is((await call('GET', '/api/v1/wallet-tracker/0x12', { headers: walletCookie })).status, 400);
  t.is((await call('GET', '/api/v1/wallet-tracker/0x0000000000000000000000000000000000000001')).status, 401);
  t.is((await call('POST', '/api/v1/siwe/verify', { body: { message, signature: `0x${'1'.repeat(130)}` } })).status, 401);

  // Watchlists and alerts, with an email session and the wallet session as separate owners.
  const last = await call('POST', '/api/v1/auth/login', { body: { email, password: 'the final password' } });
  const alertable = (await call('GET', '/api/v1/markets?limit=200')).body.data.find((m: { outcomes?: Array<{ label: string; price: number | null }> }) => {
    const yes = m.outcomes?.[0];
    return m.outcomes?.length === 2 && yes?.label === 'Yes' && yes.price !== null && yes.price > 0.05 && yes.price < 0.9;
  });
  t.truthy(alertable, 'a binary market priced between 5% and 90%');
  await walkWatchlistsAndAlerts(t, call, svc, { authorization: `Bearer ${last.body.tokens.access_token}` }, walletCookie, { marketId: alertable.id, questionId: discover.body.data[0].id });
  await call('POST', '/api/v1/siwe/logout', { headers: walletCookie });

  t.deepEqual(failures, [], failures.join('\n'));
  const successes = new Set([...validator.seen].filter((s) => /\s2\d\d$/.test(s)).map((s) => s.replace(/\s\d+$/, '')));
  const neverSucceeded = validator.operations().filter((o) => !successes.has(o));
  t.deepEqual(neverSucceeded, [], 'every documented operation was seen answering with success');
});

test.serial('a throttled request (429) carries the envelope, Retry-After and the rate-limit headers as documented', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-limits-'));
  const strictLimits = await startTestService({ VENUES: 'manifold' }, { nats: svc.nats, dataDir });
  try {
    let limited: Reply | undefined;
    for (let i = 0; i < 60 && !limited; i++) {
      const res = await fetch(`${strictLimits.baseUrl}/api/v1/platforms/status`);
      const body = await res.json();
      if (res.status === 429) limited = { status: 429, headers: res.headers, body };
    }
    t.truthy(limited, 'the product tier refuses past its burst of 40');
    const checked = validator.check('GET', '/api/v1/platforms/status', 429, limited!.headers, limited!.body);
    t.deepEqual(checked.errors, []);
    t.is(limited!.body.status, 'RATE_LIMITED');
    t.regex(limited!.headers.get('retry-after') ?? '', /^\d+$/);
  } finally {
    await strictLimits.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
