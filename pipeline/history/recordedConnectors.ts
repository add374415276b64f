import type { VenueConnector, VenueModule } from '../venues/types.ts';

/**
 * Recorded mode serves history payloads too: a venue's connector answers for its catalogue files, its history
 * capability for the history files, both under the venue's `recorded/` folder.
 */
export function withHistoryRecordings(module: VenueModule): VenueConnector {
  const history = module.history;
  if (!history) return module.connector;
  return { ...module.connector, recordedFile: (url) => history.recordedFile(url) ?? module.connector.recordedFile(url) };
}
