import { InvalidQueryError, SCORE_FIELD } from '../../shared/ports/documentStore.ts';
import type { Filter, FindOptions, IndexSpec, Scalar, SortSpec, TextIndexSpec, UpdateOps } from '../../shared/ports/documentStore.ts';
import { searchTerms } from '../../shared/text/searchText.ts';

/**
 * The validated, adapter-neutral form of filters, updates and options. Both adapters compile from this, so
 * they accept and reject exactly the same inputs, and names reaching SQL text are known to be safe.
 */
export type Condition =
  | { readonly kind: 'eq'; readonly path: string; readonly value: Scalar }
  | { readonly kind: 'ne'; readonly path: string; readonly value: Scalar }
  | { readonly kind: 'cmp'; readonly path: string; readonly op: CompareOp; readonly value: string | number }
  | { readonly kind: 'in'; readonly path: string; readonly values: readonly Scalar[] }
  | { readonly kind: 'exists'; readonly path: string; readonly exists: boolean }
  | { readonly kind: 'contains'; readonly path: string; readonly value: string }
  | { readonly kind: 'score'; readonly op: CompareOp | '$eq'; readonly value: number }
  | { readonly kind: 'and'; readonly items: readonly Condition[] }
  | { readonly kind: 'or'; readonly items: readonly Condition[] };

/** A validated `$text` query: its words in order (the last one matches as a prefix). */
export interface TextQuery {
  readonly terms: readonly string[];
}

export type CompareOp = '$gt' | '$gte' | '$lt' | '$lte';

export interface ParsedUpdate {
  readonly set: ReadonlyArray<readonly [path: string, value: unknown]>;
  readonly unset: readonly string[];
  readonly inc: ReadonlyArray<readonly [path: string, amount: number]>;
}

export interface ParsedFindOptions {
  /** Always ends with `_id` so pages are deterministic. */
  readonly sort: SortSpec | undefined;
  readonly limit: number | undefined;
  readonly skip: number;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_DEPTH = 32;
const COMPARE_OPS: readonly CompareOp[] = ['$gt', '$gte', '$lt', '$lte'];
const FIELD_OPS = new Set(['$eq', '$ne', '$in', '$exists', '$contains', ...COMPARE_OPS]);

export function checkCollectionName(name: string): string {
  if (typeof name !== 'string' || !NAME.test(name) || name.toLowerCase().startsWith('sqlite_')) {
    throw new InvalidQueryError(`invalid collection name ${JSON.stringify(name)}: use letters, digits and _ (max 63, not starting with a digit or sqlite_)`);
  }
  return name;
}

export function checkIndexName(name: string): string {
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw new InvalidQueryError(`invalid index name ${JSON.stringify(name)}: use letters, digits and _ (max 63, not starting with a digit)`);
  }
  return name;
}

export function checkPath(path: string): string {
  if (typeof path !== 'string' || path.length > 512 || !path.split('.').every((s) => SEGMENT.test(s))) {
    throw new InvalidQueryError(`invalid field path ${JSON.stringify(path)}: dot-separated segments of letters, digits and _, not starting with a digit`);
  }
  return path;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function checkScalar(v: unknown, where: string): Scalar {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  throw new InvalidQueryError(`${where}: expected a string, finite number, boolean or null, got ${describe(v)}`);
}

function describe(v: unknown): string {
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'number') return String(v);
  return v === null ? 'null' : typeof v;
}

interface ParseContext {
  readonly allowScore: boolean;
}

function parseScore(value: unknown): Condition[] {
  const ops = typeof value === 'number' ? { $eq: value } : value;
  if (!isPlainObject(ops)) throw new InvalidQueryError(`filter on '${SCORE_FIELD}': expected a number or comparison operators`);
  const out: Condition[] = [];
  for (const [op, operand] of Object.entries(ops)) {
    if (operand === undefined) continue;
    if (op !== '$eq' && !(COMPARE_OPS as readonly string[]).includes(op)) {
      throw new InvalidQueryError(`filter on '${SCORE_FIELD}': unsupported operator ${JSON.stringify(op)}`);
    }
    if (typeof operand !== 'number' || !Number.isFinite(operand)) throw new InvalidQueryError(`filter on '${SCORE_FIELD}' ${op}: expected a finite number`);
    out.push({ kind: 'score', op: op as CompareOp | '$eq', value: operand });
  }
  return out;
}

function parseField(path: string, value: unknown, ctx: ParseContext): Condition[] {
  if (path === SCORE_FIELD) {
    if (!ctx.allowScore) throw new InvalidQueryError(`'${SCORE_FIELD}' needs a top-level $text in the same filter (find, findOne, count)`);
    return parseScore(value);
  }
  checkPath(path);
  if (!isPlainObject(value)) return [{ kind: 'eq', path, value: checkScalar(value, `filter on '${path}'`) }];
  const out: Condition[] = [];
  for (const [op, operand] of Object.entries(value)) {
    if (operand === undefined) continue;
    if (!FIELD_OPS.has(op)) throw new InvalidQueryError(`filter on '${path}': unsupported operator ${JSON.stringify(op)}`);
    const where = `filter on '${path}' ${op}`;
    if (op === '$eq' || op === '$ne') {
      out.push({ kind: op === '$eq' ? 'eq' : 'ne', path, value: checkScalar(operand, where) });
    } else if (op === '$in') {
      if (!Array.isArray(operand)) throw new InvalidQueryError(`${where}: expected an array`);
      out.push({ kind: 'in', path, values: operand.map((v) => checkScalar(v, where)) });
    } else if (op === '$contains') {
      if (typeof operand !== 'string' || operand.length === 0 || operand.length > 200) {
        throw new InvalidQueryError(`${where}: expected a string of 1-200 characters`);
      }
      out.push({ kind: 'contains', path, value: operand.toLowerCase() });
    } else if (op === '$exists') {
      if (typeof operand !== 'boolean') throw new InvalidQueryError(`${where}: expected a boolean`);
      out.push({ kind: 'exists', path, exists: operand });
    } else {
      const v = checkScalar(operand, where);
      if (typeof v !== 'string' && typeof v !== 'number') throw new InvalidQueryError(`${where}: expected a string or a number`);
      out.push({ kind: 'cmp', path, op: op as CompareOp, value: v });
    }
  }
  return out;
}

function parseFilterAt(filter: unknown, depth: number, ctx: ParseContext): Condition {
  if (depth > MAX_DEPTH) throw new InvalidQueryError(`filter nested deeper than ${MAX_DEPTH} levels`);
  if (!isPlainObject(filter)) throw new InvalidQueryError(`a filter must be an object, got ${describe(filter)}`);
  const items: Condition[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (key === '$or' || key === '$and') {
      if (!Array.isArray(value) || value.length === 0) throw new InvalidQueryError(`${key} needs a non-empty array of filters`);
      const subs = value.map((f: unknown) => parseFilterAt(f, depth + 1, ctx));
      items.push({ kind: key === '$or' ? 'or' : 'and', items: subs });
    } else if (key === '$text') {
      throw new InvalidQueryError('$text is accepted at the top level of a find, findOne or count filter only');
    } else if (key.startsWith('$') && key !== SCORE_FIELD) {
      throw new InvalidQueryError(`unsupported top-level operator ${JSON.stringify(key)}`);
    } else {
      items.push(...parseField(key, value, ctx));
    }
  }
  return items.length === 1 && items[0] ? items[0] : { kind: 'and', items };
}

/** Validates a port Filter; an empty filter becomes an empty `and` (matches everything). No `$text`. */
export function parseFilter(filter: Filter | undefined): Condition {
  return parseFilterAt(filter ?? {}, 0, { allowScore: false });
}

/** Validates a read filter that may carry a top-level `$text` (and then `$score` conditions). */
export function parseSearchFilter(filter: Filter | undefined): { condition: Condition; text: TextQuery | null } {
  const f = filter ?? {};
  if (!isPlainObject(f)) throw new InvalidQueryError(`a filter must be an object, got ${describe(f)}`);
  const { $text: query, ...rest } = f as Record<string, unknown>;
  if (query === undefined) return { condition: parseFilterAt(rest, 0, { allowScore: false }), text: null };
  if (typeof query !== 'string' || query.length === 0 || query.length > 500) throw new InvalidQueryError('$text: expected a string of 1-500 characters');
  const terms = searchTerms(query);
  if (terms.length === 0) throw new InvalidQueryError('$text: the query has no words (letters or digits)');
  return { condition: parseFilterAt(rest, 0, { allowScore: true }), text: { terms } };
}

const TEXT_FIELDS_MAX = 8;

export function parseTextIndex(spec: TextIndexSpec): TextIndexSpec {
  if (!isPlainObject(spec)) throw new InvalidQueryError('a text index must be an object {name, fields}');
  checkIndexName(spec.name);
  if (!Array.isArray(spec.fields) || spec.fields.length === 0 || spec.fields.length > TEXT_FIELDS_MAX) {
    throw new InvalidQueryError(`text index '${spec.name}' needs 1-${TEXT_FIELDS_MAX} fields`);
  }
  const seen = new Set<string>();
  const fields = spec.fields.map((entry) => {
    const [field, weight] = Array.isArray(entry) ? entry : [];
    checkPath(field as string);
    if (field === '_id' || seen.has(field as string)) throw new InvalidQueryError(`text index '${spec.name}': field '${String(field)}' is _id or repeated`);
    seen.add(field as string);
    if (!Number.isInteger(weight) || (weight as number) < 1 || (weight as number) > 100) {
      throw new InvalidQueryError(`text index '${spec.name}': weight of '${String(field)}' must be an integer from 1 to 100`);
    }
    return [field as string, weight as number] as const;
  });
  return { name: spec.name, fields };
}

function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}

function checkUpdatePath(path: string, op: string): string {
  checkPath(path);
  if (path === '_id' || path.startsWith('_id.')) throw new InvalidQueryError(`${op} cannot change _id`);
  return path;
}

/** Validates UpdateOps like MongoDB would (no _id change, no two operations on overlapping paths). */
export function parseUpdate(ops: UpdateOps): ParsedUpdate {
  if (!isPlainObject(ops)) throw new InvalidQueryError('update operations must be an object');
  for (const key of Object.keys(ops)) {
    if (key !== '$set' && key !== '$unset' && key !== '$inc') throw new InvalidQueryError(`unsupported update operator ${JSON.stringify(key)}`);
  }
  const set: Array<readonly [string, unknown]> = [];
  const inc: Array<readonly [string, number]> = [];
  const unset: string[] = [];
  if (ops.$set !== undefined) {
    if (!isPlainObject(ops.$set)) throw new InvalidQueryError('$set must be an object of path -> value');
    // JSON round trip: the stored form is JSON in every adapter (undefined dropped, Dates as ISO strings).
    for (const [path, value] of Object.entries(ops.$set)) {
      if (value !== undefined) set.push([checkUpdatePath(path, '$set'), JSON.parse(JSON.stringify(value)) as unknown]);
    }
  }
  if (ops.$unset !== undefined) {
    if (!Array.isArray(ops.$unset)) throw new InvalidQueryError('$unset must be an array of paths');
    for (const path of ops.$unset) unset.push(checkUpdatePath(path, '$unset'));
  }
  if (ops.$inc !== undefined) {
    if (!isPlainObject(ops.$inc)) throw new InvalidQueryError('$inc must be an object of path -> number');
    for (const [path, amount] of Object.entries(ops.$inc)) {
      if (typeof amount !== 'number' || !Number.isFinite(amount)) throw new InvalidQueryError(`$inc '${path}': expected a finite number`);
      inc.push([checkUpdatePath(path, '$inc'), amount]);
    }
  }
  const paths = [...set.map(([p]) => p), ...unset, ...inc.map(([p]) => p)];
  for (let i = 0; i < paths.length; i++) {
    for (let j = i + 1; j < paths.length; j++) {
      const a = paths[i] as string;
      const b = paths[j] as string;
      if (overlaps(a, b)) throw new InvalidQueryError(`updating '${a}' and '${b}' in one call would conflict`);
    }
  }
  return { set, unset, inc };
}

export function isEmptyUpdate(u: ParsedUpdate): boolean {
  return u.set.length === 0 && u.unset.length === 0 && u.inc.length === 0;
}

function checkCount(v: number | undefined, what: string): number | undefined {
  if (v === undefined) return undefined;
  if (!Number.isSafeInteger(v) || v < 0) throw new InvalidQueryError(`${what} must be a non-negative integer, got ${String(v)}`);
  return v;
}

function checkSortEntries(sort: SortSpec, what: string, allowScore = false): SortSpec {
  if (!Array.isArray(sort)) throw new InvalidQueryError(`${what} must be an array of [field, 1 | -1]`);
  const seen = new Set<string>();
  for (const entry of sort) {
    const [field, dir] = Array.isArray(entry) ? entry : [];
    if (field === SCORE_FIELD) {
      if (!allowScore) throw new InvalidQueryError(`${what}: '${SCORE_FIELD}' needs a top-level $text in the filter`);
    } else {
      checkPath(field as string);
    }
    if (dir !== 1 && dir !== -1) throw new InvalidQueryError(`${what}: direction for '${String(field)}' must be 1 or -1`);
    if (seen.has(field as string)) throw new InvalidQueryError(`${what} names '${String(field)}' twice`);
    seen.add(field as string);
  }
  return sort;
}

export function parseSort(sort: SortSpec | undefined, allowScore = false): SortSpec | undefined {
  if (sort === undefined) return undefined;
  checkSortEntries(sort, 'sort', allowScore);
  return sort.some(([f]) => f === '_id') ? sort : [...sort, ['_id', 1]];
}

/** `allowScore`: the filter carried `$text`, so `$score` may be sorted on. */
export function parseFindOptions(options: FindOptions | undefined, allowScore = false): ParsedFindOptions {
  const o = options ?? {};
  return { sort: parseSort(o.sort, allowScore), limit: checkCount(o.limit, 'limit'), skip: checkCount(o.skip, 'skip') ?? 0 };
}

export function parseIndexes(indexes: readonly IndexSpec[]): IndexSpec[] {
  if (!Array.isArray(indexes)) throw new InvalidQueryError('indexes must be an array');
  const names = new Set<string>();
  return indexes.map((ix) => {
    checkIndexName(ix.name);
    if (ix.name === '_id_' || names.has(ix.name)) throw new InvalidQueryError(`index name '${ix.name}' is reserved or repeated`);
    names.add(ix.name);
    if (!Array.isArray(ix.fields) || ix.fields.length === 0) throw new InvalidQueryError(`index '${ix.name}' needs at least one field`);
    return { name: ix.name, fields: checkSortEntries(ix.fields, `index '${ix.name}'`), unique: ix.unique === true };
  });
}

/** The stored JSON of a document: a plain object with a non-empty string `_id`, placed first as MongoDB does. */
export function documentJson(doc: { readonly _id: string }): string {
  if (!isPlainObject(doc)) throw new InvalidQueryError(`a document must be an object, got ${describe(doc)}`);
  if (typeof doc._id !== 'string' || doc._id.length === 0) throw new InvalidQueryError('a document needs a non-empty string _id');
  // Most documents already start with `_id` (projections build them so): stringify them as they are, no copy.
  for (const first in doc) {
    if (first === '_id' && Object.hasOwn(doc, '_id')) return JSON.stringify(doc);
    break;
  }
  const { _id, ...rest } = doc;
  return JSON.stringify({ _id, ...rest });
}
