import test from 'ava';
import { createIngestScheduler } from '../../pipeline/ingest/scheduler.ts';
import { ChangeTracker } from '../../pipeline/ingest/changeTracker.ts';
import { createRecordedHttpClient } from '../../pipeline/http/index.ts';
import type { HttpClient } from '../../pipeline/http/types.ts';
import { VENUE_MODULES } from '../../pipeline/venues/index.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { silentLog } from '../support/nats.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';

/** The scheduler over the recorded payloads, with a timer that records each venue's interval and can fire it. */
function scheduler(intervalSeconds: number) {
  const modules = [VENUE_MODULES.polymarket!, VENUE_MODULES.predictit!];
  const recorded = createRecordedHttpClient({ connectors: modules.map((m) => m.connector) });
  const requests: VenueSlug[] = [];
  const http: HttpClient = {
    getJson: (venue, req) => {
      requests.push(venue);
      return recorded.getJson(venue, req);
    },
  };
  const timers: Array<{ ms: number; poll: () => void }> = [];
  const store = openSqliteStore({ file: ':memory:' });
  const s = createIngestScheduler({
    modules,
    deps: { http, publish: async () => undefined, tracker: new ChangeTracker(store), log: silentLog },
    intervalMs: intervalSeconds * 1000,
    log: silentLog,
    setInterval: (poll, ms) => {
      timers.push({ ms, poll });
      return {};
    },
  });
  return { s, timers, requests, close: async () => { await s.stop(); await store.close(); } };
}

test('each venue is polled no faster than its own minimum: 5 s asked, Polymarket every 30 s and PredictIt every 60 s', async (t) => {
  const fast = scheduler(5);
  try {
    fast.s.start();
    t.deepEqual(fast.timers.map((x) => x.ms), [30_000, 60_000]);
  } finally {
    await fast.close();
  }
  const slow = scheduler(120);
  try {
    slow.s.start();
    t.deepEqual(slow.timers.map((x) => x.ms), [120_000, 120_000], 'a longer interval than the floors applies to both');
  } finally {
    await slow.close();
  }
});

test("a venue's timer starts a cycle of that venue", async (t) => {
  const sc = scheduler(5);
  try {
    sc.s.start();
    await sc.s.runOnce(); // joins the cycles start() began
    const before = sc.requests.length;
    t.true(before > 0);
    sc.timers[1]!.poll();
    for (let i = 0; i < 500 && sc.requests.length === before; i += 1) await new Promise((r) => setTimeout(r, 10));
    const fresh = sc.requests.slice(before);
    t.true(fresh.length > 0);
    t.deepEqual([...new Set(fresh)], ['predictit']);
  } finally {
    await sc.close();
  }
});
