import Database from 'better-sqlite3';
import type { Logger } from 'pino';
import type { Collection, Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import { checkCollectionName } from './queryModel.ts';
import { sqliteCollection } from './sqliteCollection.ts';
import { dropTextIndex, ensureMetaTable, moveTextIndex, registerTextFunctions } from './sqliteText.ts';
import type { SqliteContext } from './sqliteCollection.ts';
import { quoteName } from './sqliteQuery.ts';
import { sqliteCheckpointer } from './sqliteCheckpointer.ts';
import { buildIndexes } from './sqliteIndexes.ts';

export interface SqliteStoreOptions {
  /** Database file path, or ':memory:' for a private in-memory database. */
  readonly file: string;
  readonly log?: Logger;
}

/** Bounded so ad-hoc query shapes cannot grow the cache without limit; the steady state is a few dozen shapes. */
const STATEMENT_CACHE_MAX = 500;
/**
 * How long one statement waits for another connection's lock. better-sqlite3 is synchronous: the wait blocks
 * the event loop, so it is kept short enough for the API to stay responsive (the availability guard answers
 * 503 fast once the store is known locked) and long enough for the other writers we run (a replay batch, a
 * swap) to finish.
 */
const BUSY_TIMEOUT_MS = 2_000;
/** The readiness probe must not block the event loop for long behind a held lock. */
const PROBE_BUSY_TIMEOUT_MS = 100;
/** Page cache per connection, KiB (SQLite's default is 2,000). */
export const PAGE_CACHE_KIB = 65_536;

/**
 * The embedded DocumentStore: one table per collection holding each document as JSON, WAL journal with
 * synchronous=NORMAL (durable across process crashes; a power cut may lose the last transactions).
 */
export function openSqliteStore(options: SqliteStoreOptions): DocumentStore {
  const log = options.log?.child({ component: 'sqliteStore' });
  const db = new Database(options.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // A statement that can fire triggers (a text-indexed collection's) keeps a statement journal: the page
  // images it needs to undo itself alone. SQLite spills that journal to a temporary file once it passes
  // 64 KiB, which one document update with the markets' 15 indexes does, so every such write paid ~40
  // pwrite calls to a file deleted when the statement ended (half of a market update's CPU: bench/README.md
  // finding 34). In memory it is freed with the statement. A sort too big for the page cache then keeps its
  // runs in memory too: the API's pages are top-N sorts (LIMIT), and a full sorted read holds no more than the
  // rows its caller takes back anyway.
  db.pragma('temp_store = MEMORY');
  // SQLite's default page cache is 2 MiB per connection. The markets read model's 15 indexes put each new market
  // into ~16 B-trees at positions spread over the whole tree, so past ~10k markets most of those pages had been
  // evicted since their last write and were read back from the file (pread) for every insert: at 30-40k markets
  // ~100 KiB read per document written. 64 MiB holds the indexes' upper levels and most of their leaves at that
  // size (bench/README.md finding 44). It is a ceiling, not an allocation: a small database never fills it.
  db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  registerTextFunctions(db);
  // A file database checkpoints its WAL in a worker thread once it writes in earnest (sqliteCheckpointer.ts).
  const checkpointer = options.file === ':memory:' ? null : sqliteCheckpointer(db, options.file, log);
  log?.debug({ file: options.file }, 'sqlite document store opened');

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
    },
    async dropCollection(name) {
      assertOpen();
      const n = checkCollectionName(name);
      db.transaction(() => {
        db.exec(`DROP TABLE IF EXISTS ${quoteName(n)}`);
        ensureMetaTable(db);
        dropTextIndex(db, n);
      }).immediate();
      collections.delete(name);
      statements.clear();
    },
    async close() {
      if (closed) return;
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
