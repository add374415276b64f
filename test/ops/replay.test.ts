import test from 'ava';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { startTestService, type TestService } from '../support/service.ts';
import { silentLog, startTestNats, type TestNats } from '../support/nats.ts';
import { subjects } from '../../shared/streams/subjects.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { CHECKPOINTS } from '../../projections/applyEvent.ts';
import { replay, ReplayError } from '../../pipeline/ops/replay.ts';
import { allReplayables, rebuildName } from '../../pipeline/ops/replayables.ts';
import { PROJECTIONS } from '../../projections/index.ts';
import { liveRunOracle, readModelCounts, readModelSnapshot, SCANNER_CLOCK_HELD } from './readModels.ts';
import type { ApiRequestLogged, VenueHealthEvent } from '../../shared/events.ts';

const ENV = { VENUES: 'polymarket,manifold', ...SCANNER_CLOCK_HELD };

/** API usage as the usage capture publishes it; several in one key-hour so the hourly model accumulates. */
async function publishUsage(svc: TestService, n: number, hour = '2026-05-01T10'): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    const event: ApiRequestLogged = {
      type: 'api_request',
      id: randomUUID(),
      api_key_id: `key-${i % 3}`,
      account_id: 'acct-1',
      method: 'GET',
      endpoint: i % 2 ? '/api/v1/markets' : '/api/v1/discover',
      status: i % 7 === 0 ? 429 : 200,
      duration_ms: 3 + (i % 11),
      at: `${hour}:${String(i % 60).padStart(2, '0')}:00.000Z`,
    };
    await svc.service.conn.js.publish(subjects.apiRequests(), JSON.stringify(event), { msgID: event.id });
  }
}

async function publishHealth(svc: TestService, n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    const event: VenueHealthEvent =
      i % 2
        ? { type: 'venue_fetch_failed', venue: 'manifold', at: new Date(Date.UTC(2026, 4, 1, 11, i)).toISOString(), code: 'TIMEOUT', message: 'slow', retryable: true }
        : { type: 'venue_fetch_succeeded', venue: 'manifold', at: new Date(Date.UTC(2026, 4, 1, 11, i)).toISOString(), item_count: 10 + i, changed_count: i, duration_ms: 5 };
    await svc.service.conn.js.publish(subjects.venueHealth('manifold'), JSON.stringify(event));
  }
}

async function populated(existing?: { nats: TestNats; dataDir: string }): Promise<TestService> {
  const svc = await startTestService(ENV, existing);
  await svc.service.ingestOnce();
  await publishUsage(svc, 40);
  await publishHealth(svc, 6);
  await svc.settle();
  await svc.service.scanner!.scanNow(true);
  await svc.settle();
  return svc;
}

const baseOptions = (svc: TestService) => ({ conn: svc.nats.conn, log: silentLog, replayables: allReplayables() });

test.serial('a full rebuild is built beside the live read models and swapped in, equal document by document to one live run', async (t) => {
  const svc = await populated();
  try {
    const live = await readModelSnapshot(svc.service.store);
    const counts = await readModelCounts(svc.service.store);
    t.true(counts.markets! > 50 && counts.api_usage_hourly! >= 3 && counts.api_request_logs === 40 && counts.platform_status! >= 2 && counts.arbitrage_stats === 1 && counts.platform_totals! >= 2, JSON.stringify(counts));
    const oracle = await liveRunOracle(svc.nats.conn);
    t.deepEqual(await readModelSnapshot(oracle), live, 'the live service and the one-at-a-time oracle agree to begin with');

    // The service keeps running: its projections are paused for the swap and resumed after.
    const summary = await replay({ ...baseOptions(svc), store: svc.service.store, start: null, dryRun: false, live: true });
    t.is(summary.mode, 'rebuild');
    t.true(summary.projections.every((p) => p.swapped), 'every read model was swapped in');
    t.true(summary.streams.every((s) => s.paused_processes === 1), 'the running service confirmed each pause');
    t.is(summary.projections.find((p) => p.name === 'usage_hourly')?.applied, 40);
    t.deepEqual(await readModelSnapshot(svc.service.store), live, 'rebuilt read models equal the live ones');
    for (const p of PROJECTIONS) {
      t.is(await svc.service.store.collection(rebuildName(p.collection)).count(), 0, `${p.collection}_rebuild is gone after the swap`);
    }

    // Replaying twice changes nothing, and the live projections carry on after the swap.
    await replay({ ...baseOptions(svc), store: svc.service.store, start: null, dryRun: false, live: true });
    t.deepEqual(await readModelSnapshot(svc.service.store), live, 'a second rebuild gives the same documents');
    await publishUsage(svc, 5, '2026-05-02T09');
    await svc.settle();
    t.is(await svc.service.store.collection('api_request_logs').count(), 45, 'the resumed live projection applies new events');
    t.deepEqual(await readModelSnapshot(svc.service.store), await readModelSnapshot(await liveRunOracle(svc.nats.conn)));
    await oracle.close();
  } finally {
    await svc.close();
  }
});

test.serial('a rebuild whose stream ends in an undecodable message checkpoints past it: the live projection resumes', async (t) => {
  const svc = await populated();
  try {
    // The live consumer dead-letters it and acks it; the rebuild reads it, applies nothing for it.
    const poison = await svc.service.conn.js.publish(subjects.apiRequests(), JSON.stringify({ type: 'api_request', id: 'broken' }));
    await svc.settle();
    const summary = await replay({ ...baseOptions(svc), store: svc.service.store, start: null, dryRun: false, live: true });
    const logs = summary.projections.find((p) => p.name === 'usage_request_logs')!;
    t.is(logs.poison, 1);
    const checkpoint = await svc.service.store.collection<{ _id: string; lastSeq: number }>(CHECKPOINTS).get('usage_request_logs');
    // It was the last message applied (poison.seq - 1): the live consumer then waited for a message it had acked.
    t.is(checkpoint?.lastSeq, poison.seq, 'the checkpoint is the last message read');
    t.is(logs.checkpoint_after, poison.seq);
    await publishUsage(svc, 5, '2026-05-02T09');
    const deadline = Date.now() + 15_000;
    while ((await svc.service.store.collection('api_request_logs').count()) < 45 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    t.is(await svc.service.store.collection('api_request_logs').count(), 45, 'the resumed live projection applies new events');
  } finally {
    await svc.close();
  }
});

test.serial('a rebuild while events keep arriving ends equal to one live run over the same stream', async (t) => {
  const svc = await populated();
  try {
    let publishing = true;
    let extra = 0;
    const publisher = (async () => {
      while (publishing) {
        await publishUsage(svc, 3, `2026-05-03T${String(10 + (extra % 10)).padStart(2, '0')}`);
        await publishHealth(svc, 1);
        extra += 1;
      }
    })();
    const summary = await replay({ ...baseOptions(svc), store: svc.service.store, start: null, dryRun: false, live: true, batchSize: 7 });
    publishing = false;
    await publisher;
    t.true(extra > 0, 'events were published while the rebuild ran');
    t.true(summary.projections.every((p) => p.swapped));
    await svc.settle();
    const oracle = await liveRunOracle(svc.nats.conn);
    t.deepEqual(await readModelSnapshot(svc.service.store), await readModelSnapshot(oracle));
    t.is(await svc.service.store.collection('api_request_logs').count(), 40 + 3 * extra);
    await oracle.close();
  } finally {
    await svc.close();
  }
});

test.serial('a partial replay resumes a behind store on top of its documents; a start past its checkpoint is refused', async (t) => {
  const nats = await startTestNats();
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-data-'));
  const backupDir = mkdtempSync(join(tmpdir(), 'concord-backup-'));
  try {
    // A copy of the store as it was (as a backup would be), then the live one moves on.
    const svc = await populated({ nats, dataDir });
    await svc.close();
    copyFileSync(join(dataDir, 'concord.db'), join(backupDir, 'concord.db'));
    const svc2 = await startTestService(ENV, { nats, dataDir });
    try {
      await publishUsage(svc2, 12, '2026-05-04T08');
      await publishHealth(svc2, 3);
      await svc2.settle();
      const backup = openSqliteStore({ file: join(backupDir, 'concord.db') });
      try {
        const usageCheckpoint = (await backup.collection<{ _id: string; lastSeq: number }>(CHECKPOINTS).get('usage_hourly'))?.lastSeq ?? 0;
        t.is(usageCheckpoint, 40, 'the backup has applied the first 40 usage events');

        // Starting after the checkpoint would skip events 41..: refused before anything is written.
        const before = await readModelSnapshot(backup);
        await t.throwsAsync(
          replay({ ...baseOptions(svc2), replayables: allReplayables().filter((r) => r.stream === 'usage'), store: backup, start: { kind: 'seq', seq: usageCheckpoint + 5 }, dryRun: false, live: false }),
          { instanceOf: ReplayError, message: /skip 4 events.*--seq 41/ },
        );
        t.deepEqual(await readModelSnapshot(backup), before);

        // From a time well before the checkpoint: what was applied is skipped, the rest lands once.
        const summary = await replay({ ...baseOptions(svc2), store: backup, start: { kind: 'time', time: '2000-01-01T00:00:00Z' }, dryRun: false, live: false });
        const hourly = summary.projections.find((p) => p.name === 'usage_hourly')!;
        t.is(hourly.skipped_seen, 40);
        t.is(hourly.applied, 12);
        t.deepEqual(await readModelSnapshot(backup), await readModelSnapshot(svc2.service.store), 'the resumed copy equals the live store');
      } finally {
        await backup.close();
      }
    } finally {
      await svc2.close();
    }
  } finally {
    await nats.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(backupDir, { recursive: true, force: true });
  }
});

test.serial('a dry run reads and decodes everything and writes nothing', async (t) => {
  const svc = await populated();
  try {
    const before = await readModelSnapshot(svc.service.store);
    // One message no read model can decode: reported with its reason, as the live consumer dead-letters it.
    await svc.service.conn.js.publish(subjects.apiRequests(), JSON.stringify({ type: 'api_request', id: 'x' }));
    await svc.settle();
    const summary = await replay({ ...baseOptions(svc), store: svc.service.store, start: null, dryRun: true, live: true });
    t.deepEqual(await readModelSnapshot(svc.service.store), before);
    const logs = summary.projections.find((p) => p.name === 'usage_request_logs')!;
    t.is(logs.applied, 40);
    t.is(logs.poison, 1);
    t.regex(Object.keys(logs.poison_reasons)[0] ?? '', /invalid api_request event/);
    t.true(summary.streams.every((s) => s.paused_processes === 0), 'a dry run pauses nothing');
    for (const p of PROJECTIONS) t.is(await svc.service.store.collection(rebuildName(p.collection)).count(), 0);
  } finally {
    await svc.close();
  }
});
