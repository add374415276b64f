import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { VenueModule } from './types.ts';
import { polymarketVenue } from './polymarket/index.ts';
import { manifoldVenue } from './manifold/index.ts';
import { predictitVenue } from './predictit/index.ts';
import { limitlessVenue } from './limitless/index.ts';
import { predictfunVenue } from './predictfun/index.ts';
import { azuroVenue } from './azuro/index.ts';
import { driftVenue } from './drift/index.ts';
import { kalshiVenue } from './kalshi/index.ts';

/** Every venue Concord can ingest: connector (paging, recorded files) and pure parser. */
export const VENUE_MODULES: Partial<Record<VenueSlug, VenueModule>> = {
  polymarket: polymarketVenue,
  manifold: manifoldVenue,
  predictit: predictitVenue,
  limitless: limitlessVenue,
  predictfun: predictfunVenue,
  azuro: azuroVenue,
  drift: driftVenue,
  kalshi: kalshiVenue,
};
