import type { VenueModule } from '../types.ts';
import { limitlessConnector } from './connector.ts';
import { parseLimitless } from './parse.ts';
import { limitlessHistory } from './history.ts';

export const limitlessVenue: VenueModule = { connector: limitlessConnector, parse: parseLimitless, history: limitlessHistory };
