import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

// Probe 39c's weather, mention and ranking wordings; each expected relation is read from the plain meaning by hand.
const m = (venue: string, title: string, end: string, outcome = 'Yes', category = 'weather'): MarketRef => ({ venue, title, outcome, end_date: end, category }) as MarketRef;
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;

test('a foot of snow is 12 inches, triple digits is 100°, and topping a level is passing it', (t) => {
  const foot = m('polymarket', 'Will Boston (Logan Airport) get more than a foot of snow in February 2028?', '2028-02-29');
  t.is(rel(m('kalshi', 'Snow in Boston in Feb 2028?', '2028-03-01', 'Above 12 inches'), foot), 'identity');
  t.is(rel(m('kalshi', 'Snow in Boston in Feb 2028?', '2028-03-01', 'Above 10 inches'), foot), 'different');
  t.is(rel(m('kalshi', 'Will Dallas hit 100° in 2028?', '2028-12-31'), m('predictfun', 'Will Dallas reach triple digits in 2028?', '2028-12-31')), 'identity');
  t.is(rel(m('kalshi', 'Will Dallas hit 105° in 2028?', '2028-12-31'), m('predictfun', 'Will Dallas reach triple digits in 2028?', '2028-12-31')), 'different');
  t.is(rel(m('kalshi', 'Central Park snowfall in Jan 2028?', '2028-02-01', 'Above 20 inches'), m('polymarket', 'Will Central Park snowfall top 20 inches in January 2028?', '2028-01-31')), 'identity');
});

test('a low "or colder" is at or below it', (t) => {
  const low = m('kalshi', 'Lowest temperature in Chicago on Jan 18, 2028?', '2028-01-19', '-8° or below');
  t.is(rel(low, m('polymarket', 'Lowest temperature in Chicago on January 18, 2028: -8°F or colder?', '2028-01-19')), 'identity');
  t.is(rel(low, m('polymarket', 'Lowest temperature in Chicago on January 18, 2028: -10°F or colder?', '2028-01-19')), 'different');
});

test("getting through a speech without saying a word is the mention market's No", (t) => {
  const said = m('kalshi', 'What will Trump say during the 2028 State of the Union?', '2028-03-07', 'Tariff', 'politics');
  t.is(rel(said, m('manifold', "Will Trump get through his 2028 State of the Union without saying 'Tariff'?", '2028-03-07', 'Yes', 'politics')), 'complement');
  t.is(rel(said, m('manifold', "Will Trump get through his 2028 State of the Union without saying 'Bitcoin'?", '2028-03-07', 'Yes', 'politics')), 'different');
});

test("a search ranking's US edition is not its worldwide one", (t) => {
  const us = m('polymarket', 'Google Year in Search 2027: top trending search in the US?', '2027-12-09', 'GTA 6', 'culture');
  t.is(rel(us, m('kalshi', 'Google Year in Search 2027: top trending search worldwide?', '2027-12-09', 'GTA 6', 'culture')), 'different');
  t.is(rel(us, m('kalshi', 'Top trending US search of 2027 (Google Year in Search)?', '2027-12-09', 'GTA 6', 'culture')), 'identity');
});

test("'125M or under' closes a level as 'or less' does, and is the negation of 'above 125 million'", (t) => {
  const above = m('kalshi', 'Super Bowl LXII viewership?', '2028-02-20', 'Above 125 million', 'culture');
  t.is(rel(above, m('limitless', 'Super Bowl 62 viewership: 125M or under?', '2028-02-20', 'Yes', 'culture')), 'complement');
  t.is(rel(above, m('limitless', 'Super Bowl 62 viewership: 120M or under?', '2028-02-20', 'Yes', 'culture')), 'different');
});

test("topping the Hot 100 is being its #1, and scoring a Hot 100 number one is having a #1 song", (t) => {
  t.is(rel(m('polymarket', "Will 'Espresso' top the Hot 100 dated Jan 8, 2028?", '2028-01-05', 'No', 'culture'), m('manifold', "Will 'Espresso' be #1 on the Billboard Hot 100 chart dated January 8, 2028?", '2028-01-05', 'Yes', 'culture')), 'complement');
  t.is(rel(m('kalshi', 'Will Taylor Swift have a #1 song on the Hot 100 in 2028?', '2028-12-31', 'Yes', 'culture'), m('manifold', 'Will Taylor Swift score a Billboard Hot 100 number one during 2028?', '2028-12-31', 'Yes', 'culture')), 'identity');
});

test("a window 'between noon ET Jan 8 and noon ET Jan 15' is the one 'from … to …' names", (t) => {
  const fewer = m('kalshi', 'Will Elon Musk post fewer than 400 times on X from noon ET Jan 7 to noon ET Jan 14, 2028?', '2028-01-14', 'Yes', 'culture');
  t.is(rel(fewer, m('manifold', 'Will Elon post 400 or more times on X between noon ET Jan 7 and noon ET Jan 14, 2028?', '2028-01-14', 'Yes', 'culture')), 'complement');
  t.is(rel(fewer, m('manifold', 'Will Elon post 400 or more times on X between noon ET Jan 14 and noon ET Jan 21, 2028?', '2028-01-21', 'Yes', 'culture')), 'different');
});
