import type { IndexSpec, Scalar, SortSpec } from '../../shared/ports/documentStore.ts';
import type { Condition } from './queryModel.ts';
import { NO_COLUMNS, typeColumn, valueColumn, type IndexedColumns } from './sqliteColumns.ts';

/**
 * Compiles the validated query model into SQLite over JSON documents. Field paths reach the SQL text (an
 * expression index only serves queries that repeat its expression literally), so they must have passed
 * checkPath; every value is a bound parameter.
 *
 * Typing follows MongoDB: json_extract turns `true` into 1 and objects into text, so each comparison also
 * checks json_type, and a missing field gets the type 'missing' (never SQL NULL, so NOT(...) stays correct).
 * A path the collection keeps in columns (sqliteColumns.ts) reads them instead: the same value and type,
 * without parsing the document.
 */
export interface SqlFragment {
  readonly sql: string;
  readonly params: ReadonlyArray<string | number>;
}

const NUMERIC = `IN ('integer','real')`;
const NULLISH = `IN ('missing','null')`;

function jsonPath(path: string): string {
  return `'$.${path}'`;
}

/** The SQL value of a field: the primary-key column for `_id`, the relevance column for `$score`, json_extract otherwise. */
export function valueExpr(path: string, cols: IndexedColumns = NO_COLUMNS): string {
  if (path === '$score') return '__score';
  if (cols.has(path)) return valueColumn(path);
  return path === '_id' ? '_id' : `json_extract(doc, ${jsonPath(path)})`;
}

/** json_type of a field ('missing' when absent). */
export function typeExpr(path: string, cols: IndexedColumns = NO_COLUMNS): string {
  if (cols.has(path)) return typeColumn(path);
  return path === '_id' ? `'text'` : `ifnull(json_type(doc, ${jsonPath(path)}), 'missing')`;
}

function equals(path: string, value: Scalar, cols: IndexedColumns): SqlFragment {
  const t = typeExpr(path, cols);
  if (value === null) return { sql: `(${t} ${NULLISH})`, params: [] };
  if (typeof value === 'boolean') return { sql: `(${t} = '${value ? 'true' : 'false'}')`, params: [] };
  const typeCheck = typeof value === 'number' ? `${t} ${NUMERIC}` : `${t} = 'text'`;
  return { sql: `(${typeCheck} AND ${valueExpr(path, cols)} = ?)`, params: [value] };
}

function inList(path: string, values: readonly Scalar[], cols: IndexedColumns): SqlFragment {
  const t = typeExpr(path, cols);
  const parts: string[] = [];
  const params: Array<string | number> = [];
  if (values.includes(null)) parts.push(`${t} ${NULLISH}`);
  if (values.includes(true)) parts.push(`${t} = 'true'`);
  if (values.includes(false)) parts.push(`${t} = 'false'`);
  const numbers = values.filter((v): v is number => typeof v === 'number');
  const strings = values.filter((v): v is string => typeof v === 'string');
  if (numbers.length > 0) {
    parts.push(`(${t} ${NUMERIC} AND ${valueExpr(path, cols)} IN (${numbers.map(() => '?').join(',')}))`);
    params.push(...numbers);
  }
  if (strings.length > 0) {
    parts.push(`(${t} = 'text' AND ${valueExpr(path, cols)} IN (${strings.map(() => '?').join(',')}))`);
    params.push(...strings);
  }
  return { sql: parts.length === 0 ? '(0)' : `(${parts.join(' OR ')})`, params };
}

const CMP_SQL = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

function combine(items: readonly Condition[], joiner: 'AND' | 'OR', cols: IndexedColumns): SqlFragment {
  if (items.length === 0) return { sql: joiner === 'AND' ? '(1)' : '(0)', params: [] };
  const parts = items.map((c) => compileCondition(c, cols));
  return { sql: `(${parts.map((p) => p.sql).join(` ${joiner} `)})`, params: parts.flatMap((p) => p.params) };
}

/** `cols`: the paths the collection keeps in columns (none: every path is read from the document). */
export function compileCondition(c: Condition, cols: IndexedColumns = NO_COLUMNS): SqlFragment {
  switch (c.kind) {
    case 'eq':
      return equals(c.path, c.value, cols);
    case 'ne': {
      const eq = equals(c.path, c.value, cols);
      return { sql: `(NOT ${eq.sql})`, params: eq.params };
    }
    case 'cmp': {
      const typeCheck = typeof c.value === 'number' ? `${typeExpr(c.path, cols)} ${NUMERIC}` : `${typeExpr(c.path, cols)} = 'text'`;
      return { sql: `(${typeCheck} AND ${valueExpr(c.path, cols)} ${CMP_SQL[c.op]} ?)`, params: [c.value] };
    }
    case 'in':
      return inList(c.path, c.values, cols);
    case 'exists':
      return { sql: `(${typeExpr(c.path, cols)} ${c.exists ? 'NOT ' : ''}${NULLISH})`, params: [] };
    case 'contains':
      return { sql: `(${typeExpr(c.path, cols)} = 'text' AND instr(lower(${valueExpr(c.path, cols)}), ?) > 0)`, params: [c.value] };
    case 'score':
      // Only reachable over text candidates, whose `__score` column is never NULL after their own filter.
      return { sql: `(__score ${c.op === '$eq' ? '=' : CMP_SQL[c.op]} ?)`, params: [c.value] };
    case 'and':
      return combine(c.items, 'AND', cols);
    case 'or':
      return combine(c.items, 'OR', cols);
  }
}

/** SQLite puts NULL first ascending and last descending, numbers before text: MongoDB's order for the subset. */
export function orderBy(sort: SortSpec | undefined, cols: IndexedColumns = NO_COLUMNS): string {
  if (!sort) return '';
  return ` ORDER BY ${sort.map(([f, d]) => `${valueExpr(f, cols)} ${d === 1 ? 'ASC' : 'DESC'}`).join(', ')}`;
}

export function quoteName(name: string): string {
  return `"${name}"`;
}

export interface IndexDdl {
  readonly sqlName: string;
  readonly sql: string;
}

/**
 * A declared index as SQL. Non-unique: the fields' value columns (what queries use) plus `_id` so the tie-break
 * sort is served too, then their type columns so type checks are answered from the index. Unique: keyed on the
 * field's JSON text (`->`), which keeps `true` apart from 1 and maps a missing field to null as MongoDB does; a
 * non-unique companion index serves the lookups. `cols` must hold every field (sqliteColumns.addColumns).
 */
export function indexDdl(collection: string, spec: IndexSpec, cols: IndexedColumns = NO_COLUMNS): IndexDdl[] {
  const table = quoteName(collection);
  const dir = (d: 1 | -1): string => (d === 1 ? 'ASC' : 'DESC');
  const lookupCols = spec.fields.map(([f, d]) => `${valueExpr(f, cols)} ${dir(d)}`);
  if (!spec.fields.some(([f]) => f === '_id')) lookupCols.push('_id ASC');
  for (const [f] of spec.fields) if (cols.has(f)) lookupCols.push(typeColumn(f));
  const lookupName = spec.unique ? `${collection}__${spec.name}__q` : `${collection}__${spec.name}`;
  const lookup = { sqlName: lookupName, sql: `CREATE INDEX ${quoteName(lookupName)} ON ${table} (${lookupCols.join(', ')})` };
  if (!spec.unique) return [lookup];
  const keyCols = spec.fields.map(([f]) => (f === '_id' ? '_id' : `ifnull(doc -> ${jsonPath(f)}, 'null')`));
  const uniqueName = `${collection}__${spec.name}`;
  return [{ sqlName: uniqueName, sql: `CREATE UNIQUE INDEX ${quoteName(uniqueName)} ON ${table} (${keyCols.join(', ')})` }, lookup];
}
