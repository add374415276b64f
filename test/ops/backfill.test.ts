import test from 'ava';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestNats, silentLog } from '../support/nats.ts';
import { createHttpClient, createRecordedHttpClient } from '../../pipeline/http/index.ts';
import { VENUE_MODULES } from '../../pipeline/venues/index.ts';
import { backfillVenue, sharedDescriptor } from '../../pipeline/ops/backfill.ts';
import { jetStreamPublisher } from '../../pipeline/streams/publisher.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { marketId } from '../../shared/ids.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VENUES_DIR = fileURLToPath(new URL('../../pipeline/venues/', import.meta.url));

async function backfillCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; json: Record<string, unknown>; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/backfill.ts', ...args, '--json'], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let stderr = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  return { code, json: JSON.parse(out.trim().split('\n').pop() || '{}') as Record<string, unknown>, stderr };
}

test('npm run backfill re-ingests a venue catalogue into RAW once: a second run publishes nothing, --since filters by creation date', async (t) => {
  const nats = await startTestNats();
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-backfill-'));
  const env = { NATS_URL: nats.server.url, DATA_DIR: dataDir, VENUE_SOURCE: 'recorded' };
  try {
    const manifold = VENUE_MODULES.manifold!;
    // Oracle: the recorded catalogue through the pure parser.
    const http = createRecordedHttpClient({ connectors: [manifold.connector] });
    const items: Array<{ id: string; created: Array<string | null> }> = [];
    for await (const page of manifold.connector.fetchCatalog({ http, log: silentLog, signal: new AbortController().signal })) {
      for (const item of page) items.push({ id: item.id, created: manifold.parse(item, { fetchedAt: '2026-01-01T00:00:00Z' }).markets.map((m) => m.created_at) });
    }

    const first = await backfillCli(['--venue', 'manifold'], env);
    t.is(first.code, 0, first.stderr);
    t.like(first.json, { ok: true, venue: 'manifold', items: items.length, published: items.length, already_in_stream: 0 });
    t.regex(String((first.json.history as { skipped?: string }).skipped), /no price-history capability/);
    t.is((await nats.conn.jsm.streams.info('RAW')).state.messages, items.length);

    const second = await backfillCli(['--venue', 'manifold'], env);
    t.like(second.json, { ok: true, published: 0, already_in_stream: items.length });
    t.is((await nats.conn.jsm.streams.info('RAW')).state.messages, items.length, 'nothing published twice');

    const cut = '2026-01-30T00:00:00Z';
    const kept = items.filter((i) => i.created.length === 0 || i.created.some((c) => c === null || Date.parse(c) >= Date.parse(cut)));
    t.true(kept.length > 0 && kept.length < items.length, 'the cut splits the recorded catalogue');
    const since = await backfillCli(['--venue', 'manifold', '--since', cut], { ...env, DATA_DIR: mkdtempSync(join(dataDir, 'fresh-')) });
    t.like(since.json, { ok: true, before_since: items.length - kept.length });

    const bad = await backfillCli(['--venue', 'nowhere'], env);
    t.is(bad.code, 2);
    t.regex(String(bad.json.error), /Unknown venue "nowhere"\. Venues: polymarket/);
  } finally {
    await nats.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a backfill goes through the venue transport at its share of the rate limit', async (t) => {
  const nats = await startTestNats();
  const store = openSqliteStore({ file: ':memory:' });
  try {
    const polymarket = VENUE_MODULES.polymarket!;
    const d = polymarket.connector.descriptor;
    const share = 0.01;
    const scaled = sharedDescriptor(d, share);
    t.is(scaled.rateLimit.tokensPerSecond, d.rateLimit.tokensPerSecond * share);
    // A virtual clock: sleeping advances it, so the bucket's spacing shows in the request times without waiting.
    let clock = 0;
    const times: number[] = [];
    const http = createHttpClient({
      venues: [scaled],
      log: silentLog,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
      fetch: async (input) => {
        times.push(clock);
        const file = polymarket.connector.recordedFile(new URL(String(input)));
        if (!file) return new Response('{"error":"not found"}', { status: 404 });
        return new Response(await readFile(join(VENUES_DIR, 'polymarket', 'recorded', file), 'utf8'), { status: 200 });
      },
    });
    const summary = await backfillVenue({ module: polymarket, http, publish: jetStreamPublisher(nats.conn.js), store, log: silentLog, since: null, rawFirstTime: null, now: () => clock });
    t.true(summary.items > 0);
    t.true(times.length > scaled.rateLimit.burst, `enough requests to exhaust the burst (${times.length})`);
    // Token bucket: in any window of w ms at most burst + rate * w requests.
    for (let i = 0; i < times.length; i += 1) {
      for (let j = i; j < times.length; j += 1) {
        const w = times[j]! - times[i]!;
        t.true(j - i + 1 <= scaled.rateLimit.burst + (scaled.rateLimit.tokensPerSecond * w) / 1000 + 1e-9, `requests ${i}..${j} within ${w} ms`);
      }
    }
  } finally {
    await store.close();
    await nats.close();
  }
});

test('a backfill of a venue with price history publishes each market\'s history once on HISTORY, and asks again only what was not published', async (t) => {
  const nats = await startTestNats();
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-backfill-history-'));
  const env = { NATS_URL: nats.server.url, DATA_DIR: dataDir, VENUE_SOURCE: 'recorded' };
  try {
    const kalshi = VENUE_MODULES.kalshi!;
    // Oracle: the markets of the recorded catalogue through the pure parser. One of them, KXELONMARS-99, has
    // recorded candles (recorded/README.md); the others' candle requests find nothing recorded (404).
    const http = createRecordedHttpClient({ connectors: [kalshi.connector] });
    const ids: string[] = [];
    for await (const page of kalshi.connector.fetchCatalog({ http, log: silentLog, signal: new AbortController().signal })) {
      for (const item of page) ids.push(...kalshi.parse(item, { fetchedAt: '2026-01-01T00:00:00Z' }).markets.map((m) => m.id));
    }
    const elonMars = marketId('kalshi', 'KXELONMARS-99');
    t.true(ids.includes(elonMars) && ids.length > 1);

    const first = await backfillCli(['--venue', 'kalshi'], env);
    t.is(first.code, 0, first.stderr);
    t.deepEqual(first.json.history, { not_applicable: 0, already: 0, done: 1, empty: 0, unavailable: ids.length - 1, failed: 0 });
    const history = await nats.conn.jsm.streams.info('HISTORY');
    t.is(history.state.messages, 1);
    const msg = await nats.conn.jsm.streams.getMessage('HISTORY', { seq: history.state.first_seq });
    t.is(msg.subject, 'history.backfill.kalshi');
    const event = msg.json<{ market_id: string; points: Array<[number, number]> }>();
    t.is(event.market_id, elonMars);
    // The six real hourly candles, each closing with a 0.10 bid and a 0.12 ask: midpoint 0.11.
    t.deepEqual(event.points, [1789387200, 1789412400, 1789430400, 1789437600, 1789459200, 1789470000].map((ts) => [ts, 0.11]));

    const second = await backfillCli(['--venue', 'kalshi'], env);
    t.is(second.code, 0, second.stderr);
    t.deepEqual(second.json.history, { not_applicable: 0, already: 1, done: 0, empty: 0, unavailable: ids.length - 1, failed: 0 }, 'published history is not asked again; the rest is');
    t.is((await nats.conn.jsm.streams.info('HISTORY')).state.messages, 1);
  } finally {
    await nats.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
