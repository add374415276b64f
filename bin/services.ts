import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Config, Role } from '../shared/config.ts';
import type { DocumentStore } from '../shared/ports/documentStore.ts';
import { VENUE_SLUGS, isVenueSlug, type VenueSlug } from '../shared/venues/registry.ts';
import { subjects } from '../shared/streams/subjects.ts';
import { connectStreams, type StreamConnection } from '../pipeline/streams/connection.ts';
import { provisionStreams } from '../pipeline/streams/provision.ts';
import { inboxPublisher } from '../pipeline/streams/inboxPublisher.ts';
import { startLocalNatsServer, type LocalNatsServer } from '../pipeline/system/localNatsServer.ts';
import { createHttpClient, createRecordedHttpClient, type HttpClient } from '../pipeline/http/index.ts';
import { VENUE_MODULES } from '../pipeline/venues/index.ts';
import type { VenueModule } from '../pipeline/venues/types.ts';
import { ChangeTracker } from '../pipeline/ingest/changeTracker.ts';
import { createIngestScheduler } from '../pipeline/ingest/scheduler.ts';
import { createWorkerPool } from '../pipeline/process/workerPool.ts';
import { startProcessor } from '../pipeline/process/processor.ts';
import { startCustomProjection, startProjection } from '../projections/runProjection.ts';
import { CUSTOM_PROJECTIONS, PROJECTIONS } from '../projections/index.ts';
import { removeRetiredProjections } from '../projections/retired.ts';
import { startApiServer } from '../api/server.ts';
import { createDocumentStore } from '../adapters/store/createStore.ts';
import { startLinker } from '../pipeline/matching/linker/startLinker.ts';
import { startAlerts } from '../pipeline/alerts/startAlerts.ts';
import { startScanner, type RunningScanner } from '../pipeline/scan/startScanner.ts';
import { jetStreamArbitrageFeed } from '../pipeline/streams/arbitrageFeed.ts';
import { startHistoryBackfill } from '../pipeline/history/backfiller.ts';
import { withHistoryRecordings } from '../pipeline/history/recordedConnectors.ts';
import { startProbeServer } from '../pipeline/system/probeServer.ts';
import { API_VERSION } from '../api/deps.ts';
import { answerPings } from '../pipeline/ops/processPing.ts';

/** Something started that must be stopped on shutdown, in reverse start order. */
interface Stoppable {
  readonly name: string;
  stop(): Promise<void>;
}

export interface RunningService {
  readonly apiPort: number | null;
  readonly natsUrl: string;
  readonly store: DocumentStore;
  readonly conn: StreamConnection;
  /** Runs one ingest cycle of every venue now (tests, operators). */
  ingestOnce(): Promise<void>;
  /** The arbitrage scanner when this process runs the scan role (tests, operators: scanNow()). */
  readonly scanner: RunningScanner | null;
  stop(): Promise<void>;
}

/** Where `npm start` records the URL of the nats-server it launched. */
export const natsUrlFile = (dataDir: string): string => path.join(dataDir, 'nats.url');
/** Process id of that nats-server (operators and fault tests). */
export const natsPidFile = (dataDir: string): string => path.join(dataDir, 'nats.pid');

const runs = (roles: readonly Role[], role: Exclude<Role, 'all'>) => roles.includes('all') || roles.includes(role);

/** Venues to ingest: all registered ones, or the VENUES list when set. */
function selectedModules(config: Config, log: Logger): VenueModule[] {
  const wanted = config.VENUES ?? [...VENUE_SLUGS];
  const modules: VenueModule[] = [];
  for (const slug of wanted) {
    if (!isVenueSlug(slug)) {
      log.warn({ venue: slug }, 'VENUES names an unknown venue; ignored');
      continue;
    }
    const module = VENUE_MODULES[slug];
    if (module) modules.push(module);
  }
  return modules;
}

/**
 * Composition root: starts the roles this process runs over one NATS connection and one
 * DocumentStore. `all` runs every role in one process (embedded defaults).
 */
/** Parts a caller may supply instead of the ones built from config (tests, embedding). */
export interface ServiceOverrides {
  readonly http?: HttpClient;
}

export async function startServices(config: Config, roles: readonly Role[], log: Logger, overrides: ServiceOverrides = {}): Promise<RunningService> {
  const stack: Stoppable[] = [];
  const stopAll = async () => {
    for (const s of stack.reverse()) {
      try {
        await s.stop();
        log.info({ component: s.name }, 'stopped');
      } catch (err) {
        log.error({ err, component: s.name }, 'stop failed');
      }
    }
    stack.length = 0;
  };
  try {
    mkdirSync(config.DATA_DIR, { recursive: true });
    let natsUrl = config.NATS_URL;
    if (!natsUrl) {
      // Supervised: if the child dies, it is restarted on the same port and store and clients reconnect.
      const server: LocalNatsServer = await startLocalNatsServer(path.join(config.DATA_DIR, 'nats'), log, 'nats-server', {
        supervise: true,
        onRestart: (pid) => writeFileSync(natsPidFile(config.DATA_DIR), `${pid}\n`),
      });
      stack.push({ name: 'nats-server', stop: () => server.stop() });
      natsUrl = server.url;
      // Operator CLIs (links, replay, ops) find the embedded server here.
      writeFileSync(natsUrlFile(config.DATA_DIR), `${server.url}\n`);
      writeFileSync(natsPidFile(config.DATA_DIR), `${server.pid}\n`);
      stack.push({
        name: 'nats-url-file',
        stop: async () => {
          rmSync(natsUrlFile(config.DATA_DIR), { force: true });
          rmSync(natsPidFile(config.DATA_DIR), { force: true });
        },
      });
    }
    const conn = await connectStreams(natsUrl, log);
    stack.push({ name: 'nats-connection', stop: () => conn.close() });
    // `ops status` asks who is alive (an orphaned nats-server keeps the streams after the service died), from the
    // moment the connection is up: a first start spends a while building the embedding model.
    let state: 'starting' | 'running' = 'starting';
    const identity = { pid: process.pid, roles: [...roles], started_at: new Date().toISOString(), host: hostname() };
    const ping = answerPings(conn.nc, () => ({ ...identity, state }));
    stack.push({ name: 'ping', stop: async () => ping.unsubscribe() });
    await provisionStreams(conn.jsm, log, { replicas: config.STREAM_REPLICAS });
    // One reply subscription for every publish's ack (pipeline/streams/inboxPublisher.ts: no per-request object).
    const publisher = inboxPublisher(conn.nc);
    stack.push({ name: 'publisher', stop: async () => publisher.close() });
    const publish = publisher.publish;

    const store = await createDocumentStore(config, log);
    stack.push({ name: 'store', stop: () => store.close() });

    // One venue transport per process: ingest and the scanner's order books share each venue's bucket.
    const recorded = config.VENUE_SOURCE === 'recorded';
    const modules = selectedModules(config, log);
    let transport: HttpClient | undefined;
    const venueHttp = (): HttpClient =>
      (transport ??=
        overrides.http ??
        (recorded
          ? createRecordedHttpClient({ connectors: modules.map(withHistoryRecordings) })
          : createHttpClient({ venues: modules.map((m) => m.connector.descriptor), log: log.child({ component: 'http' }) })));
    const checkDependencies = async () => {
      const probe = async (name: string, fn: () => Promise<void>) => {
        try {
          await Promise.race([fn(), new Promise((_, rej) => setTimeout(() => rej(new Error('timed out after 2 s')), 2_000))]);
          return { name, ok: true };
        } catch (err) {
          return { name, ok: false, error: err instanceof Error ? err.message : String(err) };
        }
      };
      return Promise.all([probe('nats', () => conn.ping()), probe('store', () => store.ping())]);
    };
    // Roles without the API answer /health and /ready on HEALTH_PORT (compose health checks).
    if (!runs(roles, 'api') && config.HEALTH_PORT !== undefined) {
      const probes = await startProbeServer({ port: config.HEALTH_PORT, host: config.HOST, role: roles.join(','), version: API_VERSION, check: checkDependencies }, log);
      stack.push({ name: 'probe-server', stop: () => probes.stop() });
    }

    if (runs(roles, 'project')) {
      await removeRetiredProjections(conn, store, log);
      for (const projection of PROJECTIONS) {
        const loop = await startProjection(conn, store, projection, log.child({ projection: projection.name }));
        stack.push({ name: `projection:${projection.name}`, stop: () => loop.stop() });
      }
      for (const projection of CUSTOM_PROJECTIONS) {
        const loop = await startCustomProjection(conn, store, projection, log.child({ projection: projection.name }));
        stack.push({ name: `projection:${projection.name}`, stop: () => loop.stop() });
      }
    }

    let apiPort: number | null = null;
    if (runs(roles, 'api')) {
      const api = await startApiServer(
        {
          config,
          log: log.child({ role: 'api' }),
          store,
          publish,
          arbitrageFeed: jetStreamArbitrageFeed(conn),
          checkDependencies,
        },
        config.PORT,
        config.HOST,
      );
      apiPort = api.port;
      stack.push({ name: 'api', stop: () => api.stop() });
    }

    // After the API too: its worker threads load their modules first (~1.5 s), and /health need not wait.
    if (runs(roles, 'process')) {
      const pool = createWorkerPool(new URL('../pipeline/workers/normalize.worker.ts', import.meta.url), config.WORKERS, undefined, undefined, (err) =>
        log.error({ err, role: 'process' }, 'normalize worker thread failed outside a task'),
      );
      stack.push({ name: 'worker-pool', stop: () => pool.close() });
      const warming = performance.now();
      const threads = await pool.warmUp();
      log.info({ role: 'process', threads: threads.length, ms: Math.round(performance.now() - warming) }, 'normalize workers ready');
      const processor = await startProcessor({ conn, store, pool, publish, log: log.child({ role: 'process' }) });
      stack.push({ name: 'processor', stop: () => processor.stop() });
    }

    // After the API so /health answers while a first start builds the embedding model.
    if (runs(roles, 'link')) {
      const linker = await startLinker({ config, conn, store, publish, log });
      stack.push({ name: 'linker', stop: () => linker.close() });
    }

    if (runs(roles, 'alerts')) {
      const alerts = await startAlerts({ config, conn, store, log });
      stack.push({ name: 'alerts', stop: () => alerts.stop() });
    }

    let scanner: RunningScanner | null = null;
    if (runs(roles, 'scan')) {
      const keys: Partial<Record<VenueSlug, string>> = {};
      for (const m of modules) {
        const keyEnv = m.connector.descriptor.apiKeyEnv;
        const key = keyEnv ? process.env[keyEnv] : undefined;
        if (key) keys[m.connector.descriptor.slug] = key;
        else if (keyEnv && recorded) keys[m.connector.descriptor.slug] = 'recorded-mode';
      }
      const byVenue = Object.fromEntries(modules.map((m) => [m.connector.descriptor.slug, m]));
      const running = await startScanner({ config, conn, store, publish, http: venueHttp(), modules: byVenue, apiKeys: keys, log });
      scanner = running;
      stack.push({ name: 'scanner', stop: () => running.stop() });
    }

    let ingestOnce = async () => {};
    if (runs(roles, 'ingest')) {
      const http = venueHttp();
      const apiKeys: Partial<Record<VenueSlug, string>> = {};
      const enabled: VenueModule[] = [];
      for (const m of modules) {
        const keyEnv = m.connector.descriptor.apiKeyEnv;
        const key = keyEnv ? process.env[keyEnv] : undefined;
        if (keyEnv && !key && !recorded) {
          const reason = `${keyEnv} is not set; the venue needs an API key`;
          log.warn({ venue: m.connector.descriptor.slug }, reason);
          await publish(subjects.venueHealth(m.connector.descriptor.slug), { type: 'venue_disabled', venue: m.connector.descriptor.slug, at: new Date().toISOString(), reason });
          continue;
        }
        // Recorded payloads need no credentials; the connector only checks that one is configured.
        if (key) apiKeys[m.connector.descriptor.slug] = key;
        else if (keyEnv && recorded) apiKeys[m.connector.descriptor.slug] = 'recorded-mode';
        enabled.push(m);
      }
      const scheduler = createIngestScheduler({
        modules: enabled,
        deps: { http, publish, tracker: new ChangeTracker(store), log: log.child({ role: 'ingest' }) },
        intervalMs: config.INGEST_INTERVAL_SECONDS * 1000,
        apiKeys,
        log,
      });
      scheduler.start();
      stack.push({ name: 'ingest', stop: () => scheduler.stop() });
      ingestOnce = async () => {
        await scheduler.runOnce();
      };
      if (config.HISTORY_BACKFILL === 'on') {
        const backfill = await startHistoryBackfill({ conn, store, http, modules: enabled, apiKeys, publish, log: log.child({ role: 'history-backfill' }) });
        stack.push({ name: 'history-backfill', stop: () => backfill.stop() });
      }
    }

    state = 'running';
    return { apiPort, natsUrl, store, conn, ingestOnce, scanner, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
