import { AppError } from '../../shared/errors.ts';
import { canonicalUuid, isUuid } from '../../shared/ids.ts';

/**
 * The `id` path parameter of a resource route as stored (lower case: UUIDs are case-insensitive on input),
 * or a 400 naming what the id should have been (`what` with its article: 'a market', 'an opportunity').
 */
export function uuidPathParam(raw: unknown, what: string): string {
  const id = typeof raw === 'string' ? raw : '';
  if (!isUuid(id)) throw new AppError('INVALID_REQUEST', `Invalid path parameter 'id': must be ${what} UUID, got "${id.slice(0, 64)}".`);
  return canonicalUuid(id);
}
