/**
 * Named entities that prediction-market titles refer to in many spellings: people, parties,
 * teams, assets, organisations. One entry per real-world entity; `aliases` are the lower-case
 * phrases a title may use (an acronym or a mixed-case short form, "MBS", "NaMo", is written as venues
 * write it and matched only so), `codes` the upper-case tokens exchange symbols use (Drift BET,
 * Kalshi tickers). Kept as data so the title parser and the symbol reader share one truth.
 */
import { TEAMS, type Team } from './teams.ts';

export type EntityKind = 'person' | 'party' | 'team' | 'asset' | 'org' | 'place';

export interface EntityDef {
  readonly id: string;
  readonly kind: EntityKind;
  /** How a question names it ("Donald Trump", "the Kansas City Chiefs"). */
  readonly display: string;
  readonly aliases: readonly string[];
  readonly codes?: readonly string[];
  /** For parties: the opposing side in a two-way US race, so complements can be recognised. */
  readonly opponent?: string;
  /** For teams: the city or region a venue may name instead of the nickname (Kalshi "Seattle"). */
  readonly city?: string;
}

const PEOPLE: readonly EntityDef[] = [
  { id: 'donald-trump', kind: 'person', display: 'Donald Trump', aliases: ['donald trump', 'donald j. trump', 'trump'], codes: ['TRUMP', 'DJT'] },
  { id: 'kamala-harris', kind: 'person', display: 'Kamala Harris', aliases: ['kamala harris', 'kamala', 'harris'], codes: ['KAMALA', 'HARRIS'] },
  { id: 'joe-biden', kind: 'person', display: 'Joe Biden', aliases: ['joe biden', 'biden'], codes: ['BIDEN'] },
  { id: 'jd-vance', kind: 'person', display: 'JD Vance', aliases: ['jd vance', 'j.d. vance', 'vance'], codes: ['VANCE', 'JDV'] },
  { id: 'gavin-newsom', kind: 'person', display: 'Gavin Newsom', aliases: ['gavin newsom', 'newsom'], codes: ['NEWSOM'] },
  { id: 'ron-desantis', kind: 'person', display: 'Ron DeSantis', aliases: ['ron desantis', 'desantis'], codes: ['DESANTIS'] },
  { id: 'aoc', kind: 'person', display: 'Alexandria Ocasio-Cortez', aliases: ['alexandria ocasio-cortez', 'ocasio-cortez', 'aoc'], codes: ['AOC'] },
  { id: 'pete-buttigieg', kind: 'person', display: 'Pete Buttigieg', aliases: ['pete buttigieg', 'buttigieg', 'mayor pete'], codes: ['BUTTIGIEG'] },
  { id: 'josh-shapiro', kind: 'person', display: 'Josh Shapiro', aliases: ['josh shapiro', 'shapiro'], codes: ['SHAPIRO'] },
  { id: 'marco-rubio', kind: 'person', display: 'Marco Rubio', aliases: ['marco rubio', 'rubio'], codes: ['RUBIO'] },
  { id: 'donald-trump-jr', kind: 'person', display: 'Donald Trump Jr.', aliases: ['donald trump jr.', 'donald trump jr', 'trump jr.', 'trump jr', 'don jr.', 'don jr'], codes: ['DJTJR'] },
  { id: 'elon-musk', kind: 'person', display: 'Elon Musk', aliases: ['elon musk', 'musk', 'elon'], codes: ['MUSK', 'ELON'] },
  { id: 'wes-moore', kind: 'person', display: 'Wes Moore', aliases: ['wes moore'], codes: [] },
  { id: 'jb-pritzker', kind: 'person', display: 'JB Pritzker', aliases: ['jb pritzker', 'j.b. pritzker', 'pritzker'], codes: ['PRITZKER'] },
  { id: 'tim-walz', kind: 'person', display: 'Tim Walz', aliases: ['tim walz', 'walz'], codes: ['WALZ'] },
  { id: 'vivek-ramaswamy', kind: 'person', display: 'Vivek Ramaswamy', aliases: ['vivek ramaswamy', 'ramaswamy'], codes: ['VIVEK'] },
  { id: 'nikki-haley', kind: 'person', display: 'Nikki Haley', aliases: ['nikki haley', 'haley'], codes: ['HALEY'] },
  { id: 'rfk-jr', kind: 'person', display: 'Robert F. Kennedy Jr.', aliases: ['robert f. kennedy jr.', 'robert f. kennedy', 'robert kennedy jr.', 'robert kennedy jr', 'rfk jr.', 'rfk jr', 'rfk'], codes: ['RFK'] },
  { id: 'zohran-mamdani', kind: 'person', display: 'Zohran Mamdani', aliases: ['zohran mamdani', 'mamdani'], codes: ['MAMDANI'] },
  { id: 'andrew-cuomo', kind: 'person', display: 'Andrew Cuomo', aliases: ['andrew cuomo', 'cuomo'], codes: ['CUOMO'] },
  { id: 'jerome-powell', kind: 'person', display: 'Jerome Powell', aliases: ['jerome powell', 'powell'], codes: ['POWELL'] },
  { id: 'keir-starmer', kind: 'person', display: 'Keir Starmer', aliases: ['keir starmer', 'starmer'], codes: ['STARMER'] },
  { id: 'vladimir-putin', kind: 'person', display: 'Vladimir Putin', aliases: ['vladimir putin', 'putin'], codes: ['PUTIN'] },
  { id: 'volodymyr-zelenskyy', kind: 'person', display: 'Volodymyr Zelenskyy', aliases: ['volodymyr zelenskyy', 'volodymyr zelensky', 'volodymyr zelenskiy', 'zelenskyy', 'zelensky', 'zelenskiy'], codes: ['ZELENSKY'] },
  // Heads of state and government venues list often, with the short forms and transliterations they write.
  { id: 'narendra-modi', kind: 'person', display: 'Narendra Modi', aliases: ['narendra modi', 'modi', 'NaMo'], codes: ['MODI'] },
  { id: 'mohammed-bin-salman', kind: 'person', display: 'Mohammed bin Salman', aliases: ['mohammed bin salman', 'mohammad bin salman', 'muhammad bin salman', 'MBS'], codes: ['MBS'] },
  { id: 'ursula-von-der-leyen', kind: 'person', display: 'Ursula von der Leyen', aliases: ['ursula von der leyen', 'von der leyen', 'VDL'], codes: ['VDL'] },
  { id: 'alexander-lukashenko', kind: 'person', display: 'Alexander Lukashenko', aliases: ['alexander lukashenko', 'alyaksandr lukashenka', 'aleksandr lukashenka', 'aleksandr lukashenko', 'alexander lukashenka', 'lukashenko', 'lukashenka'], codes: ['LUKASHENKO'] },
  { id: 'ahmed-al-sharaa', kind: 'person', display: 'Ahmed al-Sharaa', aliases: ['ahmed al-sharaa', 'ahmad al-sharaa', 'ahmed al sharaa', 'ahmad al sharaa', 'al-sharaa', 'abu mohammad al-jolani', 'abu mohammed al-julani', 'al-jolani', 'al-julani'], codes: ['SHARAA'] },
  { id: 'hendrik-wust', kind: 'person', display: 'Hendrik Wüst', aliases: ['hendrik wust', 'hendrik wuest', 'wust', 'wuest'], codes: [] },
  { id: 'recep-tayyip-erdogan', kind: 'person', display: 'Recep Tayyip Erdogan', aliases: ['recep tayyip erdogan', 'tayyip erdogan', 'erdogan'], codes: ['ERDOGAN'] },
  { id: 'xi-jinping', kind: 'person', display: 'Xi Jinping', aliases: ['xi jinping', 'xi'], codes: ['XI'] },
  { id: 'emmanuel-macron', kind: 'person', display: 'Emmanuel Macron', aliases: ['emmanuel macron', 'macron'], codes: ['MACRON'] },
  { id: 'lai-ching-te', kind: 'person', display: 'Lai Ching-te', aliases: ['lai ching-te', 'lai ching te', 'william lai'], codes: [] },
  { id: 'victor-wembanyama', kind: 'person', display: 'Victor Wembanyama', aliases: ['victor wembanyama', 'wembanyama', 'wemby'], codes: ['WEMBANYAMA'] },
  { id: 'zinedine-zidane', kind: 'person', display: 'Zinedine Zidane', aliases: ['zinedine zidane', 'zidane', 'zizou'], codes: ['ZIDANE'] },
  { id: 'benjamin-netanyahu', kind: 'person', display: 'Benjamin Netanyahu', aliases: ['benjamin netanyahu', 'netanyahu', 'bibi'], codes: ['NETANYAHU'] },
  { id: 'max-verstappen', kind: 'person', display: 'Max Verstappen', aliases: ['max verstappen', 'verstappen'], codes: ['VERSTAPPEN', 'VER'] },
  { id: 'lando-norris', kind: 'person', display: 'Lando Norris', aliases: ['lando norris', 'norris', 'lando'], codes: ['LANDO', 'NORRIS', 'NOR'] },
  { id: 'oscar-piastri', kind: 'person', display: 'Oscar Piastri', aliases: ['oscar piastri', 'piastri'], codes: ['PIASTRI', 'PIA'] },
  { id: 'charles-leclerc', kind: 'person', display: 'Charles Leclerc', aliases: ['charles leclerc', 'leclerc'], codes: ['LECLERC', 'LEC'] },
  { id: 'lewis-hamilton', kind: 'person', display: 'Lewis Hamilton', aliases: ['lewis hamilton', 'hamilton'], codes: ['HAMILTON', 'HAM'] },
  { id: 'george-russell', kind: 'person', display: 'George Russell', aliases: ['george russell'], codes: ['RUSSELL', 'RUS'] },
  { id: 'carlos-sainz', kind: 'person', display: 'Carlos Sainz', aliases: ['carlos sainz', 'sainz'], codes: ['SAINZ'] },
  // People venues name by a nickname, a stage name or initials as often as by their name.
  { id: 'saul-alvarez', kind: 'person', display: 'Saul Alvarez', aliases: ['saul alvarez', 'canelo alvarez', 'saul canelo alvarez', 'canelo'], codes: ['CANELO'] },
  { id: 'lebron-james', kind: 'person', display: 'LeBron James', aliases: ['lebron james', 'lebron', 'king james'], codes: ['LEBRON'] },
  { id: 'cristiano-ronaldo', kind: 'person', display: 'Cristiano Ronaldo', aliases: ['cristiano ronaldo', 'cristiano', 'CR7'], codes: ['CR7'] },
  { id: 'mark-zuckerberg', kind: 'person', display: 'Mark Zuckerberg', aliases: ['mark zuckerberg', 'zuckerberg', 'zuck'], codes: ['ZUCKERBERG'] },
  { id: 'mrbeast', kind: 'person', display: 'MrBeast', aliases: ['mrbeast', 'mr beast', 'mr. beast', 'jimmy donaldson'], codes: ['MRBEAST'] },
  { id: 'kanye-west', kind: 'person', display: 'Kanye West', aliases: ['kanye west', 'kanye', 'Ye'], codes: ['KANYE'] },
  { id: 'vladimir-guerrero-jr', kind: 'person', display: 'Vladimir Guerrero Jr.', aliases: ['vladimir guerrero jr.', 'vladimir guerrero jr', 'vlad guerrero jr.', 'vlad guerrero jr', 'vlad jr.', 'vlad jr'], codes: [] },
  { id: 'pope-leo-xiv', kind: 'person', display: 'Pope Leo XIV', aliases: ['pope leo xiv', 'pope leo', 'leo xiv', 'robert francis prevost', 'robert prevost'], codes: [] },
  { id: 'andres-manuel-lopez-obrador', kind: 'person', display: 'Andres Manuel Lopez Obrador', aliases: ['andres manuel lopez obrador', 'lopez obrador', 'AMLO'], codes: ['AMLO'] },
  { id: 'anthony-albanese', kind: 'person', display: 'Anthony Albanese', aliases: ['anthony albanese', 'albanese', 'albo'], codes: ['ALBANESE'] },
  { id: 'boris-johnson', kind: 'person', display: 'Boris Johnson', aliases: ['boris johnson', 'bojo'], codes: [] },
  { id: 'mohammed-bin-salman', kind: 'person', display: 'Mohammed bin Salman', aliases: ['mohammed bin salman', 'mohammad bin salman', 'muhammad bin salman', 'MBS'], codes: ['MBS'] },
  { id: 'vinicius-junior', kind: 'person', display: 'Vinicius Junior', aliases: ['vinicius junior', 'vinicius jr', 'vinicius jr.', 'vini jr', 'vini jr.', 'vini junior'], codes: [] },
  { id: 'lula-da-silva', kind: 'person', display: 'Luiz Inacio Lula da Silva', aliases: ['luiz inacio lula da silva', 'luiz inacio lula', 'lula da silva', 'lula'], codes: ['LULA'] },
];

const PARTIES: readonly EntityDef[] = [
  { id: 'democrats', kind: 'party', display: 'the Democrats', aliases: ['democratic party', 'democrats', 'democratic', 'democrat', 'dems', 'dem'], codes: ['DEMOCRATS', 'DEMOCRAT', 'DEMOCRATIC', 'DEM', 'DEMS'], opponent: 'republicans' },
  { id: 'republicans', kind: 'party', display: 'the Republicans', aliases: ['republican party', 'republicans', 'republican', 'gop', 'rep'], codes: ['REPUBLICANS', 'REPUBLICAN', 'GOP', 'REP'], opponent: 'democrats' },
  // A race's third option (Nebraska's 2026 Senate race: "Independent"): another winner than either party.
  { id: 'independents', kind: 'party', display: 'an Independent', aliases: ['independent candidate', 'an independent', 'independents', 'independent'], codes: ['IND'] },
];

const ASSETS: readonly EntityDef[] = [
  { id: 'bitcoin', kind: 'asset', display: 'Bitcoin', aliases: ['bitcoin', 'btc'], codes: ['BTC', 'BITCOIN'] },
  { id: 'ethereum', kind: 'asset', display: 'Ethereum', aliases: ['ethereum', 'eth', 'ether'], codes: ['ETH', 'ETHEREUM'] },
  { id: 'solana', kind: 'asset', display: 'Solana', aliases: ['solana', 'sol'], codes: ['SOL', 'SOLANA'] },
  { id: 'xrp', kind: 'asset', display: 'XRP', aliases: ['xrp', 'ripple'], codes: ['XRP'] },
  { id: 'dogecoin', kind: 'asset', display: 'Dogecoin', aliases: ['dogecoin', 'doge'], codes: ['DOGE'] },
  { id: 'bnb', kind: 'asset', display: 'BNB', aliases: ['bnb', 'binance coin'], codes: ['BNB'] },
  { id: 'hype', kind: 'asset', display: 'Hyperliquid', aliases: ['hyperliquid', 'hype'], codes: ['HYPE'] },
  { id: 'sp500', kind: 'asset', display: 'the S&P 500', aliases: ['s&p 500', 's&p500', 'sp500', 'spx', 's&p'], codes: ['SPX', 'INX'] },
  { id: 'nasdaq', kind: 'asset', display: 'the Nasdaq', aliases: ['nasdaq-100', 'nasdaq 100', 'nasdaq', 'ndx'], codes: ['NDX'] },
  { id: 'gold', kind: 'asset', display: 'gold', aliases: ['gold'], codes: ['GOLD'] },
  { id: 'oil', kind: 'asset', display: 'oil', aliases: ['crude oil', 'wti', 'oil'], codes: ['WTI'] },
  { id: 'tesla', kind: 'asset', display: 'Tesla', aliases: ['tesla', 'tsla'], codes: ['TSLA'] },
  { id: 'nvidia', kind: 'asset', display: 'Nvidia', aliases: ['nvidia', 'nvda'], codes: ['NVDA'] },
  // Stablecoins and further majors: venues name them by ticker as often as by name.
  { id: 'tether', kind: 'asset', display: 'Tether', aliases: ['tether', 'usdt'], codes: ['USDT'] },
  { id: 'usdc', kind: 'asset', display: 'USDC', aliases: ['usd coin', 'usdc'], codes: ['USDC'] },
  { id: 'cardano', kind: 'asset', display: 'Cardano', aliases: ['cardano'], codes: ['ADA'] },
  { id: 'litecoin', kind: 'asset', display: 'Litecoin', aliases: ['litecoin', 'ltc'], codes: ['LTC'] },
  // Coins named after a bigger one: "Bitcoin Cash" above $1,000 says nothing of Bitcoin (longest name read first).
  { id: 'bitcoin-cash', kind: 'asset', display: 'Bitcoin Cash', aliases: ['bitcoin cash', 'bch'], codes: ['BCH'] },
  { id: 'bitcoin-sv', kind: 'asset', display: 'Bitcoin SV', aliases: ['bitcoin sv', 'bsv'], codes: ['BSV'] },
  { id: 'wrapped-bitcoin', kind: 'asset', display: 'Wrapped Bitcoin', aliases: ['wrapped bitcoin', 'wbtc'], codes: ['WBTC'] },
  { id: 'ethereum-classic', kind: 'asset', display: 'Ethereum Classic', aliases: ['ethereum classic'], codes: [] },
  { id: 'apple', kind: 'asset', display: 'Apple', aliases: ['apple', 'aapl'], codes: ['AAPL'] },
  { id: 'microsoft', kind: 'asset', display: 'Microsoft', aliases: ['microsoft', 'msft'], codes: ['MSFT'] },
  // Companies venues name by brand, parent or ticker alike ("Google stock split" is Alphabet's).
  { id: 'alphabet', kind: 'asset', display: 'Alphabet', aliases: ['alphabet', 'google', 'googl', 'goog'], codes: ['GOOGL', 'GOOG'] },
  { id: 'meta-platforms', kind: 'asset', display: 'Meta', aliases: ['meta platforms', 'meta'], codes: ['META'] },
  { id: 'amazon', kind: 'asset', display: 'Amazon', aliases: ['amazon', 'amzn'], codes: ['AMZN'] },
];

const ORGS: readonly EntityDef[] = [
  { id: 'fed', kind: 'org', display: 'the Fed', aliases: ['federal reserve', 'the fed', 'fed', 'fomc'], codes: ['FED', 'FOMC'] },
  { id: 'ecb', kind: 'org', display: 'the ECB', aliases: ['european central bank', 'ecb'], codes: ['ECB'] },
  { id: 'boe', kind: 'org', display: 'the Bank of England', aliases: ['bank of england', 'boe'], codes: ['BOE'] },
  { id: 'boj', kind: 'org', display: 'the Bank of Japan', aliases: ['bank of japan', 'boj'], codes: ['BOJ'] },
  { id: 'boc', kind: 'org', display: 'the Bank of Canada', aliases: ['bank of canada', 'boc'], codes: ['BOC'] },
  { id: 'snb', kind: 'org', display: 'the Swiss National Bank', aliases: ['swiss national bank', 'snb'], codes: ['SNB'] },
  { id: 'rba', kind: 'org', display: 'the Reserve Bank of Australia', aliases: ['reserve bank of australia', 'rba'], codes: ['RBA'] },
  { id: 'rbnz', kind: 'org', display: 'the Reserve Bank of New Zealand', aliases: ['reserve bank of new zealand', 'rbnz'], codes: ['RBNZ'] },
  { id: 'wlf', kind: 'org', display: 'World Liberty Financial', aliases: ['world liberty financial', 'world liberty', 'wlfi', 'wlf'], codes: ['WLF', 'WLFI'] },
  { id: 'openai', kind: 'org', display: 'OpenAI', aliases: ['openai'], codes: ['OPENAI'] },
  { id: 'eu', kind: 'org', display: 'the European Union', aliases: ['european union', 'eu'], codes: ['EU'] },
  { id: 'spacex', kind: 'org', display: 'SpaceX', aliases: ['spacex'], codes: ['SPACEX'] },
  { id: 'breakpoint', kind: 'org', display: 'Breakpoint', aliases: ['breakpoint'], codes: ['BREAKPOINT'] },
];

const lower = (s: string): string => s.toLowerCase();

/**
 * Kalshi tells two teams of one city apart by the nickname's initial ("Los Angeles L"); that
 * spelling is an alias only where the initial is unambiguous among the listed teams of the city.
 */
function cityInitialAliases(t: Team): string[] {
  const initial = t.nickname.charAt(0);
  const sameCity = TEAMS.filter((x) => x.city === t.city);
  if (sameCity.length < 2 || sameCity.filter((x) => x.nickname.charAt(0) === initial).length > 1) return [];
  return [lower(`${t.city} ${initial}`)];
}

/** Nicknames and short forms that name one team only, across all leagues. */
function unambiguous(alias: string): boolean {
  return TEAMS.filter((x) => lower(x.nickname) === alias || x.short.includes(alias)).length === 1;
}

function teamDefs(): EntityDef[] {
  return TEAMS.map((t) => ({
    id: `${t.league}-${lower(t.nickname).replace(/\s+/g, '-')}`,
    kind: 'team' as const,
    display: `the ${t.city} ${t.nickname}`,
    aliases: [lower(`${t.city} ${t.nickname}`), ...[lower(t.nickname), ...t.short].filter(unambiguous), ...cityInitialAliases(t)],
    codes: [...t.codes, t.nickname.toUpperCase().replace(/\s+/g, '')],
    city: lower(t.city),
  }));
}

/**
 * A nickname two leagues share ("Giants", "Rangers", "Kings") names a team without saying which:
 * one entity per such nickname, standing for every city that fields it.
 */
export const AMBIGUOUS_NICKNAMES: ReadonlyMap<string, readonly string[]> = new Map(
  [...new Set(TEAMS.map((t) => lower(t.nickname)))]
    .filter((n) => !unambiguous(n))
    .map((n) => [n, TEAMS.filter((t) => lower(t.nickname) === n).map((t) => lower(t.city))] as const),
);

export const ENTITIES: readonly EntityDef[] = [
  ...PEOPLE,
  ...PARTIES,
  ...ASSETS,
  ...ORGS,
  ...teamDefs(),
];

export const ENTITY_BY_ID: ReadonlyMap<string, EntityDef> = new Map(ENTITIES.map((e) => [e.id, e]));
