import type { VenueModule } from '../types.ts';
import { kalshiConnector } from './connector.ts';
import { parseKalshi } from './parse.ts';

export const kalshiVenue: VenueModule = { connector: kalshiConnector, parse: parseKalshi };
