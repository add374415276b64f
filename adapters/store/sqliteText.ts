import type Database from 'better-sqlite3';
import { InvalidQueryError, type TextIndexSpec } from '../../shared/ports/documentStore.ts';
import { textScore, type WeightedText } from '../../shared/text/searchText.ts';
import { quoteName } from './sqliteQuery.ts';
import type { SqlFragment } from './sqliteQuery.ts';
import type { TextQuery } from './queryModel.ts';
import { addColumns, NO_COLUMNS, readColumns, typeColumn, valueColumn, type IndexedColumns } from './sqliteColumns.ts';

/**
 * The port's text index on SQLite: an FTS5 table per collection (`<collection>$text`, unicode61 tokenizer with
 * diacritics removed) kept in step with the documents by triggers on the text fields' columns (sqliteColumns.ts:
 * the writer fills them from the document it holds, so no trigger parses the JSON), and a registered scoring function so that
 * relevance is the port's own (shared/text/searchText.ts), not FTS5's bm25 (which depends on the whole corpus and
 * would move a cursor's position while other documents change). `$` cannot occur in collection or index names,
 * so these names never clash with theirs.
 */
const META = quoteName('concord$text_indexes');
export const SCORE_COLUMN = '__score';
export const SCORE_FUNCTION = 'concord_text_score';

const ftsName = (collection: string) => quoteName(`${collection}$text`);
/**
 * Rows whose FTS entry must be (re)written, filled by the triggers and folded into the FTS table by
 * `pendingTextFlushSql` before the writing transaction commits. FTS5 writes its pending terms out as a new
 * segment at every statement savepoint, so an FTS write inside a trigger wrote (and later merged) one segment
 * per document: ~100 us of a market's ~200 us insert. A plain table in the trigger and one FTS statement per
 * transaction cost a few microseconds. `del` 1: the row's old entry must go first.
 */
const pendingName = (collection: string) => quoteName(`${collection}$text_pending`);
const triggerName = (collection: string, kind: 'ai' | 'ad' | 'au') => quoteName(`${collection}$text_${kind}`);

/** A string field's text, NULL for anything else (a number is not text to search): its columns when it has them. */
function textExpr(row: 'new' | 'old' | 'm' | null, field: string, cols: IndexedColumns): string {
  const at = row ? `${row}.` : '';
  if (cols.has(field)) return `CASE WHEN ${at}${typeColumn(field)} = 'text' THEN ${at}${valueColumn(field)} END`;
  const doc = `${at}doc`;
  return `CASE WHEN json_type(${doc}, '$.${field}') = 'text' THEN json_extract(${doc}, '$.${field}') END`;
}

/** Whether the collection's text index is maintained from the columns of its fields (databases made before were not). */
export function textIndexCurrent(db: Database.Database, collection: string, spec: TextIndexSpec): boolean {
  const cols = readColumns(db, collection);
  if (!spec.fields.every(([f]) => cols.has(f))) return false;
  const triggers = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?`).all(collection) as Array<{ name: string; sql: string }>;
  const ai = triggers.find((t) => quoteName(t.name) === triggerName(collection, 'ai'));
  return triggers.length === 3 && ai !== undefined && ai.sql.includes(pendingName(collection));
}

/**
 * The statements that bring the collection's FTS rows up to date with the rows its triggers marked, in the
 * writer's transaction (run after its writes, before commit), or null when the collection has no text index.
 */
export function pendingTextFlushSql(db: Database.Database, collection: string): string[] | null {
  const spec = readTextSpec((sql) => db.prepare(sql), collection);
  if (!spec) return null;
  const exists = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(`${collection}$text_pending`);
  if (!exists) return null;
  const fts = ftsName(collection);
  const pending = pendingName(collection);
  const cols = spec.fields.map((_, i) => `c${i}`);
  const indexed = readColumns(db, collection);
  return [
    `DELETE FROM ${fts} WHERE rowid IN (SELECT r FROM ${pending} WHERE del = 1)`,
    `INSERT INTO ${fts} (rowid, ${cols.join(', ')}) SELECT m.rowid, ${spec.fields.map(([f]) => textExpr('m', f, indexed)).join(', ')} FROM ${pending} p JOIN ${quoteName(collection)} m ON m.rowid = p.r`,
    `DELETE FROM ${pending}`,
  ];
}

function flushPending(db: Database.Database, collection: string): void {
  for (const sql of pendingTextFlushSql(db, collection) ?? []) db.prepare(sql).run();
}

export function registerTextFunctions(db: Database.Database): void {
  let lastJson = '';
  let lastTerms: string[] = [];
  db.function(SCORE_FUNCTION, { deterministic: true, varargs: true }, (termsJson: unknown, ...pairs: unknown[]) => {
    if (termsJson !== lastJson) {
      lastTerms = JSON.parse(String(termsJson)) as string[];
      lastJson = String(termsJson);
    }
    const fields: WeightedText[] = [];
    for (let i = 0; i + 1 < pairs.length; i += 2) fields.push([pairs[i], Number(pairs[i + 1])]);
    return textScore(fields, lastTerms);
  });
}

export function ensureMetaTable(db: Database.Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${META} (collection TEXT PRIMARY KEY NOT NULL, spec TEXT NOT NULL) STRICT`);
}

/** The collection's declared text index, or null. */
export function readTextSpec(prepare: (sql: string) => Database.Statement, collection: string): TextIndexSpec | null {
  const row = prepare(`SELECT spec FROM ${META} WHERE collection = ?`).get(collection) as { spec: string } | undefined;
  return row ? (JSON.parse(row.spec) as TextIndexSpec) : null;
}

/** Creates (or replaces) the FTS table and its triggers, and indexes the documents already stored. */
export function createTextIndex(db: Database.Database, collection: string, spec: TextIndexSpec): void {
  const table = quoteName(collection);
  const fts = ftsName(collection);
  const cols = spec.fields.map((_, i) => `c${i}`);
  addColumns(db, collection, spec.fields.map(([f]) => f));
  const indexed = readColumns(db, collection);
  db.exec(`DROP TABLE IF EXISTS ${fts}`);
  db.exec(`CREATE VIRTUAL TABLE ${fts} USING fts5(${cols.join(', ')}, tokenize = 'unicode61 remove_diacritics 2')`);
  createTriggers(db, collection, spec);
  db.exec(`INSERT INTO ${fts} (rowid, ${cols.join(', ')}) SELECT rowid, ${spec.fields.map(([f]) => textExpr(null, f, indexed)).join(', ')} FROM ${table}`);
  db.prepare(`INSERT INTO ${META} (collection, spec) VALUES (?, ?) ON CONFLICT(collection) DO UPDATE SET spec = excluded.spec`).run(collection, JSON.stringify(spec));
}

function dropTriggers(db: Database.Database, collection: string): void {
  for (const kind of ['ai', 'ad', 'au'] as const) db.exec(`DROP TRIGGER IF EXISTS ${triggerName(collection, kind)}`);
  db.exec(`DROP TABLE IF EXISTS ${pendingName(collection)}`);
}

/** Drops the collection's text index, if any (FTS table, triggers, declaration). */
export function dropTextIndex(db: Database.Database, collection: string): void {
  dropTriggers(db, collection);
  db.exec(`DROP TABLE IF EXISTS ${ftsName(collection)}`);
  db.prepare(`DELETE FROM ${META} WHERE collection = ?`).run(collection);
}

/**
 * After table `from` was renamed to `to` (replaceCollection), the text index follows the table: `from`'s FTS
 * rows are renamed with it when it had one (they are keyed by its rowids); otherwise `to`'s declared text
 * index is rebuilt on the new rows, since the old FTS rows index the table that was dropped.
 */
export function moveTextIndex(db: Database.Database, from: string, to: string): void {
  const read = (c: string) => readTextSpec((sql) => db.prepare(sql), c);
  const fromSpec = read(from);
  const toSpec = read(to);
  dropTextIndex(db, to);
  if (fromSpec) {
    if (textIndexCurrent(db, from, fromSpec)) flushPending(db, from);
    dropTriggers(db, from);
    db.exec(`ALTER TABLE ${ftsName(from)} RENAME TO ${ftsName(to)}`);
    db.prepare(`DELETE FROM ${META} WHERE collection = ?`).run(from);
    createTriggers(db, to, fromSpec);
    db.prepare(`INSERT INTO ${META} (collection, spec) VALUES (?, ?)`).run(to, JSON.stringify(fromSpec));
  } else if (toSpec) {
    createTextIndex(db, to, toSpec);
  }
}

function createTriggers(db: Database.Database, collection: string, spec: TextIndexSpec): void {
  const table = quoteName(collection);
  const pending = pendingName(collection);
  const indexed = readColumns(db, collection);
  const changed = spec.fields.map(([f]) => `${textExpr('old', f, indexed)} IS NOT ${textExpr('new', f, indexed)}`).join(' OR ');
  dropTriggers(db, collection);
  db.exec(`CREATE TABLE ${pending} (r INTEGER PRIMARY KEY, del INTEGER NOT NULL) STRICT`);
  db.exec(`CREATE TRIGGER ${triggerName(collection, 'ai')} AFTER INSERT ON ${table} BEGIN
    INSERT INTO ${pending} (r, del) VALUES (new.rowid, 0) ON CONFLICT(r) DO NOTHING; END`);
  db.exec(`CREATE TRIGGER ${triggerName(collection, 'ad')} AFTER DELETE ON ${table} BEGIN
    INSERT INTO ${pending} (r, del) VALUES (old.rowid, 1) ON CONFLICT(r) DO UPDATE SET del = 1; END`);
  // Only a change of the indexed text rewrites the FTS row: most document updates leave titles alone.
  db.exec(`CREATE TRIGGER ${triggerName(collection, 'au')} AFTER UPDATE ON ${table} WHEN ${changed} BEGIN
    INSERT INTO ${pending} (r, del) VALUES (old.rowid, 1) ON CONFLICT(r) DO UPDATE SET del = 1; END`);
}

/** FTS5 query: every term as a quoted phrase (terms are letters and digits only), the last as a prefix. */
export function ftsMatch(terms: readonly string[]): string {
  return terms.map((t, i) => `"${t}"${i === terms.length - 1 ? '*' : ''}`).join(' ');
}

/**
 * The candidate rows of a text query with their score as `__score`: FTS5 narrows by index, the scoring function
 * applies the port's exact semantics (NULL = no match). Outer queries filter and sort on `__score`, `doc`, `_id`.
 */
export function textCandidates(prepare: (sql: string) => Database.Statement, collection: string, text: TextQuery, cols: IndexedColumns = NO_COLUMNS): SqlFragment {
  const spec = readTextSpec(prepare, collection);
  if (!spec) throw new InvalidQueryError(`$text on '${collection}' needs a text index: call ensureTextIndex first`);
  const args = spec.fields.map(([f, w]) => `${textExpr(null, f, cols)}, ${w}`).join(', ');
  const fts = ftsName(collection);
  // Every column: outer filters and sorts read the indexed ones.
  const sql =
    `(SELECT *, ${SCORE_FUNCTION}(?, ${args}) AS ${SCORE_COLUMN} FROM ${quoteName(collection)} ` +
    `WHERE rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?))`;
  return { sql, params: [JSON.stringify(text.terms), ftsMatch(text.terms)] };
}
