import type { Document } from 'mongodb';
import type { SortSpec } from '../../shared/ports/documentStore.ts';
import type { Condition, ParsedUpdate } from './queryModel.ts';

/**
 * Compiles the validated query model into a MongoDB filter. MongoDB already has the port's semantics for
 * everything but $exists, which the port defines as "present and not null" (MongoDB's own $exists:true would
 * also match an explicit null), so it becomes `$ne: null` / `$eq: null`.
 */
export function toMongoFilter(c: Condition): Document {
  switch (c.kind) {
    case 'eq':
      return { [c.path]: { $eq: c.value } };
    case 'ne':
      return { [c.path]: { $ne: c.value } };
    case 'cmp':
      return { [c.path]: { [c.op]: c.value } };
    case 'in':
      return { [c.path]: { $in: [...c.values] } };
    case 'exists':
      return { [c.path]: c.exists ? { $ne: null } : { $eq: null } };
    case 'contains':
      return { [c.path]: { $regex: c.value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' } };
    case 'score':
      // Relevance computed by an earlier pipeline stage (mongoText.ts scoreStage).
      return { __score: { [c.op]: c.value } };
    case 'and':
      if (c.items.length === 0) return {};
      return c.items.length === 1 && c.items[0] ? toMongoFilter(c.items[0]) : { $and: c.items.map(toMongoFilter) };
    case 'or':
      return { $or: c.items.map(toMongoFilter) };
  }
}

/** An update document for the driver; null when there is nothing to do (the driver refuses an empty update). */
export function toMongoUpdate(u: ParsedUpdate): Document | null {
  const update: Document = {};
  if (u.set.length > 0) update.$set = Object.fromEntries(u.set);
  if (u.unset.length > 0) update.$unset = Object.fromEntries(u.unset.map((p) => [p, '']));
  if (u.inc.length > 0) update.$inc = Object.fromEntries(u.inc);
  return Object.keys(update).length === 0 ? null : update;
}

/** Paths never start with a digit (checkPath), so a plain object keeps the sort keys in order. */
export function toMongoSort(sort: SortSpec): Record<string, 1 | -1> {
  return Object.fromEntries(sort.map(([field, dir]) => [field === '$score' ? '__score' : field, dir]));
}
