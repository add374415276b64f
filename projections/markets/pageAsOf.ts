import type { Collection, Filter } from '../../shared/ports/documentStore.ts';
import type { MarketDoc } from './projection.ts';
import { isVersioned, sortKeyAsOf, type SortKey } from './sortVersions.ts';

/**
 * One page of the market list as it stood at stream sequence `asOf` (see sortVersions.ts). Two reads:
 *   A. markets whose activity keys did not change since `asOf`: their current key is their key as of then, so
 *      the store pages them by index, after the cursor;
 *   B. markets that changed since `asOf` (few while a client pages): their key as of then is read from their
 *      version log, and they are placed among A by that key (date sorts need no B: dates are not versioned).
 * Markets created after `asOf` are left out: they were not in the list the first page came from.
 */
export type Order =
  | { readonly kind: 'field'; readonly key: SortKey; readonly dir: 1 | -1 }
  /** Relevance first (higher first), then a field, descending. */
  | { readonly kind: 'relevance'; readonly tie: SortKey };

/** A position in the order: the last row's values and id. */
export interface Position {
  readonly v: number;
  /** Relevance, for the relevance order. */
  readonly s?: number;
  readonly id: string;
}

export interface PageRequest {
  readonly coll: Collection<MarketDoc>;
  /** Filters other than the position (platform, category, $text). */
  readonly filter: Filter;
  readonly order: Order;
  readonly asOf: number;
  readonly after: Position | null;
  readonly limit: number;
  /** Only keys at or above this value (ending soon: not yet ended at the first page). */
  readonly minKey?: number;
  /** Relevance of a document (the query's own scoring), for rows of read B and for cursors. */
  readonly scoreOf: (doc: MarketDoc) => number;
}

/**
 * Beyond this many markets changed since the first page, read B would cost too much: the page falls back to the
 * current order after the cursor's position (plain keyset: a market that moved may then repeat or be missed).
 */
export const CHANGED_ROWS_MAX = 2_000;
/** `asOf` meaning "now": every market counts as unchanged, the list is paged by current values. */
export const AS_OF_NOW = Number.MAX_SAFE_INTEGER;

const keyField = (key: SortKey) => `_sort.${key}`;

const createdBy = (asOf: number): Filter => ({ $or: [{ _created_seq: { $lte: asOf } }, { _created_seq: { $exists: false } }] });

/** Existed at `asOf` and, for a versioned key, unchanged since. */
function unchangedSince(versioned: boolean, asOf: number): Filter {
  if (!versioned) return createdBy(asOf);
  return { $and: [createdBy(asOf), { $or: [{ '_seq.a': { $lte: asOf } }, { '_seq.a': { $exists: false } }] }] };
}

function afterFilter(order: Order, after: Position): Filter {
  if (order.kind === 'field') {
    const field = keyField(order.key);
    const beyond = order.dir === -1 ? { $lt: after.v } : { $gt: after.v };
    return { $or: [{ [field]: beyond }, { [field]: after.v, _id: { $gt: after.id } }] };
  }
  const field = keyField(order.tie);
  const s = after.s ?? 0;
  return {
    $or: [{ $score: { $lt: s } }, { $score: s, [field]: { $lt: after.v } }, { $score: s, [field]: after.v, _id: { $gt: after.id } }],
  };
}

interface Row {
  readonly doc: MarketDoc;
  readonly v: number;
  readonly s: number;
}

/** Negative when a comes first. */
function compare(order: Order, a: Row, b: Row): number {
  if (order.kind === 'relevance' && a.s !== b.s) return b.s - a.s;
  if (a.v !== b.v) return order.kind === 'field' && order.dir === 1 ? a.v - b.v : b.v - a.v;
  return a.doc._id < b.doc._id ? -1 : a.doc._id > b.doc._id ? 1 : 0;
}

export interface PageResult {
  readonly rows: ReadonlyArray<{ readonly doc: MarketDoc; readonly position: Position }>;
  readonly more: boolean;
}

/** Filters of plain field equalities (platform, category), which the rows read can be checked against here. */
function equalities(filter: Filter): Array<[string, string]> | null {
  const out: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(filter)) {
    if (k.startsWith('$') || k.includes('.') || typeof v !== 'string') return null;
    out.push([k, v]);
  }
  return out;
}

/**
 * Markets changed since `asOf` (read B). Found through the activity index: with a platform or category filter
 * in the query, SQLite would rather walk that filter's index over every market of the venue (an equality beats
 * a range) although next to none changed, so plain equalities are checked on the few rows read instead.
 */
async function changedSince(coll: Collection<MarketDoc>, rest: Filter, text: string | undefined, asOf: number): Promise<MarketDoc[]> {
  const eq = text === undefined ? equalities(rest) : null;
  if (eq === null) {
    const top: Filter = text === undefined ? { $and: [rest, createdBy(asOf), { '_seq.a': { $gt: asOf } }] } : { $and: [rest, createdBy(asOf), { '_seq.a': { $gt: asOf } }], $text: text };
    return coll.find(top, { limit: CHANGED_ROWS_MAX + 1 });
  }
  const docs = await coll.find({ $and: [createdBy(asOf), { '_seq.a': { $gt: asOf } }] }, { limit: CHANGED_ROWS_MAX + 1 });
  // Past the bound the caller falls back to current values anyway: keep the count unfiltered so it does.
  return docs.length > CHANGED_ROWS_MAX ? docs : docs.filter((d) => eq.every(([k, v]) => d[k] === v));
}

export async function pageAsOf(req: PageRequest): Promise<PageResult> {
  const { order, asOf } = req;
  const key = order.kind === 'field' ? order.key : order.tie;
  const versioned = isVersioned(key);
  const field = keyField(key);
  const sort: Array<[string, 1 | -1]> =
    order.kind === 'field' ? [[field, order.dir], ['_id', 1]] : [['$score', -1], [field, -1], ['_id', 1]];
  // `$text` must stay at the top level of a filter; everything else is combined under $and.
  const { $text: text, ...rest } = req.filter as Filter & { $text?: string };
  const top = (clauses: Filter[]): Filter => (text === undefined ? { $and: clauses } : { $and: clauses, $text: text });
  const aClauses: Filter[] = [rest as Filter, unchangedSince(versioned, asOf)];
  if (req.after) aClauses.push(afterFilter(order, req.after));
  if (req.minKey !== undefined) aClauses.push({ [field]: { $gte: req.minKey } });

  const unchanged = await req.coll.find(top(aClauses), { sort, limit: req.limit + 1 });
  // Dates are not versioned: a market whose end date moves while a client pages is placed by its new date.
  const changedDocs = versioned ? await changedSince(req.coll, rest as Filter, text, asOf) : [];

  if (changedDocs.length > CHANGED_ROWS_MAX && asOf !== AS_OF_NOW) return pageAsOf({ ...req, asOf: AS_OF_NOW });

  const rows: Row[] = unchanged.map((doc) => ({ doc, v: doc._sort[key], s: order.kind === 'relevance' ? req.scoreOf(doc) : 0 }));
  const cursorRow = req.after ? { doc: { _id: req.after.id } as MarketDoc, v: req.after.v, s: req.after.s ?? 0 } : null;
  for (const doc of changedDocs) {
    const v = sortKeyAsOf(doc, key, asOf);
    if (v === null || (req.minKey !== undefined && v < req.minKey)) continue;
    const row = { doc, v, s: order.kind === 'relevance' ? req.scoreOf(doc) : 0 };
    if (cursorRow && compare(order, row, cursorRow) <= 0) continue;
    rows.push(row);
  }
  rows.sort((a, b) => compare(order, a, b));
  const page = rows.slice(0, req.limit);
  return {
    rows: page.map((r) => ({ doc: r.doc, position: { v: r.v, ...(order.kind === 'relevance' ? { s: r.s } : {}), id: r.doc._id } })),
    more: rows.length > req.limit,
  };
}
