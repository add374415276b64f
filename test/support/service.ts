import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../shared/config.ts';
import { startServices, type RunningService, type ServiceOverrides } from '../../bin/services.ts';
import { PROJECTIONS } from '../../projections/index.ts';
import { projectionDurable } from '../../projections/runProjection.ts';
import { PROCESSOR_DURABLE } from '../../pipeline/process/processor.ts';
import { LINKER_DURABLE } from '../../pipeline/matching/linker/startLinker.ts';
import { SCANNER_DURABLES } from '../../pipeline/scan/startScanner.ts';
import { fileURLToPath } from 'node:url';
import { waitForQuiet } from './quiesce.ts';
import { silentLog, startTestNats, type TestNats } from './nats.ts';

export interface TestService {
  readonly service: RunningService;
  readonly nats: TestNats;
  readonly dataDir: string;
  readonly baseUrl: string;
  /** Waits until processor and every projection have caught up with the streams. */
  settle(): Promise<void>;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: unknown }>;
  close(): Promise<void>;
}

/** The offline model `npm test` builds before ava starts (scripts/buildEmbeddingModel.ts). */
export const TEST_MODEL = fileURLToPath(new URL('../../data/models/wink-sg-100d', import.meta.url));

export const PIPELINE_DURABLES = [
  { stream: 'raw' as const, durable: PROCESSOR_DURABLE },
  { stream: 'markets' as const, durable: LINKER_DURABLE },
  ...PROJECTIONS.map((p) => ({ stream: p.stream, durable: projectionDurable(p.name) })),
  { stream: 'markets' as const, durable: SCANNER_DURABLES.markets },
  { stream: 'links' as const, durable: SCANNER_DURABLES.links },
  { stream: 'venues' as const, durable: SCANNER_DURABLES.venues },
];

/** The whole service in recorded mode against a real nats-server, on a free port. */
export async function startTestService(
  env: Record<string, string> = {},
  existing?: { nats: TestNats; dataDir: string },
  overrides: ServiceOverrides = {},
): Promise<TestService> {
  const nats = existing?.nats ?? (await startTestNats());
  const dataDir = existing?.dataDir ?? mkdtempSync(join(tmpdir(), 'concord-data-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NATS_URL: nats.server.url,
    VENUE_SOURCE: 'recorded',
    INGEST_INTERVAL_SECONDS: '86400',
    WORKERS: '1',
    LOG_LEVEL: 'silent',
    EMBEDDING_MODEL: TEST_MODEL,
    ...env,
  });
  const service = await startServices(config, [config.ROLE], silentLog, overrides);
  const baseUrl = `http://127.0.0.1:${service.apiPort}`;
  return {
    service,
    nats,
    dataDir,
    baseUrl,
    settle: () => waitForQuiet(nats.conn, PIPELINE_DURABLES),
    get: async (path, headers = {}) => {
      const res = await fetch(baseUrl + path, { headers });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
    },
    close: async () => {
      await service.stop();
      if (!existing) {
        await nats.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
