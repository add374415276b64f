import type { Scalar } from '../../shared/ports/documentStore.ts';

/** MongoDB's cross-type order for the scalars the port knows: null < numbers < strings < booleans. */
function rank(v: Scalar): number {
  if (v === null) return 0;
  if (typeof v === 'number') return 1;
  if (typeof v === 'string') return 2;
  return 3;
}

/** Strings compare by UTF-8 bytes, as MongoDB and SQLite (BINARY) do; JS `<` uses UTF-16 units instead. */
function compareUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

export function compareScalars(a: Scalar, b: Scalar): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return compareUtf8(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return 0;
}

/** Sorted distinct scalars; non-scalar values (objects, arrays) are left out. */
export function sortedDistinct(values: Iterable<unknown>): Scalar[] {
  const seen = new Map<string, Scalar>();
  for (const v of values) {
    const scalar = v === null || ['string', 'number', 'boolean'].includes(typeof v);
    if (scalar) seen.set(JSON.stringify(v), v as Scalar);
  }
  return [...seen.values()].sort(compareScalars);
}
