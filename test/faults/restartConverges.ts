import type { ExecutionContext } from 'ava';
import { startServices } from '../../bin/services.ts';
import { loadConfig } from '../../shared/config.ts';
import { silentLog } from '../support/nats.ts';
import { PIPELINE_DURABLES, TEST_MODEL } from '../support/service.ts';
import { waitForQuiet } from '../support/quiesce.ts';
import { liveRunOracle, readModelSnapshot, SCANNER_CLOCK_HELD } from '../ops/readModels.ts';

/**
 * Starts every role again on `dataDir` (recorded Manifold, as the stopped `npm start` ran) and checks that
 * the `requests` usage events published before the stop are each applied once (request logs and the hourly
 * totals), and that the read models equal one uninterrupted run over the streams.
 */
export async function assertRestartConverges(t: ExecutionContext, dataDir: string, requests: number): Promise<void> {
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NATS_URL: '', VENUE_SOURCE: 'recorded', VENUES: 'manifold', INGEST_INTERVAL_SECONDS: '86400', WORKERS: '1', LOG_LEVEL: 'silent', EMBEDDING_MODEL: TEST_MODEL, ...SCANNER_CLOCK_HELD });
  const service = await startServices(config, ['all'], silentLog);
  try {
    await waitForQuiet(service.conn, PIPELINE_DURABLES, 180_000);
    t.is(await service.store.collection('api_request_logs').count(), requests, 'every request logged once');
    const hours = await service.store.collection<{ _id: string; total_calls: number }>('api_usage_hourly').find({});
    t.is(hours.reduce((a, h) => a + h.total_calls, 0), requests, 'the hourly usage counts each request once');
    // The scanner's clock is held (as in npm start) and one pass is asked for and settled here, so no pass of
    // its own lands between the oracle's read of the streams and the store's snapshot.
    await service.scanner!.scanNow(true);
    await waitForQuiet(service.conn, PIPELINE_DURABLES, 120_000);
    const oracle = await liveRunOracle(service.conn);
    t.deepEqual(await readModelSnapshot(service.store), await readModelSnapshot(oracle), 'read models equal one uninterrupted run over the streams');
    await oracle.close();
  } finally {
    await service.stop();
  }
}
