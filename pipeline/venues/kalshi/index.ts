import type { VenueModule } from '../types.ts';
import { withOrderBooks } from '../orderbook/book.ts';
import { kalshiConnector } from './connector.ts';
import { kalshiOrderBooks } from './orderbook.ts';
import { parseKalshi } from './parse.ts';

export const kalshiVenue: VenueModule = withOrderBooks({ connector: kalshiConnector, parse: parseKalshi }, kalshiOrderBooks);
