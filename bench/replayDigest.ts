/**
 * Diagnostic, not a bench: the documents a full rebuild (`replay --all`, pipeline/ops/replay.ts) makes from a fixed
 * MARKETS stream, as one SHA-256 per read-model collection, so that two versions of the code can be compared byte
 * for byte (run it on each, compare the lines). `--out <file>` also writes every collection's JSON text
 * (test/ops/readModels.ts's readModelSnapshot) for a diff.
 *
 * The stream is deterministic (fixed times, no wall clock): `--markets` recorded-shape catalogue markets (default
 * 2,500) x 20 polls, the first ten a minute apart and the next ten three hours apart (so volume ledgers, price
 * series and daily volumes cross their buckets and days), with status changes, renamed titles and labels, repeated
 * and late (older) snapshots, delistings (some before a later snapshot, some twice, one of an unknown market) and one
 * message that is not JSON.
 *
 * `--held <n>` caps the documents the rebuild holds (replay's heldDocuments): below the ~7.5k documents it evicts, so
 * the paths that read documents back from the store run too; the digests must not change.
 *
 *   node --import tsx bench/replayDigest.ts [--markets 2500] [--out /tmp/models.json] [--held 3000]
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { startLocalNatsServer } from '../pipeline/system/localNatsServer.ts';
import { connectStreams } from '../pipeline/streams/connection.ts';
import { provisionStreams } from '../pipeline/streams/provision.ts';
import { replay } from '../pipeline/ops/replay.ts';
import { allReplayables } from '../pipeline/ops/replayables.ts';
import { openSqliteStore } from '../adapters/store/sqliteStore.ts';
import { STREAMS, subjects } from '../shared/streams/subjects.ts';
import type { MarketDelisted, MarketNormalized } from '../shared/events.ts';
import type { NormalizedMarket } from '../shared/types/market.ts';
import type { VenueSlug } from '../shared/venues/registry.ts';
import { readModelSnapshot } from '../test/ops/readModels.ts';
import { catalogueMarkets, snapshotOf } from './support/marketEvents.ts';
import { waitFor } from './support/report.ts';

const { values } = parseArgs({ options: { markets: { type: 'string' }, out: { type: 'string' }, held: { type: 'string' } } });
const COUNT = Number(values.markets ?? 2_500);
const log = pino({ level: 'warn' });
const T0 = Date.parse('2026-03-01T20:30:00.000Z');
/** Poll k's time: a minute apart for the first ten, then three hours apart. */
const pollAt = (k: number): number => (k < 10 ? T0 + k * 60_000 : T0 + 9 * 60_000 + (k - 9) * 3 * 3_600_000);

function messages(markets: NormalizedMarket[]): Array<[VenueSlug, string]> {
  const out: Array<[VenueSlug, string]> = [];
  const push = (venue: VenueSlug, event: unknown) => out.push([venue, JSON.stringify(event)]);
  const delisted = (m: NormalizedMarket, at: number): MarketDelisted => ({
    type: 'market_delisted',
    market_id: m.id,
    venue: m.platform_slug,
    item_id: m.platform_market_id,
    at: new Date(at).toISOString(),
  });
  for (let k = 0; k < 20; k++) {
    for (let i = 0; i < markets.length; i++) {
      const m = markets[i]!;
      if (i % 53 === 7 && k >= 12) continue; // delisted at poll 12 and not seen again
      const s = snapshotOf(m, k, 0, 0);
      const at = new Date(pollAt(k)).toISOString();
      let market = { ...s.market, quoted_at: at };
      if (i % 41 === 3 && k >= 14) market = { ...market, status: k >= 17 ? 'resolved' : 'closed' };
      if (i % 29 === 5 && k >= 8) market = { ...market, title: `${market.title} (renamed)` };
      if (i % 31 === 11 && k >= 6) market = { ...market, outcomes: market.outcomes.map((o, j) => (j === 0 ? { ...o, label: `${o.label} A` } : o)) };
      if (i % 23 === 2 && k % 4 === 1) market = { ...market, volume24h: null };
      const event: MarketNormalized = { ...s, market, source: { ...s.source, fetched_at: at } };
      push(m.platform_slug, event);
      if (i % 37 === 1) push(m.platform_slug, event); // a repeat
      if (i % 43 === 4 && k >= 2) {
        // a late snapshot: an older poll arriving after a newer one
        const late = snapshotOf(m, k - 2, 0, 0);
        const lateAt = new Date(pollAt(k - 2)).toISOString();
        push(m.platform_slug, { ...late, market: { ...late.market, quoted_at: lateAt }, source: { ...late.source, fetched_at: lateAt } });
      }
    }
    if (k === 11) for (let i = 7; i < markets.length; i += 53) push(markets[i]!.platform_slug, delisted(markets[i]!, pollAt(k) + 30_000));
    if (k === 13) {
      for (let i = 19; i < markets.length; i += 61) push(markets[i]!.platform_slug, delisted(markets[i]!, pollAt(k) + 30_000)); // seen again later
      for (let i = 7; i < markets.length; i += 106) push(markets[i]!.platform_slug, delisted(markets[i]!, pollAt(k) + 40_000)); // twice
      push(markets[0]!.platform_slug, { ...delisted(markets[0]!, pollAt(k)), market_id: '00000000-0000-5000-8000-000000000000' });
      out.push([markets[0]!.platform_slug, '{ not json']);
    }
  }
  return out;
}

async function main(): Promise<void> {
  const markets = await catalogueMarkets(COUNT, new Date(T0).toISOString());
  const stream = messages(markets);
  const dir = mkdtempSync(join(tmpdir(), 'concord-replay-digest-'));
  const server = await startLocalNatsServer(join(dir, 'nats'));
  const conn = await connectStreams(server.url, log, 'replay-digest');
  const store = openSqliteStore({ file: join(dir, 'concord.db') });
  try {
    await provisionStreams(conn.jsm, log);
    for (let i = 0; i < stream.length; i++) {
      const [venue, data] = stream[i]!;
      conn.nc.publish(subjects.normalized(venue), data);
      if (i % 5_000 === 4_999) await conn.nc.flush();
    }
    await conn.nc.flush();
    await waitFor(async () => (await conn.jsm.streams.info(STREAMS.markets.name)).state.messages >= stream.length, 'stream filled', 600_000, 200);
    const held = values.held === undefined ? {} : { heldDocuments: Number(values.held) };
    const summary = await replay({ conn, store, replayables: allReplayables(), start: null, dryRun: false, live: false, log, ...held });
    const snapshot = await readModelSnapshot(store);
    console.log(`${stream.length} messages, ${markets.length} markets; applied ${summary.projections.map((p) => `${p.name} ${p.applied}`).join(', ')}; poison ${summary.projections.map((p) => p.poison).join('/')}`);
    for (const [name, text] of Object.entries(snapshot)) {
      console.log(`${name.padEnd(28)} ${String(text.length).padStart(9)} ${createHash('sha256').update(text).digest('hex')}`);
    }
    if (values.out) writeFileSync(values.out, JSON.stringify(snapshot));
  } finally {
    await store.close();
    await conn.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
