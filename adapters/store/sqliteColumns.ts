import type Database from 'better-sqlite3';

/**
 * Indexed paths kept in real columns. Every path a non-unique index or the text index names gets two columns:
 * `v$<path>`, the value json_extract would return (NULL for missing and null, 1/0 for booleans, JSON text for
 * objects and arrays), and `t$<path>`, its json_type ('missing' when absent). Writers fill them in JS from the
 * document they hold, so index and FTS maintenance never parse the stored JSON again, and queries on an
 * indexed path compare columns instead of extracting from the document (an index on them then covers the type
 * checks too). The columns are read from the table itself, so every process writing the file fills the
 * columns another one added; `$` cannot occur in a field path, so these names never clash with `_id` or `doc`.
 */
export interface IndexedColumns {
  /** Paths with both columns, in table order. */
  readonly paths: readonly string[];
  has(path: string): boolean;
}

export const NO_COLUMNS: IndexedColumns = { paths: [], has: () => false };

const quoteName = (name: string): string => `"${name}"`;
export const valueColumn = (path: string): string => quoteName(`v$${path}`);
export const typeColumn = (path: string): string => quoteName(`t$${path}`);

/** The indexed columns a table has now. */
export function readColumns(db: Database.Database, table: string): IndexedColumns {
  const names = new Set((db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as Array<{ name: string }>).map((r) => r.name));
  const paths = [...names].filter((n) => n.startsWith('v$') && names.has(`t$${n.slice(2)}`)).map((n) => n.slice(2));
  const set = new Set(paths);
  return { paths, has: (p) => set.has(p) };
}

/**
 * Adds the columns of `paths` the table lacks and fills them for the documents already stored with SQLite's
 * own json_extract / json_type, the functions the columns stand in for. Call inside a write transaction.
 */
export function addColumns(db: Database.Database, table: string, paths: readonly string[]): boolean {
  const current = readColumns(db, table);
  const missing = [...new Set(paths)].filter((p) => p !== '_id' && !current.has(p));
  if (missing.length === 0) return false;
  const t = quoteName(table);
  for (const p of missing) {
    db.exec(`ALTER TABLE ${t} ADD COLUMN ${valueColumn(p)} ANY`);
    db.exec(`ALTER TABLE ${t} ADD COLUMN ${typeColumn(p)} TEXT`);
  }
  const sets = missing.map((p) => `${valueColumn(p)} = json_extract(doc, '$.${p}'), ${typeColumn(p)} = ifnull(json_type(doc, '$.${p}'), 'missing')`);
  db.exec(`UPDATE ${t} SET ${sets.join(', ')}`);
  return true;
}

/** The JSON form of a value as JSON.stringify writes it (toJSON applied); undefined when the key is left out. */
function jsonForm(value: unknown, key: string): unknown {
  let v = value;
  if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') v = (v as { toJSON(k: string): unknown }).toJSON(key);
  if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return undefined;
  if (typeof v === 'number' && !Number.isFinite(v)) return null;
  return v;
}

/** The value at `path` of the document as stored (its JSON form), or undefined when the path is missing. */
function valueAt(doc: unknown, segments: readonly string[]): unknown {
  let cur: unknown = doc;
  for (const seg of segments) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur) || !Object.hasOwn(cur, seg)) return undefined;
    cur = jsonForm((cur as Record<string, unknown>)[seg], seg);
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** SQLite's json_type of a number: 'real' when its JSON text has a fraction or an exponent. */
const numberType = (n: number): string => (/[.eE]/.test(JSON.stringify(n)) ? 'real' : 'integer');

/** [value, type] of one path, as json_extract and json_type would give them on the stored JSON. */
export function columnPair(doc: unknown, segments: readonly string[]): [value: string | number | null, type: string] {
  const v = valueAt(doc, segments);
  if (v === undefined) return [null, 'missing'];
  if (v === null) return [null, 'null'];
  if (typeof v === 'string') return [v, 'text'];
  // JSON has no -0: JSON.stringify writes it as 0.
  if (typeof v === 'number') return [v === 0 ? 0 : v, numberType(v)];
  if (typeof v === 'boolean') return [v ? 1 : 0, v ? 'true' : 'false'];
  if (typeof v === 'bigint') throw new TypeError('Do not know how to serialize a BigInt');
  return [JSON.stringify(v), Array.isArray(v) ? 'array' : 'object'];
}

/** Column values of a document for the paths (split into segments), in the order of `columnList`. */
export function columnValues(doc: unknown, segments: ReadonlyArray<readonly string[]>): Array<string | number | null> {
  const out: Array<string | number | null> = [];
  for (const s of segments) {
    const [v, t] = columnPair(doc, s);
    out.push(v, t);
  }
  return out;
}

/** `"v$a", "t$a", "v$b", "t$b"` for the paths, the order columnValues fills. */
export function columnList(paths: readonly string[]): string {
  return paths.map((p) => `${valueColumn(p)}, ${typeColumn(p)}`).join(', ');
}
