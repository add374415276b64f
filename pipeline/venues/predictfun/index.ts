import type { VenueModule } from '../types.ts';
import { predictfunConnector } from './connector.ts';
import { parsePredictfun } from './parse.ts';
import { predictfunHistory } from './history.ts';

export const predictfunVenue: VenueModule = { connector: predictfunConnector, parse: parsePredictfun, history: predictfunHistory };
