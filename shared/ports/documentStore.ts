/**
 * DocumentStore port: the only way read models and account data reach storage.
 * Adapters: SQLite (embedded default, better-sqlite3) and MongoDB. Both pass test/contract/documentStore.
 *
 * Documents are plain JSON objects with a string `_id` (stored with `_id` as the first key, as MongoDB does).
 * Field paths may be dotted ('a.b'); each segment matches /^[A-Za-z_][A-Za-z0-9_]*$/ (no array indexes).
 * Collection and index names match /^[A-Za-z_][A-Za-z0-9_]{0,62}$/. Anything else rejects with InvalidQueryError.
 *
 * Ordering follows MongoDB: missing/null < numbers (numerically) < strings (UTF-8 byte order). Sorting a field that
 * mixes booleans, objects or arrays with numbers/strings is unsupported. Ties are broken by `_id` ascending.
 * Unique indexes follow MongoDB: a missing field indexes as null, so only one document may lack it.
 *
 * Full-text search: a collection may declare one text index over string fields with integer weights
 * (`ensureTextIndex`). A top-level `$text: '<words>'` in the filter of find / findOne / count then keeps the
 * documents where every word occurs in those fields, case- and accent-insensitively, the last word as a prefix;
 * the pseudo-field `$score` (relevance, an integer) can be sorted on and compared in the same filter.
 * Semantics and scoring: shared/text/searchText.ts. SQLite serves it with FTS5, MongoDB with a text index.
 */
export interface Doc {
  readonly _id: string;
  readonly [key: string]: unknown;
}

export type Scalar = string | number | boolean | null;

export interface FieldCondition {
  readonly $eq?: Scalar;
  readonly $ne?: Scalar;
  readonly $gt?: string | number;
  readonly $gte?: string | number;
  readonly $lt?: string | number;
  readonly $lte?: string | number;
  readonly $in?: readonly Scalar[];
  /** true: field present and not null; false: missing or null. */
  readonly $exists?: boolean;
  /** Case-insensitive substring of a string field (1-200 characters); a scan, not an index lookup. */
  readonly $contains?: string;
}

/**
 * A filter: field -> value (equality; a missing field equals null) or a FieldCondition;
 * `$or` / `$and` combine sub-filters. Equality on an array field is not supported.
 */
export type Filter = {
  readonly $or?: readonly Filter[];
  readonly $and?: readonly Filter[];
  /** Full-text query (top level only; find, findOne and count; needs a text index). */
  readonly $text?: string;
} & { readonly [field: string]: Scalar | FieldCondition | readonly Filter[] | undefined };

/** Sorting or comparing on this pseudo-field means relevance to the filter's `$text` (higher is better). */
export const SCORE_FIELD = '$score';

export type SortSpec = ReadonlyArray<readonly [field: string, direction: 1 | -1]>;

export interface FindOptions {
  readonly sort?: SortSpec;
  readonly limit?: number;
  readonly skip?: number;
}

export interface UpdateOps {
  /** Set fields (dotted paths allowed). */
  readonly $set?: Readonly<Record<string, unknown>>;
  /** Remove fields. */
  readonly $unset?: readonly string[];
  /** Add numbers to numeric fields (a missing field counts as 0). */
  readonly $inc?: Readonly<Record<string, number>>;
}

export interface IndexSpec {
  readonly name: string;
  readonly fields: SortSpec;
  readonly unique?: boolean;
}

/** The one text index of a collection: string fields and their weights (positive integers up to 100). */
export interface TextIndexSpec {
  readonly name: string;
  readonly fields: ReadonlyArray<readonly [field: string, weight: number]>;
}

/** Thrown by insert / update when a unique index would be violated. */
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    readonly index: string,
  ) {
    super(`duplicate key in ${collection} (${index})`);
    this.name = 'DuplicateKeyError';
  }
}

/**
 * Thrown when a filter, update, sort, index declaration, name or document is outside what the port supports
 * (unknown operator, unsafe field name, $inc on a non-number, a path through a non-object, ...).
 * A programming error in the caller: API handlers validate user input before building filters.
 */
export class InvalidQueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidQueryError';
  }
}

/**
 * The store cannot be reached or written right now (SQLite file locked or unwritable, MongoDB down). Expected
 * and transient: consumers hold their messages until it returns, the API answers 503, /ready is 503.
 */
export class StoreUnavailableError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'StoreUnavailableError';
  }
}

export function isStoreUnavailable(err: unknown): err is StoreUnavailableError {
  return err instanceof StoreUnavailableError || (err as { name?: unknown } | null)?.name === 'StoreUnavailableError';
}

export interface Collection<T extends Doc> {
  readonly name: string;
  get(id: string): Promise<T | null>;
  /**
   * The stored JSON text of a document (what get() parses), or null; only where the store keeps documents as
   * text (the embedded SQLite store). Lets a reader that kept what it built from a document tell, without
   * parsing it, that the document has not changed.
   */
  getText?(id: string): Promise<string | null>;
  /** Documents found, in the order of `ids` (duplicates and missing ids skipped). */
  getMany(ids: readonly string[]): Promise<T[]>;
  /** Insert; rejects with DuplicateKeyError when `_id` or a unique index already holds the value. */
  insert(doc: T): Promise<void>;
  /** Insert or replace the whole document. */
  put(doc: T): Promise<void>;
  /**
   * put() for each document. On DuplicateKeyError SQLite writes none of them; MongoDB (no transaction) keeps those
   * before the offending one.
   */
  putMany(docs: readonly T[]): Promise<void>;
  /**
   * insert() for each document, for a caller that knows none of the ids is stored (a rebuild writing documents it
   * never wrote before): no read of the current row first, as put() needs. On DuplicateKeyError SQLite writes none
   * of them; MongoDB keeps those before the offending one.
   */
  insertMany(docs: readonly T[]): Promise<void>;
  /** Atomically apply ops to the first document matching filter; returns it after the update, or null. */
  updateOne(filter: Filter, ops: UpdateOps): Promise<T | null>;
  /** Apply ops to every match; returns the number of documents changed (a no-op update does not count). */
  updateMany(filter: Filter, ops: UpdateOps): Promise<number>;
  /** Atomically delete and return the first match (one-time tokens), or null. */
  takeOne(filter: Filter): Promise<T | null>;
  delete(id: string): Promise<boolean>;
  deleteMany(filter: Filter): Promise<number>;
  /** `limit: 0` returns no documents; limit and skip are non-negative integers. */
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter, options?: Omit<FindOptions, 'limit'>): Promise<T | null>;
  count(filter?: Filter): Promise<number>;
  /**
   * Distinct scalar values of a field among matches, sorted ascending (null < numbers < strings < false < true).
   * A missing field contributes nothing; an explicit null contributes null.
   */
  distinct(field: string, filter?: Filter): Promise<Scalar[]>;
  /** Creates missing indexes; an existing index of the same name with another definition is rebuilt. */
  ensureIndexes(indexes: readonly IndexSpec[]): Promise<void>;
  /** Creates the collection's text index (indexing existing documents); another definition replaces it. */
  ensureTextIndex(spec: TextIndexSpec): Promise<void>;
  /**
   * Readies a collection about to be bulk-loaded for these indexes (and text index) without building them, so the
   * load maintains none: the embedded store adds the indexed columns its writers then fill. Build them after the
   * load with ensureIndexes / ensureTextIndex, or at the swap with replaceCollection's `indexes`.
   */
  prepareBulkLoad(indexes: readonly IndexSpec[], textIndex?: TextIndexSpec): Promise<void>;
  /** Drop every document (operators rebuilding a read model). */
  clear(): Promise<void>;
}

export interface DocumentStore {
  readonly kind: 'sqlite' | 'mongodb';
  collection<T extends Doc>(name: string): Collection<T>;
  /** Resolves when the backing store answers; rejects otherwise (used by /ready). */
  ping(): Promise<void>;
  /**
   * Replaces collection `target` by `source` in one atomic step: `source`'s documents and indexes become
   * `target`'s, the old `target` is dropped and `source` no longer exists. Readers see the old or the new
   * collection, never a mix (operators swapping in a rebuilt read model; docs/operations.md).
   *
   * `indexes`: the indexes the new `target` must have, ensured within the same atomic step, so a source loaded
   * without them is never served without them (the embedded store builds them once, under the target's names,
   * inside the swap's transaction; readers keep the old collection meanwhile).
   */
  replaceCollection(source: string, target: string, options?: { readonly indexes?: readonly IndexSpec[] }): Promise<void>;
  /** Drops a collection with its indexes (a rebuild started over or abandoned); a missing one is fine. */
  dropCollection(name: string): Promise<void>;
  /** Flushes and closes; later calls reject. */
  close(): Promise<void>;
}
