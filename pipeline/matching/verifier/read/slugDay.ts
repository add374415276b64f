/**
 * A game's day as a venue's market slug states it. Polymarket names each game market
 * "<league>-<away>-<home>-YYYY-MM-DD" ("nba-hou-uta-2025-12-01"), the date being the game's local
 * calendar day, not the close its API reports (a late game in the Americas closes the next day in UTC).
 * Two meetings of the same teams on consecutive days are told apart only by that day.
 */

/** Leagues played in the Americas: their local day is the Eastern day a Kalshi ticker carries. */
const AMERICAS_LEAGUES = new Set(['nba', 'wnba', 'nfl', 'nhl', 'mlb', 'cfb', 'cbb', 'ncaab', 'ncaaf', 'mls']);

const GAME_SLUG = /^([a-z][a-z0-9]*)-[a-z0-9]+(?:-[a-z0-9]+)*-(\d{4})-(\d{2})-(\d{2})$/;

const MAX_SLUG = 200;

export interface SlugDay {
  readonly day: string;
  /** True when the day is the one an Eastern clock reads (a North American league's game). */
  readonly eastern: boolean;
}

export function slugGameDay(slug: string | null | undefined): SlugDay | null {
  // A venue's slug is a few dozen characters; a longer one is no game's and is not read.
  const m = slug && slug.length <= MAX_SLUG ? GAME_SLUG.exec(slug.trim().toLowerCase()) : null;
  if (!m?.[1] || !m[2] || !m[3] || !m[4]) return null;
  const month = Number(m[3]), day = Number(m[4]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { day: `${m[2]}-${m[3]}-${m[4]}`, eastern: AMERICAS_LEAGUES.has(m[1]) };
}
