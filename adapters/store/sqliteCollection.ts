import type Database from 'better-sqlite3';
import type { Logger } from 'pino';
import { DuplicateKeyError, InvalidQueryError } from '../../shared/ports/documentStore.ts';
import type { Collection, Doc, Filter, FindOptions, IndexSpec, Scalar, TextIndexSpec, UpdateOps } from '../../shared/ports/documentStore.ts';
import { applyUpdate } from './applyUpdate.ts';
import { checkPath, documentJson, isEmptyUpdate, parseFilter, parseFindOptions, parseIndexes, parseSearchFilter, parseTextIndex, parseUpdate } from './queryModel.ts';
import { createTextIndex, ensureMetaTable, pendingTextFlushSql, readTextSpec, SCORE_COLUMN, textCandidates, textIndexCurrent } from './sqliteText.ts';
import { sortedDistinct } from './scalarOrder.ts';
import { compileCondition, orderBy, quoteName, typeExpr, valueExpr } from './sqliteQuery.ts';
import { buildIndexes } from './sqliteIndexes.ts';
import { addColumns, columnList, columnValues, readColumns, typeColumn, valueColumn, type IndexedColumns } from './sqliteColumns.ts';
import type { SqlFragment } from './sqliteQuery.ts';

/** What a collection needs from its store: a cached statement factory that refuses once the store is closed. */
export interface SqliteContext {
  readonly db: Database.Database;
  readonly log: Logger | undefined;
  prepare(sql: string): Database.Statement;
  /** The database's schema version: it changes whenever any process changes a table or an index. */
  schemaVersion(): number;
  /** Called after each write transaction (the store's WAL checkpointer watches the WAL's size). */
  wrote?(): void;
}

interface Row {
  readonly _id: string;
  readonly doc: string;
}

const ID_CHUNK = 500;
/** Ids per read of a put batch's stored columns (a power of two, see currentOf). */
const READ_CHUNK = 512;

function checkId(id: unknown): string {
  if (typeof id !== 'string') throw new InvalidQueryError(`a document id must be a string, got ${typeof id}`);
  return id;
}

const missingColumn = (err: unknown): boolean => /no such column/.test((err as Error | undefined)?.message ?? '');

export function sqliteCollection<T extends Doc>(ctx: SqliteContext, name: string): Collection<T> {
  const table = quoteName(name);
  ctx.db.exec(`CREATE TABLE IF NOT EXISTS ${table} (_id TEXT PRIMARY KEY NOT NULL, doc TEXT NOT NULL) STRICT`);
  ensureMetaTable(ctx.db);

  /** SQLite reports the violated index by its SQL name; callers know it by the declared name (`_id_` for the key). */
  const asDuplicate = (err: unknown): unknown => {
    const code = (err as { code?: unknown }).code;
    if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return new DuplicateKeyError(name, '_id_');
    if (code !== 'SQLITE_CONSTRAINT_UNIQUE') return err;
    const sqlName = /index '([^']+)'/.exec((err as Error).message)?.[1];
    const index = sqlName?.startsWith(`${name}__`) ? sqlName.slice(name.length + 2) : '_id_';
    return new DuplicateKeyError(name, index);
  };
  const writing = <R>(fn: () => R): R => {
    try {
      return fn();
    } catch (err) {
      throw asDuplicate(err);
    } finally {
      ctx.wrote?.();
    }
  };
  const parse = (row: { doc: string } | undefined): T | null => (row ? (JSON.parse(row.doc) as T) : null);

  // The indexed columns as the table has them now (sqliteColumns.ts), re-read whenever the schema changed, and
  // the write statements that fill them. Writers read them inside their write transaction, so a column another
  // process adds is never left unfilled.
  let known = -1;
  let cols: IndexedColumns = readColumns(ctx.db, name);
  let segments: string[][] = [];
  let currentSql = '';
  let currentManySql = '';
  let insertSql = '';
  let updateSql = '';
  let textFlush: string[] = [];
  const columns = (): IndexedColumns => {
    const version = ctx.schemaVersion();
    if (version === known) return cols;
    cols = readColumns(ctx.db, name);
    known = version;
    segments = cols.paths.map((p) => p.split('.'));
    const list = cols.paths.length === 0 ? '' : `, ${columnList(cols.paths)}`;
    const marks = cols.paths.map(() => ', ?, ?').join('');
    // OR FAIL: see putOne.
    insertSql = `INSERT OR FAIL INTO ${table} (_id, doc${list}) VALUES (?, ?${marks})`;
    currentSql = `SELECT 1${list} FROM ${table} WHERE _id = ?`;
    currentManySql = `SELECT _id, 1${list} FROM ${table} WHERE _id IN (`;
    updateSql = `UPDATE ${table} SET doc = ?${cols.paths.map((p) => `, ${valueColumn(p)} = ?, ${typeColumn(p)} = ?`).join('')} WHERE _id = ?`;
    textFlush = pendingTextFlushSql(ctx.db, name) ?? [];
    return cols;
  };
  /** Folds the rows this transaction's triggers marked into the text index (sqliteText.ts); every writer ends with it. */
  const flushText = (): void => {
    columns();
    for (const sql of textFlush) ctx.prepare(sql).run();
  };
  /** A read compiled against columns that a concurrent swap of the table removed is compiled again, once. */
  const reading = <R>(fn: () => R): R => {
    try {
      return fn();
    } catch (err) {
      if (!missingColumn(err)) throw err;
      known = -1;
      return fn();
    }
  };
  const where = (filter: Filter | undefined): SqlFragment => compileCondition(parseFilter(filter), columns());

  /**
   * Insert, or update only the indexed columns whose value or type changed. SQLite rewrites the entries of
   * every index whose column an UPDATE assigns, even to the value it holds, and a market's next snapshot
   * changes about one of the markets read model's ten indexed columns (1.4 of its 15 indexes): assigning them
   * all, as an upsert does, cost most of a market update (bench/README.md finding 38).
   *
   * Both statements are OR FAIL, not SQLite's default ABORT. A statement that fires triggers (a text-indexed
   * collection's) and may abort keeps a statement journal, so that it alone can be undone: SQLite copies every page
   * it is about to change the first time, ~16 per market with its indexes (2.4% of the pipeline's main thread,
   * bench/README.md finding 69). Undoing one statement is never wanted here: every write runs inside a transaction
   * that any error rolls back whole (better-sqlite3's transaction functions), and a single-row INSERT or UPDATE
   * checks its NOT NULL and unique constraints before it writes anything, so FAIL and ABORT leave the same
   * database and raise the same error codes. The text index's triggers keep their own ON CONFLICT clauses (an
   * upsert's target wins over the statement's OR).
   */
  const putOne = (doc: T, known?: Map<string, unknown[]>): void => {
    const json = documentJson(doc);
    const values = columnValues(doc, segments);
    const current = known ? known.get(doc._id) : (ctx.prepare(currentSql).raw(true).get(doc._id) as unknown[] | undefined);
    // The batch's next put of the same id must see this one's columns, as a read after this write would.
    known?.set(doc._id, [1, ...values]);
    if (!current) {
      ctx.prepare(insertSql).run(doc._id, json, ...values);
      return;
    }
    let sql = `UPDATE OR FAIL ${table} SET doc = ?`;
    const params: unknown[] = [json];
    for (let k = 0; k < cols.paths.length; k++) {
      // current[0] is the literal 1; then value and type per path, in columnValues' order.
      if (current[1 + 2 * k] === values[2 * k] && current[2 + 2 * k] === values[2 * k + 1]) continue;
      const path = cols.paths[k]!;
      sql += `, ${valueColumn(path)} = ?, ${typeColumn(path)} = ?`;
      params.push(values[2 * k], values[2 * k + 1]);
    }
    ctx.prepare(`${sql} WHERE _id = ?`).run(...params, doc._id);
  };
  /**
   * The indexed columns of the batch's stored documents, read READ_CHUNK ids to a statement instead of one
   * primary-key read per put (the same rows, read inside the same write transaction before any of the batch's
   * writes; putOne keeps the map current as it writes). A batch of one reads as before.
   */
  const currentOf = (docs: readonly T[]): Map<string, unknown[]> => {
    const known = new Map<string, unknown[]>();
    for (let i = 0; i < docs.length; i += READ_CHUNK) {
      const ids = docs.slice(i, i + READ_CHUNK).map((d) => d._id);
      // A power of two of placeholders (the list padded with its first id): ten statement shapes, not 512.
      let width = 1;
      while (width < ids.length) width *= 2;
      for (let k = ids.length; k < width; k++) ids.push(ids[0]!);
      const rows = ctx.prepare(currentInSql(width)).raw(true).all(...ids) as unknown[][];
      // Each row is _id, then what currentSql reads (the literal 1, then value and type per path).
      for (const row of rows) known.set(row[0] as string, row.slice(1));
    }
    return known;
  };
  const currentInSql = (n: number): string => `${currentManySql}${'?,'.repeat(n - 1)}?)`;
  const plainId = (doc: T): boolean => typeof doc === 'object' && doc !== null && typeof doc._id === 'string' && doc._id.length > 0;
  const putAll = ctx.db.transaction((docs: readonly T[]) => {
    columns();
    // A batch of one, or one holding a document putOne refuses (it throws at that document, as before).
    if (docs.length === 1 || !docs.every(plainId)) docs.forEach((doc) => putOne(doc));
    else {
      const known = currentOf(docs);
      for (const doc of docs) putOne(doc, known);
    }
    flushText();
  });
  const insertAll = ctx.db.transaction((docs: readonly T[]) => {
    columns();
    const insert = ctx.prepare(insertSql);
    for (const doc of docs) insert.run(doc._id, documentJson(doc), ...columnValues(doc, segments));
    flushText();
  });

  const selectMatches = (filter: Filter, limit?: number): Row[] => {
    const w = where(filter);
    const sql = `SELECT _id, doc FROM ${table} WHERE ${w.sql}${limit === undefined ? '' : ` LIMIT ${limit}`}`;
    return ctx.prepare(sql).all(...w.params) as Row[];
  };
  const updateRows = (rows: readonly Row[], ops: UpdateOps): { docs: T[]; changed: number } => {
    const update = parseUpdate(ops);
    let changed = 0;
    const docs = rows.map((row) => {
      const doc = JSON.parse(row.doc) as Record<string, unknown>;
      if (!isEmptyUpdate(update) && applyUpdate(doc, update)) {
        ctx.prepare(updateSql).run(JSON.stringify(doc), ...columnValues(doc, segments), row._id);
        changed++;
      }
      return doc as T;
    });
    return { docs, changed };
  };
  // IMMEDIATE takes the write lock before reading, so another process cannot slip in between select and write.
  const updateFirst = ctx.db.transaction((filter: Filter, ops: UpdateOps) => {
    const doc = updateRows(selectMatches(filter, 1), ops).docs[0] ?? null;
    flushText();
    return doc;
  });
  const updateAll = ctx.db.transaction((filter: Filter, ops: UpdateOps) => {
    const changed = updateRows(selectMatches(filter), ops).changed;
    flushText();
    return changed;
  });
  /** A delete and the text index's catch-up in one transaction. */
  const deletingTx = ctx.db.transaction((fn: () => unknown) => {
    const result = fn();
    flushText();
    return result;
  });
  const deleting = { immediate: <R>(fn: () => R): R => deletingTx.immediate(fn) as R };

  /** The rows a read filter ranges over: the table, or the text candidates (with `__score`) under `$text`. */
  const source = (filter: Filter | undefined): { from: SqlFragment; where: SqlFragment; text: boolean; cols: IndexedColumns } => {
    const { condition, text } = parseSearchFilter(filter);
    const c = columns();
    const w = compileCondition(condition, c);
    if (!text) return { from: { sql: table, params: [] }, where: w, text: false, cols: c };
    return { from: textCandidates(ctx.prepare, name, text, c), where: { sql: `(${SCORE_COLUMN} IS NOT NULL AND ${w.sql})`, params: w.params }, text: true, cols: c };
  };

  const find = async (filter?: Filter, options?: FindOptions): Promise<T[]> =>
    reading(() => {
      const src = source(filter);
      const o = parseFindOptions(options, src.text);
      if (o.limit === 0) return [];
      const page = o.limit === undefined && o.skip === 0 ? '' : ` LIMIT ${o.limit ?? -1} OFFSET ${o.skip}`;
      const sql = `SELECT doc FROM ${src.from.sql} WHERE ${src.where.sql}${orderBy(o.sort, src.cols)}${page}`;
      const rows = ctx.prepare(sql).all(...src.from.params, ...src.where.params) as Row[];
      return rows.map((r) => JSON.parse(r.doc) as T);
    });

  return {
    name,
    async get(id) {
      return parse(ctx.prepare(`SELECT doc FROM ${table} WHERE _id = ?`).get(checkId(id)) as Row | undefined);
    },
    async getText(id) {
      return (ctx.prepare(`SELECT doc FROM ${table} WHERE _id = ?`).get(checkId(id)) as Row | undefined)?.doc ?? null;
    },
    async getMany(ids) {
      const wanted = [...new Set(ids.map(checkId))];
      const found = new Map<string, T>();
      for (let i = 0; i < wanted.length; i += ID_CHUNK) {
        const chunk = wanted.slice(i, i + ID_CHUNK);
        const rows = ctx.prepare(`SELECT _id, doc FROM ${table} WHERE _id IN (${chunk.map(() => '?').join(',')})`).all(...chunk) as Row[];
        for (const r of rows) found.set(r._id, JSON.parse(r.doc) as T);
      }
      return wanted.flatMap((id) => found.get(id) ?? []);
    },
    async insert(doc) {
      writing(() => insertAll.immediate([doc]));
    },
    async put(doc) {
      writing(() => putAll.immediate([doc]));
    },
    async putMany(docs) {
      writing(() => putAll.immediate(docs));
    },
    async insertMany(docs) {
      writing(() => insertAll.immediate(docs));
    },
    async updateOne(filter, ops) {
      return writing(() => reading(() => updateFirst.immediate(filter, ops)));
    },
    async updateMany(filter, ops) {
      return writing(() => reading(() => updateAll.immediate(filter, ops)));
    },
    async takeOne(filter) {
      return reading(() => {
        const w = where(filter);
        // One statement: the row is chosen and deleted under the same write lock.
        const sql = `DELETE FROM ${table} WHERE _id = (SELECT _id FROM ${table} WHERE ${w.sql} LIMIT 1) RETURNING doc`;
        return parse(deleting.immediate(() => ctx.prepare(sql).get(...w.params) as Row | undefined));
      });
    },
    async delete(id) {
      const key = checkId(id);
      return deleting.immediate(() => ctx.prepare(`DELETE FROM ${table} WHERE _id = ?`).run(key).changes) > 0;
    },
    async deleteMany(filter) {
      return reading(() => {
        const w = where(filter);
        return deleting.immediate(() => ctx.prepare(`DELETE FROM ${table} WHERE ${w.sql}`).run(...w.params).changes);
      });
    },
    find,
    async findOne(filter, options) {
      return (await find(filter, { ...options, limit: 1 }))[0] ?? null;
    },
    async count(filter) {
      return reading(() => {
        const src = source(filter);
        return (ctx.prepare(`SELECT count(*) AS n FROM ${src.from.sql} WHERE ${src.where.sql}`).get(...src.from.params, ...src.where.params) as { n: number }).n;
      });
    },
    async distinct(field, filter) {
      checkPath(field);
      return reading(() => {
        const w = where(filter);
        const type = typeExpr(field, cols);
        const sql = `SELECT DISTINCT ${type} AS t, ${valueExpr(field, cols)} AS v FROM ${table} WHERE ${w.sql} AND ${type} IN ('null','true','false','integer','real','text')`;
        const rows = ctx.prepare(sql).all(...w.params) as Array<{ t: string; v: Scalar }>;
        return sortedDistinct(rows.map((r) => (r.t === 'true' ? true : r.t === 'false' ? false : r.v)));
      });
    },
    async ensureIndexes(indexes: readonly IndexSpec[]) {
      writing(() => ctx.db.transaction(() => buildIndexes(ctx.db, name, indexes, ctx.log)).immediate());
    },
    async prepareBulkLoad(indexes: readonly IndexSpec[], text?: TextIndexSpec) {
      // The indexed columns only: a loaded table's writers fill them from the documents they hold, so neither
      // the index build nor the text index parses the stored JSON again (no UPDATE pass over the loaded rows).
      const specs = parseIndexes(indexes);
      const paths = [...specs.flatMap((spec) => spec.fields.map(([f]) => f)), ...(text ? parseTextIndex(text).fields.map(([f]) => f) : [])];
      writing(() => ctx.db.transaction(() => addColumns(ctx.db, name, paths)).immediate());
    },
    async ensureTextIndex(spec) {
      const parsed = parseTextIndex(spec);
      const current = readTextSpec(ctx.prepare, name);
      if (current && JSON.stringify(current) === JSON.stringify(parsed) && textIndexCurrent(ctx.db, name, parsed)) return;
      if (current) ctx.log?.info({ collection: name, index: parsed.name }, 'text index definition or maintenance changed; rebuilding');
      ctx.db.transaction(() => createTextIndex(ctx.db, name, parsed)).immediate();
    },
    async clear() {
      deleting.immediate(() => ctx.prepare(`DELETE FROM ${table}`).run());
    },
  };
}
