import { VenueError } from '../../shared/errors.ts';
import { VENUES } from '../../shared/venues/registry.ts';
import type { WalletVenue } from './types.ts';

/** The `error` of a venue that was not asked for: says which parameter would include it. */
export function notRequestedMessage(venue: WalletVenue): string {
  if (venue === 'drift') return 'Not requested: add ?solana=<Solana wallet address> to include Drift.';
  if (venue === 'manifold') return 'Not requested: add ?manifold=<Manifold username> to include Manifold.';
  return `Not requested.`;
}

/**
 * A short sentence a person can act on; the venue's raw answer (which may be an HTML error page) stays in
 * the log, not in the response.
 */
export function failureMessage(venue: WalletVenue, error: unknown): string {
  const name = VENUES[venue].name;
  if (error instanceof VenueTimeout) return `${name} did not answer within ${error.ms} ms.`;
  if (!(error instanceof VenueError)) return `${name} could not be read (internal error; see the server log).`;
  const status = error.httpStatus ? ` (HTTP ${error.httpStatus})` : '';
  switch (error.code) {
    case 'TIMEOUT':
      return `${name} did not answer in time.`;
    case 'RATE_LIMITED':
      return `${name} is rate limiting requests${status}; try again in a minute.`;
    case 'VENUE_UNAVAILABLE':
      return `${name} is unavailable${status}.`;
    case 'NETWORK':
      return `${name} could not be reached.`;
    case 'QUEUE_FULL':
      return `Too many requests are waiting for ${name}; try again shortly.`;
    case 'UNAUTHORIZED':
      return `${name} refused our credentials${status}.`;
    case 'BAD_REQUEST':
      return `${name} refused the request${status}.`;
    case 'NOT_FOUND':
      return error.httpStatus ? `${name} answered not found${status}.` : `${error.message}.`;
    case 'SCHEMA_DRIFT':
    case 'MALFORMED_RESPONSE':
      return `${name} answered in an unexpected format; its data is left out until the connector is updated.`;
    case 'DISABLED':
      return `${error.message}.`;
  }
}

/** A venue ran out of its time budget. */
export class VenueTimeout extends Error {
  constructor(
    readonly venue: WalletVenue,
    readonly ms: number,
  ) {
    super(`${venue} did not answer within ${ms} ms`);
    this.name = 'VenueTimeout';
  }
}
