import type { VenueModule } from '../types.ts';
import { withOrderBooks } from '../orderbook/book.ts';
import { driftOrderBooks } from './orderbook.ts';
import { driftConnector } from './connector.ts';
import { parseDrift } from './parse.ts';

export const driftVenue: VenueModule = withOrderBooks({ connector: driftConnector, parse: parseDrift }, driftOrderBooks);
