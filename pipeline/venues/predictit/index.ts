import type { VenueModule } from '../types.ts';
import { predictitConnector } from './connector.ts';
import { parsePredictIt } from './parse.ts';

export const predictitVenue: VenueModule = { connector: predictitConnector, parse: parsePredictIt };
