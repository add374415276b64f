/**
 * The instant a venue reads a daily level at when its titles leave it out (Polymarket's daily crypto
 * markets: noon ET). A venue's house hour is data (`lexicon/data/venueClocks.json`). It is compared
 * only against a clock the other market states: two titles without a clock still agree as before.
 */
import { readLexicon } from '../lexicon/dataFile.ts';
import { readClock, type ClockTime } from './clock.ts';

interface VenueClock {
  readonly venue: string;
  readonly pattern: string;
  readonly flags: string;
  readonly clock: string;
}
const RULES = readLexicon<VenueClock[]>('venueClocks.json').map((r) => ({ venue: r.venue, re: new RegExp(r.pattern, r.flags), clock: r.clock }));

/** The venue's unstated hour for a question read on `day` (YYYY-MM-DD), or null. */
export function venueClock(venue: string, text: string, day: string | null): ClockTime | null {
  if (!day) return null;
  const rule = RULES.find((r) => r.venue === venue.toLowerCase() && r.re.test(text));
  return rule ? readClock(`at ${rule.clock}`, day).clock : null;
}
