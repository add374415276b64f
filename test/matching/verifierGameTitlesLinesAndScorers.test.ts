import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

// Game markets of round 39 (mined24 and probe 39a); each expected relation is read from the game's rules by hand.
const m = (venue: string, title: string, end: string, outcome = 'Yes', extra: Record<string, string> = {}): MarketRef => ({ venue, title, outcome, end_date: end, category: 'sports', ...extra }) as MarketRef;
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;

test("a long event name before the colon still leaves a pairing: 'T20 World Cup, Sub Regional Africa, Qualifier B: Saint Helena vs Nigeria'", (t) => {
  const kalshi = (side: string): MarketRef => m('kalshi', 'Saint Helena vs Nigeria Winner?', '2027-04-01', side, { ticker: `KXT20MATCH-27MAR29NGASAI-${side === 'Nigeria' ? 'NGA' : 'SAI'}` });
  const poly = m('polymarket', 'T20 World Cup, Sub Regional Africa, Qualifier B: Saint Helena vs Nigeria', '2027-04-05', 'Saint Helena', { slug: 'crint-sai-nga-2027-03-29' });
  t.is(rel(kalshi('Saint Helena'), poly), 'identity');
  // Cricket can end with no result (rain): the other side is no negation.
  t.is(rel(kalshi('Nigeria'), poly), 'different');
});

test('a Rainbow Six match has a winner: its two sides are complements', (t) => {
  const poly = m('polymarket', 'Rainbow Six Siege: Team Secret vs Twisted Minds (BO1) - Europe MENA League Kickoff Group B', '2027-03-31', 'Team Secret');
  t.is(rel(m('kalshi', 'Will Twisted Minds win the Twisted Minds vs. Team Secret R6 match?', '2027-04-13'), poly), 'complement');
  t.is(rel(m('kalshi', 'Will Team Secret win the Twisted Minds vs. Team Secret R6 match?', '2027-04-13'), poly), 'identity');
});

test("an initialled pairing with its market after a colon ('Sabalenka A. - Gauff C.: Winner') reads its positional sides (the ticker says the sport has no draw)", (t) => {
  const kalshi = m('kalshi', 'Will Aryna Sabalenka win the Sabalenka vs Gauff match?', '2027-06-19', 'Yes', { ticker: 'KXWTAMATCH-27JUN05SABGAU-SAB' });
  t.is(rel(kalshi, m('azuro', 'Sabalenka A. - Gauff C.: Winner', '2027-06-05', '2')), 'complement');
  t.is(rel(kalshi, m('azuro', 'Sabalenka A. - Gauff C.: Winner', '2027-06-05', '1')), 'identity');
});

test('a whole-number handicap pushes at its line: -1 is not the half line 1.5, while -1.5 is', (t) => {
  const kalshi = m('kalshi', 'Liverpool vs Everton: Spread', '2027-02-20', 'Liverpool wins by over 1.5 goals');
  t.is(rel(m('azuro', 'Liverpool - Everton', '2027-02-20', 'Handicap 1 (-1)'), kalshi), 'different');
  t.is(rel(m('azuro', 'Liverpool - Everton', '2027-02-20', 'Handicap 1 (-1.5)'), kalshi), 'identity');
  t.is(rel(m('azuro', 'Liverpool - Everton', '2027-02-20', 'Handicap 1 (-1)'), m('polymarket', 'Liverpool vs. Everton: Spread', '2027-02-20', 'Liverpool -1')), 'identity');
});

test('scoring at any time is not scoring first', (t) => {
  const anytime = m('kalshi', 'Liverpool vs Everton: Goalscorer', '2027-02-20', 'Mohamed Salah');
  t.is(rel(anytime, m('azuro', 'Liverpool - Everton: First Goalscorer', '2027-02-20', 'Mohamed Salah')), 'different');
  t.is(rel(anytime, m('azuro', 'Liverpool - Everton: Anytime Goalscorer', '2027-02-20', 'Mohamed Salah')), 'identity');
});

test("a golf major in a symbol ('MASTERS27-…') is that major, not another", (t) => {
  const drift = m('drift', 'MASTERS27-SCHEFFLER-WIN-BET', '2027-04-12');
  t.is(rel(m('predictfun', 'Will Scottie Scheffler win the 2027 U.S. Open?', '2027-06-20'), drift), 'different');
  t.is(rel(m('predictfun', 'Will Scottie Scheffler win the 2027 Masters?', '2027-04-12'), drift), 'identity');
});

test("hockey's puck line and baseball's run line are spreads: 'Run Line: Yankees (-1.5)' answered Yankees is winning by 2 or more", (t) => {
  const kalshi = m('kalshi', 'New York Y at Boston: Spread', '2027-07-24', 'New York Y wins by over 1.5 runs');
  t.is(rel(kalshi, m('polymarket', 'Run Line: Yankees (-1.5)', '2027-07-10', 'Yankees')), 'identity');
  t.is(rel(kalshi, m('polymarket', 'Run Line: Yankees (-1.5)', '2027-07-10', 'Red Sox')), 'complement');
  t.is(rel(kalshi, m('polymarket', 'Run Line: Yankees (-2.5)', '2027-07-10', 'Yankees')), 'different');
  t.is(rel(m('kalshi', 'Edmonton at Toronto: Spread', '2027-01-23', 'Toronto wins by over 1.5 goals'), m('polymarket', 'Puck Line: Maple Leafs (-1.5)', '2027-01-10', 'Maple Leafs')), 'identity');
});

test('a market naming one side of a game without draws is negated by the other side of the pairing', (t) => {
  const celtics = m('predictfun', 'Will Boston Celtics win on 2027-01-15?', '2027-01-16', 'Boston Celtics');
  t.is(rel(celtics, m('azuro', 'Boston Celtics - Los Angeles Lakers: Winner (incl. OT)', '2027-01-16', '2')), 'complement');
  t.is(rel(celtics, m('azuro', 'Boston Celtics - Los Angeles Lakers: Winner (incl. OT)', '2027-01-16', '1')), 'identity');
  // A game that can be drawn leaves the other side no negation.
  t.is(rel(m('predictfun', 'Will Arsenal win on 2027-01-09?', '2027-01-09', 'Arsenal'), m('azuro', 'Arsenal - Chelsea: Full Time Result', '2027-01-09', '2')), 'different');
});

test("a playoff game's 'NBA Playoffs:' names which game it is, not a stage a side reaches", (t) => {
  const game3 = m('polymarket', 'NBA Playoffs: Thunder vs. Nuggets - Game 3', '2027-05-10', 'Thunder');
  t.is(rel(m('kalshi', 'Oklahoma City at Denver Winner?', '2027-05-23', 'Oklahoma City'), game3), 'identity');
  t.is(rel(m('azuro', 'Denver Nuggets - Oklahoma City Thunder: Winner (incl. OT)', '2027-05-09', '1'), game3), 'complement');
  t.is(rel(m('polymarket', 'Will the Thunder make the 2027 NBA Playoffs?', '2027-04-12'), m('kalshi', 'Will the Thunder win the 2027 NBA Finals?', '2027-06-20')), 'different');
});

test('season and event wordings: a podium is a top 3, the full seven games is Game 7, a win on points is by decision', (t) => {
  const podium = m('kalshi', 'Italian Grand Prix Podium?', '2027-09-12', 'Lando Norris');
  t.is(rel(m('predictfun', 'Will Lando Norris finish top 3 at the 2027 Italian Grand Prix?', '2027-09-05'), podium), 'identity');
  t.is(rel(m('predictfun', 'Will Lando Norris win the 2027 Italian Grand Prix?', '2027-09-05'), podium), 'different');
  t.is(rel(m('polymarket', 'Will the 2027 World Series go to Game 7?', '2027-11-03'), m('limitless', '2027 World Series goes the full 7 games?', '2027-11-03')), 'identity');
  t.is(rel(m('predictfun', 'Naoya Inoue wins by decision vs Nakatani?', '2027-05-02'), m('manifold', 'Will Naoya Inoue beat Junto Nakatani on points?', '2027-05-02')), 'identity');
  t.is(rel(m('predictfun', 'Naoya Inoue wins by KO vs Nakatani?', '2027-05-02'), m('manifold', 'Will Naoya Inoue beat Junto Nakatani on points?', '2027-05-02')), 'different');
});

test("winning the College Football Playoff (or its National Championship) is the title; making it is the playoffs", (t) => {
  const title = m('kalshi', 'College Football Champion?', '2027-01-25', 'Ohio State');
  t.is(rel(title, m('polymarket', 'Will Ohio State win the 2026-27 College Football Playoff National Championship?', '2027-01-19')), 'identity');
  t.is(rel(m('kalshi', 'Will Ohio State win the 2026-27 College Football Playoff?', '2027-01-25'), m('polymarket', 'Will Ohio State win the 2027 CFP National Championship?', '2027-01-25')), 'identity');
  t.is(rel(m('polymarket', 'Will Ohio State make the 2026-27 College Football Playoff?', '2026-12-07'), m('polymarket', 'Will Ohio State win the 2026-27 College Football Playoff National Championship?', '2027-01-19')), 'different');
});
