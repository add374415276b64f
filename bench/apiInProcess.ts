/**
 * Diagnostic without a ceiling: CPU per request of the API app's own path (createApp as the server builds it,
 * over a bench:api store at scale 0.05: 2,500 markets, 500 questions), driven in process with synthetic
 * IncomingMessage/ServerResponse pairs: no socket, no load generator, so the figure does not follow what the
 * scheduler gives a process on a loaded machine. The response is built (status, headers, body) but not
 * written. Requests go 50 at a time, then one event-loop turn, as a poll with 50 ready connections would
 * hand them over. Rows: the market list (venue filter, default sort; anonymous), questions/{id} (rotating over the
 * 500 ids, session), discover (session), the 429 refusal at default limits (anonymous), /health. The store sits behind the availability guard, as the server
 * composes it. Seven repetitions of `--batches` x 50 requests each; prints the median, min and max of CPU
 * (user + system) per request.
 *
 * Compare two versions by running it from each one's worktree in turns; bench:api is the measure of record.
 *   node --import tsx bench/apiInProcess.ts [--batches 100] [--only markets,questions,refused]
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { Socket, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { openSqliteStore } from '../adapters/store/sqliteStore.ts';
import { withAvailability } from '../adapters/store/availability.ts';
import type { AppDeps } from '../api/deps.ts';
import { createApiHttpServer } from '../api/server.ts';
import { loadConfig } from '../shared/config.ts';
import { populateApiStore } from './support/apiData.ts';
import { benchArgs, load, table } from './support/report.ts';

const { values } = benchArgs({ batches: { type: 'string' }, only: { type: 'string' } });
const BATCHES = Number(values.batches ?? 100);
const ONLY = typeof values.only === 'string' ? values.only.split(',') : ['markets', 'questions', 'discover', 'refused', 'health'];
const MARKETS_PATH = '/api/v1/markets?platform=polymarket&sort=liquidity&limit=50';
/** bench:api's first row: a cached first page, served to an anonymous caller. */
const MARKET_LIST_PATH = '/api/v1/markets?platform=polymarket&limit=50';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const dir = mkdtempSync(join(tmpdir(), 'concord-api-inprocess-'));
const file = join(dir, 'store.db');
const seed = openSqliteStore({ file });
const { questions: ids } = await populateApiStore(seed, 2_500, 500);
await seed.close();

function makeApp(multiplier: string) {
  const config = loadConfig({
    JWT_ACCESS_SECRET: 'bench-access-secret-0123456789abcdefghijklmnop',
    JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789abcdefghijklmno',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MULTIPLIER: multiplier,
  });
  // Behind the availability guard, as the server composes it (adapters/store/createStore.ts).
  const store = withAvailability(openSqliteStore({ file }));
  const deps: AppDeps = { config, log: pino({ level: 'warn' }), store, checkDependencies: async () => [{ name: 'store', ok: true }], publish: async () => undefined };
  return { store, ...createApiHttpServer(deps) };
}

const served = makeApp('1000000');
const strict = makeApp('1');
// A session, registered over real HTTP once.
await new Promise<void>((resolve) => served.server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(served.server.address() as AddressInfo).port}`;
const registered = await fetch(`${url}/api/v1/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@example.com', password: 'a long bench password', name: 'Bench' }) });
const token = ((await registered.json()) as { tokens: { access_token: string } }).tokens.access_token;
await new Promise<void>((resolve) => served.server.close(() => resolve()));

const socket = new Socket();
Object.defineProperty(socket, 'remoteAddress', { value: '127.0.0.1' });

function request(handler: Handler, path: string, headers: Record<string, string>): Promise<ServerResponse> {
  const req = new IncomingMessage(socket);
  req.method = 'GET';
  req.url = path;
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.httpVersion = '1.1';
  req.headers = { host: '127.0.0.1:3000', connection: 'keep-alive', ...headers };
  const res = new ServerResponse(req);
  return handler(req, res).then(() => res);
}

let unexpected = 0;
async function run(handler: Handler, path: () => string, headers: Record<string, string>, expect: number, batches: number): Promise<void> {
  for (let b = 0; b < batches; b++) {
    const pending: Array<Promise<ServerResponse>> = [];
    for (let i = 0; i < 50; i++) pending.push(request(handler, path(), headers));
    for (const res of await Promise.all(pending)) if (res.statusCode !== expect) unexpected += 1;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function measure(handler: Handler, path: () => string, headers: Record<string, string>, expect: number): Promise<number[]> {
  await run(handler, path, headers, expect, 200);
  const perRequest: number[] = [];
  for (let rep = 0; rep < 7; rep++) {
    const before = process.cpuUsage();
    await run(handler, path, headers, expect, BATCHES);
    const used = process.cpuUsage(before);
    perRequest.push((used.user + used.system) / (BATCHES * 50));
  }
  return perRequest.sort((a, b) => a - b);
}

console.log(`load average before: ${load()}`);
const out: Array<Array<string | number>> = [['row', 'cpu us/req (median)', 'min', 'max']];
const row = (name: string, us: number[]) => out.push([name, us[3]!.toFixed(1), us[0]!.toFixed(1), us[6]!.toFixed(1)]);
const servedHandler = served.app.callback() as Handler;
const strictHandler = strict.app.callback() as Handler;
const session = { authorization: `Bearer ${token}` };
let q = 0;
if (ONLY.includes('markets')) row('markets (venue filter, default sort)', await measure(servedHandler, () => MARKET_LIST_PATH, {}, 200));
if (ONLY.includes('questions')) row('questions/{id}', await measure(servedHandler, () => `/api/v1/questions/${ids[q++ % ids.length]}`, session, 200));
if (ONLY.includes('discover')) row('discover', await measure(servedHandler, () => '/api/v1/discover?category=politics&limit=20', session, 200));
if (ONLY.includes('refused')) {
  // Spend the burst window first (40 requests of the product tier), so nearly every measured request is refused.
  for (let i = 0; i < 45; i++) await request(strictHandler, MARKETS_PATH, {});
  row('markets refused (429)', await measure(strictHandler, () => MARKETS_PATH, {}, 429));
}
if (ONLY.includes('health')) row('/health', await measure(servedHandler, () => '/health', {}, 200));
table(out);
console.log(`answers with another status than the row's: ${unexpected} (the refusal row's burst window reopens every 5 s)`);
console.log(`load average after: ${load()}`);
await served.store.close();
await strict.store.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
