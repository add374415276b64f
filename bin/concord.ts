import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Role } from '../shared/config.ts';
import { startServices } from './services.ts';
import { createLogger } from '../adapters/log/createLogger.ts';

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
  const service = await startServices(config, roles, log);
  log.info({ roles, api_port: service.apiPort, nats: service.natsUrl, store: service.store.kind, venue_source: config.VENUE_SOURCE }, 'concord started');

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting without draining');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'draining');
    service.stop().then(
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
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
