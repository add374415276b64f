import type { VenueModule } from '../types.ts';
import { azuroConnector } from './connector.ts';
import { parseAzuro } from './parse.ts';

export const azuroVenue: VenueModule = { connector: azuroConnector, parse: parseAzuro };
