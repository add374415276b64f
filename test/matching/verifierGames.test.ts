import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';
import { abbreviates, sameSide } from '../../pipeline/matching/verifier/compare/sides.ts';
import { extractEntities } from '../../pipeline/matching/verifier/read/entities.ts';

const g = (venue: string, title: string, outcome: string, end_date: string | null, ticker?: string): MarketRef => ({ venue, title, outcome, end_date, category: 'sports', ...(ticker ? { ticker } : {}) });
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;
const why = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).reasons.join('; ');

test('a side named by city, by nickname or by ticker code is one team; a city with another initial is another', (t) => {
  t.true(sameSide('Los Angeles L', 'Lakers'));
  t.false(sameSide('Los Angeles C', 'Lakers'));
  t.true(sameSide('Boston', 'Celtics'));
  t.true(sameSide('New York Y', 'Yankees'));
  t.true(sameSide('Toronto', 'Maple Leafs'));
  t.true(sameSide('Sevilla', 'Sevilla FC'));
  t.false(sameSide('Manchester City', 'Manchester United'));
  t.true(abbreviates('MUN', 'Manchester United FC'));
  t.true(abbreviates('SAS', 'San Antonio Spurs'));
  t.true(abbreviates('PAL', 'SE Palmeiras'));
  t.false(abbreviates('MCI', 'Manchester United FC'));
});

test('Kalshi "Away at Home" with the team as outcome against Polymarket "Team vs. Team": same side identity, other side complement', (t) => {
  const kalshi = (o: string): MarketRef => g('kalshi', 'San Antonio at Boston', o, null, `KXNBAGAME-26JAN10SASBOS-${o === 'Boston' ? 'BOS' : 'SAS'}`);
  const poly = (o: string): MarketRef => g('polymarket', 'Spurs vs. Celtics', o, '2026-01-11');
  t.is(rel(kalshi('Boston'), poly('Celtics')), 'identity');
  t.is(rel(kalshi('San Antonio'), poly('Celtics')), 'complement');
  t.is(rel(g('kalshi', 'Kansas City at Buffalo Winner?', 'Kansas City', '2025-11-16'), g('polymarket', 'Chiefs vs. Bills', 'Chiefs', '2025-11-16')), 'identity');
  t.is(rel(g('kalshi', 'New York Y vs Boston Winner?', 'New York Y', '2025-09-12'), g('polymarket', 'Yankees vs. Red Sox', 'Yankees', '2025-09-12')), 'identity');
});

test('another opponent, another day or a game without a day is another game', (t) => {
  t.regex(why(g('kalshi', 'Kansas City at Denver Winner?', 'Kansas City', '2025-11-16'), g('polymarket', 'Chiefs vs. Bills', 'Chiefs', '2025-11-16')), /teams differ/);
  t.regex(why(g('kalshi', 'Kansas City at Buffalo Winner?', 'Kansas City', '2025-12-21'), g('polymarket', 'Chiefs vs. Bills', 'Chiefs', '2025-11-16')), /game days differ/);
  t.regex(why(g('kalshi', 'Philadelphia at Toronto', 'Philadelphia', null), g('polymarket', '76ers vs. Raptors', '76ers', '2026-01-13')), /game day unknown/);
  t.is(rel(g('kalshi', 'Philadelphia at Toronto', 'Philadelphia', null, 'KXNBAGAME-26JAN13PHITOR-PHI'), g('polymarket', '76ers vs. Raptors', '76ers', '2026-01-13')), 'identity');
  t.regex(why(g('kalshi', 'Los Angeles D vs Toronto: Game 3 Winner?', 'Los Angeles D', '2025-10-27'), g('polymarket', 'World Series Game 4: Dodgers vs. Blue Jays', 'Dodgers', '2025-10-28')), /differ/);
});

test('two sides of a game that can be drawn are not negations', (t) => {
  t.regex(why(g('polymarket', 'Arsenal vs. Chelsea', 'Arsenal', '2025-11-29'), g('kalshi', 'Arsenal vs Chelsea Winner?', 'Chelsea', '2025-11-29')), /other side of the game/);
  t.regex(why(g('polymarket', 'UFC 324: Justin Gaethje vs. Paddy Pimblett', 'Paddy Pimblett', '2026-01-24'), g('kalshi', 'Gaethje vs Pimblett winner?', 'Justin Gaethje', '2026-01-24')), /can be drawn/);
  t.is(rel(g('polymarket', 'Will Arsenal win on 2025-11-29?', 'Yes', '2025-11-29'), g('kalshi', 'Arsenal vs Chelsea Winner?', 'Arsenal', '2025-11-29')), 'identity');
});

test('a Kalshi total whose title names no teams is placed by its ticker', (t) => {
  const kalshi = g('kalshi', 'Will over 1.5 goals be scored?', 'Yes', '2026-06-06', 'KXEPLTOTAL-26MAY24BRIMUN-1');
  t.is(rel(kalshi, g('polymarket', 'Brighton & Hove Albion FC vs. Manchester United FC: O/U 1.5', 'Over', '2026-05-23')), 'identity');
  t.is(rel(kalshi, g('polymarket', 'Brighton & Hove Albion FC vs. Manchester United FC: O/U 1.5', 'Under', '2026-05-23')), 'complement');
  t.is(rel(kalshi, g('polymarket', 'Brighton & Hove Albion FC vs. Manchester United FC: O/U 2.5', 'Over', '2026-05-23')), 'different');
  t.regex(why(kalshi, g('polymarket', 'Chelsea FC vs. Arsenal FC: O/U 1.5', 'Over', '2026-05-24')), /teams differ/);
});

test('a margin (spread, win by more than N) is neither who wins nor a total', (t) => {
  t.regex(why(g('kalshi', 'Will Boston win by over 5.5 points?', 'Yes', '2026-01-11', 'KXNBASPREAD-26JAN10SASBOS-BOS5'), g('polymarket', 'Spurs vs. Celtics: O/U 5.5', 'Over', '2026-01-11')), /stage differs/);
  t.regex(why(g('polymarket', 'Spurs vs. Celtics: Spread -5.5', 'Celtics', '2026-01-11'), g('kalshi', 'San Antonio at Boston', 'Boston', null, 'KXNBAGAME-26JAN10SASBOS-BOS')), /stage differs/);
  t.regex(why(g('kalshi', 'Pro Baseball AL Champion?', 'New York Y', '2025-10-20'), g('polymarket', 'Will the New York Yankees win the 2025 World Series?', 'Yes', '2025-11-01')), /title differs/);
});

test('a city fields teams in several leagues: the ticker or the nicknames name the league', (t) => {
  // Houston and Dallas both have NFL and NBA teams; the Rockets and the Mavericks play only in the NBA.
  t.regex(why(g('kalshi', 'Houston at Dallas Winner?', 'Houston', '2025-11-10', 'KXNFLGAME-25NOV10HOUDAL-HOU'), g('polymarket', 'Rockets vs. Mavericks', 'Rockets', '2025-11-10')), /league differs: nfl vs nba/);
  t.is(rel(g('kalshi', 'Houston at Dallas Winner?', 'Houston', '2025-11-10', 'KXNBAGAME-25NOV10HOUDAL-HOU'), g('polymarket', 'Rockets vs. Mavericks', 'Rockets', '2025-11-10')), 'identity');
});

test('a series game number after the pairing is not part of a side; "win the A at B game" picks A', (t) => {
  t.is(rel(g('kalshi', 'Philadelphia vs Los Angeles D: Game 3 Winner?', 'Philadelphia', '2025-10-08', 'KXMLBGAME-25OCT08PHILAD-PHI'), g('polymarket', 'Phillies vs. Dodgers', 'Phillies', '2025-10-08')), 'identity');
  t.is(rel(g('kalshi', 'Will Kansas City win the KC at BUF game?', 'Yes', '2025-11-30', 'KXNFLGAME-25NOV16KCBUF-KC'), g('polymarket', 'Chiefs vs. Bills', 'Chiefs', '2025-11-16')), 'identity');
  t.is(rel(g('kalshi', 'Will Kansas City win the KC at BUF game?', 'Yes', '2025-11-30', 'KXNFLGAME-25NOV16KCBUF-KC'), g('polymarket', 'Chiefs vs. Bills', 'Bills', '2025-11-16')), 'complement');
});

test('"Ohio St." is Ohio State; "St. Louis" keeps its Saint', (t) => {
  t.is(rel(g('kalshi', 'Ohio St. at Michigan Winner?', 'Ohio St.', '2025-11-29', 'KXNCAAFGAME-25NOV29OSUMICH-OSU'), g('polymarket', 'Ohio State vs. Michigan', 'Ohio State', '2025-11-29')), 'identity');
  t.is(rel(g('kalshi', 'Ohio St. at Michigan Winner?', 'Ohio St.', '2025-11-29', 'KXNCAAFGAME-25NOV29OSUMICH-OSU'), g('polymarket', 'Ohio State vs. Michigan', 'Michigan', '2025-11-29')), 'complement');
  t.true(sameSide('St. Louis', 'Cardinals'));
});

test('a side written as city and initial ("New York R") is the team another venue names by nickname', (t) => {
  const kalshi = (outcome: string) => ({ venue: 'kalshi', title: 'New York R at Tampa Bay Winner?', outcome, end_date: null, category: 'sports', ticker: 'KXNHLGAME-26JAN15NYRTB-NYR' });
  const poly = (outcome: string) => ({ venue: 'polymarket', title: 'Rangers vs. Lightning', outcome, end_date: '2026-01-15', category: 'sports' });
  t.is(verifyPair(kalshi('Yes'), poly('Rangers')).relation, 'identity');
  t.is(verifyPair(kalshi('Yes'), poly('Lightning')).relation, 'complement');
  t.is(verifyPair(kalshi('Yes'), { ...poly('Rangers'), title: 'Rangers vs. Bruins' }).relation, 'different');
});

test('a game dated only by its Kalshi ticker lends its year to a yearless day, and "win against" names the two sides', (t) => {
  const kalshi = (title: string, outcome = 'Yes'): MarketRef => ({ venue: 'kalshi', title, outcome, end_date: null, category: 'sports', ticker: 'KXNBAGAME-26JAN10SASBOS-BOS' });
  const limitless = (title: string, outcome: string): MarketRef => ({ venue: 'limitless', title, outcome, end_date: null, category: 'sports' });
  t.is(verifyPair(kalshi('Boston vs San Antonio', 'Boston'), limitless('Celtics vs Spurs — Jan 10', 'Celtics')).relation, 'identity');
  t.is(verifyPair(kalshi('Boston vs San Antonio', 'Boston'), limitless('Celtics vs Spurs — Jan 10', 'Spurs')).relation, 'complement');
  // Three days later is another game of the same two teams.
  t.is(verifyPair(kalshi('Boston vs San Antonio', 'Boston'), limitless('Celtics vs Spurs — Jan 13', 'Celtics')).relation, 'different');
  const poly = (outcome: string): MarketRef => ({ venue: 'polymarket', title: 'Spurs vs. Celtics', outcome, end_date: '2026-01-11', category: 'sports' });
  t.is(verifyPair(kalshi('Will Boston win against San Antonio?'), poly('Celtics')).relation, 'identity');
  t.is(verifyPair(kalshi('Will Boston win against San Antonio?'), poly('Spurs')).relation, 'complement');
  t.is(verifyPair(kalshi('Will Boston win against Dallas?'), poly('Celtics')).relation, 'different');
});

test('Counter-Strike is a game title, not a strike', (t) => {
  const kalshi: MarketRef = { venue: 'kalshi', title: 'Team Liquid vs FaZe Winner?', outcome: 'Team Liquid', end_date: null, category: 'esports', ticker: 'KXCS2GAME-26JAN12LIQFAZE-LIQ' };
  const poly = (outcome: string): MarketRef => ({ venue: 'polymarket', title: 'Counter-Strike: Team Liquid vs FaZe Clan (BO3)', outcome, end_date: '2026-01-12', category: 'esports' });
  t.is(verifyPair(kalshi, poly('Team Liquid')).relation, 'identity');
  t.not(verifyPair(kalshi, poly('FaZe Clan')).relation, 'identity');
});

test('a name with a word that makes it another team is another side: Kansas is not Kansas State, Georgia not Georgia Tech', (t) => {
  t.false(sameSide('Kansas', 'Kansas State'));
  t.false(sameSide('Georgia', 'Georgia Tech'));
  t.false(sameSide('Michigan', 'Central Michigan'));
  t.false(sameSide('Real Madrid', 'Real Madrid B'));
  t.true(sameSide('Sevilla', 'Sevilla FC Seville'), 'a place name added is still the club');
  // Duke at Kansas (KXNCAAMBGAME-26NOV02DUKEKU) is not Duke against Kansas State on the same day: linking it,
  // let alone as a complement, would be a fake arbitrage.
  const kalshi = g('kalshi', 'Duke at Kansas Winner?', 'Kansas', null, 'KXNCAAMBGAME-26NOV02DUKEKU-KU');
  t.is(rel(kalshi, g('polymarket', 'Duke vs. Kansas State', 'Duke', '2026-11-03')), 'different');
  t.is(rel(kalshi, g('polymarket', 'Duke vs. Kansas State', 'Kansas State', '2026-11-03')), 'different');
  t.is(rel(kalshi, g('polymarket', 'Duke vs. Kansas', 'Duke', '2026-11-03')), 'complement');
});

test('Kalshi "Reg Time:" labels: a draw is a draw, a soccer side is the side, a regulation win where overtime decides is narrower', (t) => {
  // Hand-labelled: soccer games are settled at the end of regulation on both venues, so "Reg Time: Tie" is the
  // draw and "Reg Time: Morocco" is Morocco winning; an NHL game goes to overtime, so a regulation win is only part
  // of a win and is not the game-winner market.
  const wc = (o: string, code: string): MarketRef => g('kalshi', 'France vs Morocco Winner?', o, null, `KXWCGAME-26JUL09FRAMAR-${code}`);
  t.is(rel(wc('Reg Time: Tie', 'TIE'), g('polymarket', 'Will France vs. Morocco end in a draw?', 'Yes', '2026-07-09')), 'identity');
  t.is(rel(wc('Reg Time: Morocco', 'MAR'), g('polymarket', 'Will Morocco win on 2026-07-09?', 'Yes', '2026-07-09')), 'identity');
  t.is(rel(wc('Reg Time: Tie', 'TIE'), g('polymarket', 'Will France win on 2026-07-09?', 'No', '2026-07-09')), 'different');
  const nhl = g('kalshi', 'Boston vs New York R Winner?', 'Reg Time: Boston', null, 'KXNHLGAME-26JAN10BOSNYR-BOS');
  t.is(rel(nhl, g('polymarket', 'Bruins vs. Rangers', 'Bruins', '2026-01-10')), 'different');
  t.regex(why(nhl, g('polymarket', 'Bruins vs. Rangers', 'Bruins', '2026-01-10')), /regulation time on one side only/);
});

test('a part of a game is not the whole game: a first-half line is not the full-time line, the first half not the second', (t) => {
  const full = g('polymarket', 'Spain vs. France: O/U 2.5', 'Over', '2026-07-10');
  t.is(rel(g('kalshi', 'Spain vs France: Over 2.5 goals in the first half?', 'Yes', '2026-07-10'), full), 'different');
  t.regex(why(g('kalshi', 'Spain vs France: Over 2.5 goals in the first half?', 'Yes', '2026-07-10'), full), /stage differs: first-half/);
  t.is(rel(g('kalshi', 'Spain vs France: Over 2.5 goals?', 'Yes', '2026-07-10'), full), 'identity');
  t.is(rel(g('kalshi', 'Will Spain lead after the 2nd half?', 'Yes', '2026-07-10'), g('polymarket', 'Spain leading at halftime?', 'Yes', '2026-07-10')), 'different');
});

test('a head-to-head asked as "Will A beat B?" is one game: the same day links by side, a rematch weeks later does not', (t) => {
  const beat = g('polymarket', 'Will the Chiefs beat the Bills?', 'Yes', '2026-12-06');
  t.is(rel(beat, g('kalshi', 'Buffalo at Kansas City Winner?', 'Kansas City', '2026-12-06')), 'identity');
  t.is(rel(beat, g('kalshi', 'Buffalo at Kansas City Winner?', 'Buffalo', '2026-12-06')), 'complement');
  t.regex(why(beat, g('kalshi', 'Buffalo at Kansas City Winner?', 'Kansas City', '2027-01-17')), /game days differ: 2026-12-06 vs 2027-01-17/);
  t.regex(why(g('kalshi', 'Buffalo at Kansas City Winner?', 'Kansas City', '2026-12-09'), beat), /game days differ/);
});

test("a bare soccer game ticker is the game of its clubs' codes: the club it picks, the draw ('-TIE'), never the other club", (t) => {
  const ars = g('kalshi', 'KXEPLGAME-26MAR14ARSCHE-ARS', 'Yes', '2026-03-14');
  const game = (pick: string, day = '2026-03-14'): MarketRef => g('polymarket', 'Arsenal FC vs. Chelsea FC', pick, day);
  t.is(rel(ars, game('Arsenal FC')), 'identity');
  // The game can be drawn: the other club is not the negation.
  t.is(rel(ars, game('Chelsea FC')), 'different');
  t.is(rel(ars, game('Arsenal FC', '2026-05-02')), 'different');
  t.is(rel(ars, g('polymarket', 'Arsenal FC vs. Liverpool FC', 'Arsenal FC', '2026-03-14')), 'different');
  t.is(rel(g('kalshi', 'KXEPLGAME-26MAR14ARSCHE-TIE', 'Yes', '2026-03-14'), g('polymarket', 'Will Arsenal FC vs. Chelsea FC end in a draw?', 'Yes', '2026-03-14')), 'identity');
  t.is(rel(g('kalshi', 'KXEPLGAME-26MAR14ARSCHE-TIE', 'Yes', '2026-03-14'), game('Arsenal FC')), 'different');
});

test("a soccer game ticker against one club's market for a day (Polymarket's 'Will Arsenal FC win on <day>?')", (t) => {
  const ars = g('kalshi', 'KXEPLGAME-26MAR14ARSCHE-ARS', 'Yes', '2026-03-14');
  t.is(rel(ars, g('polymarket', 'Will Arsenal FC win on 2026-03-14?', 'Yes', '2026-03-14')), 'identity');
  t.is(rel(ars, g('polymarket', 'Will Chelsea FC win on 2026-03-14?', 'Yes', '2026-03-14')), 'different');
  t.is(rel(ars, g('polymarket', 'Will Arsenal FC win on 2026-05-02?', 'Yes', '2026-05-02')), 'different');
  t.is(rel(ars, g('polymarket', 'Will Arsenal win the 2025–26 Premier League?', 'Yes', '2026-05-24')), 'different');
});

test("a favourite's spread ('Spread: Chiefs (-6.5)') is winning by more than the line; the other side covers; another week is another game", (t) => {
  const margin = g('kalshi', 'Will the Chiefs win by more than 6.5 points?', 'Yes', '2026-12-06');
  t.is(rel(margin, g('polymarket', 'Spread: Chiefs (-6.5)', 'Chiefs', '2026-12-06')), 'identity');
  t.is(rel(margin, g('polymarket', 'Spread: Chiefs (-6.5)', 'Bills', '2026-12-06')), 'complement');
  t.is(rel(g('kalshi', 'Will the Chiefs win by more than 3.5 points?', 'Yes', '2026-12-06'), g('polymarket', 'Spread: Chiefs (-6.5)', 'Chiefs', '2026-12-06')), 'different');
  t.is(rel(g('kalshi', 'Will the Chiefs win?', 'Yes', '2026-12-06'), g('polymarket', 'Spread: Chiefs (-6.5)', 'Chiefs', '2026-12-06')), 'different');
  t.regex(why(margin, g('polymarket', 'Spread: Chiefs (-6.5)', 'Chiefs', '2026-12-13')), /game days differ/);
});

test('a spread naming one side by its city is another line than the other side\'s handicap, in either polarity', (t) => {
  const day = '2026-12-10';
  const miami = g('kalshi', 'Miami wins by over 2.5 points?', 'Yes', day);
  // "Handicap 2 (+2.5)" is Miami not losing by 3 or more: neither Miami winning by 3 or more nor its negation.
  t.is(rel(miami, g('azuro', 'Orlando Magic - Miami Heat', 'Handicap 2 (+2.5)', day)), 'different');
  t.is(rel(miami, g('azuro', 'Orlando Magic - Miami Heat', 'Handicap 2 (-2.5)', day)), 'identity');
  t.is(rel(g('kalshi', 'Orlando wins by over 2.5 points?', 'Yes', day), g('azuro', 'Orlando Magic - Miami Heat', 'Handicap 2 (+2.5)', day)), 'complement');
  const lakers = g('kalshi', 'Los Angeles L wins by over 5.5 points?', 'Yes', day);
  t.is(rel(lakers, g('sxbet', 'Boston Celtics vs Los Angeles Lakers', 'Los Angeles Lakers +5.5', day)), 'different');
  t.is(rel(lakers, g('sxbet', 'Boston Celtics vs Los Angeles Lakers', 'Boston Celtics +5.5', day)), 'complement');
});

test('a side given with its handicap is a margin: -N.5 is winning by more than N.5, +N.5 is the opponent not doing so', (t) => {
  const day = '2026-02-01';
  const knicks = g('kalshi', 'Boston at New York: New York wins by over 2.5 points?', 'Yes', day);
  t.is(rel(g('polymarket', 'Boston Celtics vs New York Knicks', 'New York Knicks -2.5', day), knicks), 'identity');
  t.is(rel(g('polymarket', 'Boston Celtics vs New York Knicks', 'Boston Celtics +2.5', day), knicks), 'complement');
  // Winning the game is not covering the spread.
  t.is(rel(g('polymarket', 'Lakers vs. Celtics', 'Lakers', day), g('sxbet', 'Los Angeles Lakers vs Boston Celtics', 'Los Angeles Lakers -5.5', day)), 'different');
  // Half a goal: -0.5 is a win, +0.5 is a win or a draw (the opponent not winning).
  const villarreal = g('polymarket', 'Will Villarreal CF win on 2026-01-20?', 'Yes', '2026-01-20');
  t.is(rel(villarreal, g('sxbet', 'Villarreal vs Ajax', 'Villarreal -0.5', '2026-01-20')), 'identity');
  t.is(rel(villarreal, g('sxbet', 'Villarreal vs Ajax', 'Ajax +0.5', '2026-01-20')), 'complement');
  // A whole-number line can push: neither side is the other's negation.
  t.is(rel(g('sxbet', 'Buffalo Bills vs Denver Broncos', 'Buffalo Bills -3', '2026-01-17'), g('sxbet', 'Buffalo Bills vs Denver Broncos', 'Denver Broncos (+3)', '2026-01-17')), 'different');
});

test("a player's line: 25+ points is over 24.5, a statistic is not another one, and each game has its own line", (t) => {
  const day = '2026-01-23';
  const plus = g('kalshi', 'Los Angeles L at Boston: LeBron James 25+ points', 'Yes', day);
  t.is(rel(plus, g('polymarket', 'LeBron James: Points O/U 24.5', 'Over', day)), 'identity');
  t.is(rel(plus, g('polymarket', 'LeBron James: Points O/U 24.5', 'Under', day)), 'complement');
  t.is(rel(plus, g('polymarket', 'LeBron James: Points O/U 25.5', 'Over', day)), 'different');
  // The statistic is part of the line: assists are not rebounds; a stat word is not a name.
  t.is(rel(g('kalshi', 'Nikola Jokic: 10+ assists', 'Yes', '2026-02-12'), g('polymarket', 'Nikola Jokic Rebounds (Denver Nuggets vs Oklahoma City Thunder)', 'Over 9.5', '2026-02-12')), 'different');
  t.is(rel(g('kalshi', 'Logan Gilbert: 6+ strikeouts', 'Yes', '2026-04-14'), g('polymarket', 'Logan Gilbert Strikeouts (Seattle Mariners vs Houston Astros)', 'Over 5.5', '2026-04-14')), 'identity');
  // Two days apart are two games.
  t.is(rel(g('kalshi', 'Shai Gilgeous-Alexander: 30+ points', 'Yes', '2026-02-12'), g('polymarket', 'Shai Gilgeous-Alexander: Points O/U 29.5', 'Over', '2026-02-14')), 'different');
  // A game's total in points is whole on both sides: over 224.5 and under 224.5 split every score.
  t.is(rel(g('kalshi', 'Will Lakers vs Celtics go over 224.5 points?', 'Yes', day), g('polymarket', 'Lakers vs. Celtics: O/U 224.5', 'Under', day)), 'complement');
});

test('"Wild Card" names a playoff round, not the Minnesota Wild', (t) => {
  const keys = (title: string): string[] => extractEntities(title).entities.map((e) => e.key);
  t.deepEqual(keys('NFL Wild Card: Bills vs Jaguars').sort(), ['nfl-bills', 'nfl-jaguars']);
  t.true(keys('Minnesota Wild vs Dallas Stars').includes('nhl-wild'));
  t.is(rel(g('polymarket', 'NFL Wild Card: Bills vs Jaguars', 'Bills', '2026-01-11'), g('kalshi', 'Buffalo at Jacksonville Winner?', 'Buffalo', '2026-01-11')), 'identity');
  t.is(rel(g('polymarket', 'Will the Minnesota Wild make the playoffs?', 'Yes', '2026-04-11'), g('kalshi', 'Wild to make NHL playoffs?', 'Yes', '2026-04-11')), 'identity');
});

test("a club's Kalshi code that is not the start of its name (CFC) is read from the club table in a game ticker", (t) => {
  const cfc = g('kalshi', 'KXEPLGAME-26SEP18BRECFC-CFC', 'Yes', '2026-09-18');
  t.is(rel(cfc, g('polymarket', 'Brentford vs. Chelsea', 'Chelsea', '2026-09-18')), 'identity');
  t.is(rel(cfc, g('polymarket', 'Brentford vs. Chelsea', 'Brentford', '2026-09-18')), 'different');
  t.is(rel(cfc, g('polymarket', 'Brentford vs. Fulham', 'Brentford', '2026-09-18')), 'different');
});

test('advancing from a knockout tie is not winning the match in regular time', (t) => {
  const advance = g('polymarket', 'World Cup Semifinal: France vs. Spain - Team to Advance', 'France', '2026-07-14');
  t.is(rel(advance, g('polymarket', 'France vs. Spain', 'France', '2026-07-14')), 'different');
  t.is(rel(advance, g('kalshi', 'World Cup Semifinal: France vs. Spain - Team to Advance', 'France', '2026-07-14')), 'identity');
});

test("Azuro's own titles link: 'Total Goals: Over (2.5)' is over 2.5, 'A vs B — Draw' is the draw; '100k-105k' is a bucket", (t) => {
  const day = '2026-03-14';
  const over = g('azuro', 'Arsenal vs Chelsea — Total Goals: Over (2.5)', 'Yes', day);
  t.is(rel(over, g('polymarket', 'Arsenal vs. Chelsea: O/U 2.5', 'Over', day)), 'identity');
  t.is(rel(over, g('polymarket', 'Arsenal vs. Chelsea: O/U 2.5', 'Under', day)), 'complement');
  t.is(rel(over, g('polymarket', 'Arsenal vs. Chelsea: O/U 3.5', 'Over', day)), 'different');
  const draw = g('azuro', 'Arsenal vs Chelsea — Draw', 'Yes', day);
  t.is(rel(draw, g('polymarket', 'Will Arsenal FC vs. Chelsea FC end in a draw?', 'Yes', day)), 'identity');
  t.is(rel(draw, g('kalshi', 'KXEPLGAME-26MAR14ARSCHE-TIE', 'Yes', day)), 'identity');
  t.is(rel(draw, g('polymarket', 'Arsenal vs. Chelsea', 'Arsenal', day)), 'different');
  const bucket = g('kalshi', 'Bitcoin price on Jun 30, 2026 at 5pm EDT?', '$100,000 to $104,999.99', '2026-06-30');
  t.is(rel(bucket, g('polymarket', 'Bitcoin price on June 30 at 5pm ET?', '100k-105k', '2026-06-30')), 'identity');
  t.is(rel(bucket, g('polymarket', 'Bitcoin price on June 30 at 5pm ET?', '105k-110k', '2026-06-30')), 'different');
});

test('Kalshi writes a two-word nickname by both initials: "Chicago WS" is the White Sox, "Chicago C" the Cubs', (t) => {
  t.true(sameSide('Chicago WS', 'Chicago White Sox'));
  t.false(sameSide('Chicago WS', 'Chicago Cubs'));
  const kalshi = (o: string): MarketRef => g('kalshi', 'Chicago WS at Chicago C Winner?', o, '2027-07-10', `KXMLBGAME-27JUL10CWSCHC-${o === 'Chicago C' ? 'CHC' : 'CWS'}`);
  t.is(rel(kalshi('Chicago WS'), g('polymarket', 'White Sox vs. Cubs', 'White Sox', '2027-07-10')), 'identity');
  t.is(rel(kalshi('Chicago C'), g('polymarket', 'White Sox vs. Cubs', 'White Sox', '2027-07-10')), 'complement');
});

test('a ticker written after the title is the market\'s ticker: its league tells a city-named game from another league\'s', (t) => {
  const kalshi = g('kalshi', 'Chicago at Boston Winner? [KXNHLGAME-26DEC09CHIBOS]', 'Boston', '2026-12-09');
  t.regex(why(kalshi, g('polymarket', 'Bulls vs. Celtics', 'Celtics', '2026-12-09')), /league differs: nhl vs nba/);
  t.is(rel(kalshi, g('polymarket', 'Blackhawks vs. Bruins', 'Bruins', '2026-12-09')), 'identity');
});

test('part of a game and going through a two-legged tie are not the game\'s winner', (t) => {
  t.regex(why(g('polymarket', 'Phillies vs. Mets', 'Mets', '2027-05-01'), g('sxbet', 'New York Mets – Philadelphia Phillies · 1st 5 Innings Winner', '1', '2027-05-01')), /first-five-innings/);
  t.regex(why(g('polymarket', 'Man City vs. Real Madrid: Who will advance?', 'Real Madrid', '2027-03-17'), g('kalshi', 'Real Madrid vs Manchester City Winner?', 'Real Madrid', '2027-03-17')), /advance vs title/);
  t.is(rel(g('polymarket', 'Arsenal vs. Chelsea: Who will qualify?', 'Arsenal', '2027-03-17'), g('azuro', 'Arsenal vs Chelsea: Team to Advance', 'Arsenal', '2027-03-17')), 'identity');
});

test('a best-of-two series can be drawn: its two sides are not complements', (t) => {
  t.regex(why(g('azuro', 'Counter-Strike: Natus Vincere vs FaZe Clan (BO2) - Group Stage', 'FaZe Clan', '2027-01-01'), g('polymarket', 'Will Natus Vincere win the NAVI vs FaZe match (BO2)?', 'Natus Vincere', '2027-01-01')), /can be drawn/);
  t.is(rel(g('azuro', 'Counter-Strike: Natus Vincere vs FaZe Clan (BO3) - Group Stage', 'FaZe Clan', '2027-01-01'), g('polymarket', 'Counter-Strike: Natus Vincere vs FaZe Clan (BO3)', 'Natus Vincere', '2027-01-01')), 'complement');
});

test('clubs sharing a city word are two clubs: Inter and AC Milan, Paris FC and Paris Saint-Germain; "Michigan St." is Michigan State', (t) => {
  t.false(sameSide('AC Milan', 'Inter Milan'));
  t.true(sameSide('Inter Milan', 'Internazionale'));
  t.false(sameSide('Paris FC', 'Paris Saint-Germain'));
  t.true(sameSide('PSG', 'Paris Saint-Germain'));
  t.is(rel(g('azuro', 'Juventus vs Internazionale - 1X2', 'Internazionale', '2027-01-17'), g('polymarket', 'Will Inter win on 2027-01-17?', 'Yes', '2027-01-17')), 'identity');
  t.is(rel(g('azuro', 'AC Milan vs Internazionale - 1X2', 'AC Milan', '2027-02-21'), g('polymarket', 'Will Inter Milan win on 2027-02-21?', 'Yes', '2027-02-21')), 'different');
  t.is(rel(g('kalshi', '2027 Big Ten Men\'s Basketball Tournament Winner?', 'Michigan St.', '2027-03-15'), g('polymarket', 'Will Michigan win the 2027 Big Ten Tournament?', 'Yes', '2027-03-15')), 'different');
  t.is(rel(g('kalshi', 'Penn St. vs Temple', 'Temple', '2026-09-12', 'KXNCAAFGAME-26SEP12PSUTEM-TEM'), g('polymarket', 'Penn State vs. Temple', 'Temple', '2026-09-12')), 'identity');
});

test('a player written by initial and surname is that player; another initial is another', (t) => {
  t.true(sameSide('C. Alcaraz', 'Carlos Alcaraz'));
  t.true(sameSide('Sabalenka A.', 'Aryna Sabalenka'));
  t.false(sameSide('J. Cerundolo', 'Francisco Cerundolo'));
  t.is(rel(g('sxbet', 'Sinner J. vs Draper J. - Moneyline', 'Draper J.', '2027-07-11'), g('polymarket', 'Wimbledon Men\'s Final: Jannik Sinner vs Jack Draper', 'Sinner', '2027-07-11')), 'complement');
});

test('a school or club by its initials, nickname or exonym is one side: UNC, Ole Miss as Mississippi, Köln as Cologne, Chivas', (t) => {
  t.true(sameSide('UNC', 'North Carolina Tar Heels'));
  t.true(sameSide('Mississippi', 'Ole Miss Rebels'));
  t.false(sameSide('Mississippi State', 'Ole Miss'));
  t.true(sameSide('1. FC Köln', 'Cologne'));
  t.true(sameSide('Bayern München', 'Bayern Munich'));
  t.false(sameSide('Barcelona SC', 'FC Barcelona'));
  t.false(sameSide('Miami (FL)', 'Miami (OH)'));
  t.is(rel(g('kalshi', 'Texas at Mississippi Winner?', 'Mississippi', '2026-10-10', 'KXNCAAFGAME-26OCT10TEXMISS-MISS'), g('polymarket', 'Ole Miss Rebels vs. Texas Longhorns', 'Ole Miss Rebels', '2026-10-10')), 'identity');
  t.is(rel(g('polymarket', 'Will Chivas win on 2027-03-13?', 'Yes', '2027-03-13'), g('kalshi', 'Guadalajara vs America Winner?', 'Guadalajara', '2027-03-13')), 'identity');
});

test('a game named by cities is refused against a market naming another league\'s teams; a cards line is not a goals line; "To Qualify" and half time are not the match', (t) => {
  t.regex(why(g('kalshi', 'Los Angeles C at Denver Winner?', 'Los Angeles C', '2026-12-20', 'KXNFLGAME-26DEC20LACDEN-LAC'), g('manifold', 'Will the Clippers beat the Nuggets on December 20, 2026?', 'Yes', '2026-12-20')), /league differs: nfl vs nba/);
  t.regex(why(g('kalshi', 'St. Louis at San Francisco Winner?', 'St. Louis', '2026-09-13'), g('polymarket', 'NFL Week 1: Will the Cardinals beat the Giants?', 'Yes', '2026-09-13')), /league differs/);
  t.is(rel(g('kalshi', 'Los Angeles L at Denver Winner?', 'Los Angeles L', '2026-12-20', 'KXNBAGAME-26DEC20LALDEN-LAL'), g('manifold', 'Will the Lakers beat the Nuggets on December 20, 2026?', 'Yes', '2026-12-20')), 'identity');
  t.regex(why(g('azuro', 'Brighton vs Brentford: Total Cards', 'Over (4.5)', '2027-01-10'), g('polymarket', 'Brighton & Hove Albion FC vs. Brentford FC: O/U 4.5', 'Over', '2027-01-10')), /cards vs goals/);
  t.is(rel(g('polymarket', 'Will Juventus FC win on 2027-01-27?', 'Yes', '2027-01-27'), g('azuro', 'Juventus vs Napoli: To Qualify', '1', '2027-01-27')), 'different');
  t.is(rel(g('azuro', 'Bayer Leverkusen vs VfB Stuttgart: Half Time Result', '1', '2027-01-23'), g('polymarket', 'Will Bayer 04 Leverkusen win on 2027-01-23?', 'Yes', '2027-01-23')), 'different');
  t.is(rel(g('azuro', 'Liverpool vs Everton: First Team To Score', '1', '2027-02-13'), g('polymarket', 'Will Liverpool FC win on 2027-02-13?', 'Yes', '2027-02-13')), 'different');
});

test('Kalshi\'s "Pro Basketball Finals" is the NBA Finals, not a conference final; "LALIGA" is La Liga, not the Champions League', (t) => {
  t.is(rel(g('kalshi', 'Will Oklahoma City win the 2027 Pro Basketball Finals?', 'Oklahoma City', '2027-06-20'), g('polymarket', 'Will the Oklahoma City Thunder win the 2027 Western Conference Finals?', 'Yes', '2027-05-30')), 'different');
  t.is(rel(g('kalshi', 'Will Oklahoma City win the 2027 Pro Basketball Finals?', 'Oklahoma City', '2027-06-20'), g('polymarket', 'Will the Oklahoma City Thunder win the 2027 NBA Finals?', 'Yes', '2027-06-20')), 'identity');
  t.is(rel(g('kalshi', 'KXUCL-27-RMA', 'Yes', null), g('polymarket', 'Will Real Madrid win the 2026-27 LALIGA Championship?', 'Yes', '2027-05-30')), 'different');
});

test('an esports organisation or a cricket franchise by its tag is one side: NAVI, HLE, CSK, and Bangalore renamed Bengaluru', (t) => {
  t.true(sameSide('NAVI', 'Natus Vincere'));
  t.true(sameSide('HLE', 'Hanwha Life Esports'));
  t.true(sameSide('Royal Challengers Bangalore', 'Royal Challengers Bengaluru'));
  t.false(sameSide('CSK', 'Mumbai Indians'));
  t.is(rel(g('polymarket', 'Royal Challengers Bangalore vs Kolkata Knight Riders', 'Royal Challengers Bangalore', '2027-04-10'), g('azuro', 'IPL: Royal Challengers Bengaluru vs Kolkata Knight Riders', 'Royal Challengers Bengaluru', '2027-04-10')), 'identity');
});

test('a Polymarket game slug dates the game: the same teams a day apart are two games, the slug\'s day against the ticker\'s is one', (t) => {
  const kalshi = (day: string, o: string): MarketRef => g('kalshi', 'Houston vs Utah', o, `2025-${day === '30' ? '11-30' : '12-01'}`, `KXNBAGAME-25${day === '30' ? 'NOV30' : 'DEC01'}HOUUTA-${o === 'Houston' ? 'HOU' : 'UTA'}`);
  const poly = (date: string, o: string): MarketRef => ({ ...g('polymarket', 'Rockets vs. Jazz', o, date), slug: `nba-hou-uta-${date}` });
  // Kalshi's game of Nov 30 against Polymarket's of Dec 1 (each close one day apart, within a time zone's slack).
  t.regex(why(kalshi('30', 'Houston'), poly('2025-12-01', 'Rockets')), /game days differ: 2025-11-30 vs 2025-12-01/);
  t.is(rel(kalshi('30', 'Utah'), poly('2025-12-01', 'Rockets')), 'different');
  // The same game: Polymarket's close a day later in UTC, its slug on the ticker's day.
  t.is(rel(kalshi('30', 'Houston'), { ...poly('2025-11-30', 'Rockets'), end_date: '2025-12-01' }), 'identity');
  t.is(rel(kalshi('30', 'Utah'), poly('2025-11-30', 'Rockets')), 'complement');
  // A slug without a trailing date (a season market) dates nothing.
  t.is(rel(kalshi('30', 'Houston'), { ...g('polymarket', 'Rockets vs. Jazz', 'Rockets', '2025-12-01'), slug: 'rockets-vs-jazz' }), 'identity');
});

test('the round or the cup a game is played in is where it is played: "LCK Cup Final" names the same game as the pairing alone', (t) => {
  const final = (o: string): MarketRef => g('polymarket', 'LoL: Gen.G vs T1 (BO5) - LCK Cup 2026 Final', o, '2026-03-01');
  t.is(rel(final('T1'), g('manifold', 'Gen.G vs T1 - Match Winner', 'T1', '2026-03-01')), 'identity');
  t.is(rel(final('T1'), g('manifold', 'Gen.G vs T1 - Match Winner', 'Gen.G', '2026-03-01')), 'complement');
  // Another day is another game, final or not.
  t.is(rel(final('T1'), g('manifold', 'Gen.G vs T1 - Match Winner', 'T1', '2026-02-10')), 'different');
});

test('a half-goal handicap after a dash is a result: "-0.5" wins, "+0.5" wins or draws (the other side not winning)', (t) => {
  const hc = (o: string): MarketRef => g('azuro', 'Liverpool vs Everton — Handicap: ' + o, o, '2027-02-13');
  const winner = (o: string): MarketRef => g('kalshi', 'Liverpool vs Everton Winner?', o, '2027-02-13');
  t.is(rel(hc('Liverpool (-0.5)'), winner('Liverpool')), 'identity');
  t.is(rel(hc('Everton (+0.5)'), winner('Liverpool')), 'complement');
  // A line of a goal and a half is a margin, not the result.
  t.is(rel(hc('Liverpool (-1.5)'), winner('Liverpool')), 'different');
});

test('a national side with a word that makes another country is another side: Guinea-Bissau, Papua New Guinea, DR Congo', (t) => {
  t.false(sameSide('Guinea', 'Guinea-Bissau'));
  t.false(sameSide('Papua New Guinea', 'Guinea'));
  t.false(sameSide('Congo', 'DR Congo'));
  t.true(sameSide('Guinea', 'Guinea national team'));
  t.is(rel(g('azuro', 'Guinea vs Mali', 'Guinea', '2027-03-26'), g('sxbet', 'Guinea-Bissau vs Mali', 'Guinea-Bissau', '2027-03-26')), 'different');
});

test("the tournament after an esports pairing is where the series is played, not a subject: Azuro's pairing against Polymarket's with its event", (t) => {
  const poly = g('polymarket', 'Counter-Strike: Vitality vs NAVI (BO3) - BLAST Open Spring 2027 Semifinal', 'Vitality', '2027-02-06');
  t.is(rel(g('azuro', 'Team Vitality - Natus Vincere', '1', '2027-02-06'), poly), 'identity');
  t.is(rel(g('azuro', 'Team Vitality - Natus Vincere', '2', '2027-02-06'), poly), 'complement');
  // Another opponent is another series.
  t.is(rel(g('azuro', 'Team Vitality - FaZe Clan', '1', '2027-02-06'), poly), 'different');
  // What follows the pairing can name the market instead: one game of the series is not the series.
  t.is(rel(g('polymarket', 'LoL: T1 vs Gen.G - Game 1 Winner', 'T1', '2027-04-11'), g('azuro', 'T1 - Gen.G', '1', '2027-04-11')), 'different');
});
