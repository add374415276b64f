import test from 'ava';
import { ingestVenueOnce } from '../../pipeline/ingest/ingestVenue.ts';
import { ChangeTracker } from '../../pipeline/ingest/changeTracker.ts';
import { createRecordedHttpClient } from '../../pipeline/http/index.ts';
import type { HttpClient } from '../../pipeline/http/types.ts';
import { VENUE_MODULES } from '../../pipeline/venues/index.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { capturedLog } from '../support/capturedLog.ts';

test('a catalogue fetch stopped by shutdown is not reported as a venue failure (which would mark the venue failing and its legs stale after every restart)', async (t) => {
  const manifold = VENUE_MODULES.manifold!;
  const recorded = createRecordedHttpClient({ connectors: [manifold.connector] });
  const stop = new AbortController();
  let requests = 0;
  const http: HttpClient = {
    getJson: async (venue, req) => {
      requests += 1;
      if (requests === 1) stop.abort(); // the service stops while the first page is on its way
      if (stop.signal.aborted) throw new DOMException('This operation was aborted', 'AbortError');
      return recorded.getJson(venue, req);
    },
  };
  const published: Array<{ subject: string; type: unknown }> = [];
  const { log, lines } = capturedLog();
  const store = openSqliteStore({ file: ':memory:' });
  try {
    const result = await ingestVenueOnce(manifold, {
      http,
      publish: async (subject, payload) => {
        published.push({ subject, type: (payload as { type?: unknown }).type });
      },
      tracker: new ChangeTracker(store),
      log,
      signal: stop.signal,
    });
    t.false(result.ok);
    t.is(result.error?.code, 'CANCELLED');
    t.deepEqual(published.filter((p) => p.type === 'venue_fetch_failed'), [], 'no venue failure reported');
    t.deepEqual(lines.filter((l) => l.level >= 40).map((l) => l.msg), [], 'no warning for a stop');
  } finally {
    await store.close();
  }
});
