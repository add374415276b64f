import { InvalidQueryError } from '../../shared/ports/documentStore.ts';
import type { ParsedUpdate } from './queryModel.ts';

type Obj = Record<string, unknown>;

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Walks to the object holding the last segment, creating missing objects; MongoDB refuses to go through a scalar. */
function parentFor(doc: Obj, path: string, create: boolean): [Obj, string] | null {
  const segments = path.split('.');
  const last = segments.pop() as string;
  let node: Obj = doc;
  for (const seg of segments) {
    const next = node[seg];
    if (isObject(next)) {
      node = next;
    } else if (next === undefined && create) {
      const made: Obj = {};
      node[seg] = made;
      node = made;
    } else if (next === undefined) {
      return null;
    } else if (create) {
      throw new InvalidQueryError(`cannot update '${path}': '${seg}' holds ${next === null ? 'null' : Array.isArray(next) ? 'an array' : typeof next}, not an object`);
    } else {
      return null;
    }
  }
  return [node, last];
}

type Op = { readonly path: string } & ({ readonly kind: 'set'; readonly value: unknown } | { readonly kind: 'unset' } | { readonly kind: 'inc'; readonly amount: number });

function applyOne(doc: Obj, op: Op): boolean {
  if (op.kind === 'unset') {
    const found = parentFor(doc, op.path, false);
    if (!found || !Object.hasOwn(found[0], found[1])) return false;
    delete found[0][found[1]];
    return true;
  }
  const [parent, key] = parentFor(doc, op.path, true) as [Obj, string];
  const current = parent[key];
  if (op.kind === 'set') {
    parent[key] = op.value;
    return JSON.stringify(current) !== JSON.stringify(op.value);
  }
  if (current === undefined) {
    parent[key] = op.amount;
    return true;
  }
  if (typeof current !== 'number') {
    throw new InvalidQueryError(`cannot $inc '${op.path}': it holds ${current === null ? 'null' : typeof current}, not a number`);
  }
  parent[key] = current + op.amount;
  return op.amount !== 0;
}

/**
 * Applies validated update operations in place, with MongoDB's semantics for the supported subset: fields are
 * processed in lexicographic path order whatever the operator (MongoDB >= 5.0), so new fields are appended in
 * that order while existing ones keep their position; $inc treats a missing field as 0 and refuses anything
 * but a number. Returns whether the document changed.
 */
export function applyUpdate(doc: Obj, update: ParsedUpdate): boolean {
  const ops: Op[] = [
    ...update.set.map(([path, value]): Op => ({ kind: 'set', path, value })),
    ...update.unset.map((path): Op => ({ kind: 'unset', path })),
    ...update.inc.map(([path, amount]): Op => ({ kind: 'inc', path, amount })),
  ];
  // Paths hold only [A-Za-z0-9_.] and '.' sorts below all of them, so whole-path order equals per-segment order.
  ops.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  let changed = false;
  for (const op of ops) changed = applyOne(doc, op) || changed;
  return changed;
}
