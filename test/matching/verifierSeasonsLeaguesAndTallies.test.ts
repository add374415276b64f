/**
 * Season futures and tallies as Kalshi and Polymarket word them: a season's final named by its span or by the year
 * it is played in, a league's championship series as its pennant, college basketball's national championship as the
 * NCAA Tournament, a club's short name, a stat leader's statistic, and a list vote against the election. Labels by
 * reading each pair (pairs of this shape are in mined19's train split).
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const market = (venue: string, title: string, end_date: string | null, outcome = 'Yes'): MarketRef => ({ venue, title, outcome, end_date, category: '' });
const relation = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;

test('the 2025-26 Stanley Cup is the 2026 Stanley Cup however late a venue closes; the NFL\'s 2027 season is not 2026-27', (t) => {
  const span = market('kalshi', 'Will Pittsburgh Penguins win the 2025-26 Stanley Cup Finals?', '2028-06-30');
  t.is(relation(span, market('polymarket', 'Will the Pittsburgh Penguins win the 2026 NHL Stanley Cup?', '2026-06-30')), 'identity');
  t.is(relation(span, market('polymarket', 'Will the Pittsburgh Penguins win the 2027 NHL Stanley Cup?', '2027-06-30')), 'different');
  t.is(relation(market('polymarket', 'Will Josh Allen be the 2026-2027 NFL MVP?', '2027-02-11'), market('kalshi', 'NFL MVP for the 2027 season?', '2028-02-11', 'Josh Allen')), 'different');
});

test('a league\'s championship series is its pennant, not the World Series', (t) => {
  const kalshi = market('kalshi', 'Will Boston win the 2026 Pro Baseball American League Championship?', '2028-10-31');
  t.is(relation(kalshi, market('polymarket', 'Will Boston Red Sox win the 2026 American League Championship Series?', '2026-11-01')), 'identity');
  t.is(relation(kalshi, market('polymarket', 'Will Boston Red Sox win the 2026 World Series?', '2026-11-01')), 'different');
});

test('college basketball\'s national championship is the NCAA Tournament, the women\'s apart from the men\'s', (t) => {
  const kalshi = market('kalshi', "Will Texas win the Women's College Basketball National Championship?", '2026-04-19');
  t.is(relation(kalshi, market('polymarket', "Will Texas win the 2026 Women's NCAA Tournament?", '2026-04-04')), 'identity');
  t.is(relation(kalshi, market('polymarket', 'Will Texas win the 2026 NCAA Tournament?', '2026-04-04')), 'different');
});

test('Nottm Forest is Nottingham Forest', (t) => {
  const kalshi = market('kalshi', 'Will Nottingham Forest be Relegated from English Premier League in 2025-26 Season?', '2026-05-25');
  t.is(relation(kalshi, market('polymarket', 'Will Nottm Forest be relegated from the English Premier League after the 2025–26 season?', '2026-05-27')), 'identity');
  t.is(relation(kalshi, market('polymarket', 'Will Leeds be relegated from the English Premier League after the 2025–26 season?', '2026-05-27')), 'different');
});

test('leading the league in three-pointers is not leading it in points', (t) => {
  t.is(relation(market('kalshi', 'Will Stephen Curry lead Pro Basketball in Three Pointers Made Per Game for the 2025-26 Regular Season?', '2026-04-20'), market('polymarket', 'Will Stephen Curry lead the NBA in points during the 2025–26 NBA season?', '2026-04-12')), 'different');
});

test('the most national list votes is one tally, not winning a parliamentary election', (t) => {
  const election = market('kalshi', 'Will TISZA win the 2026 Hungary parliamentary election?', '2027-04-12');
  t.is(relation(election, market('polymarket', 'Will Tisza win the most national list votes in the 2026 Hungarian parliamentary election?', '2026-04-12')), 'different');
  t.is(relation(election, market('polymarket', 'Will Tisza win the 2026 Hungarian parliamentary election?', '2026-04-12')), 'identity');
});

test('a market that closes before a season starts is not about that season', (t) => {
  const closesInMay = market('kalshi', 'La Liga Winner?', '2027-05-30', 'Barcelona');
  t.is(relation(closesInMay, market('manifold', 'Will Barcelona win the 2027-28 La Liga?', null)), 'different');
  t.is(relation(closesInMay, market('manifold', 'Will Barcelona win the 2026-27 La Liga?', null)), 'identity');
  // A game's ISO day is no season: "win on 2027-01-16" keeps matching the game that day.
  t.is(relation(market('polymarket', 'Will Barcelona win on 2027-01-16?', '2027-01-16'), market('kalshi', 'Barcelona vs Sevilla Winner?', '2027-01-16', 'Barcelona')), 'identity');
});

test('"win Game 3 of the Finals against B" picks a side of that game; a map named in brackets is still one map', (t) => {
  const game3 = market('kalshi', 'NBA Finals Game 3: Denver at New York Winner?', '2027-06-09', 'Denver');
  t.is(relation(game3, market('manifold', 'Will the Knicks win Game 3 of the 2027 NBA Finals against the Nuggets?', null)), 'complement');
  t.is(relation(game3, market('manifold', 'Will the Nuggets win Game 3 of the 2027 NBA Finals against the Knicks?', null)), 'identity');
  const series = market('azuro', 'G2 Esports - Team Vitality', '2027-05-20', '2');
  t.is(relation(series, market('polymarket', 'Counter-Strike: G2 vs Vitality - Map 1 (Mirage) Winner', '2027-05-20', 'Vitality')), 'different');
});

test("baseball's NL and AL beside an award are the National and American League, and the two leagues' awards differ", (t) => {
  const kalshi = market('kalshi', 'Will Blake Snell win NL Cy Young?', '2026-12-08');
  t.is(relation(kalshi, market('polymarket_us', 'National League Cy Young Award', '2026-12-11', 'Blake Snell')), 'identity');
  t.is(relation(market('kalshi', 'Will Blake Snell win NL Cy Young?', '2026-12-08', 'No'), market('polymarket_us', 'National League Cy Young Award', '2026-12-11', 'Blake Snell')), 'complement');
  t.is(relation(kalshi, market('polymarket_us', 'American League Cy Young Award', '2026-12-11', 'Blake Snell')), 'different');
  t.is(relation(market('kalshi', 'Will Aaron Judge win AL MVP?', '2026-11-20'), market('polymarket', 'Will Aaron Judge win the NL MVP?', '2026-11-20')), 'different');
});

test('finishing outside the top four is the negation of finishing in it, not the same question', (t) => {
  const top4 = market('kalshi', 'Will Chelsea finish in the top 4 of the 2026-27 Premier League?', '2027-05-24');
  t.is(relation(top4, market('manifold', 'Will Chelsea finish outside the top 4 in the 2026-27 Premier League?', '2027-05-23')), 'complement');
  t.is(relation(top4, market('manifold', 'Will Chelsea finish in the top 4 in the 2026-27 Premier League?', '2027-05-23')), 'identity');
  t.is(relation(top4, market('manifold', 'Will Chelsea finish outside the top 6 in the 2026-27 Premier League?', '2027-05-23')), 'different');
});
