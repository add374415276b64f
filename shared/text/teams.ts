/** [city, nickname, common abbreviation] for the leagues prediction venues list most. */
export const NFL_TEAMS: readonly (readonly [string, string, string])[] = [
  ['Arizona', 'Cardinals', 'ARI'], ['Atlanta', 'Falcons', 'ATL'], ['Baltimore', 'Ravens', 'BAL'], ['Buffalo', 'Bills', 'BUF'],
  ['Carolina', 'Panthers', 'CAR'], ['Chicago', 'Bears', 'CHI'], ['Cincinnati', 'Bengals', 'CIN'], ['Cleveland', 'Browns', 'CLE'],
  ['Dallas', 'Cowboys', 'DAL'], ['Denver', 'Broncos', 'DEN'], ['Detroit', 'Lions', 'DET'], ['Green Bay', 'Packers', 'GB'],
  ['Houston', 'Texans', 'HOU'], ['Indianapolis', 'Colts', 'IND'], ['Jacksonville', 'Jaguars', 'JAX'], ['Kansas City', 'Chiefs', 'KC'],
  ['Las Vegas', 'Raiders', 'LV'], ['Los Angeles', 'Chargers', 'LAC'], ['Los Angeles', 'Rams', 'LAR'], ['Miami', 'Dolphins', 'MIA'],
  ['Minnesota', 'Vikings', 'MIN'], ['New England', 'Patriots', 'NE'], ['New Orleans', 'Saints', 'NO'], ['New York', 'Giants', 'NYG'],
  ['New York', 'Jets', 'NYJ'], ['Philadelphia', 'Eagles', 'PHI'], ['Pittsburgh', 'Steelers', 'PIT'], ['San Francisco', '49ers', 'SF'],
  ['Seattle', 'Seahawks', 'SEA'], ['Tampa Bay', 'Buccaneers', 'TB'], ['Tennessee', 'Titans', 'TEN'], ['Washington', 'Commanders', 'WAS'],
];

export const NBA_TEAMS: readonly (readonly [string, string, string])[] = [
  ['Atlanta', 'Hawks', 'ATL'], ['Boston', 'Celtics', 'BOS'], ['Brooklyn', 'Nets', 'BKN'], ['Charlotte', 'Hornets', 'CHA'],
  ['Chicago', 'Bulls', 'CHI'], ['Cleveland', 'Cavaliers', 'CLE'], ['Dallas', 'Mavericks', 'DAL'], ['Denver', 'Nuggets', 'DEN'],
  ['Detroit', 'Pistons', 'DET'], ['Golden State', 'Warriors', 'GSW'], ['Houston', 'Rockets', 'HOU'], ['Indiana', 'Pacers', 'IND'],
  ['Los Angeles', 'Clippers', 'LAC'], ['Los Angeles', 'Lakers', 'LAL'], ['Memphis', 'Grizzlies', 'MEM'], ['Miami', 'Heat', 'MIA'],
  ['Milwaukee', 'Bucks', 'MIL'], ['Minnesota', 'Timberwolves', 'MIN'], ['New Orleans', 'Pelicans', 'NOP'], ['New York', 'Knicks', 'NYK'],
  ['Oklahoma City', 'Thunder', 'OKC'], ['Orlando', 'Magic', 'ORL'], ['Philadelphia', '76ers', 'PHI'], ['Phoenix', 'Suns', 'PHX'],
  ['Portland', 'Trail Blazers', 'POR'], ['Sacramento', 'Kings', 'SAC'], ['San Antonio', 'Spurs', 'SAS'], ['Toronto', 'Raptors', 'TOR'],
  ['Utah', 'Jazz', 'UTA'], ['Washington', 'Wizards', 'WAS'],
];

/** Short forms fans and venues use for a nickname ("Pats", "Niners", "Sixers"). */
export const TEAM_NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  Patriots: ['pats'], '49ers': ['niners'], Buccaneers: ['bucs'], Commanders: ['commies'], Jaguars: ['jags'],
  '76ers': ['sixers'], Cavaliers: ['cavs'], Mavericks: ['mavs'], Timberwolves: ['wolves', 't-wolves'], 'Trail Blazers': ['blazers'],
};

/** League a symbol or title names, with how a question phrases its championship. */
export const LEAGUE_EVENTS: Readonly<Record<string, { readonly league: 'nfl' | 'nba' | 'f1'; readonly display: string }>> = {
  SUPERBOWL: { league: 'nfl', display: 'Super Bowl' },
  SB: { league: 'nfl', display: 'Super Bowl' },
  NBAFINALS: { league: 'nba', display: 'NBA Finals' },
  NBA: { league: 'nba', display: 'NBA Finals' },
};
