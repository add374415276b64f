/**
 * Word lists for the event-word check: venue boilerplate that never names what happens, and
 * domain synonyms a general word-vector space does not place close enough ("capture" / "take
 * control", "IPO" / "go public"). Kept small and general: each entry is a phrasing venues use for
 * one idea, not a fix for one market.
 */

/** Words that say how a venue asks, not what it asks about. */
export const FILLER_WORDS: ReadonlySet<string> = new Set(
  ('will who which what when where how many much number total amount count level official officially ' +
    'new year years yearly month monthly week weekly weekend day daily hourly hour today tonight date time times happen happens occur ' +
    'be become becomes get gets make makes any ever another again still yet just already really actually ' +
    'market markets question price prices priced value rate rates above below over under more less than least most ' +
    'higher lower ahead between range exactly or above greater fewer ' +
    'million billion trillion thousand percent pct bps basis point points ' +
    'us usa national federal global world international country nation state government ' +
    'rest remainder first next last eoy et pm am utc q1 q2 q3 q4 h1 h2 ' +
    'jan january feb february mar march apr april may jun june jul july aug august sep sept september oct october nov november dec december ' +
    'yes no not never before after by during through until ' +
    // A sportsbook's market names: what the line is comes from its labels (1/X/2, double chance, regulation time).
    'full result minute line double chance moneyline formula ' +
    // Roles and bodies that only frame who acts. Offices and election types are NOT here: see OFFICE_KIND.
    'office secretary chief supreme attorney general chair chairman director ceo congress court justice administration cabinet ' +
    // How a race or a case is framed rather than what happens in it.
    'election elections race midterm midterms snap pro issue anyone anybody someone prison jail length units voters voter people obtain company companies ' +
    // Leagues and governing bodies: the setting of a sports question, compared as titles and teams.
    'fifa uefa nfl nba mlb nhl wnba ncaa atp wta pga ufc football basketball baseball hockey soccer elite lol cs2 dota dota2 valorant esports bo1 bo3 bo5 bo7').split(/\s+/),
);

/**
 * Question scaffolding: how a venue frames a race or a contract list ("Which party will win …?",
 * "Who will win …?", "… Winner | <label>", "Men's Singles Champion"). Never an event word of its own,
 * but still able to explain a partner's word through a synonym group ("win" explains "champion").
 */
export const SCAFFOLD_WORDS: ReadonlySet<string> = new Set(
  ('win wins won winner winners winning party parties men mens women womens singles named come enter held hold ' +
    'decision outcome result results agree declare found est usd usdt usdc ' +
    // Statistical and sourcing qualifiers venues add to the same series ("national average", "regular season").
    'average season regular according units vehicles copies service ' +
    // Units a price is quoted in ("$3.50/gal", "$80/bbl") and the framing of a rate decision ("its policy decision", "policy rate").
    'gal gallon gallons bbl barrel barrels ounce ounces policy ' +
    // The period a change is measured over: compared as a measure (compare/measures.ts), never an event of its own.
    'mom yoy').split(/\s+/),
);

/**
 * Words one venue adds and the other leaves out without changing the question: descriptive or
 * sourcing qualifiers ("30-year fixed mortgage", "highest temperature", "officially"). Said on one side only they cost nothing; said
 * against a different word on the other side they still count (they stay event words).
 */
export const BENIGN_ONE_SIDED: ReadonlySet<string> = new Set(
  ('goods meeting stock stocks share shares cap capitalization capitalisation fixed temperature temperatures actual headline nominal reported recorded measured seasonally adjusted upper bound target ' +
    'publicly officially formally ultimately anytime sometime overall print prints ' +
    // "Fed funds rate", "What will the Fed decide", "the jobs report show", "win the fight", "lift the cup", "per ounce",
    // "below $150k throughout 2026" / "for all of 2026", "96°F or hotter": the frame of the question, no other event.
    'funds decide decides show shows fight bout lift lifts ounce oz throughout all hotter warmer colder real ' +
    // Drift's "-BET" symbol suffix, "at least once" / "exactly twice" (read as the count they state), the CDC as the
    // source of a count, "How much will Bitcoin be worth" (its price), "the S&P 500 index" (the index itself).
    'bet once twice cdc worth index ' +
    // "win the 2026 NL Rookie of the Year award": the award is the honour its name already says; "a model called
    // Claude 6" names what the name already does.
    'award called').split(/\s+/),
);

/**
 * How a statistic's release is qualified ("advance estimate", "annualized", "initial print", "nonfarm"): venues settle a
 * release market on its first print, said or not. Benign only where both markets are about a release; a named
 * later estimate ("third estimate", "final", "revised") is not here and still refuses.
 */
export const RELEASE_QUALIFIERS: ReadonlySet<string> = new Set(
  'advance estimate estimates annualized annualised initial preliminary flash nonfarm bls bea seasonally adjusted sa'.split(' '),
);

/** How an approval rating is named ("job approval rating", "approval average"): the tracker is compared as a name. */
export const APPROVAL_QUALIFIERS: ReadonlySet<string> = new Set('job rating ratings average'.split(' '));

/** What a game's line counts ("over 2.5 goals scored", "O/U 220.5 points"): said on one side only it restates the line. */
export const LINE_WORDS: ReadonlySet<string> = new Set(
  'goal goals scored score scoring point points run runs total totals combined corner corners card cards map maps set sets game games kill kills negative positive zero'.split(' '),
);

/**
 * Office and election-type words, by the office they name. They are compared, not dropped: a market
 * about a presidential election is not one about a parliamentary election. An office word explains
 * a partner with the same office, and is only unexplained when the partner names a different one.
 */
const OFFICE_KIND: Readonly<Record<string, string>> = {
  president: 'president', presidential: 'president', presidency: 'president', potus: 'president',
  prime: 'prime-minister', minister: 'prime-minister', premier: 'prime-minister',
  governor: 'governor', gubernatorial: 'governor', governorship: 'governor',
  mayor: 'mayor', mayoral: 'mayor', mayoralty: 'mayor',
  senate: 'senate', senator: 'senate', senatorial: 'senate',
  house: 'house', congressional: 'house', representatives: 'house',
  parliament: 'parliament', parliamentary: 'parliament', legislative: 'parliament',
  chancellor: 'chancellor', speaker: 'speaker',
};

export function officeKind(word: string): string | undefined {
  return Object.hasOwn(OFFICE_KIND, word) ? OFFICE_KIND[word] : undefined; // not the prototype's ("constructor")
}

/** Words that only restate the comparator when both markets carry a numeric level the number check compares. */
export const LEVEL_WORDS: ReadonlySet<string> = new Set(
  ('reach reaches hit hits exceed exceeds surpass surpasses tops touch high highest low lowest dip dips fall falls drop drops rise rises above below close trade trading collect collects earn earns post posts report reports ' +
    // A print's change and a film's gross, stated beside the level they are compared with ("CPI change 0.3% or less", "open to $80M").
    'change changes increase increases grow grows gross grosses grossing box open opens debut ' +
    // A print's sign in words ("GDP contracts", "the economy shrinks"), read as below zero.
    'contract contracts contracting contraction shrink shrinks shrinking decrease decreases decline declines').split(' '),
);

/** Groups of words venues use for one idea; a word meets any other of its group. */
const GROUPS: readonly string[] = [
  'capture take seize control fall falls',
  // Military action against a country is a strike on it, however the venue words it.
  'strike attack military airstrike bomb bombing',
  'ipo public listing list',
  'deal agreement accord pact treaty sign',
  'visit travel trip go journey',
  'meet meeting summit talks',
  'married marry wedding wed',
  'convict guilty conviction',
  'sign signed law enact',
  'launch release debut liftoff',
  // A rocket's launch is its flight: "lift off", "fly 6 times", "launches in 2027".
  'launch launches lift lifts liftoff fly flies flight flights',
  // A deal that closes is a deal completed.
  'complete completes completed completion close closes closed finalize finalizes finalized',
  // Joining an alliance or a union is being admitted to it ("be a member of" is not: a member on a day is a state, not the act).
  'join joins joined accede accession admitted admit',
  'earnings eps',
  'unveil announce reveal',
  'sack sacked fire fired out leave depart departure',
  // A mention market: saying a word is mentioning it.
  'say says said mention mentions mentioned',
  // A level read at a session's or a year's end: "closes 2026 above", "finish 2026 above", "settle above".
  'close closes closing finish finishes settle settles',
  // A finishing position in a league's table or a championship's standings.
  'standings table championship',
  'run campaign candidacy bid',
  'appear play feature',
  'decision meeting',
  'win control take takes flip keep retain hold',
  'leave out remain exit depart fired replaced resign stay still',
  'gross grossing box',
  'rule ruling rules favor let allow permit',
  'overturn overrule overturned overruled reverse reversed strike',
  'reach complete achieve attain accomplish',
  // Getting to a round of a tournament: "qualify for the final", "reach the final", "advance to the final".
  'qualify qualifies qualified advance advances advanced reach reaches progress',
  // A player taken in a draft (the position itself is compared as an ordinal).
  'picked drafted',
  'orbit orbital',
  'collapse fall falls topple overthrown',
  'hottest warmest',
  'pass approve approval clear clears cleared',
  // The approver is implied by the approval: "ETF approved" is "SEC approves ETF", "drug approved" is "FDA approves".
  'approve approval approved sec fda',
  // A listed crypto ETF is a spot ETF unless a venue says futures.
  'etf spot',
  // A tariff imposed is a tariff in effect.
  'impose imposed effect implement implemented enact levy',
  'test launch',
  'driverless unsupervised autonomous robotaxi fsd',
  'fsd driving',
  'champion champions championship win winner title crowned',
  'stablecoin usdt usdc tether',
  'impeach impeachment articles',
  'referendum amendment measure proposition initiative ballot',
  'artist listeners',
  'best top leading',
  // Series named by their figure's other name: the jobs report is the payrolls print, rain is precipitation,
  // TSA's checkpoint numbers are the travelers it screens, the AAA gas price is regular unleaded's.
  'payrolls payroll jobs nonfarm nfp',
  'rain rainfall precipitation',
  'checkpoint throughput screen screens screened screening travelers passengers',
  'gas gasoline unleaded',
  // A chart's top entry is its most-streamed one.
  'top streamed',
  // A rule done away with, however a venue words it ("eliminate the filibuster", "nuke the filibuster").
  'eliminate eliminates abolish abolishes scrap scraps nuke nukes repeal repeals',
  // Holdings on a day: "own 800,000 BTC" is "hold 800k BTC".
  'own owns hold holds',
  // A rule or a tariff in force is in effect.
  'effect force',
  // Removals are what an agency reports for deportations.
  'deport deports deported deportation deportations removal removals',
  // A protocol upgrade switched on is live on its network.
  'activate activates activated activation live',
  // Leaving a treaty, an organisation or a party is withdrawing from it, quitting it.
  'leave leaves withdraw withdraws withdrawal quit quits',
  // A package or a resolution adopted is one approved.
  'adopt adopts adopted approve approves approved',
  // A company's acquisition is the deal that buys it ("complete its acquisition" / "the deal closes").
  'acquisition acquisitions deal takeover buyout',
  // A token or a product launched is live.
  'launch launches launched live',
  // Analysts' estimates of a figure are its consensus ("beat EPS estimates" / "EPS above consensus").
  'estimate estimates consensus expectations',
  // A close at an all-time high is a record close.
  'ath record records',
  // A player's move to a club is his joining it.
  'join joins joined move moves transfer transfers',
  // Bitcoin's dominance is its share of the crypto market.
  'dominance share',
];

const GROUP_OF = new Map<string, number[]>();
GROUPS.forEach((g, i) => {
  for (const w of g.split(' ')) GROUP_OF.set(w, [...(GROUP_OF.get(w) ?? []), i]);
});

export function areDomainSynonyms(x: string, y: string): boolean {
  const gx = GROUP_OF.get(x);
  const gy = GROUP_OF.get(y);
  return Boolean(gx && gy && gx.some((g) => gy.includes(g)));
}
