import type { VenueModule } from '../types.ts';
import { withOrderBooks } from '../orderbook/book.ts';
import { predictfunOrderBooks } from './orderbook.ts';
import { predictfunConnector } from './connector.ts';
import { parsePredictfun } from './parse.ts';

export const predictfunVenue: VenueModule = withOrderBooks({ connector: predictfunConnector, parse: parsePredictfun }, predictfunOrderBooks);
