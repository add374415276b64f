import Database from 'better-sqlite3';
import type { Logger } from 'pino';
import type { Collection, Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import { checkCollectionName } from './queryModel.ts';
import { sqliteCollection } from './sqliteCollection.ts';
import { registerTextFunctions } from './sqliteText.ts';
import type { SqliteContext } from './sqliteCollection.ts';

export interface SqliteStoreOptions {
  /** Database file path, or ':memory:' for a private in-memory database. */
  readonly file: string;
  readonly log?: Logger;
}

/** Bounded so ad-hoc query shapes cannot grow the cache without limit; the steady state is a few dozen shapes. */
const STATEMENT_CACHE_MAX = 500;

/**
 * The embedded DocumentStore: one table per collection holding each document as JSON, WAL journal with
 * synchronous=NORMAL (durable across process crashes; a power cut may lose the last transactions).
 */
export function openSqliteStore(options: SqliteStoreOptions): DocumentStore {
  const log = options.log?.child({ component: 'sqliteStore' });
  const db = new Database(options.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  registerTextFunctions(db);
  log?.debug({ file: options.file }, 'sqlite document store opened');

  let closed = false;
  const statements = new Map<string, Database.Statement>();
  const collections = new Map<string, Collection<Doc>>();
  const assertOpen = (): void => {
    if (closed) throw new Error('the SQLite document store is closed');
  };
  const ctx: SqliteContext = {
    db,
    log,
    prepare(sql) {
      assertOpen();
      let stmt = statements.get(sql);
      if (!stmt) {
        if (statements.size >= STATEMENT_CACHE_MAX) statements.clear();
        stmt = db.prepare(sql);
        statements.set(sql, stmt);
      }
      return stmt;
    },
  };

  return {
    kind: 'sqlite',
    collection<T extends Doc>(name: string): Collection<T> {
      assertOpen();
      let c = collections.get(name);
      if (!c) {
        c = sqliteCollection<Doc>(ctx, checkCollectionName(name));
        collections.set(name, c);
      }
      return c as unknown as Collection<T>;
    },
    async ping() {
      ctx.prepare('SELECT 1').get();
    },
    async close() {
      if (closed) return;
      // Fold the WAL back into the main file so the database is a single self-contained file at rest.
      if (options.file !== ':memory:') db.pragma('wal_checkpoint(TRUNCATE)');
      closed = true;
      statements.clear();
      db.close();
      log?.debug({ file: options.file }, 'sqlite document store closed');
    },
  };
}
