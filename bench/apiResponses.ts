/**
 * Diagnostic without a ceiling: replays a fixed list of requests against the API role of this checkout (as
 * bench:api serves it: bench/support/apiServer.ts over a bench:api store) and writes one line per answer:
 * status, the headers, and the body, so that two versions' answers can be compared byte for byte (`diff` the
 * two files). Run it from each worktree with the same --dir: the store is populated there once (scale 0.1:
 * 5,000 markets, 1,000 questions) and then reused, so both versions read the very same documents.
 *
 * What follows the clock or chance is masked, nothing else: the Date and X-Request-Id headers,
 * X-RateLimit-Reset and Retry-After (seconds from now), the first-page time `n` inside a market-list cursor
 * (`next_cursor` is base64url JSON; `n` is the request's clock, everything else in it is kept), and the
 * session token and API key the run registers (they only appear in the register and key answers, which are
 * not written). Rows: market lists (filters, sorts, windows, search, a cursor page, invalid queries), a
 * market and its history, discover and question detail (session), the API-key arbitrage feed, a refused key,
 * the 429 refusal at default limits, 4xx answers (unknown route, wrong method, missing session), /health.
 *
 *   node --import tsx bench/apiResponses.ts --dir /tmp/api-responses --out /tmp/new.jsonl
 */
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { startLocalNatsServer } from '../pipeline/system/localNatsServer.ts';
import { connectStreams } from '../pipeline/streams/connection.ts';
import { provisionStreams } from '../pipeline/streams/provision.ts';
import { openSqliteStore } from '../adapters/store/sqliteStore.ts';
import { populateApiStore } from './support/apiData.ts';
import { spawnApiServer, type ApiServer } from './support/spawnApiServer.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' }, out: { type: 'string' } } });
if (!values.dir || !values.out) throw new Error('usage: --dir <store dir, shared by the runs> --out <file>');
const dir = values.dir;
const dataDir = join(dir, 'data');
const log = pino({ level: 'warn' });

mkdirSync(dataDir, { recursive: true });
const idsFile = join(dir, 'questions.json');
if (!existsSync(idsFile)) {
  const store = openSqliteStore({ file: join(dataDir, 'concord.db') });
  const data = await populateApiStore(store, 5_000, 1_000);
  await store.close();
  writeFileSync(idsFile, JSON.stringify(data.questions.slice(0, 20)));
}
const questionIds = JSON.parse(readFileSync(idsFile, 'utf8')) as string[];

const nats = await startLocalNatsServer(join(dir, `nats-${process.pid}`));
const conn = await connectStreams(nats.url, log, 'api-responses');
await provisionStreams(conn.jsm, log);

const spawnServer = (multiplier: string): Promise<ApiServer> => spawnApiServer(['--mode', 'concord', '--data-dir', dataDir, '--nats-url', nats.url, '--multiplier', multiplier]);
const stop = (s: { child: ChildProcess }) => new Promise<void>((r) => (s.child.once('exit', () => r()), s.child.kill('SIGTERM')));

const MASKED_HEADERS = new Set(['date', 'x-request-id', 'x-ratelimit-reset', 'retry-after']);

/** A market-list cursor with its clock field `n` set to 0; any other string as it is. */
function maskCursor(cursor: unknown): unknown {
  if (typeof cursor !== 'string') return cursor;
  try {
    const state = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof state.n !== 'number') return cursor;
    return Buffer.from(JSON.stringify({ ...state, n: 0 })).toString('base64url');
  } catch {
    return cursor;
  }
}

/** The body text with every `"next_cursor":"…"` masked (the rest of the bytes untouched). */
function maskBody(text: string): string {
  return text.replace(/"next_cursor":"([A-Za-z0-9_-]+)"/g, (_all, c: string) => `"next_cursor":"${maskCursor(c) as string}"`);
}

const lines: string[] = [];
async function record(base: string, name: string, path: string, init: RequestInit = {}): Promise<{ status: number; json: unknown }> {
  const res = await fetch(base + path, init);
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  const headers = [...res.headers].filter(([k]) => !MASKED_HEADERS.has(k)).map(([k, v]) => `${k}: ${v}`);
  const present = [...res.headers].filter(([k]) => MASKED_HEADERS.has(k)).map(([k]) => `${k}: *`);
  const body = maskBody(text);
  lines.push(JSON.stringify({ name, method: init.method ?? 'GET', path: path.replace(/cursor=([A-Za-z0-9_-]+)/, (_all, c: string) => `cursor=${maskCursor(c) as string}`), status: res.status, headers: [...headers, ...present].sort(), bytes: bytes.length, sha256: createHash('sha256').update(body).digest('hex'), body: body.length <= 4_000 ? body : `${body.slice(0, 300)}…` }));
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON (a 405's empty body, say)
  }
  return { status: res.status, json };
}

const served = await spawnServer('1000000');
try {
  const post = async (path: string, body: unknown, bearer?: string) => {
    const res = await fetch(served.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) }, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { data: { key?: string }; tokens?: { access_token: string } };
  };
  const email = `responses-${process.pid}-${Date.now()}@example.com`;
  const session = (await post('/api/v1/auth/register', { email, password: 'a long responses password', name: 'Responses' })).tokens!.access_token;
  const key = (await post('/api/v1/console/keys', { name: 'responses', permissions: ['read:arbitrage'] }, session)).data.key!;
  const bearer = { headers: { authorization: `Bearer ${session}` } };
  const s = served.url;

  const first = await record(s, 'markets venue filter, default sort', '/api/v1/markets?platform=polymarket&limit=50');
  await record(s, 'markets venue filter, sort=liquidity', '/api/v1/markets?platform=polymarket&sort=liquidity&limit=50');
  await record(s, 'markets category, sort=newest', '/api/v1/markets?category=politics&sort=newest&limit=20');
  await record(s, 'markets sort=ending_soon', '/api/v1/markets?sort=ending_soon&limit=10');
  await record(s, 'markets window=7d', '/api/v1/markets?window=7d&limit=10');
  await record(s, 'markets venue + category + window=30d', '/api/v1/markets?platform=kalshi&category=politics&window=30d&limit=5');
  await record(s, 'markets search (relevance)', '/api/v1/markets?q=election&limit=10');
  await record(s, 'markets search, sort=liquidity', '/api/v1/markets?q=bitcoin&sort=liquidity&limit=10');
  await record(s, 'markets same query, other parameter order', '/api/v1/markets?limit=50&platform=polymarket');
  await record(s, 'markets path in capitals', '/API/V1/Markets?platform=polymarket&limit=5');
  const cursor = (first.json as { meta?: { next_cursor?: string } } | null)?.meta?.next_cursor;
  if (typeof cursor === 'string') await record(s, 'markets page 2 (cursor)', `/api/v1/markets?platform=polymarket&limit=50&cursor=${cursor}`);
  await record(s, 'markets 400 relevance without q', '/api/v1/markets?sort=relevance');
  await record(s, 'markets 400 bad cursor', '/api/v1/markets?cursor=bogus');
  await record(s, 'markets 400 bad limit', '/api/v1/markets?limit=abc');
  await record(s, 'markets 400 unknown parameter', '/api/v1/markets?platform=polymarket&extra=1');
  await record(s, 'markets 400 unknown venue', '/api/v1/markets?platform=nowhere');
  const marketId = ((first.json as { data?: Array<{ id?: string }> } | null)?.data ?? [])[0]?.id;
  if (marketId) {
    await record(s, 'market detail', `/api/v1/markets/${marketId}`);
    await record(s, 'market history', `/api/v1/markets/${marketId}/history`);
  }
  await record(s, 'market 404', '/api/v1/markets/00000000-0000-4000-8000-000000000000');
  await record(s, 'market 400 bad id', '/api/v1/markets/not-a-uuid');
  await record(s, 'markets trending', '/api/v1/markets/trending');
  await record(s, 'markets 405 POST', '/api/v1/markets', { method: 'POST' });
  await record(s, 'discover (session)', '/api/v1/discover?category=politics&limit=20', bearer);
  await record(s, 'discover default', '/api/v1/discover', bearer);
  await record(s, 'discover 401 without session', '/api/v1/discover?category=politics&limit=20');
  await record(s, 'discover 400 bad category', '/api/v1/discover?category=nothing', bearer);
  for (const id of questionIds.slice(0, 3)) await record(s, 'question detail (session)', `/api/v1/questions/${id}`, bearer);
  await record(s, 'question 404', '/api/v1/questions/00000000-0000-4000-8000-000000000000', bearer);
  await record(s, 'arbitrage feed (API key)', '/api/v1/external/arbitrage/opportunities?limit=50', { headers: { 'x-api-key': key } });
  await record(s, 'arbitrage feed, default limit (API key)', '/api/v1/external/arbitrage/opportunities', { headers: { 'x-api-key': key } });
  await record(s, 'arbitrage feed 401 bad key', '/api/v1/external/arbitrage/opportunities?limit=50', { headers: { 'x-api-key': 'ck_live_not_a_key' } });
  await record(s, 'arbitrage feed 401 no key', '/api/v1/external/arbitrage/opportunities?limit=50');
  await record(s, 'unknown route 404', '/api/v1/nothing-here');
  await record(s, 'unknown top-level 404', '/nothing-here');
  await record(s, 'health', '/health');
} finally {
  await stop(served);
}

// The refusal: default limits, anonymous product tier; the 41st request of the burst window is refused.
const strict = await spawnServer('1');
try {
  const path = '/api/v1/markets?platform=polymarket&sort=liquidity&limit=50';
  for (let i = 0; i < 40; i++) await fetch(strict.url + path).then((r) => r.arrayBuffer());
  await record(strict.url, 'markets 429 at default limits', path);
  await record(strict.url, 'health while the product tier is refused', '/health');
} finally {
  await stop(strict);
  await conn.close();
  await nats.stop();
}
writeFileSync(values.out, `${lines.join('\n')}\n`);
console.log(`${lines.length} answers written to ${values.out}`);
process.exit(0);
