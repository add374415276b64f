import type { IndexSpec, Scalar, SortSpec } from '../../shared/ports/documentStore.ts';
import type { Condition } from './queryModel.ts';

/**
 * Compiles the validated query model into SQLite over JSON documents. Field paths reach the SQL text (an
 * expression index only serves queries that repeat its expression literally), so they must have passed
 * checkPath; every value is a bound parameter.
 *
 * Typing follows MongoDB: json_extract turns `true` into 1 and objects into text, so each comparison also
 * checks json_type, and a missing field gets the type 'missing' (never SQL NULL, so NOT(...) stays correct).
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
export function valueExpr(path: string): string {
  if (path === '$score') return '__score';
  return path === '_id' ? '_id' : `json_extract(doc, ${jsonPath(path)})`;
}

function typeExpr(path: string): string {
  return path === '_id' ? `'text'` : `ifnull(json_type(doc, ${jsonPath(path)}), 'missing')`;
}

function equals(path: string, value: Scalar): SqlFragment {
  const t = typeExpr(path);
  if (value === null) return { sql: `(${t} ${NULLISH})`, params: [] };
  if (typeof value === 'boolean') return { sql: `(${t} = '${value ? 'true' : 'false'}')`, params: [] };
  const typeCheck = typeof value === 'number' ? `${t} ${NUMERIC}` : `${t} = 'text'`;
  return { sql: `(${typeCheck} AND ${valueExpr(path)} = ?)`, params: [value] };
}

function inList(path: string, values: readonly Scalar[]): SqlFragment {
  const t = typeExpr(path);
  const parts: string[] = [];
  const params: Array<string | number> = [];
  if (values.includes(null)) parts.push(`${t} ${NULLISH}`);
  if (values.includes(true)) parts.push(`${t} = 'true'`);
  if (values.includes(false)) parts.push(`${t} = 'false'`);
  const numbers = values.filter((v): v is number => typeof v === 'number');
  const strings = values.filter((v): v is string => typeof v === 'string');
  if (numbers.length > 0) {
    parts.push(`(${t} ${NUMERIC} AND ${valueExpr(path)} IN (${numbers.map(() => '?').join(',')}))`);
    params.push(...numbers);
  }
  if (strings.length > 0) {
    parts.push(`(${t} = 'text' AND ${valueExpr(path)} IN (${strings.map(() => '?').join(',')}))`);
    params.push(...strings);
  }
  return { sql: parts.length === 0 ? '(0)' : `(${parts.join(' OR ')})`, params };
}

const CMP_SQL = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

function combine(items: readonly Condition[], joiner: 'AND' | 'OR'): SqlFragment {
  if (items.length === 0) return { sql: joiner === 'AND' ? '(1)' : '(0)', params: [] };
  const parts = items.map(compileCondition);
  return { sql: `(${parts.map((p) => p.sql).join(` ${joiner} `)})`, params: parts.flatMap((p) => p.params) };
}

export function compileCondition(c: Condition): SqlFragment {
  switch (c.kind) {
    case 'eq':
      return equals(c.path, c.value);
    case 'ne': {
      const eq = equals(c.path, c.value);
      return { sql: `(NOT ${eq.sql})`, params: eq.params };
    }
    case 'cmp': {
      const typeCheck = typeof c.value === 'number' ? `${typeExpr(c.path)} ${NUMERIC}` : `${typeExpr(c.path)} = 'text'`;
      return { sql: `(${typeCheck} AND ${valueExpr(c.path)} ${CMP_SQL[c.op]} ?)`, params: [c.value] };
    }
    case 'in':
      return inList(c.path, c.values);
    case 'exists':
      return { sql: `(${typeExpr(c.path)} ${c.exists ? 'NOT ' : ''}${NULLISH})`, params: [] };
    case 'contains':
      return { sql: `(${typeExpr(c.path)} = 'text' AND instr(lower(${valueExpr(c.path)}), ?) > 0)`, params: [c.value] };
    case 'score':
      // Only reachable over text candidates, whose `__score` column is never NULL after their own filter.
      return { sql: `(__score ${c.op === '$eq' ? '=' : CMP_SQL[c.op]} ?)`, params: [c.value] };
    case 'and':
      return combine(c.items, 'AND');
    case 'or':
      return combine(c.items, 'OR');
  }
}

/** SQLite puts NULL first ascending and last descending, numbers before text: MongoDB's order for the subset. */
export function orderBy(sort: SortSpec | undefined): string {
  if (!sort) return '';
  return ` ORDER BY ${sort.map(([f, d]) => `${valueExpr(f)} ${d === 1 ? 'ASC' : 'DESC'}`).join(', ')}`;
}

export function quoteName(name: string): string {
  return `"${name}"`;
}

export interface IndexDdl {
  readonly sqlName: string;
  readonly sql: string;
}

/**
 * A declared index as SQL. Non-unique: json_extract expressions (what queries use) plus `_id` so the tie-break
 * sort is served too. Unique: keyed on the field's JSON text (`->`), which keeps `true` apart from 1 and maps a
 * missing field to null as MongoDB does; a non-unique companion index serves the lookups.
 */
export function indexDdl(collection: string, spec: IndexSpec): IndexDdl[] {
  const table = quoteName(collection);
  const dir = (d: 1 | -1): string => (d === 1 ? 'ASC' : 'DESC');
  const lookupCols = spec.fields.map(([f, d]) => `${valueExpr(f)} ${dir(d)}`);
  if (!spec.fields.some(([f]) => f === '_id')) lookupCols.push('_id ASC');
  const lookupName = spec.unique ? `${collection}__${spec.name}__q` : `${collection}__${spec.name}`;
  const lookup = { sqlName: lookupName, sql: `CREATE INDEX ${quoteName(lookupName)} ON ${table} (${lookupCols.join(', ')})` };
  if (!spec.unique) return [lookup];
  const keyCols = spec.fields.map(([f]) => (f === '_id' ? '_id' : `ifnull(doc -> ${jsonPath(f)}, 'null')`));
  const uniqueName = `${collection}__${spec.name}`;
  return [{ sqlName: uniqueName, sql: `CREATE UNIQUE INDEX ${quoteName(uniqueName)} ON ${table} (${keyCols.join(', ')})` }, lookup];
}
