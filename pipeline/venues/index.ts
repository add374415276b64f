import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { VenueModule } from './types.ts';
import { polymarketVenue } from './polymarket/index.ts';
import { manifoldVenue } from './manifold/index.ts';
import { predictitVenue } from './predictit/index.ts';

/** Every venue Concord can ingest: connector (paging, recorded files) and pure parser. */
export const VENUE_MODULES: Partial<Record<VenueSlug, VenueModule>> = {
  polymarket: polymarketVenue,
  manifold: manifoldVenue,
  predictit: predictitVenue,
};
