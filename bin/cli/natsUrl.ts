import { existsSync, readFileSync } from 'node:fs';
import type { Config } from '../../shared/config.ts';
import { natsUrlFile } from '../services.ts';
import { CliError } from './run.ts';

/**
 * The NATS server operator commands talk to: NATS_URL, or the embedded one `npm start` recorded in
 * DATA_DIR/nats.url (as bin/links.ts finds it).
 */
export function findNatsUrl(config: Config): string {
  if (config.NATS_URL) return config.NATS_URL;
  const file = natsUrlFile(config.DATA_DIR);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw new CliError(
    `No NATS server to talk to: NATS_URL is not set and ${file} does not exist. Start the service (npm start, same DATA_DIR) or set NATS_URL.`,
  );
}
