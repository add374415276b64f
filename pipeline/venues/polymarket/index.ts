import type { VenueModule } from '../types.ts';
import { polymarketConnector } from './connector.ts';
import { parsePolymarket } from './parse.ts';
import { polymarketHistory } from './history.ts';

export const polymarketVenue: VenueModule = { connector: polymarketConnector, parse: parsePolymarket, history: polymarketHistory };
