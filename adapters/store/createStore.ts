import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import { openSqliteStore } from './sqliteStore.ts';
import { withAvailability } from './availability.ts';

export interface DocumentStoreConfig {
  readonly MONGODB_URI?: string | undefined;
  readonly MONGODB_DB: string;
  readonly DATA_DIR: string;
}

/**
 * MongoDB when MONGODB_URI is set; otherwise the embedded SQLite file `${DATA_DIR}/concord.db`. Either way
 * behind the availability guard: an outage rejects fast with StoreUnavailableError (adapters/store/availability.ts).
 */
export async function createDocumentStore(config: DocumentStoreConfig, log: Logger): Promise<DocumentStore> {
  if (config.MONGODB_URI) {
    // Loaded on demand so the embedded setup never pays for the driver.
    const { openMongoStore } = await import('./mongoStore.ts');
    return withAvailability(await openMongoStore({ uri: config.MONGODB_URI, dbName: config.MONGODB_DB, log }), { log });
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const file = join(config.DATA_DIR, 'concord.db');
  log.info({ file }, 'using the embedded SQLite document store');
  return withAvailability(openSqliteStore({ file, log }), { log });
}
