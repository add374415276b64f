import type { VenueModule } from '../types.ts';
import { limitlessConnector } from './connector.ts';
import { parseLimitless } from './parse.ts';

export const limitlessVenue: VenueModule = { connector: limitlessConnector, parse: parseLimitless };
