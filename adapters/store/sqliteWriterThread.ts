import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { DuplicateKeyError } from '../../shared/ports/documentStore.ts';
import { sqliteCollection, type PreparedRows, type SqliteCollection, type SqliteContext } from './sqliteCollection.ts';
import { registerTextFunctions } from './sqliteText.ts';
import { openPragmas, STATEMENT_CACHE_MAX } from './sqlitePragmas.ts';
import { BACKSTOP_PAGES } from './sqliteCheckpointer.ts';

/**
 * The writer thread (sqliteWriter.ts): its own connection to the store's file, committing the prepared rows
 * of one putMany per message, in the order the messages came, with the adapter's own collection code (so the
 * columns, the unchanged-index rule, the text index's fold and the duplicate-key mapping are the same). It
 * answers each message once it has committed, or with the error putMany would have thrown.
 */
export interface WriteRequest {
  readonly id: number;
  readonly collection: string;
  readonly rows: PreparedRows;
}

export interface SerialisedError {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
  readonly collection?: string;
  readonly index?: string;
  readonly stack?: string;
}

export type WriterReply = { readonly ready: true } | { readonly id: number; readonly error?: SerialisedError } | { readonly fatal: SerialisedError };

export function serialiseError(err: unknown): SerialisedError {
  if (err instanceof DuplicateKeyError) return { name: err.name, message: err.message, collection: err.collection, index: err.index };
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const code = (err as { code?: unknown }).code;
  return { name: err.name, message: err.message, ...(typeof code === 'string' ? { code } : {}), ...(err.stack ? { stack: err.stack } : {}) };
}

const port = parentPort;
if (!port) throw new Error('sqliteWriterThread.ts runs as a worker thread (sqliteWriter.ts starts it)');
const { file } = workerData as { file: string };

let db: Database.Database;
try {
  db = new Database(file, { fileMustExist: true });
  openPragmas(db);
  // Checkpoints are the store's checkpointer thread's (sqliteCheckpointer.ts), which the store starts once its
  // WAL grows; these commits only checkpoint at its backstop, as the store's own connection then does.
  db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  registerTextFunctions(db);
} catch (err) {
  port.postMessage({ fatal: serialiseError(err) } satisfies WriterReply);
  throw err;
}

const statements = new Map<string, Database.Statement>();
const schemaVersion = db.prepare('PRAGMA schema_version').pluck();
const ctx: SqliteContext = {
  db,
  log: undefined,
  schemaVersion: () => schemaVersion.get() as number,
  prepare(sql) {
    let stmt = statements.get(sql);
    if (!stmt) {
      if (statements.size >= STATEMENT_CACHE_MAX) statements.clear();
      stmt = db.prepare(sql);
      statements.set(sql, stmt);
    }
    return stmt;
  },
};
// Collections by name, forgotten whenever the schema changed (a swap or drop by the main connection or another
// process): a new one creates its table if it is missing, as the main connection's does.
const collections = new Map<string, SqliteCollection<never>>();
let knownSchema = -1;
const collection = (name: string): SqliteCollection<never> => {
  const version = ctx.schemaVersion();
  if (version !== knownSchema) {
    collections.clear();
    statements.clear();
    knownSchema = version;
  }
  let c = collections.get(name);
  if (!c) {
    c = sqliteCollection<never>(ctx, name);
    collections.set(name, c);
    knownSchema = ctx.schemaVersion();
  }
  return c;
};

port.on('message', (m: WriteRequest | 'stop') => {
  if (m === 'stop') {
    db.close();
    port.close();
    return;
  }
  try {
    collection(m.collection).putPrepared(m.rows);
    port.postMessage({ id: m.id } satisfies WriterReply);
  } catch (err) {
    port.postMessage({ id: m.id, error: serialiseError(err) } satisfies WriterReply);
  }
});
port.postMessage({ ready: true } satisfies WriterReply);
