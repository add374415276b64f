/**
 * A seed is a place in the standings, not a division title; a league's "National League Winner" is its pennant, not
 * the World Series; a critics' score is a whole percentage, so "above 90%" is "91% or higher" and not "90% or higher".
 * Hand-labelled from blind probe rounds 20 and 28-29.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null, category = 'sports') => ({ venue, title, outcome, end_date, category });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('the No. 1 seed is not the division title', (t) => {
  t.is(relation(m('kalshi', 'Will Denver be the AFC No. 1 seed?', 'Yes', '2027-01-10'), m('polymarket', 'Will the Broncos win the AFC West?', 'Yes', '2027-01-10')), 'different');
  t.is(relation(m('polymarket', 'Will the Bears win the NFC North?', 'Yes', '2027-01-10'), m('kalshi', 'Will Chicago get the NFC #1 seed?', 'Yes', '2027-01-10')), 'different');
});

test('a league winner is its pennant, never the World Series', (t) => {
  t.is(relation(m('azuro', 'MLB 2027 - National League Winner', 'Los Angeles Dodgers', '2027-10-20'), m('polymarket', '2027 World Series Champion', 'Los Angeles Dodgers', '2027-11-05')), 'different');
  t.is(relation(m('azuro', 'MLB 2027 - National League Winner', 'Los Angeles Dodgers', '2027-10-20'), m('kalshi', 'Will the Dodgers win the 2027 NL pennant?', 'Yes', '2027-10-20')), 'identity');
});

test('a Rotten Tomatoes score is whole: strict and inclusive bounds differ by one point', (t) => {
  const above90 = m('predictfun', 'Dune: Part Three Rotten Tomatoes score above 90%?', 'Yes', '2026-12-20', 'culture');
  t.is(relation(above90, m('polymarket', 'Dune: Part Three Rotten Tomatoes score ≥ 90%?', 'Yes', '2026-12-20', 'culture')), 'different');
  t.is(relation(above90, m('polymarket', 'Dune: Part Three Rotten Tomatoes score of at least 91%?', 'Yes', '2026-12-20', 'culture')), 'identity');
  t.is(relation(m('kalshi', 'The Odyssey Rotten Tomatoes score above 85?', 'Yes', '2026-07-20', 'culture'), m('polymarket', "Will Christopher Nolan's The Odyssey score at least 86% on Rotten Tomatoes?", 'Yes', '2026-07-20', 'culture')), 'identity');
});

test('the Tomatometer is the Rotten Tomatoes score; the audience score (Popcornmeter) is another figure', (t) => {
  const rt = m('kalshi', 'Minions 3 Rotten Tomatoes score on Jul 8, 2027?', 'Above 70', '2027-07-08', 'culture');
  t.is(relation(rt, m('polymarket', 'Will Minions 3 have a Tomatometer above 70% on July 8, 2027?', 'Yes', '2027-07-08', 'culture')), 'identity');
  t.is(relation(m('kalshi', 'Avengers: Doomsday Rotten Tomatoes score?', '80-84', '2026-12-20', 'culture'), m('polymarket', "Will Avengers: Doomsday's Tomatometer be between 80% and 84%?", 'Yes', '2026-12-20', 'culture')), 'identity');
  t.is(relation(m('polymarket', 'Dune: Part Three Tomatometer 90% or higher?', 'Yes', '2026-12-25', 'culture'), m('manifold', 'Will Dune: Part Three have a 90%+ Popcornmeter (audience score) on Rotten Tomatoes?', 'Yes', '2026-12-25', 'culture')), 'different');
});

test('EPL is the Premier League, UCL the Champions League', (t) => {
  t.is(relation(m('polymarket', 'Will Arsenal win the Premier League this season?', 'Yes', '2027-05-23'), m('azuro', 'EPL 2026/27 - Outright Winner', 'Arsenal', '2027-05-23')), 'identity');
  t.is(relation(m('kalshi', 'Haaland 30+ Premier League goals in 2026-27?', 'Yes', '2027-05-23'), m('azuro', 'EPL 2026/27 - Erling Haaland Total League Goals', 'Over 29.5', '2027-05-23')), 'identity');
});

test('a reading for one day ("the daily chart for March 1") is the reading on that day; a week "for Dec 7–13" stays a week', (t) => {
  t.is(relation(m('kalshi', 'Top song on Spotify Global daily chart on Mar 1, 2027?', 'Golden - HUNTR/X', '2027-03-02', 'culture'), m('polymarket', '#1 song on Spotify Charts Top Songs Global (daily) for March 1, 2027?', 'Golden', '2027-03-02', 'culture')), 'identity');
  t.is(relation(m('kalshi', 'Netflix #1 English TV show week of December 7?', 'Wednesday', '2026-12-15', 'culture'), m('polymarket', 'Top Netflix English TV show for Dec 7–13, 2026?', 'Wednesday', '2026-12-15', 'culture')), 'identity');
});

test('a domestic double is more than the league; a driver of a nation is not one named driver; a sacking is one way of leaving', (t) => {
  t.is(relation(m('polymarket', 'Bundesliga Winner?', 'Bayern Munich', '2027-05-22'), m('manifold', 'Will Bayern Munich win the domestic double (Bundesliga + DFB-Pokal) in 2026-27?', 'Yes', '2027-05-22')), 'different');
  t.is(relation(m('polymarket', 'British Grand Prix 2027 Winner', 'Lando Norris', '2027-07-04'), m('manifold', 'Will a British driver win the 2027 British Grand Prix?', 'Yes', '2027-07-04')), 'different');
  t.is(relation(m('kalshi', 'Will Liverpool sack Arne Slot before April 2027?', 'Yes', '2027-03-31'), m('polymarket', 'Arne Slot out as Liverpool manager by March 31, 2027?', 'Yes', '2027-03-31')), 'different');
  // A double chance is no double.
  t.notRegex(verifyPair(m('azuro', 'Bayern Munich vs Dortmund — Double Chance: 1X', '1X', '2027-01-09'), m('polymarket', 'Bayern Munich vs Dortmund — Double Chance', 'Bayern Munich or Draw', '2027-01-09')).reasons.join('; '), /stage differs/);
});
