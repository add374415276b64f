import type { VenueModule } from '../types.ts';
import { withOrderBooks } from '../orderbook/book.ts';
import { polymarketOrderBooks } from './orderbook.ts';
import { polymarketConnector } from './connector.ts';
import { parsePolymarket } from './parse.ts';

export const polymarketVenue: VenueModule = withOrderBooks({ connector: polymarketConnector, parse: parsePolymarket }, polymarketOrderBooks);
