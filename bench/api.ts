/**
 * bench:api — autocannon (50 connections) against the real API, as `npm start` runs the api role in its own
 * process, over an embedded SQLite store holding 50k venue markets, 10k canonical questions and the arbitrage
 * opportunities a real scan finds among them (bench/support/apiData.ts):
 *   GET /api/v1/markets?platform=polymarket&limit=50          (filter + default sort, product read tier)
 *   GET /api/v1/markets?platform=polymarket&sort=liquidity&limit=50     (filter + a sort without a venue index)
 *   GET /api/v1/discover?category=politics&limit=20                      (session)
 *   GET /api/v1/questions/{id}  (rotating over 1,000 ids)               (session)
 *   GET /api/v1/external/arbitrage/opportunities  with X-API-Key        (auth + rate limit + quota + usage capture)
 * served with RATE_LIMIT_MULTIPLIER=1000000 (so the limits are on the path but do not refuse), and the refusal
 * path: the same markets request at the default limits, answered 429 with the rate-limit headers.
 *
 * Ceiling, per row, in the same run: a bare Koa app (no router, no middleware, in its own process like the
 * API) answering a ready copy of the row's response (the same bytes: see copyToCeiling). Target: >= 60% of its requests/s,
 * p99 <= 25 ms.
 *
 *   npm run bench:api [-- --scale 0.05] [-- --seconds 10] [-- --only questions,external]
 * (--only: the rows whose name contains one of the words, for profiling one path; the ratio line then covers
 * only those rows, and the refusal row runs only when one word is "refused".)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pino from 'pino';
import { startLocalNatsServer } from '../pipeline/system/localNatsServer.ts';
import { connectStreams } from '../pipeline/streams/connection.ts';
import { provisionStreams } from '../pipeline/streams/provision.ts';
import { openSqliteStore } from '../adapters/store/sqliteStore.ts';
import { populateApiStore } from './support/apiData.ts';
import { spawnApiServer, type ApiServer } from './support/spawnApiServer.ts';
import { benchArgs, load, peakRssOfPid, ratioLine, scaled, table } from './support/report.ts';

const { scale, values } = benchArgs({ seconds: { type: 'string' }, only: { type: 'string' } });
const ONLY = typeof values.only === 'string' ? values.only.split(',').map((w) => w.trim()).filter(Boolean) : null;
const wanted = (name: string) => ONLY === null || ONLY.some((w) => name.includes(w));
const MARKETS = scaled(50_000, scale, 200);
const QUESTIONS = scaled(10_000, scale, 40);
const SECONDS = Number(values.seconds ?? Math.max(2, Math.round(10 * Math.min(1, scale * 4))));
const CONNECTIONS = 50;
const log = pino({ level: 'warn' });

type Server = ApiServer;
const spawnServer = spawnApiServer;

const stop = (s: Server) => new Promise<void>((r) => (s.child.once('exit', () => r()), s.child.kill('SIGTERM')));

interface Load {
  readonly rps: number;
  readonly p99: number;
  readonly ok: number;
  readonly refused: number;
  readonly other: number;
}

/** CPU time (user + system) a process has used so far, in ms; null where /proc cannot be read. */
function cpuMsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in USER_HZ (100) ticks
  } catch {
    return null;
  }
}

/**
 * A load run that also reports the server's CPU per request (microseconds): on a shared machine at high load
 * average, requests/s follow whatever CPU the scheduler gives each process, while CPU per request is the
 * cost of the path itself.
 */
async function measured(server: Server, path: string | (() => string), headers: Record<string, string> = {}): Promise<Load & { cpuUs: string }> {
  const before = cpuMsOf(server.child.pid!);
  const load = await cannon(server.url, path, headers);
  const after = cpuMsOf(server.child.pid!);
  const served = load.ok + load.refused + load.other;
  const cpuUs = before === null || after === null || served === 0 ? 'n/a' : ((1000 * (after - before)) / served).toFixed(0);
  return { ...load, cpuUs };
}

let copies = 0;

/**
 * Gives the ceiling server a copy of a row's real response and returns the path that answers it. The ceiling
 * serves the very bytes the API served, not filler of the same length: the load generator's cost per response
 * depends on the content (autocannon appends each body to a string, and a body with non-ASCII characters
 * decodes several times slower than one of ASCII filler), so filler would flatter the ceiling.
 */
async function copyToCeiling(bare: Server, body: Buffer): Promise<string> {
  const path = `/copy/${++copies}`;
  const res = await fetch(bare.url + path, { method: 'PUT', body });
  if (res.status !== 204) throw new Error(`ceiling copy: ${res.status}`);
  return path;
}

async function cannon(url: string, path: string | (() => string), headers: Record<string, string> = {}, seconds = SECONDS): Promise<Load> {
  const next = typeof path === 'function' ? path : () => path;
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }],
  });
  const codes = r.statusCodeStats as Record<string, { count: number }>;
  const count = (c: string) => codes[c]?.count ?? 0;
  const ok = count('200');
  const refused = count('429');
  const total = Object.values(codes).reduce((s, v) => s + v.count, 0);
  return { rps: r.requests.average, p99: r.latency.p99, ok, refused, other: total - ok - refused + r.errors + r.timeouts };
}

async function main(): Promise<void> {
  console.log(`load average before: ${load()}`);
  const dir = mkdtempSync(join(tmpdir(), 'concord-bench-api-'));
  const dataDir = join(dir, 'data');
  mkdirSync(dataDir);
  const nats = await startLocalNatsServer(join(dir, 'nats'));
  const conn = await connectStreams(nats.url, log, 'bench-api');
  await provisionStreams(conn.jsm, log);
  const store = openSqliteStore({ file: join(dataDir, 'concord.db') });
  const data = await populateApiStore(store, MARKETS, QUESTIONS);
  await store.close();
  console.log(`store: ${data.markets.toLocaleString('en-US')} markets, ${data.questions.length.toLocaleString('en-US')} questions, ${data.opportunities.toLocaleString('en-US')} opportunities; ${SECONDS} s per run, ${CONNECTIONS} connections, scale ${scale}`);

  const served = await spawnServer(['--mode', 'concord', '--data-dir', dataDir, '--nats-url', nats.url, '--multiplier', '1000000']);
  const bare = await spawnServer(['--mode', 'bare']);
  try {
    const post = async (path: string, body: unknown, bearer?: string) => {
      const res = await fetch(served.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) }, body: JSON.stringify(body) });
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { data: { key?: string }; tokens?: { access_token: string } };
    };
    const session = (await post('/api/v1/auth/register', { email: 'bench@example.com', password: 'a long bench password', name: 'Bench' })).tokens!.access_token;
    const key = (await post('/api/v1/console/keys', { name: 'bench', permissions: ['read:arbitrage'] }, session)).data.key!;
    let q = 0;
    const ids = data.questions.slice(0, 1_000);
    const rows: Array<{ name: string; path: string | (() => string); headers: Record<string, string> }> = [
      { name: 'markets (venue filter, default sort)', path: '/api/v1/markets?platform=polymarket&limit=50', headers: {} },
      { name: 'markets (venue filter, sort=liquidity)', path: '/api/v1/markets?platform=polymarket&sort=liquidity&limit=50', headers: {} },
      { name: 'discover', path: '/api/v1/discover?category=politics&limit=20', headers: { authorization: `Bearer ${session}` } },
      { name: 'questions/{id}', path: () => `/api/v1/questions/${ids[q++ % ids.length]}`, headers: { authorization: `Bearer ${session}` } },
      { name: 'external arbitrage (API key)', path: '/api/v1/external/arbitrage/opportunities?limit=50', headers: { 'x-api-key': key } },
    ];
    const out: Array<Array<string | number>> = [['endpoint', 'bytes', 'concord req/s', 'p99 ms', 'cpu us/req', 'ceiling req/s', 'ceiling p99', 'ceiling cpu us/req', 'ratio', 'non-200']];
    const ratios: number[] = [];
    for (const row of rows.filter((r) => wanted(r.name))) {
      const first = typeof row.path === 'function' ? row.path() : row.path;
      const probe = await fetch(served.url + first, { headers: row.headers });
      const body = Buffer.from(await probe.arrayBuffer());
      const bytes = body.byteLength;
      if (probe.status !== 200) throw new Error(`${row.name}: ${probe.status}`);
      const copy = await copyToCeiling(bare, body);
      await cannon(served.url, row.path, row.headers, 1); // warm-up
      const c = await measured(served, row.path, row.headers);
      await cannon(bare.url, copy, {}, 1);
      const b = await measured(bare, copy);
      ratios.push(c.rps / b.rps);
      out.push([row.name, bytes, c.rps, c.p99, c.cpuUs, b.rps, b.p99, b.cpuUs, (c.rps / b.rps).toFixed(2), c.refused + c.other]);
    }
    const peak = peakRssOfPid(served.child.pid!);
    await stop(served);

    // Refusal path: default limits, anonymous product-read tier; nearly every request is refused.
    if (wanted('markets refused')) {
    const strict = await spawnServer(['--mode', 'concord', '--data-dir', dataDir, '--nats-url', nats.url, '--multiplier', '1']);
    try {
      const path = '/api/v1/markets?platform=polymarket&sort=liquidity&limit=50';
      for (let i = 0; i < 45; i++) await fetch(strict.url + path).then((r) => r.arrayBuffer());
      const refusedProbe = await fetch(strict.url + path);
      const refusedBody = Buffer.from(await refusedProbe.arrayBuffer());
      const refusedBytes = refusedBody.byteLength;
      const headers = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'].map((h) => `${h}=${refusedProbe.headers.get(h)}`);
      if (refusedProbe.status !== 429 || headers.some((h) => h.endsWith('=null'))) throw new Error(`refusal path: ${refusedProbe.status} ${headers.join(' ')}`);
      const copy = await copyToCeiling(bare, refusedBody);
      const c = await measured(strict, path);
      await cannon(bare.url, copy, {}, 1);
      const b = await measured(bare, copy);
      out.push(['markets refused (429, default limits)', refusedBytes, c.rps, c.p99, c.cpuUs, b.rps, b.p99, b.cpuUs, (c.rps / b.rps).toFixed(2), c.ok + c.other]);
      console.log(`refusal headers: ${headers.join(' ')}`);
      ratios.push(c.rps / b.rps);
    } finally {
      await stop(strict);
    }
    }
    table(out);
    console.log(`peak RSS of the API process: ${peak === null ? 'n/a' : peak.toFixed(0) + ' MiB'}; target per row: ratio >= 0.6 and p99 <= 25 ms`);
    console.log(`load average after: ${load()}`);
    ratioLine('api', Math.min(...ratios), 0.6);
  } finally {
    await stop(bare).catch(() => undefined);
    await conn.close();
    await nats.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
