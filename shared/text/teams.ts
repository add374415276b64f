/**
 * Teams of the leagues prediction venues list most, read from data/teams.json (city, nickname,
 * ticker codes). One nickname may name teams of two leagues ("Giants", "Rangers"): callers that
 * key entities by nickname must treat those as ambiguous.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type League = 'nfl' | 'nba' | 'mlb' | 'nhl' | 'wnba';

export interface Team {
  readonly league: League;
  readonly city: string;
  readonly nickname: string;
  /** Abbreviations symbols and tickers use, the standard one first ("LAL", "GSW"/"GS"). */
  readonly codes: readonly string[];
  /** Short forms fans and venues use for the nickname ("Pats", "Sixers"). */
  readonly short: readonly string[];
}

interface TeamFile {
  readonly leagues: Readonly<Record<League, readonly { city: string; nickname: string; codes: string[] }[]>>;
  readonly nicknames: Readonly<Record<string, readonly string[]>>;
}

const file = JSON.parse(readFileSync(fileURLToPath(new URL('./data/teams.json', import.meta.url)), 'utf8')) as TeamFile;

export const TEAMS: readonly Team[] = (Object.entries(file.leagues) as [League, TeamFile['leagues'][League]][]).flatMap(([league, rows]) =>
  rows.map((r) => ({ league, city: r.city, nickname: r.nickname, codes: r.codes, short: file.nicknames[r.nickname] ?? [] })),
);

/** League a symbol or title names, with how a question phrases its championship. */
export const LEAGUE_EVENTS: Readonly<Record<string, { readonly league: 'nfl' | 'nba' | 'f1' | 'golf'; readonly display: string }>> = {
  SUPERBOWL: { league: 'nfl', display: 'Super Bowl' },
  SB: { league: 'nfl', display: 'Super Bowl' },
  NBAFINALS: { league: 'nba', display: 'NBA Finals' },
  NBA: { league: 'nba', display: 'NBA Finals' },
  // Golf's majors as symbols name them ("MASTERS27-SCHEFFLER-WIN-BET"): each its own tournament.
  MASTERS: { league: 'golf', display: 'Masters' },
  USOPEN: { league: 'golf', display: 'U.S. Open' },
  PGACHAMP: { league: 'golf', display: 'PGA Championship' },
};
