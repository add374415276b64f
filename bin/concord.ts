import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Role } from '../shared/config.ts';
import { startServices } from './services.ts';
import { createLogger } from '../adapters/log/createLogger.ts';

/** Signals this close to the first are the same request to stop (see shutdown below). */
const REPEAT_WINDOW_MS = 1_000;

/**
 * `npm start`: runs Concord. With no flag every role runs in this process on embedded
 * defaults; `--role <name>` (or ROLE) runs one role, as production does.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { role: { type: 'string' } }, allowPositionals: false });
  let config;
  try {
    config = loadConfig({ ...process.env, ...(values.role ? { ROLE: values.role } : {}) });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const log = createLogger({ level: config.LOG_LEVEL, base: { service: 'concord' } });
  const roles: Role[] = [config.ROLE];

  // Signals are taken from the first moment: one that arrives while the roles are still starting (the
  // embedding model can take a while) stops them as soon as they are up, rather than killing the process
  // and leaving its nats-server child behind.
  let service: Awaited<ReturnType<typeof startServices>> | null = null;
  let stopping = false;
  let stoppingAt = 0;
  const shutdown = (signal: string) => {
    if (stopping) {
      // Ctrl-C under `npm start` arrives twice: the terminal signals the whole foreground group and npm
      // forwards its own copy. Only a signal sent a second after the first is someone insisting.
      if (Date.now() - stoppingAt < REPEAT_WINDOW_MS) return;
      log.warn({ signal }, 'second signal: exiting without draining');
      process.exit(1);
    }
    stopping = true;
    stoppingAt = Date.now();
    log.info({ signal }, service ? 'draining' : 'stopping as soon as start-up finishes');
    if (service) drain(service);
  };
  const drain = (running: NonNullable<typeof service>) => {
    running.stop().then(
      () => {
        log.info('stopped cleanly');
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGHUP', () => shutdown('SIGHUP'));
  // The launcher (npm, a shell) went away without telling us: stop too, so no orphan keeps running.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent && !stopping) shutdown('parent exited');
    // (Once stopping, a vanished parent is no second signal: the drain goes on.)
  }, 1_000).unref();

  service = await startServices(config, roles, log);
  log.info({ roles, api_port: service.apiPort, nats: service.natsUrl, store: service.store.kind, venue_source: config.VENUE_SOURCE }, 'concord started');
  if (stopping) drain(service);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
