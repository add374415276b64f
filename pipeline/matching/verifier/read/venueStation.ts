/**
 * The weather station a venue reads a city's temperature at when its title leaves it out (Kalshi's NYC is Central
 * Park). A venue's stations are data (`lexicon/data/venueStations.json`), named as the members of the measure
 * group "weather station" (`measureQualifiers.json`) are; a title naming a station is read as it names it.
 */
import { readLexicon } from '../lexicon/dataFile.ts';

interface VenueStation {
  readonly venue: string;
  readonly city: string;
  readonly station: string;
}
const RULES = readLexicon<VenueStation[]>('venueStations.json').map((r) => ({ venue: r.venue, city: new RegExp(r.city, 'i'), station: r.station }));

/** The station the venue reads the city the text names at, or null when the venue or the city has none on record. */
export function venueStation(venue: string, text: string): string | null {
  return RULES.find((r) => r.venue === venue.toLowerCase() && r.city.test(text))?.station ?? null;
}
