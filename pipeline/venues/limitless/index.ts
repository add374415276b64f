import type { VenueModule } from '../types.ts';
import { withOrderBooks } from '../orderbook/book.ts';
import { limitlessOrderBooks } from './orderbook.ts';
import { limitlessConnector } from './connector.ts';
import { parseLimitless } from './parse.ts';

export const limitlessVenue: VenueModule = withOrderBooks({ connector: limitlessConnector, parse: parseLimitless }, limitlessOrderBooks);
