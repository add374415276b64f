import type { VenueModule } from '../types.ts';
import { manifoldConnector } from './connector.ts';
import { parseManifold } from './parse.ts';

export const manifoldVenue: VenueModule = { connector: manifoldConnector, parse: parseManifold };
