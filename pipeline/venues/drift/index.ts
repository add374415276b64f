import type { VenueModule } from '../types.ts';
import { driftConnector } from './connector.ts';
import { parseDrift } from './parse.ts';

export const driftVenue: VenueModule = { connector: driftConnector, parse: parseDrift };
