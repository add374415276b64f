/**
 * Names written with an office's abbreviation, a milestone written as an ordinal, a company's value, a role's holder
 * asked as "anyone other than X", sides named by a person's nickname or followed by the market's name, and a Kalshi
 * market whose subject only its rules name. Labels by reading each pair (and, for the rules, Kalshi's rule format:
 * "If <subject> ..., then the market resolves to Yes").
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const market = (venue: string, title: string, end_date: string, outcome = 'Yes', rules: string | null = null): MarketRef => ({ venue, title, outcome, end_date, category: '', rules });
const rel = (a: string, b: string, end = '2027-12-31'): string => verifyPair(market('polymarket', a, end), market('kalshi', b, end)).relation;

test('an office abbreviated before a name ("Sen.", "Gov.") names the person; before a party-and-state tag it still tells namesakes apart', (t) => {
  t.is(rel('Will Sen. Ted Cruz announce a 2028 presidential bid before 2028?', 'Will Ted Cruz announce a 2028 presidential campaign before Jan 1, 2028?'), 'identity');
  t.is(rel('Will Gov. Josh Shapiro announce a 2028 presidential bid before 2028?', 'Will Josh Shapiro announce a 2028 presidential campaign before Jan 1, 2028?'), 'identity');
  t.is(rel('Will Sen. Scott (R-FL) announce a 2028 presidential bid before 2028?', 'Will Tim Scott announce a 2028 presidential campaign before Jan 1, 2028?'), 'different');
});

test('a milestone written as an ordinal ("his 1,000th career goal") is reaching that count', (t) => {
  t.is(rel('Will Cristiano Ronaldo score his 1,000th career goal before 2028?', 'CR7 to reach 1,000 official goals by end of 2027?'), 'identity');
  t.is(rel('Will Cristiano Ronaldo score his 1,000th career goal before 2028?', 'CR7 to reach 950 official goals by end of 2027?'), 'different');
});

test('the world\'s most valuable public company is the largest by market cap, not by revenue', (t) => {
  t.is(rel('Will Google be the world\'s most valuable public company on Dec 31, 2026?', 'Will Alphabet be the largest company in the world by market cap on Dec 31, 2026?', '2026-12-31'), 'identity');
  t.is(rel('Will Google be the world\'s most valuable company on Dec 31, 2026?', 'Will Alphabet be the largest company in the world by revenue in 2026?', '2026-12-31'), 'different');
});

test('"will the nominee be anyone other than X" is the negation of X winning the nomination, and of no one else\'s', (t) => {
  const on = (a: string, b: string): string => rel(a, b, '2028-08-31');
  t.is(on('Will the 2028 GOP presidential nominee be anyone other than JD Vance?', 'Will JD Vance win the 2028 Republican presidential nomination?'), 'complement');
  t.is(on('Will the 2028 GOP presidential nominee be anyone other than JD Vance?', 'Will Marco Rubio win the 2028 Republican presidential nomination?'), 'different');
  t.is(on('Will the 2028 GOP presidential nominee be anyone other than JD Vance?', 'Will JD Vance win the 2028 presidential election?'), 'different');
});

test('a fighter under his ring name is the same side of the bout; another fighter is not', (t) => {
  const bout = (a: string, pa: string, b: string, pb: string): string => verifyPair(market('azuro', a, '2027-05-02', pa), market('polymarket', b, '2027-05-02', pb)).relation;
  t.is(bout('Saúl Álvarez vs David Benavidez', 'Saúl Álvarez', 'Canelo vs. Benavidez', 'Canelo'), 'identity');
  t.is(bout('Saúl Álvarez vs David Benavidez', 'David Benavidez', 'Canelo vs. Benavidez', 'Canelo'), 'different');
});

test('a sportsbook\'s market name run on after the second side ("Warriors – Lakers Total Points") is the game\'s total, not that team\'s', (t) => {
  const total = (a: string, pa: string, b: string, pb: string): string => verifyPair(market('azuro', a, '2027-01-12', pa), market('sxbet', b, '2027-01-12', pb)).relation;
  t.is(total('Golden State Warriors vs Los Angeles Lakers', 'Over 229.5', 'Warriors – Lakers Total Points', 'Under 229.5'), 'complement');
  t.is(total('Golden State Warriors vs Los Angeles Lakers', 'Over 229.5', 'Warriors – Lakers Total Points', 'Over 229.5'), 'identity');
  // After a colon the market's name is cut as before, and a team's own total is still one.
  t.is(total('Jets vs. Blues: O/U 5.5', 'Over', 'Winnipeg Jets vs St. Louis Blues: Total Goals', 'Over (5.5)'), 'identity');
  t.is(total('Golden State Warriors vs Los Angeles Lakers', 'Over 229.5', 'Warriors vs Lakers: Lakers Team Total', 'Over 115.5'), 'different');
});

test('a Kalshi market that names its subject only in its rules is read as the rules name it; an award\'s nominations are its shortlist', (t) => {
  const rules = (name: string): string => `If ${name} has been nominated for Best Director at the 98th Academy Awards, then the market resolves to Yes. The 98th Academy Awards Nominations are expected to be announced in January 2026.`;
  const kalshi = (name: string): MarketRef => market('kalshi', '2026 Best Director Oscar nominations?', '2026-01-22', 'Yes', rules(name));
  const poly = (title: string): MarketRef => market('polymarket', title, '2026-01-22');
  t.is(verifyPair(kalshi('Chloé Zhao'), poly('Will Chloé Zhao be nominated for Best Director at the 98th Academy Awards?')).relation, 'identity');
  t.is(verifyPair(kalshi('Chloé Zhao'), poly('Will Josh Safdie be nominated for Best Director at the 98th Academy Awards?')).relation, 'different');
  t.is(verifyPair(kalshi('Chloé Zhao'), poly('Will Chloé Zhao win Best Director at the 98th Academy Awards?')).relation, 'different');
  // With its sub-title as the label, the same market reads the same.
  t.is(verifyPair(market('kalshi', '2026 Best Director Oscar nominations?', '2026-01-22', 'Chloé Zhao'), poly('Will Chloé Zhao be nominated for Best Director at the 98th Academy Awards?')).relation, 'identity');
});

test('a Kalshi game ticker whose side code starts with a digit ("26JAN094PAUR") still dates the game', (t) => {
  const kalshi = (pick: string): MarketRef => ({ ...market('kalshi', 'Will 4Pirates win the 4Pirates vs. Aurora Dota 2 match?', '2026-01-23'), ticker: `KXDOTA2GAME-26JAN094PAUR-${pick}` });
  const poly = (pick: string, end = '2026-01-09'): MarketRef => market('polymarket', 'Dota 2: Aurora vs 4Pirates (BO3)', end, pick);
  t.is(verifyPair(kalshi('4P'), poly('4Pirates')).relation, 'identity');
  t.is(verifyPair(kalshi('4P'), poly('Aurora')).relation, 'complement');
  t.is(verifyPair(kalshi('4P'), { ...poly('4Pirates', '2026-01-16'), title: 'Dota 2: Aurora vs 4Pirates (BO3) - January 16' }).relation, 'different');
});

test('"Supporting Actress" without "Best" is that award\'s category, not none', (t) => {
  const rules = 'If Amy Madigan has been nominated for Best Supporting Actress at the 98th Academy Awards, then the market resolves to Yes.';
  const kalshi = market('kalshi', '2026 Supporting Actress Oscar nominations?', '2026-01-22', 'Yes', rules);
  t.is(verifyPair(kalshi, market('polymarket', 'Will Amy Madigan be nominated for Best Supporting Actress at the 98th Academy Awards?', '2026-01-22')).relation, 'identity');
  t.is(verifyPair(kalshi, market('polymarket', 'Will Amy Madigan be nominated for Best Actress at the 98th Academy Awards?', '2026-01-22')).relation, 'different');
});

test('a club named with its founding year or its country ("Como 1907", "Al Ittihad Saudi Club") is that side, not a count or a place', (t) => {
  const game = (a: string, pa: string, b: string, day: string): string => verifyPair(market('kalshi', a, day, pa), market('polymarket', b, day)).relation;
  t.is(game('Como vs Bologna Winner?', 'Como', 'Will Como 1907 win on 2026-01-10?', '2026-01-10'), 'identity');
  t.is(game('Como vs Bologna Winner?', 'Bologna', 'Will Como 1907 win on 2026-01-10?', '2026-01-10'), 'different');
  t.is(game('Al-Kholood vs Al-Ittihad Winner?', 'Al-Ittihad', 'Will Al Ittihad Saudi Club win on 2026-01-09?', '2026-01-09'), 'identity');
  // A player's line in a game title keeps its number.
  t.is(verifyPair(market('polymarket', 'Lakers vs. Celtics: LeBron James Points O/U 24.5', '2026-12-02', 'Over'), market('kalshi', 'Will LeBron James score 25+ points vs Celtics on Dec 2?', '2026-12-02')).relation, 'identity');
});

test('a label that names a market and answers it ("Both Teams To Score: No") pays on that answer', (t) => {
  const game = (pa: string, pb: string): string => verifyPair(market('azuro', 'Manchester City vs Newcastle United', '2027-01-10', pa), market('polymarket', 'Manchester City vs. Newcastle: Both Teams to Score?', '2027-01-10', pb)).relation;
  t.is(game('Both Teams To Score: No', 'Yes'), 'complement');
  t.is(game('Both Teams To Score: No', 'No'), 'identity');
  t.is(game('Both Teams To Score: Yes', 'Yes'), 'identity');
});

test('none written after a doing verb ("issue zero vetoes", "make no bitcoin sales") is the event\'s negation', (t) => {
  t.is(rel('Will Trump issue zero vetoes in 2027?', 'Will 2027 pass without a Trump veto?'), 'identity');
  t.is(rel('Will Trump issue zero vetoes in 2027?', 'Will Trump veto a bill in 2027?'), 'complement');
  t.is(rel('MicroStrategy sells any Bitcoin by June 30, 2027?', 'Will Strategy make no bitcoin sales by June 30, 2027?', '2027-06-30'), 'complement');
  t.is(rel('Will the Fed refrain from cutting rates in 2027?', 'Will the Fed make zero rate cuts in 2027?'), 'identity');
});

test('a party\'s leader is not the head of government, and the Lord Speaker is not the Commons\' Speaker', (t) => {
  t.is(rel('Starmer out as PM by end of 2027?', 'Will Keir Starmer cease to be Leader of the Labour Party before 2028?'), 'different');
  t.is(rel('Starmer out as Labour leader by end of 2027?', 'Will Keir Starmer cease to be Leader of the Labour Party before 2028?'), 'identity');
  t.is(rel('Will Lindsay Hoyle be Speaker of the House of Commons on December 31, 2027?', 'Will Lindsay Hoyle be Lord Speaker on Dec 31, 2027?'), 'different');
});

test('"Will A win Map 1 vs B?" picks A: not the same market as B\'s map-1 line', (t) => {
  const map = (pick: string, b: string): string => verifyPair(market('azuro', 'Team Spirit vs Natus Vincere — Map 1 Winner', '2027-01-10', pick), market('polymarket', b, '2027-01-10')).relation;
  t.is(map('Natus Vincere', 'Will Natus Vincere win Map 1 vs Team Spirit?'), 'identity');
  t.not(map('Team Spirit', 'Will Natus Vincere win Map 1 vs Team Spirit?'), 'identity');
});

test('a head-to-head of two candidates is not the race, unless it is a runoff of those two or one against the field', (t) => {
  const h2h = (a: string, pick: string, b: string, pb = 'Yes'): string => verifyPair(market('sxbet', a, '2028-08-01', pick), market('kalshi', b, '2028-08-01', pb)).relation;
  t.is(h2h('2028 Republican Presidential Nomination - JD Vance vs Marco Rubio', 'JD Vance', 'Who will win the 2028 Republican presidential nomination?', 'JD Vance'), 'different');
  t.is(h2h('2028 U.S. Presidential Election - JD Vance vs Gavin Newsom', 'JD Vance', 'Will JD Vance win the 2028 US Presidential Election?'), 'different');
  t.is(h2h('2028 Republican Presidential Nomination - JD Vance vs Field', 'JD Vance', 'Who will win the 2028 Republican presidential nomination?', 'JD Vance'), 'identity');
  t.is(h2h('Texas Republican Senate runoff: Cornyn vs. Paxton', 'Ken Paxton', 'Will Ken Paxton win the Texas Republican Senate runoff?'), 'identity');
});

test('winning the AFC is the conference, not its West division; the Kopa Trophy is not the Ballon d\'Or', (t) => {
  const on = (a: string, pa: string, b: string): string => verifyPair(market('sxbet', a, '2027-01-31', pa), market('polymarket', b, '2027-01-31')).relation;
  t.is(on('NFL 2026/27 — AFC West Winner', 'Kansas City Chiefs', 'Will the Kansas City Chiefs win the AFC?'), 'different');
  t.is(rel('Will the Chiefs win the AFC Championship?', 'Will the Kansas City Chiefs win the AFC?', '2027-01-31'), 'identity');
  t.is(on('Ballon d\'Or 2027 — Kopa Trophy', 'Lamine Yamal', 'Will Lamine Yamal win the 2027 Ballon d\'Or?'), 'different');
});

test('a Fed meeting named by its two days or its day is the meeting of its month; leaving the range unchanged is a hold', (t) => {
  const fed = (a: string, b: string, outcome: string, end: string): string => verifyPair(market('manifold', a, end), market('polymarket', b, end, outcome)).relation;
  t.is(fed('Will the FOMC leave the federal funds target range unchanged at its January 26–27, 2027 meeting?', 'Fed decision in January?', 'No change', '2027-01-27'), 'identity');
  t.is(fed('Will the FOMC leave the federal funds target range unchanged at its January 26–27, 2027 meeting?', 'Fed decision in March?', 'No change', '2027-03-17'), 'different');
  t.is(rel('Will the upper bound of the federal funds rate be above 3.75% after the Jun 2027 meeting?', 'Fed target range top end higher than 3.75% following the June 16, 2027 FOMC?', '2027-06-16'), 'identity');
  t.is(rel('Will the upper bound of the federal funds rate be above 3.75% after the Jul 2027 meeting?', 'Fed target range top end higher than 3.75% following the June 16, 2027 FOMC?', '2027-06-16'), 'different');
});

test('"at or under 4.5%" counts 4.5% itself, as "4.5% or lower" does', (t) => {
  t.is(rel('Will March 2027 US unemployment come in at or under 4.5%?', 'Will the US unemployment rate for March 2027 be 4.5% or lower?', '2027-04-02'), 'identity');
  t.is(rel('Will March 2027 US unemployment come in at or under 4.5%?', 'Will the US unemployment rate for March 2027 be above 4.5%?', '2027-04-02'), 'complement');
});

test('a sportsbook\'s "Outright" futures market is the competition\'s winner, and "Super Bowl LXI" is the 2027 game', (t) => {
  const fut = (a: string, b: string, pick: string, end: string): string => verifyPair(market('polymarket', a, end), market('sxbet', b, end, pick)).relation;
  t.is(fut('Will the Philadelphia Eagles win Super Bowl 2027?', 'NFL 2026/27 — Super Bowl LXI Outright Winner', 'Philadelphia Eagles', '2027-02-14'), 'identity');
  t.is(fut('Will the Philadelphia Eagles win Super Bowl 2028?', 'NFL 2026/27 — Super Bowl LXI Outright Winner', 'Philadelphia Eagles', '2027-02-14'), 'different');
  t.is(fut('Will Jannik Sinner win the 2027 Australian Open?', 'Australian Open 2027 — Men\'s Singles Outright', 'Jannik Sinner', '2027-02-01'), 'identity');
  // The Super Bowl's MVP stays an award of its own, and winning outright in an election is still a first-round win.
  t.is(fut('Will Josh Allen be the 2026-2027 NFL MVP?', 'NFL 2026/27 — Super Bowl LXI MVP', 'Josh Allen', '2027-02-14'), 'different');
  t.is(rel('Will Lula win the 2026 Brazilian presidential election outright?', 'Will Lula win the 2026 Brazilian presidential election?', '2026-10-25'), 'different');
});

test('a club that stays up, avoids relegation or survives in its league is not relegated', (t) => {
  const rel2 = (a: string, pa: string, b: string, pb: string): string => verifyPair(market('sxbet', a, '2027-05-23', pa), market('polymarket', b, '2027-05-23', pb)).relation;
  t.is(rel2('Premier League 2026/27 — To Be Relegated', 'Leeds United', 'Leeds United to stay up in the 2026/27 Premier League?', 'Yes'), 'complement');
  t.is(rel2('Serie A 2026/27 — To Stay Up', 'Pisa', 'Will Pisa be relegated from Serie A in 2026-27?', 'Yes'), 'complement');
  t.is(rel2('LaLiga 2026/27 — To Be Relegated', 'Levante', 'Levante survive in LaLiga 2026/27?', 'Yes'), 'complement');
  t.is(rel('Will Burnley avoid relegation from the 2026-27 Premier League?', 'Will Burnley stay up in the 2026/27 Premier League?', '2027-05-23'), 'identity');
  t.is(rel2('Premier League 2026/27 — To Be Relegated', 'Leeds United', 'Burnley to stay up in the 2026/27 Premier League?', 'Yes'), 'different');
});

test('a rivalry\'s name is its fixture (El Clásico, the North London derby, the Battle of Alberta); a draw is the draw however worded', (t) => {
  const game = (a: string, pa: string, b: string, pb: string, end: string): string => verifyPair(market('polymarket', a, end, pa), market('azuro', b, end, pb)).relation;
  t.is(game('Will Real Madrid win El Clásico on March 21?', 'Yes', 'Real Madrid vs FC Barcelona', 'Real Madrid', '2027-03-21'), 'identity');
  t.is(game('Will Real Madrid win El Clásico on March 21?', 'Yes', 'Real Madrid vs Atletico Madrid', 'Real Madrid', '2027-03-21'), 'different');
  t.is(game('North London derby (Dec 12): ends in a draw?', 'Yes', 'Arsenal vs Tottenham Winner?', 'Tie', '2026-12-12'), 'identity');
  t.is(game('North London derby (Dec 12): ends in a draw?', 'Yes', 'Arsenal vs Tottenham Winner?', 'Arsenal', '2026-12-12'), 'different');
  t.is(game('Derby d\'Italia finishes level?', 'Yes', 'Will Juventus vs. Inter end in a draw?', 'Yes', '2027-01-02'), 'identity');
  t.is(game('Will the Oilers win the Battle of Alberta on Jan 23, 2027?', 'Yes', 'Edmonton Oilers vs Calgary Flames – Winner (incl. OT)', 'Calgary Flames', '2027-01-23'), 'complement');
});

test('winning in regulation time is narrower than winning where overtime decides the game', (t) => {
  const game = (b: string): string => verifyPair(market('azuro', 'Edmonton Oilers vs Calgary Flames – Regulation Time', '2027-01-23', 'Edmonton Oilers'), market('polymarket', b, '2027-01-23')).relation;
  t.is(game('Will the Oilers win the Battle of Alberta on Jan 23, 2027?'), 'different');
  t.is(game('Will the Oilers beat the Flames in regulation on Jan 23, 2027?'), 'identity');
});

test('other names of one market: a year in the red is down, the Taoiseach and Spain\'s President of the Government are prime ministers, the top scorer wins the Golden Boot', (t) => {
  t.is(rel('Will Bitcoin end 2027 in the red?', 'Bitcoin down in 2027?'), 'identity');
  t.is(rel('Will Bitcoin end 2027 in the red?', 'Bitcoin up in 2027?'), 'different');
  t.is(rel('Will Pedro Sánchez be Prime Minister of Spain on Dec 31, 2027?', 'Will Pedro Sanchez be President of the Government of Spain on 31 Dec 2027?'), 'identity');
  const label = (a: string, pa: string, b: string, end: string): string => verifyPair(market('kalshi', a, end, pa), market('polymarket', b, end)).relation;
  t.is(label('Who will be Taoiseach on Dec 31, 2027?', 'Simon Harris', 'Will Simon Harris be Ireland\'s Prime Minister on December 31, 2027?', '2027-12-31'), 'identity');
  t.is(label('Premier League Top Goalscorer?', 'Erling Haaland', 'Will Erling Haaland win the 2026-27 Premier League Golden Boot?', '2027-05-23'), 'identity');
});

test('which half of a league wins its championship has two answers: the same half is identity, the other its complement, a team or a division neither', (t) => {
  const label = (a: string, pa: string, b: string, pb: string, end: string): string => verifyPair(market('kalshi', a, end, pa), market('polymarket', b, end, pb)).relation;
  t.is(label('Which conference will win Super Bowl LXI?', 'AFC', 'Will an NFC team win Super Bowl LXI?', 'Yes', '2027-02-14'), 'complement');
  t.is(label('Which conference will win Super Bowl LXI?', 'NFC', 'Will an NFC team win Super Bowl LXI?', 'Yes', '2027-02-14'), 'identity');
  t.is(label('Super Bowl LXI: Winning Conference', 'NFC', 'Will an NFC team win Super Bowl LXI?', 'No', '2027-02-14'), 'complement');
  t.is(label('Which league will win the 2027 World Series?', 'American League', 'Will a National League team win the 2027 World Series?', 'No', '2027-11-01'), 'identity');
  t.is(label('2027 NBA Finals winning conference?', 'East', 'West wins the 2027 NBA Finals?', 'Yes', '2027-06-20'), 'complement');
  t.is(label('2027 NBA Finals winning conference?', 'East', 'Will the Oklahoma City Thunder win the 2027 NBA Finals?', 'No', '2027-06-20'), 'different');
  t.is(label('Super Bowl LXI: Winning Conference', 'NFC', 'Will an NFC East team win Super Bowl LXI?', 'Yes', '2027-02-14'), 'different');
  t.is(label('Which conference will win the 2027 Stanley Cup?', 'Eastern', 'Which conference will win the 2027 NBA Finals?', 'Eastern', '2027-06-20'), 'different');
});

test('who meets, which post is left, and which places are visited are part of the question', (t) => {
  const on = (a: string, b: string): string => rel(a, b, '2026-12-31');
  t.is(on('Volodymyr Zelenskyy and Vladimir Putin meet before Jan 1, 2027?', 'Trump, Putin, and Zelensky meet together before 2027?'), 'different');
  t.is(on('Volodymyr Zelenskyy and Vladimir Putin meet before Jan 1, 2027?', 'Will Putin and Zelensky meet before 2027?'), 'identity');
  t.is(on('Will Kristi Noem leave as Secretary of Homeland Security before 2027?', 'Will Kristi Noem leave the Trump administration before 2027?'), 'different');
  t.is(on('Will Kristi Noem leave as Secretary of Homeland Security before 2027?', 'Kristi Noem out as DHS Secretary before 2027?'), 'identity');
  t.is(on('Will Donald Trump visit Connecticut, Maine, Massachusetts, New Hampshire, Rhode Island, or Vermont before Jan 1, 2027?', 'Will Donald Trump visit New Hampshire in 2026?'), 'different');
  t.is(on('Will Donald Trump visit New Hampshire before Jan 1, 2027?', 'Will Donald Trump visit New Hampshire in 2026?'), 'identity');
});

test('a government recognising someone as a leader is its act, not the person leading', (t) => {
  const on = (a: string, b: string): string => rel(a, b, '2026-12-31');
  t.is(on('Will the United States recognize Reza Pahlavi as the leader of Iran in 2026?', 'Will Reza Pahlavi lead Iran in 2026?'), 'different');
  t.is(on('Will the United States recognize Reza Pahlavi as the leader of Iran in 2026?', 'Will the US recognize Reza Pahlavi as Iran\'s leader before 2027?'), 'identity');
});

test('what is counted: an election called is not held, a referendum held is not passed, ADP is not the BLS report, monthly users are not weekly, a US chart is not the global one', (t) => {
  const on = (a: string, b: string, end = '2027-06-30'): string => rel(a, b, end);
  t.is(on('Will a Canadian federal election be called before July 1, 2027?', 'Will Canada hold a federal election before July 1, 2027?'), 'different');
  t.is(on('Will a Canadian federal election be called before July 1, 2027?', 'Canadian snap election called by June 30, 2027?'), 'identity');
  t.is(on('Will South Korea hold a constitutional amendment referendum before 2028?', 'South Korea constitutional amendment approved in referendum by 2027?', '2027-12-31'), 'different');
  t.is(on('Will the ADP report show more than 100k private jobs added in February 2027?', 'Will private payrolls rise by more than 100k in February 2027?', '2027-03-05'), 'different');
  t.is(on('ChatGPT 1 billion weekly active users by June 30, 2027?', 'Will ChatGPT report 1 billion monthly active users by June 30, 2027?'), 'different');
  t.is(on('ChatGPT 1 billion weekly active users by June 30, 2027?', 'Will ChatGPT reach 1B weekly active users by June 30, 2027?'), 'identity');
  t.is(on('Will Dune: Part Three win Best Adapted Screenplay at the 2027 Oscars?', 'Will Dune: Part Three win Best Original Screenplay at the 2027 Oscars?', '2027-03-15'), 'different');
  const label = (a: string, b: string, pick: string): string => verifyPair(market('kalshi', a, '2026-12-26', pick), market('polymarket', b, '2026-12-26', pick)).relation;
  t.is(label('#1 song on Spotify US daily chart on December 25, 2026?', 'Top song on Spotify Global daily chart for Dec 25, 2026?', 'All I Want for Christmas Is You'), 'different');
  t.is(label('Top Netflix English TV show globally, week of Jan 4, 2027?', 'Top Netflix non-English show globally (Jan 4–10, 2027)?', 'Bridgerton'), 'different');
});

test('a role not held on a day ("no longer Bundeskanzler on 31 Dec", "NOT HHS Secretary on Jan 1") negates holding it then; "hold the office of Speaker on" holds it', (t) => {
  t.is(rel('Will Friedrich Merz be Chancellor of Germany on December 31, 2027?', 'Merz is no longer Bundeskanzler on 31 Dec 2027'), 'complement');
  t.is(rel('Will Friedrich Merz be Chancellor of Germany on December 31, 2027?', 'Merz is no longer Bundeskanzler on 31 Mar 2027'), 'different');
  t.is(rel('Will RFK Jr. be Secretary of Health and Human Services on January 1, 2028?', 'RFK Jr. NOT HHS Secretary on Jan 1, 2028?'), 'complement');
  t.is(rel('Mike Johnson Speaker on February 1, 2027?', 'Will Mike Johnson hold the office of Speaker of the House on 2/1/2027?', '2027-02-01'), 'identity');
});

test('other names of one thing: becoming a member is joining, an invitation is not; the debt limit is the debt ceiling; a Tory leader leads the Conservatives; the Minister-President is the Dutch PM', (t) => {
  t.is(rel('Will Ukraine become a NATO member before Jan 1, 2029?', 'Will Ukraine join NATO before 2029?', '2028-12-31'), 'identity');
  t.is(rel('Will Ukraine be formally invited to join NATO before 2028?', 'Will Ukraine become a NATO member by Dec 31, 2027?'), 'different');
  t.is(rel('Debt ceiling raised or suspended by December 31, 2027?', 'Will Congress raise or suspend the debt limit before 2028?'), 'identity');
  t.is(rel('Will Badenoch be Tory leader on Jan. 1, 2028?', 'Will Kemi Badenoch still be leader of the Conservative Party on 1 January 2028?'), 'identity');
  t.is(rel('Rob Jetten out as Dutch PM by December 31, 2027?', 'Will Rob Jetten stop being Minister-President of the Netherlands before 2028?'), 'identity');
  t.is(rel('Rob Jetten out as Dutch PM by December 31, 2027?', 'Will Dick Schoof stop being Minister-President of the Netherlands before 2028?'), 'different');
});

test('releases: a work "out by" a date or "dropped" is released; a sequel is numbered as "Part Three", "III" or "3"; a PC release or a date announced is not the release', (t) => {
  t.is(rel('Will Anthropic release Claude Opus 5 before Apr 1, 2027?', 'Claude Opus 5 out by 3/31/2027?', '2027-03-31'), 'identity');
  t.is(rel('Will Drake release ICEMAN before 2027?', 'Aubrey Graham (Drake) album \'Iceman\' out by Dec 31, 2026?', '2026-12-31'), 'identity');
  t.is(rel('Will Kanye West release "Bully" by December 31, 2026?', 'Will Ye drop BULLY before 2027?', '2026-12-31'), 'identity');
  t.is(rel('Zelenskyy out by June 30, 2027?', 'Will Volodymyr Zelenskyy leave office before July 1, 2027?', '2027-06-30'), 'identity');
  t.is(rel('Will The Batman Part II\'s domestic opening weekend be above $100 million?', 'The Batman 2 opens above $100M domestic?', '2027-10-05'), 'identity');
  t.is(rel('Will The Batman Part II\'s domestic opening weekend be above $100 million?', 'The Batman 3 opens above $100M domestic?', '2027-10-05'), 'different');
  t.is(rel('GTA VI released by March 31, 2027?', 'GTA 6 out on PC by March 31, 2027?', '2027-03-31'), 'different');
  t.is(rel('Will GTA VI be released on PC before 2028?', 'Will Rockstar announce a PC release date for GTA 6 before 2028?'), 'different');
  const label = (a: string, pa: string, b: string): string => verifyPair(market('kalshi', a, '2026-12-11', pa), market('polymarket', b, '2026-12-11')).relation;
  t.is(label('The Game Awards 2026: Game of the Year', 'Grand Theft Auto VI', 'GTA 6 wins GOTY at The Game Awards 2026?'), 'identity');
  t.is(label('The Game Awards 2026: Game of the Year', 'Grand Theft Auto VI', 'Will GTA VI win Ultimate Game of the Year at the 2026 Golden Joystick Awards?'), 'different');
});

test('the monthly payrolls figure however worded: jobs numbers, jobs added, the US adding N jobs, payrolls beating N, the report released the month after', (t) => {
  const label = (a: string, pa: string, b: string, end: string): string => verifyPair(market('kalshi', a, end, pa), market('polymarket', b, end)).relation;
  t.is(label('Jobs numbers in Nov 2026?', 'Above 100,000', 'Will the US economy add more than 100k jobs in November 2026?', '2026-12-04'), 'identity');
  t.is(label('Jobs numbers in Nov 2026?', 'Above 100,000', 'Will the US economy add more than 150k jobs in November 2026?', '2026-12-04'), 'different');
  t.is(label('Jobs numbers in Nov 2026?', 'Above 100,000', 'Will the US economy add more than 100k jobs in October 2026?', '2026-12-04'), 'different');
  t.is(rel('Will the jobs report released in January 2027 show more than 150,000 jobs added?', 'Will the US add more than 150k jobs in December 2026?', '2027-01-08'), 'identity');
  t.is(label('Jobs numbers in May 2026?', 'Above 100,000', 'Will the jobs report released June 5, 2026 show more than 100k jobs added?', '2026-06-05'), 'identity');
  t.is(rel('Will November 2026 nonfarm payrolls beat 100K?', 'US jobs added in November 2026 above 100,000?', '2026-12-04'), 'identity');
  t.is(rel('Will December 2026 payrolls come in at 150K or below?', 'Will the US add more than 150k jobs in December 2026?', '2027-01-08'), 'complement');
});

test('a two-legged tie asked who goes through ("· To Advance", "— To Qualify") is the tie its round names on the other venue; a club\'s other name in the alias groups is the same side, another club is not', (t) => {
  const tie = (a: string, pa: string, b: string, pb = 'Yes'): string => verifyPair(market('azuro', a, '2027-03-17', pa), market('polymarket', b, '2027-03-17', pb)).relation;
  t.is(tie('Manchester City vs Real Madrid · To Advance', 'Manchester City', 'Champions League Round of 16: Will Manchester City advance vs Real Madrid?'), 'identity');
  t.is(tie('Manchester City vs Real Madrid — To Qualify', 'Real Madrid', 'Champions League Round of 16: Will Manchester City advance vs Real Madrid?'), 'complement');
  t.is(tie('Manchester City vs Real Madrid — To Qualify', 'Real Madrid', 'Manchester City vs Real Madrid Winner?', 'Real Madrid'), 'different');
  // Bayern and Bayern Munich are one club of the alias groups: PSG going through is Bayern not going through.
  t.is(tie('Champions League Round of 16: PSG vs. Bayern - Who advances?', 'PSG', 'Will Bayern Munich advance past PSG in the Champions League Round of 16?'), 'complement');
  t.is(tie('Champions League Round of 16: PSG vs. Bayern - Who advances?', 'PSG', 'Will Bayer Leverkusen advance past PSG in the Champions League Round of 16?'), 'different');
});

test('a match\'s total of maps or sets is read once, so going to a third map is the complement of under 2.5 maps', (t) => {
  const maps = (pa: string, b: string): string => verifyPair(market('sxbet', 'Cloud9 vs 100 Thieves · Total Maps', '2027-03-01', pa), market('polymarket', b, '2027-03-01')).relation;
  t.is(maps('Under 2.5', 'Will Cloud9 vs 100 Thieves go to a third map?'), 'complement');
  t.is(maps('Over 2.5', 'Will Cloud9 vs 100 Thieves go to a third map?'), 'identity');
  t.is(maps('Under 3.5', 'Will Cloud9 vs 100 Thieves go to a third map?'), 'different');
});

test('leaders under other transliterations are one person: Lukashenka, Ahmad al-Sharaa, Hendrik Wuest', (t) => {
  t.is(rel('Lukashenko out as President of Belarus by end of 2027?', 'Will Aleksandr Lukashenka leave office before 2028?'), 'identity');
  t.is(rel('Ahmed al-Sharaa out as President of Syria by December 31, 2027?', 'Will Ahmad al-Sharaa leave office as Syria\'s president before 2028?'), 'identity');
  t.is(rel('Will Hendrik Wüst be the next German Chancellor?', 'Will Hendrik Wuest be the next German Chancellor?'), 'identity');
  t.is(rel('Will Hendrik Wüst be the next German Chancellor?', 'Will Markus Söder be the next German Chancellor?'), 'different');
});

test('a club named by its short form in one title and its full name in the other is one club outside a game; another club is not', (t) => {
  const winner = (a: string, pa: string, b: string, pb = 'Yes'): string => verifyPair(market('kalshi', a, '2027-05-22', pa), market('polymarket', b, '2027-05-22', pb)).relation;
  t.is(winner('Ligue 1 Winner?', 'PSG', 'Ligue 1 Winner 2026-27', 'Paris Saint-Germain'), 'identity');
  t.is(winner('Ligue 1 Winner?', 'PSG', 'Will Paris Saint-Germain win Ligue 1 2026-27?'), 'identity');
  t.is(winner('Ligue 1 Winner?', 'PSG', 'Will any club other than Paris Saint-Germain win Ligue 1 in 2026-27?'), 'complement');
  t.is(winner('Ligue 1 Winner?', 'Marseille', 'Will Paris Saint-Germain win Ligue 1 2026-27?'), 'different');
  t.is(winner('La Liga Winner?', 'Atleti', 'Will Atlético Madrid win La Liga 2026-27?'), 'identity');
  t.is(winner('La Liga Winner?', 'Atleti', 'Will Atlético Madrid finish top 4 in La Liga 2026-27?'), 'different');
});

test('what is measured, kept as data: the first goal is not any goal, a jury verdict is not any conviction, signing is not ratifying, a ceasefire agreed is not one in effect', (t) => {
  t.is(rel('Arsenal vs. Chelsea: Bukayo Saka First Goalscorer', 'Bukayo Saka anytime scorer in Arsenal vs Chelsea?', '2027-03-14'), 'different');
  t.is(rel('Arsenal vs. Chelsea: Bukayo Saka anytime goalscorer', 'Bukayo Saka anytime scorer in Arsenal vs Chelsea?', '2027-03-14'), 'identity');
  t.is(rel('Will Sam Bankman-Fried be found guilty by a jury in a new trial before 2028?', 'Will Sam Bankman-Fried be convicted in a new trial before 2028?'), 'different');
  t.is(rel('Will 40 countries ratify the High Seas Treaty before 2028?', 'Will 40 countries sign the High Seas Treaty before 2028?'), 'different');
  t.is(rel('Will 40 countries ratify the High Seas Treaty before 2028?', 'High Seas Treaty ratified by 40 countries before 2028?'), 'identity');
  t.is(rel('Will Israel and Hezbollah agree to a ceasefire before 2028?', 'Israel x Hezbollah ceasefire in effect by December 31, 2027?'), 'different');
});

test('an election counted in votes is not one counted in seats; an arena leaderboard is one task; any month of a year is not one release; one authority\'s sanctions are not another\'s', (t) => {
  t.is(rel('Will Fidesz win the most votes in the 2026 Hungarian parliamentary election?', 'Will Fidesz win the most seats in the 2026 Hungarian parliamentary election?', '2026-04-30'), 'different');
  t.is(rel('Will an OpenAI model top the LMArena text leaderboard on June 30, 2027?', 'Will an OpenAI model be #1 on the LMArena WebDev leaderboard on June 30, 2027?', '2027-06-30'), 'different');
  t.is(verifyPair(market('kalshi', 'Top AI model on the LMArena text leaderboard on Jun 30, 2027?', '2027-06-30', 'OpenAI'), market('manifold', 'Will an OpenAI model top the LMArena text leaderboard on June 30, 2027?', '2027-06-30')).relation, 'identity');
  t.is(rel('Will US CPI inflation exceed 4% in any month of 2027?', 'Will US CPI inflation for December 2027 exceed 4%?', '2028-01-14'), 'different');
  t.is(rel('Will the UK sanction Gazprom Neft before 2028?', 'Will the US sanction Gazprom Neft before 2028?'), 'different');
});

test('golf\'s U.S. Open is not the Open Championship, and League of Legends\' Worlds is not the Mid-Season Invitational', (t) => {
  t.is(rel('Rory McIlroy wins the 2027 U.S. Open?', 'Will Rory McIlroy win the 2027 Open Championship?'), 'different');
  t.is(rel('Rory McIlroy wins the 2027 U.S. Open?', 'Will Rory McIlroy win the 2027 US Open?'), 'identity');
  t.is(rel('Will Gen.G win the 2027 League of Legends World Championship?', 'Gen.G wins MSI 2027?'), 'different');
});

test('"have no X" and "some company other than X" are negations; the USA as the one who wins is a side, as Europe is', (t) => {
  t.is(rel('Will a Category 4 hurricane make landfall in Florida in 2027?', 'Will 2027 have no Category 4 hurricane landfall in Florida?'), 'complement');
  t.is(rel('Will Apple be the world\'s largest company by market cap on June 30, 2027?', 'Will some company other than Apple be the world\'s largest by market cap on June 30, 2027?', '2027-06-30'), 'complement');
  const cup = (b: string, pb: string): string => verifyPair(market('polymarket', 'Will the USA win the 2027 Solheim Cup?', '2027-09-12'), market('kalshi', b, '2027-09-12', pb)).relation;
  t.is(cup('Who will win the 2027 Solheim Cup?', 'Europe'), 'different');
  t.is(cup('Who will win the 2027 Solheim Cup?', 'United States'), 'identity');
});

test('a race\'s winner named on one side and nobody on the other is one candidate against the race as a whole', (t) => {
  t.is(rel('Will Ukraine hold a presidential election in 2027?', 'Will Volodymyr Zelenskyy win the 2027 Ukrainian presidential election?'), 'different');
  t.is(rel('Will the 2028 Texas Democratic Senate primary go to a runoff?', 'Will Ken Paxton win the 2028 Texas Democratic Senate primary runoff?', '2028-05-26'), 'different');
  t.is(rel('Will Volodymyr Zelenskyy win the 2027 Ukrainian presidential election?', 'Zelensky wins Ukraine\'s 2027 presidential election?'), 'identity');
});

test('a country getting a new prime minister before a day is the negation of its holder remaining through it; becoming the next one is not', (t) => {
  t.is(rel('Will Keir Starmer remain Prime Minister of the United Kingdom through Dec 31, 2027?', 'Will the United Kingdom get a new Prime Minister before 2028?'), 'complement');
  t.is(rel('Will Keir Starmer leave office as Prime Minister of the United Kingdom before 2028?', 'Will the United Kingdom get a new Prime Minister before 2028?'), 'identity');
  t.is(rel('Will Kemi Badenoch become Prime Minister of the United Kingdom before 2028?', 'Will the United Kingdom get a new Prime Minister before 2028?'), 'different');
  t.is(rel('Will Keir Starmer remain Prime Minister of the United Kingdom through Dec 31, 2027?', 'Will Spain get a new Prime Minister before 2028?'), 'different');
});

test('leaders by their nicknames: Albo is Anthony Albanese, MBS is Mohammed bin Salman', (t) => {
  t.is(rel('Will Anthony Albanese be Prime Minister of Australia on June 30, 2027?', 'Albo still PM on 30 June 2027?', '2027-06-30'), 'identity');
  t.is(rel('Will Mohammed bin Salman become King of Saudi Arabia before 2028?', 'MBS crowned Saudi King before 2028?'), 'identity');
  t.is(rel('Will Anthony Albanese be Prime Minister of Australia on June 30, 2027?', 'Peter Dutton PM on 30 June 2027?', '2027-06-30'), 'different');
});

test('storm categories and quake magnitudes written short: "Cat 5" is Category 5, "Cat 3+" a major hurricane, "M7.5+" a magnitude and not a count', (t) => {
  t.is(rel('Will a Category 4 hurricane make landfall in Texas in 2027?', 'Cat 4 hurricane landfall in Texas in 2027?'), 'identity');
  t.is(rel('Will a major hurricane hit Florida in 2027?', 'Cat 3+ hurricane hits Florida in 2027?'), 'identity');
  t.is(rel('Will a Category 4 hurricane make landfall in Texas in 2027?', 'Cat 5 hurricane landfall in Texas in 2027?'), 'different');
  t.is(rel('Magnitude 7.0+ earthquake in Japan in 2027?', 'M7+ earthquake in Japan in 2027?'), 'identity');
  t.is(rel('Magnitude 8.0+ earthquake in Japan in 2027?', 'M7.5+ earthquake in Japan in 2027?'), 'different');
});

test('raising and departure are hiking and leaving: "go all year without raising rates" is the No of a hike', (t) => {
  t.is(rel('Bank of Canada rate hike in 2027?', 'Will the Bank of Canada go all of 2027 without raising rates?'), 'complement');
  t.is(rel('Will Stephen Colbert announce he is leaving The Late Show in 2027?', 'Stephen Colbert announces departure from The Late Show in 2027?'), 'identity');
});

test('a held policy rate sits on its level: "above 2.00%" is not "at least 2%" for the ECB, and "2027 H1" is the first half of 2027', (t) => {
  t.is(verifyPair(market('kalshi', 'ECB deposit rate after the Jun 2027 meeting?', '2027-06-10', 'Above 2.00%'), market('manifold', 'Will the ECB deposit rate be at least 2% after the June 2027 meeting?', '2027-06-10')).relation, 'different');
  t.is(verifyPair(market('kalshi', 'ECB deposit rate after the Jun 2027 meeting?', '2027-06-10', 'Above 2.00%'), market('manifold', 'Will the ECB deposit rate be above 2% after the June 2027 meeting?', '2027-06-10')).relation, 'identity');
  t.is(rel('Will Nvidia release the Rubin Ultra in 2027 H1?', 'Will Nvidia release the Rubin Ultra before 2028?'), 'different');
  t.is(rel('Will Nvidia release the Rubin Ultra in 2027 H1?', 'Will Nvidia release the Rubin Ultra in the first half of 2027?', '2027-06-30'), 'identity');
});

test('other names, kept as data: the Hart Trophy is the NHL MVP, Fratelli d\'Italia is Brothers of Italy, Vini Jr is Vinícius Júnior; a parliament\'s two chambers are two votes', (t) => {
  t.is(rel('Will Nathan MacKinnon win the 2026-27 Hart Trophy?', 'Will Nathan MacKinnon be named 2026-27 NHL MVP?', '2027-06-20'), 'identity');
  t.is(rel('Will Nathan MacKinnon win the 2026-27 Hart Trophy?', 'Will Nathan MacKinnon win the 2026-27 Art Ross Trophy?', '2027-06-20'), 'different');
  t.is(rel('Will Fratelli d\'Italia win the most seats in the Chamber of Deputies in 2027?', 'Will Brothers of Italy win the most seats in the Chamber of Deputies in 2027?'), 'identity');
  t.is(rel('Will Brothers of Italy win more than 30% in the Chamber of Deputies vote in 2027?', 'Will Brothers of Italy win more than 30% in the Senate vote in 2027?'), 'different');
  t.is(rel('Will Vinícius Júnior win the 2027 Ballon d\'Or?', 'Will Vini Jr win the 2027 Ballon d\'Or?', '2027-10-31'), 'identity');
});

test('a Kalshi game read without its ticker closes two weeks after the game: that game is the other venue\'s, a week apart is another', (t) => {
  const game = (kalshiEnd: string, otherEnd: string, pick = 'Lakers'): string => verifyPair(market('kalshi', 'Los Angeles L at Denver Winner?', kalshiEnd, 'Los Angeles L'), market('polymarket', 'Lakers vs. Nuggets', otherEnd, pick)).relation;
  t.is(game('2027-02-24', '2027-02-10'), 'identity');
  t.is(game('2027-02-24', '2027-02-10', 'Nuggets'), 'complement');
  t.is(game('2027-02-10', '2027-02-10'), 'identity');
  t.is(game('2027-02-24', '2027-02-17'), 'different');
  t.is(verifyPair(market('polymarket', 'Lakers vs. Nuggets', '2027-02-24', 'Lakers'), market('azuro', 'Los Angeles Lakers - Denver Nuggets', '2027-02-10', '1')).relation, 'different');
});

test('the largest party in a parliament is the one with the most seats, not the most votes; staying above a level "every moment" through a day is staying above it', (t) => {
  t.is(verifyPair(market('kalshi', 'Which party will win the most seats at the next German federal election?', '2029-12-31', 'SPD'), market('polymarket', 'Will the SPD be the largest party in the Bundestag after the next German federal election?', '2029-12-31')).relation, 'identity');
  t.is(rel('Will the SPD be the largest party in the Bundestag after the 2029 federal election?', 'Will the SPD win the most votes in the 2029 German federal election?', '2029-12-31'), 'different');
  t.is(rel('Will Ethereum dip to $2,000 by June 30, 2027?', 'Will ETH stay above $2,000 every moment through June 30, 2027?', '2027-06-30'), 'complement');
});

test('making the postseason is making the playoffs, also after a season written with an en dash; missing them is the complement', (t) => {
  t.is(rel('Will the Seattle Mariners make the 2027 MLB postseason?', 'Will the Mariners make the 2027 MLB playoffs?', '2027-10-03'), 'identity');
  t.is(rel('Will the Green Bay Packers make the 2027–28 NFL Playoffs?', 'Will the Packers miss the playoffs in the 2027 NFL season?', '2028-01-10'), 'complement');
  t.is(rel('Will the Seattle Mariners make the 2027 MLB postseason?', 'Will the Mariners win the 2027 World Series?', '2027-10-31'), 'different');
});

test('a Kalshi total or player line titled "Away at Home: ..." closes two weeks after its game, like the game\'s winner; a week apart is another game', (t) => {
  const total = (kalshiEnd: string, side = 'Over 229.5 points'): string => verifyPair(market('polymarket', 'Warriors vs. Lakers: O/U 229.5', '2027-02-04', 'Under'), market('kalshi', 'Golden State at Los Angeles L: Total Points', kalshiEnd, side)).relation;
  t.is(total('2027-02-18'), 'complement');
  t.is(total('2027-02-04'), 'complement');
  t.is(total('2027-02-11'), 'different');
  const line = (kalshiEnd: string): string => verifyPair(market('polymarket', 'Dolphins vs. Bills: Josh Allen Passing Yards O/U 249.5', '2027-10-11', 'Over'), market('kalshi', 'Miami at Buffalo: Josh Allen passing yards', kalshiEnd, '250+')).relation;
  t.is(line('2027-10-25'), 'identity');
  t.is(line('2027-10-18'), 'different');
});

test('the first touchdown of a game is not a touchdown at any time in it', (t) => {
  const td = (polymarketTitle: string): string => verifyPair(market('polymarket', polymarketTitle, '2027-10-11'), market('kalshi', 'Miami at Buffalo: James Cook anytime touchdown?', '2027-10-25')).relation;
  t.is(td('Dolphins vs. Bills: Will James Cook score a touchdown?'), 'identity');
  t.is(td('Dolphins vs. Bills: Will James Cook score the first touchdown?'), 'different');
});

test('a club\'s short form in the alias groups picks the same side as its full name (PSG, Man City, Spurs in a Premier League game); the other pick stays the other side', (t) => {
  const game = (title: string, pick: string, other: string, end = '2027-04-10'): string => verifyPair(market('azuro', title, end, pick), market('limitless', other, end)).relation;
  t.is(game('Paris Saint-Germain - Olympique Marseille', '1', 'PSG to beat Marseille on Mar 13, 2027?', '2027-03-13'), 'identity');
  t.is(game('Paris Saint-Germain - Olympique Marseille', '2', 'PSG to beat Marseille on Mar 13, 2027?', '2027-03-13'), 'different');
  t.is(game('Manchester City - Tottenham Hotspur', '1', 'Man City beat Spurs on Apr 10, 2027?'), 'identity');
  t.is(game('Manchester City - Tottenham Hotspur', '2', 'Man City beat Spurs on Apr 10, 2027?'), 'different');
  t.is(game('Manchester City - Manchester United', '1', 'Man City beat Man Utd on Apr 10, 2027?'), 'identity');
  t.is(game('Manchester City - Manchester United', '2', 'Man City beat Man Utd on Apr 10, 2027?'), 'different');
});

test('a game that can be drawn is not its competition\'s "Winner" market, even on the final\'s day', (t) => {
  t.is(verifyPair(market('polymarket', 'Will FC Bayern München win on 2026-05-30?', '2026-05-30'), market('kalshi', 'Champions League Winner 2025-26?', '2026-05-30', 'Bayern Munich')).relation, 'different');
  t.is(verifyPair(market('polymarket', 'Will FC Bayern München win the 2025-26 Champions League?', '2026-05-30'), market('kalshi', 'Champions League Winner 2025-26?', '2026-05-30', 'Bayern Munich')).relation, 'identity');
  t.is(verifyPair(market('kalshi', 'Bayern Munich vs Arsenal Winner? (KXUCLGAME-27MAY29BMUARS)', '2027-05-29', 'Arsenal'), market('polymarket', 'Champions League Winner 2026-27', '2027-05-29', 'Arsenal')).relation, 'different');
});

test('a side named after the colon is the pick ("UConn vs Villanova: Villanova win?"), and a one-team question against the other side of a game without draws is its No', (t) => {
  const thunder = (pick: string): string => verifyPair(market('limitless', 'Will the Thunder win Game 7 of the 2027 NBA Finals?', '2027-06-20'), market('azuro', 'Oklahoma City Thunder - Boston Celtics', '2027-06-20', pick)).relation;
  t.is(thunder('1'), 'identity');
  t.is(thunder('2'), 'complement');
  const lions = (pick: string): string => verifyPair(market('limitless', 'Lions vs Packers on Thanksgiving: Lions win?', '2027-11-25'), market('azuro', 'Detroit Lions - Green Bay Packers', '2027-11-25', pick)).relation;
  t.is(lions('1'), 'identity');
  t.not(lions('2'), 'identity');
});

test('a women\'s club by its suffix (WFC) is not the men\'s side; two esports disciplines stay two games when one is named in brackets', (t) => {
  t.is(verifyPair(market('polymarket', 'Will Arsenal WFC win on 2027-01-17?', '2027-01-17'), market('kalshi', 'Arsenal vs Chelsea Winner?', '2027-01-31', 'Arsenal')).relation, 'different');
  const liquid = (setting: string): string => verifyPair(market('polymarket', `${setting}: Team Liquid vs Fnatic (BO3)`, '2027-03-14', 'Team Liquid'), market('azuro', 'Team Liquid - Fnatic (CS2, ESL Pro League)', '2027-03-14', '1')).relation;
  t.is(liquid('Valorant'), 'different');
  t.is(liquid('Counter-Strike'), 'identity');
});

test('who acts on whom: the title\'s order holds when the label restates it, and expelling an ambassador is directed', (t) => {
  t.is(verifyPair(market('polymarket', 'Will India strike Pakistan in 2027?', '2027-12-31'), market('predictit', 'Will Pakistan launch a military strike on India in 2027?', '2027-12-31', 'Pakistan strikes India')).relation, 'different');
  t.is(rel('Will Poland expel Russia\'s ambassador in 2027?', 'Will Russia expel the Polish ambassador in 2027?'), 'different');
  t.is(rel('Will Poland expel Russia\'s ambassador in 2027?', 'Will Poland expel the Russian ambassador in 2027?'), 'identity');
});

test('announcing an IPO, a summit or an album is not holding it; a referendum on leaving is not leaving; a general mobilisation is not a partial one', (t) => {
  t.is(rel('Will OpenAI announce an IPO before 2028?', 'Will OpenAI IPO before Jan 1, 2028?'), 'different');
  t.is(rel('Trump x Putin summit announced by December 31?', 'Will Trump and Putin hold a summit before Jan 1, 2028?'), 'different');
  t.is(rel('Will Apple announce a foldable iPhone before 2028?', 'Apple unveils a foldable iPhone before 2028?'), 'identity');
  t.is(rel('Hungary referendum on leaving the EU by December 31, 2027?', 'Will Hungary leave the European Union before 2028?'), 'different');
  t.is(rel('Greenland independence referendum held in 2027?', 'Will Greenland vote for independence in 2027?'), 'different');
  t.is(rel('Russia declares general mobilization in 2027?', 'Will Russia announce a new partial mobilization during 2027?'), 'different');
  t.is(rel('Russia declares general mobilization in 2027?', 'Will Russia declare a full mobilization in 2027?'), 'identity');
});

test('other words for one act: tying the knot is getting married, made publicly available or put on sale is released, going public is an IPO, divesting is selling; a beta is not general availability', (t) => {
  t.is(rel('Will Zendaya & Tom Holland tie the knot by the end of 2027?', 'Will Zendaya and Tom Holland get married before 2028?'), 'identity');
  t.is(rel('GPT-6 publicly available by end of 2027?', 'Will OpenAI release GPT-6 before Jan 1, 2028?'), 'identity');
  t.is(rel('Will a foldable iPhone go on sale to the public by December 31, 2027?', 'Will Apple release a foldable iPhone before Jan 1, 2028?'), 'identity');
  t.is(rel('Will Anthropic go public by Dec 31, 2027?', 'Will Anthropic IPO before 2028?'), 'identity');
  t.is(rel('Will Google be court-ordered to sell AdX by Dec 31, 2027?', 'Will a court order Google to divest AdX before Jan 1, 2028?'), 'identity');
  t.is(rel('Will GPT-6 be released in beta by June 30, 2027?', 'Will GPT-6 be generally available before Jul 1, 2027?', '2027-06-30'), 'different');
});

test('award and nickname short forms: AOTY, SOTY, BNA and TIME POY name their awards; Tay Tay is Taylor Swift and RiRi is Rihanna', (t) => {
  t.is(verifyPair(market('manifold', 'Will Tay Tay\'s The Life of a Showgirl win AOTY at the 2027 Grammys?', '2027-02-08'), market('kalshi', 'Grammy for Album of the Year?', '2027-02-08', 'The Life of a Showgirl')).relation, 'identity');
  t.is(verifyPair(market('manifold', 'Will Tay Tay\'s The Life of a Showgirl win SOTY at the 2027 Grammys?', '2027-02-08'), market('kalshi', 'Grammy for Album of the Year?', '2027-02-08', 'The Life of a Showgirl')).relation, 'different');
  t.is(verifyPair(market('drift', 'SOMBR-BNA-GRAMMYS-2027-BET', '2027-02-08'), market('kalshi', 'Grammy for Best New Artist?', '2027-02-08', 'Sombr')).relation, 'identity');
  t.is(rel('Will Tay Tay host SNL by the end of 2027?', 'Will Taylor Swift host Saturday Night Live before Jan 1, 2028?'), 'identity');
  t.is(rel('Will RiRi release a new studio album by the end of 2027?', 'Will Rihanna release a new studio album before Jan 1, 2028?'), 'identity');
  t.is(verifyPair(market('predictit', 'Who will be TIME\'s 2027 Person of the Year?', '2027-12-09', 'Donald Trump'), market('limitless', 'Trump TIME POY 2027?', '2027-12-09')).relation, 'identity');
});

test('a Drift symbol\'s three-letter country codes are countries (RUS is Russia outside a race, George Russell in one); a count over a named year is read once, so 7 or fewer is the No of more than 7', (t) => {
  t.is(verifyPair(market('drift', 'RUS-UKR-CEASEFIRE-2027-BET', '2027-12-31'), market('kalshi', 'Will Russia and Ukraine agree to a ceasefire in 2027?', '2027-12-31')).relation, 'identity');
  t.is(verifyPair(market('drift', 'RUS-UKR-CEASEFIRE-2027-BET', '2027-12-31'), market('kalshi', 'Will Russia and Ukraine agree to a ceasefire in 2027?', '2027-12-31', 'No')).relation, 'complement');
  t.is(verifyPair(market('drift', 'RUS-WIN-MONACO-GP-2027-BET', '2027-06-06'), market('polymarket', 'Will George Russell win the 2027 Monaco Grand Prix?', '2027-06-06')).relation, 'identity');
  t.is(verifyPair(market('polymarket', 'Will there be more than 7 Atlantic hurricanes in 2026?', '2026-11-30'), market('limitless', '7 or fewer Atlantic hurricanes in the 2026 season?', '2026-11-30')).relation, 'complement');
  t.is(verifyPair(market('polymarket', 'Will there be more than 7 Atlantic hurricanes in 2026?', '2026-11-30'), market('limitless', '6 or fewer Atlantic hurricanes in the 2026 season?', '2026-11-30')).relation, 'different');
});

test('a question naming both sides of a game and only a year is placed by its close: the final is not a group game days earlier; "(result doesn\'t matter)" is an aside, not a negation', (t) => {
  const atp = (end: string): string => verifyPair(market('manifold', 'Will Sinner beat Zverev in the final of the 2027 ATP Finals?', '2027-11-21'), market('polymarket', 'ATP Finals: Jannik Sinner vs Alexander Zverev', end, 'Sinner')).relation;
  t.is(atp('2027-11-16'), 'different');
  t.is(atp('2027-11-21'), 'identity');
  t.is(verifyPair(market('polymarket', 'Greenland independence referendum held in 2027?', '2027-12-31'), market('manifold', 'Will Greenland hold an independence referendum at any point in 2027? (result doesn\'t matter)', '2027-12-31')).relation, 'identity');
});

test('sports names of one thing: AFCON is the Africa Cup of Nations, the green jacket is the Masters, qualifying on pole is taking pole (not winning the race), signing for a club is joining it', (t) => {
  t.is(verifyPair(market('kalshi', 'Who will win the 2027 Africa Cup of Nations?', '2027-07-31', 'Morocco'), market('limitless', 'Morocco win AFCON 2027?', '2027-07-31')).relation, 'identity');
  t.is(rel('Will Rory McIlroy win the green jacket at Augusta National in April 2027?', 'Will Rory McIlroy win the 2027 Masters?', '2027-04-11'), 'identity');
  t.is(rel('Will Rory McIlroy win the green jacket at Augusta National in April 2027?', 'Will Rory McIlroy win the 2027 PGA Championship?', '2027-05-23'), 'different');
  const pole = (kalshiTitle: string): string => verifyPair(market('predictfun', 'Will George Russell take pole position for the 2027 British Grand Prix?', '2027-07-03'), market('kalshi', kalshiTitle, '2027-07-04', 'George Russell')).relation;
  t.is(pole('Who will qualify on pole at the 2027 British GP?'), 'identity');
  t.is(pole('Who will win the 2027 British GP?'), 'different');
  t.is(rel('Will Vinícius Júnior join a Saudi Pro League club before September 1, 2027?', 'Will Vini Jr sign for a Saudi Pro League team by Aug 31, 2027?', '2027-08-31'), 'identity');
});

test('a club\'s manager is a post held on a day: still the manager at the start of 2028 is the No of leaving before it', (t) => {
  t.is(verifyPair(market('polymarket', 'Will Pep Guardiola leave Manchester City before January 1, 2028?', '2027-12-31'), market('manifold', 'Will Pep Guardiola still be the Man City manager at the start of 2028?', '2028-01-01')).relation, 'complement');
  t.is(verifyPair(market('kalshi', 'Will Mikel Arteta leave Arsenal by Jun 30, 2027?', '2027-06-30'), market('manifold', 'Arteta still Arsenal manager through June 30, 2027?', '2027-06-30')).relation, 'complement');
});

test('world-event wordings of one thing: regaining control is retaking, face to face and physically present are in person, a global health emergency is a PHEIC, wild poliovirus is no hockey team', (t) => {
  t.is(rel('Ukraine retakes Pokrovsk by June 30, 2027?', 'Will Ukraine regain control of Pokrovsk before Jul 1, 2027?', '2027-06-30'), 'identity');
  t.is(rel('Russia captures Pokrovsk by June 30, 2027?', 'Will Ukraine regain control of Pokrovsk before Jul 1, 2027?', '2027-06-30'), 'different');
  t.is(rel('Will Putin attend the 2027 G20 summit in person?', 'Will Vladimir Putin be physically present at the 2027 G20 leaders\' summit?'), 'identity');
  t.is(rel('Will Putin and Zelenskyy meet in person before 2028?', 'Will Vladimir Putin meet Volodymyr Zelenskyy face-to-face by December 31, 2027?'), 'identity');
  t.is(rel('Will WHO declare mpox a PHEIC in 2027?', 'WHO declares mpox a global health emergency again in 2027?'), 'identity');
  t.is(verifyPair(market('kalshi', 'Wild poliovirus cases in Pakistan in 2027?', '2028-01-31', 'Above 20'), market('manifold', 'Will Pakistan report more than 20 wild polio (WPV1) cases in 2027?', '2028-01-31')).relation, 'identity');
});

test('a Drift symbol\'s EOY27 is the end of 2027: by then, as "before 2028" reads; beside a level it stays a year-end reading, not a touch', (t) => {
  t.is(verifyPair(market('drift', 'OPENAI-IPO-BY-EOY27-BET', '2027-12-31'), market('kalshi', 'Will OpenAI IPO before Jan 1, 2028?', '2028-01-01')).relation, 'identity');
  t.is(verifyPair(market('drift', 'OPENAI-IPO-BY-EOY27-BET', '2027-12-31'), market('kalshi', 'Will OpenAI IPO before Jul 1, 2027?', '2027-07-01')).relation, 'different');
  t.not(verifyPair(market('drift', 'BTC-100K-EOY-2027-BET', '2027-12-31'), market('polymarket', 'Will Bitcoin reach $100,000 in 2027?', '2027-12-31')).relation, 'identity');
});

test('short forms of world events: UNSC is the UN Security Council, the DPRK is North Korea, a "Trump-Putin meeting" is Trump and Putin meeting', (t) => {
  t.is(verifyPair(market('kalshi', 'Will the US veto a UN Security Council resolution in 2027?', '2027-12-31'), market('predictit', 'Will the United States use its UNSC veto in 2027?', '2027-12-31', 'U.S. veto in 2027')).relation, 'identity');
  t.is(rel('North Korea nuclear test in 2027?', 'Will the DPRK conduct a nuclear test in 2027?'), 'identity');
  t.is(rel('South Korea nuclear test in 2027?', 'Will the DPRK conduct a nuclear test in 2027?'), 'different');
  t.is(verifyPair(market('kalshi', 'Will Trump and Putin meet in person before Jan 1, 2028?', '2027-12-31'), market('predictit', 'Will Trump and Putin meet in person by Dec. 31, 2027?', '2027-12-31', 'Trump-Putin meeting by Dec. 31')).relation, 'identity');
  t.is(verifyPair(market('kalshi', 'Will Trump and Xi meet in person before Jan 1, 2028?', '2027-12-31'), market('predictit', 'Will Trump and Putin meet in person by Dec. 31, 2027?', '2027-12-31', 'Trump-Putin meeting by Dec. 31')).relation, 'different');
});
