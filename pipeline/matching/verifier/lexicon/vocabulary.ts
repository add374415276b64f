/**
 * Word lists the verifier reasons with: function words, words that are capitalised in titles
 * without being names, synonyms venues use for the same idea, offices and chambers.
 */

export const STOPWORDS: ReadonlySet<string> = new Set(
  ('a an the will would be is are was were been being to of in on at by for from with as and or ' +
    'this that these those it its their his her he she they them there what which who whom whose when where how ' +
    'do does did any next new yes no than then into about after before during through until up down ' +
    'market question resolve resolves resolution official officially s us u.s. united states america american ' +
    'have has had get gets got one his another other least more most less over under above below between ' +
    'per vs v versus game match also only ever again yet first happen happens occur ' +
    // "House of Representatives" is the House: its chamber is read from the text (measureQualifiers' chamber group).
    'representatives').split(/\s+/),
);

/** Capitalised in titles ("Will", "Super Bowl", "Fed Decision") without naming a distinct thing. */
export const COMMON_CAPITALISED: ReadonlySet<string> = new Set(
  ('will who which what when where how whom why is are does do did can could should would the a an in on of by for to ' +
    'and or at yes no not before after above below over under between up down more less than if new next first last ' +
    'president presidential presidency vice prime minister senate senator house congress congressional district cd ' +
    'governor gubernatorial mayor mayoral election elections primary primaries nomination nominee nominees party ' +
    'democratic democrat democrats republican republicans gop dem dems independent midterm midterms general special ' +
    'us u.s usa america american united states federal reserve fed chair chairman supreme court scotus justice ' +
    'super bowl nfl nba mlb nhl f1 grand prix championship champion champions finals final league cup world series ' +
    'season playoffs mvp award awards player rookie coach year game games match round week day month time ' +
    'jan january feb february mar march apr april may jun june jul july aug august sep sept september oct october ' +
    'nov november dec december q1 q2 q3 q4 eoy am pm et utc est edt cst cdt pst pdt gmt usd eur ' +
    // Holidays a date is written by ("noon ET on New Year's Eve", "Christmas Eve"): dates, not names.
    'eve christmas thanksgiving halloween ' +
    // A print's sign opening a title ("Negative GDP growth in Q2 2027?"): read as a level, not a name.
    'negative positive ' +
    'bitcoin btc ethereum eth price prices rate rates cut cuts hike hikes decision interest bps ' +
    'win wins winner lose beat beats out leave remain resign announce release released launch ' +
    'polymarket kalshi manifold predictit limitless drift azuro short fuse daily weekly monthly ' +
    'north south east west new up down i ii iii iv ceo cto ai gdp cpi rcp ddhq ' +
    // Economic series a title starts with or writes in mixed case ('Inflation in Jun 2027?', 'CPI YoY'), not names.
    'inflation unemployment payrolls yoy mom qoq saar average highest lowest ' +
    'secretary homeland security attorney general director leader supreme chief minister ambassador commissioner ' +
    'administrator office department state cabinet administration government regime communist ' +
    'pro football basketball baseball hockey soccer conference western eastern offensive defensive comeback ' +
    'protector rookie coach of winner winners party parties race races vote popular seat seats majority ' +
    'exactly least fewer than or lol cup tournament open grand slam ath men women mens womens college singles doubles oscar oscars grammy grammys emmy emmys nobel ' +
    // A player prop's statistic ("LeBron James: Points O/U 24.5", "Logan Gilbert Strikeouts"): what is counted, not a name.
    'points rebounds assists steals blocks threes strikeouts touchdowns passing rushing receiving yards receptions goals saves shots hits runs rbis aces kills ' +
    // A reading's own words ("Highest temperature in ...", "Measurable rain at ..."), not names.
    'highest lowest measurable ' +
    // A sportsbook's market names ("Full Time Result", "60 Minute Line", "Double Chance"), read from the labels.
    'full result minute line double chance moneyline formula').split(/\s+/),
);

/** Spelling and phrasing variants mapped to one canonical word. */
export const SYNONYMS: Readonly<Record<string, string>> = {
  wins: 'win', won: 'win', winner: 'win', winning: 'win', victory: 'win', elected: 'win', victor: 'win',
  presidency: 'president', presidential: 'president', potus: 'president',
  gubernatorial: 'governor', governorship: 'governor', gov: 'governor',
  mayoral: 'mayor', senator: 'senate', senatorial: 'senate',
  nominee: 'nomination', nominated: 'nomination', nominate: 'nomination', primary: 'nomination', primaries: 'nomination',
  control: 'control', majority: 'control', controls: 'control', keep: 'control', retain: 'control', hold: 'hold', holds: 'hold', maintain: 'hold', maintains: 'hold',
  cuts: 'cut', decrease: 'cut', decreases: 'cut', lower: 'cut', lowers: 'cut', reduce: 'cut', reduces: 'cut',
  hikes: 'hike', raise: 'hike', raises: 'hike', increase: 'hike', increases: 'hike', raising: 'hike', raised: 'hike', hiking: 'hike', hiked: 'hike',
  cutting: 'cut', lowering: 'cut', lowered: 'cut', trim: 'cut', trims: 'cut', trimmed: 'cut',
  reach: 'hit', reaches: 'hit', hits: 'hit', touch: 'hit', touches: 'hit',
  released: 'release', releases: 'release', launch: 'release', launched: 'release', launches: 'release', out: 'out',
  leaves: 'leave', left: 'leave', leaving: 'leave', departure: 'leave', resigns: 'resign', resigned: 'resign', resignation: 'resign', ousted: 'leave', removed: 'leave',
  remains: 'remain', stay: 'remain', stays: 'remain', survive: 'remain', still: 'remain',
  announces: 'announce', announced: 'announce', announcement: 'announce', declare: 'announce', declares: 'announce', declared: 'announce',
  abolished: 'abolish', abolishes: 'abolish', eliminate: 'abolish', eliminated: 'abolish', eliminates: 'abolish', scrap: 'abolish', scrapped: 'abolish', scraps: 'abolish',
  ceases: 'leave', cease: 'leave',
  realclearpolitics: 'rcp',
  champion: 'win', champions: 'win', champ: 'win', championship: 'win', title: 'win',
  beats: 'beat', defeat: 'beat', defeats: 'beat', def: 'beat',
  ceasefire: 'ceasefire', truce: 'ceasefire', 'cease-fire': 'ceasefire',
  race: 'election', contest: 'election', elections: 'election', runoff: 'election', midterm: 'election', midterms: 'election',
  invaded: 'invade', invading: 'invade', blockades: 'blockade', visiting: 'visit',
  purchased: 'purchase', acquired: 'acquire', collapses: 'collapse', collapsed: 'collapse', falls: 'fall',
  confirmed: 'confirm', confirms: 'confirm', confirmation: 'confirm',
  sells: 'sell', selling: 'sell', sold: 'sell', divest: 'sell', divests: 'sell', divested: 'sell', divestiture: 'sell', merges: 'merge', merged: 'merge', merger: 'merge',
  dips: 'dip', dropping: 'dip', drops: 'dip', drop: 'dip', plunge: 'dip',
  reaching: 'hit', surpass: 'hit', surpasses: 'hit', exceed: 'hit', exceeds: 'hit', tops: 'hit',
  invades: 'invade', invasion: 'invade', strikes: 'strike', attacks: 'strike', attack: 'strike',
  deported: 'deport', deports: 'deport', deportations: 'deport', deportation: 'deport',
  pardons: 'pardon', pardoned: 'pardon', impeached: 'impeach', impeachment: 'impeach', impeaches: 'impeach',
  interest: 'rate', rates: 'rate', bps: 'rate', inflation: 'cpi', payroll: 'payrolls',
  prices: 'price', valued: 'price', trade: 'price', trades: 'price', trading: 'price',
  mvp: 'mvp', 'most valuable player': 'mvp',
  nations: 'nation', countries: 'nation', country: 'nation',
  albums: 'album', movies: 'movie', films: 'movie', film: 'movie',
  passes: 'pass', passed: 'pass', signs: 'sign', signed: 'sign',
  visits: 'visit', visited: 'visit', meets: 'meet', meeting: 'meeting',
  seats: 'seat', votes: 'vote', voting: 'vote', ballots: 'vote',
  becomes: 'become', became: 'become',
  highest: 'largest', biggest: 'largest', greatest: 'largest', widest: 'largest',
  postpone: 'delay', postponed: 'delay', postpones: 'delay', delayed: 'delay', delays: 'delay',
  candidate: 'run', candidacy: 'run', running: 'run', runs: 'run',
  approval: 'approval', approve: 'approval', approves: 'approval', approved: 'approval',
  guilty: 'convict', convicted: 'convict', conviction: 'convict', sentenced: 'sentence', indicted: 'indict', charged: 'indict',
};

/** Office or chamber named by a phrase; a market about one never matches a market about another. */
export const OFFICE_PHRASES: readonly (readonly [RegExp, string])[] = [
  [/\bvice[- ]presiden(?:t|tial|cy)\b|\bveep\b/i, 'vice-president'],
  [/(?<!\bvice[- ])\bpresiden(?:t|tial|cy)\b|\bpotus\b/i, 'president'],
  [/\bsenate\b|\bsenators?\b/i, 'senate'],
  [/\bhouse of representatives\b|\bthe house\b|\bhouse (?:seats?|race|election|majority|control)\b|\bus house\b|\bcongressional district\b/i, 'house'],
  [/\bgovernor(?:ship)?\b|\bgubernatorial\b/i, 'governor'],
  [/\bmayor(?:al)?\b/i, 'mayor'],
  [/\bprime minister\b|\bpremier\b|\bpm\b/i, 'prime-minister'],
  [/\bchancellor\b/i, 'chancellor'],
  // The Lord Speaker presides over the Lords, not the Commons.
  [/(?<!\blord )\bspeaker\b/i, 'speaker'],
  [/\blord speaker\b/i, 'lord-speaker'],
  // A party's leader is not the head of government the party may form ("cease to be Leader of the Labour Party" is not
  // "out as PM"), nor is the Leader of the Opposition.
  [/\bleader of the (?:[A-Z][\w-]*\s+){1,3}party\b|\b(?:labour|conservative|tory|reform uk|snp|lib dem|liberal democrat|cdu|csu|spd|ldp|liberal|ndp|green) (?:party )?leader(?:ship)?\b|\bparty leader(?:ship)?\b/i, 'party-leader'],
  [/\bleader of the opposition\b/i, 'opposition-leader'],
  [/\bfed chair(?:man)?\b|\bchair(?:man)? of the federal reserve\b/i, 'fed-chair'],
  [/\bsupreme court\b|\bscotus\b/i, 'supreme-court'],
  [/\battorney general\b/i, 'attorney-general'],
  // A company's chief executive and its board are two posts: leaving one is not leaving the other.
  [/\bceo\b|\bchief executive\b/i, 'ceo'],
  // A club's manager or head coach: "still be the Man City manager" holds the post "leave Manchester City" gives up.
  [/\b(?:manager|head coach)\b/i, 'manager'],
  // A company's chairman chairs its board ("step down as Meta chairman"): not its CEO, and never the Fed's chair.
  [/\bboard of directors\b|\b(?:company's|[a-z]+'s) board\b|\bchair(?:man|woman)? of the board\b|(?<!\bfed(?:eral reserve)? )\bchair(?:man|woman)\b(?! of the (?:federal reserve|fed|joint chiefs|sec|fdic|house|senate))/i, 'board'],
];

/** Words that turn a "stays" question into a "goes" one: their presence on one side only flips polarity. */
export const STAY_WORDS: ReadonlySet<string> = new Set(['remain']);
export const LEAVE_WORDS: ReadonlySet<string> = new Set(['leave', 'out', 'exit', 'depart', 'fired', 'replaced']);

/** Words of award categories ("Outstanding Drama Series", "Best Animated Feature Film"): the award is compared as such, so they name nobody. */
export const AWARD_CATEGORY_WORDS: ReadonlySet<string> = new Set(
  ('best outstanding picture animated feature film films drama comedy series limited director directing actor actress supporting ' +
    'leading lead role screenplay original adapted international foreign language album record song new artist performance cast ' +
    'ensemble motion television tv primetime').split(' '),
);

/** Words that end many clubs' and organisations' names and so tell none apart ("Leviatán Esports", "Leeds United", "AFC"). */
export const CLUB_NAME_TAILS: ReadonlySet<string> = new Set(['esports', 'gaming', 'fc', 'cf', 'sc', 'afc', 'united', 'city', 'club', 'team', 'athletic', 'academy', 'party', 'pride', 'sports']);

/** A phrase's initials ("los angeles" → "la", "New York" → "NY"). */
export const initialsOf = (phrase: string): string => phrase.split(/\s+/).map((w) => w.charAt(0)).join('');

/** A market on a move over a window ("Bitcoin Up or Down on March 5?"): its window is the question, not a level. */
export const UP_OR_DOWN = /\bup or down\b/i;

/** Esports disciplines as venues name them before a pairing ("CS2:", "LoL:") or in Azuro's brackets. */
const DISCIPLINES: readonly (readonly [RegExp, string])[] = [
  [/\b(?:cs2|cs:? ?go|counter[- ]strike)\b/i, 'Counter-Strike'],
  [/\b(?:lol|league of legends)\b/i, 'League of Legends'],
  [/\bdota\b/i, 'Dota 2'],
  [/\bvalorant\b/i, 'Valorant'],
  [/\boverwatch\b/i, 'Overwatch'],
  [/\brocket league\b/i, 'Rocket League'],
  [/\b(?:rainbow six|r6)\b/i, 'Rainbow Six'],
  [/\bcall of duty\b/i, 'Call of Duty'],
];

export const disciplineOf = (setting: string | null | undefined): string | null => (setting ? (DISCIPLINES.find(([re]) => re.test(setting))?.[1] ?? null) : null);
