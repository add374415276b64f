import Database from 'better-sqlite3';
import type { Logger } from 'pino';
import type { Collection, Doc, DocumentStore, IndexSpec } from '../../shared/ports/documentStore.ts';
import { checkCollectionName } from './queryModel.ts';
import { sqliteCollection } from './sqliteCollection.ts';
import { dropTextIndex, ensureMetaTable, moveTextIndex, registerTextFunctions } from './sqliteText.ts';
import type { SqliteContext } from './sqliteCollection.ts';
import { quoteName } from './sqliteQuery.ts';
import { sqliteCheckpointer } from './sqliteCheckpointer.ts';
import { buildIndexes } from './sqliteIndexes.ts';
import { BUSY_TIMEOUT_MS, openPragmas, STATEMENT_CACHE_MAX } from './sqlitePragmas.ts';
import { sqliteWriter } from './sqliteWriter.ts';

export interface SqliteStoreOptions {
  /** Database file path, or ':memory:' for a private in-memory database. */
  readonly file: string;
  readonly log?: Logger;
  /**
   * Commit putMany on a writer thread with its own connection (sqliteWriter.ts), off the event loop: for a
   * process whose event loop is its bottleneck and that writes in batches (the project role). A file only.
   */
  readonly writerThread?: boolean;
}

/** The readiness probe must not block the event loop for long behind a held lock. */
const PROBE_BUSY_TIMEOUT_MS = 100;

/**
 * The embedded DocumentStore: one table per collection holding each document as JSON, WAL journal with
 * synchronous=NORMAL (durable across process crashes; a power cut may lose the last transactions).
 */
export function openSqliteStore(options: SqliteStoreOptions): DocumentStore {
  const log = options.log?.child({ component: 'sqliteStore' });
  const db = new Database(options.file);
  openPragmas(db);
  registerTextFunctions(db);
  // A file database checkpoints its WAL in a worker thread once it writes in earnest (sqliteCheckpointer.ts).
  const checkpointer = options.file === ':memory:' ? null : sqliteCheckpointer(db, options.file, log);
  const writer = options.writerThread && options.file !== ':memory:' ? sqliteWriter(options.file, log) : undefined;
  log?.debug({ file: options.file, writerThread: writer !== undefined }, 'sqlite document store opened');

  let closed = false;
  const statements = new Map<string, Database.Statement>();
  const collections = new Map<string, Collection<Doc>>();
  const assertOpen = (): void => {
    if (closed) throw new Error('the SQLite document store is closed');
  };
  const schemaVersion = db.prepare('PRAGMA schema_version').pluck();
  const ctx: SqliteContext = {
    db,
    log,
    wrote: () => checkpointer?.wrote(),
    ...(writer ? { writer } : {}),
    schemaVersion() {
      assertOpen();
      return schemaVersion.get() as number;
    },
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

  const replaceCollection = (source: string, target: string, options?: { readonly indexes?: readonly IndexSpec[] }): void => {
    assertOpen();
    const from = checkCollectionName(source);
    const to = checkCollectionName(target);
    if (from === to) throw new Error(`cannot replace collection ${to} by itself`);
    const exists = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`);
    db.transaction(() => {
      if (!exists.get(from)) throw new Error(`collection ${from} does not exist`);
      db.exec(`DROP TABLE IF EXISTS ${quoteName(to)}`);
      db.exec(`ALTER TABLE ${quoteName(from)} RENAME TO ${quoteName(to)}`);
      ensureMetaTable(db);
      moveTextIndex(db, from, to);
      // Built here, under the target's names, in the swap's transaction: once, and never served without them.
      if (options?.indexes) {
        try {
          buildIndexes(db, to, options.indexes, log);
        } catch (err) {
          // Rolled back: the live collection and the source are as they were.
          throw new Error(`cannot swap ${from} in as ${to}: its indexes cannot be built (${(err as Error).message}); nothing was changed`, { cause: err });
        }
      }
    }).immediate();
    collections.delete(from);
    statements.clear();
    // The renamed table keeps its indexes under the source's names (they serve queries at once); give them
    // the target's names one short transaction at a time, so later ensureIndexes calls find them.
    const indexes = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`).all(to) as Array<{ name: string; sql: string }>;
    for (const index of indexes) {
      if (!index.name.startsWith(`${from}__`)) continue;
      const renamed = `${to}__${index.name.slice(from.length + 2)}`;
      const sql = index.sql.replace(quoteName(index.name), quoteName(renamed));
      db.transaction(() => {
        db.exec(`DROP INDEX IF EXISTS ${quoteName(renamed)}`);
        db.exec(sql);
        db.exec(`DROP INDEX ${quoteName(index.name)}`);
      }).immediate();
    }
    log?.info({ source: from, target: to }, 'collection replaced');
  };
  const dropCollection = (name: string): void => {
    assertOpen();
    const n = checkCollectionName(name);
    db.transaction(() => {
      db.exec(`DROP TABLE IF EXISTS ${quoteName(n)}`);
      ensureMetaTable(db);
      dropTextIndex(db, n);
    }).immediate();
    collections.delete(name);
    statements.clear();
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
    /** Takes and releases the write lock, so a file another process holds locked (or cannot be written) fails. */
    async ping() {
      assertOpen();
      if (db.inTransaction) return;
      db.pragma(`busy_timeout = ${PROBE_BUSY_TIMEOUT_MS}`);
      try {
        db.exec('BEGIN IMMEDIATE');
        db.exec('ROLLBACK');
      } finally {
        db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
    },
    async replaceCollection(source, target, options) {
      // After the writes sent to the writer thread before it, as every write of this connection (sqliteWriter.ts).
      if (writer) return writer.afterWrites(() => replaceCollection(source, target, options));
      return replaceCollection(source, target, options);
    },
    async dropCollection(name) {
      if (writer) return writer.afterWrites(() => dropCollection(name));
      return dropCollection(name);
    },
    async close() {
      if (closed) return;
      // What the writer thread holds is committed before the final checkpoint.
      await writer?.close();
      await checkpointer?.stop();
      // Fold the WAL back into the main file so the database is a single self-contained file at rest.
      if (options.file !== ':memory:') db.pragma('wal_checkpoint(TRUNCATE)');
      closed = true;
      statements.clear();
      db.close();
      log?.debug({ file: options.file }, 'sqlite document store closed');
    },
  };
}
