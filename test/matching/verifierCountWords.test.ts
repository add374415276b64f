import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string): MarketRef => ({ venue, title, outcome: 'Yes', end_date: '2026-06-30', category: 'politics' });
const rel = (a: string, b: string): string => verifyPair(m('kalshi', a), m('polymarket', b)).relation;

test('a count written in words is the count in digits: two senators is 2, and two is not three', (t) => {
  t.is(rel('Will at least two Republican senators vote against the bill?', 'Will at least three Republican senators vote against the bill?'), 'different');
  t.is(rel('Will at least two Republican senators vote against the bill?', 'Will 2 or more Republican senators vote against the bill?'), 'identity');
  t.is(rel('Will SpaceX launch more than ten Starships in 2026?', 'Will SpaceX launch more than 10 Starships in 2026?'), 'identity');
  t.is(rel('Will SpaceX launch more than ten Starships in 2026?', 'Will SpaceX launch more than 12 Starships in 2026?'), 'different');
});

test('"at least one" is the event happening at all; "exactly one" is a count', (t) => {
  t.is(rel('Will at least one Republican senator vote against the bill?', 'Will exactly one Republican senator vote against the bill?'), 'different');
  t.is(rel('Will at least one Republican senator vote against the bill?', 'Will a Republican senator vote against the bill?'), 'identity');
  t.is(rel('Will Jannik Sinner win at least one Masters 1000 title in 2026?', 'Will Jannik Sinner win a Masters 1000 title in 2026?'), 'identity');
});

test('a number word inside a name or a compound is not a count', (t) => {
  t.is(rel('Will Luke Littler hit a nine-darter at the 2026 PDC World Championship?', 'Will Luke Littler win the 2026 PDC World Championship?'), 'different');
});

test('a count of things is whole though a company is named: "more than 10 metro areas" is 11 or more, not "10 or more"', (t) => {
  const c = (venue: string, title: string, outcome = 'Yes'): MarketRef => ({ venue, title, outcome, end_date: '2026-12-31', category: 'tech' });
  t.is(verifyPair(c('kalshi', 'How many US metro areas will have Tesla Robotaxi service on Dec 31, 2026?', '10 or more'), c('polymarket', 'Will Tesla Robotaxi operate in more than 10 US metro areas on December 31, 2026?')).relation, 'different');
  t.is(verifyPair(c('kalshi', 'How many US metro areas will have Tesla Robotaxi service on Dec 31, 2026?', '11 or more'), c('polymarket', 'Will Tesla Robotaxi operate in more than 10 US metro areas on December 31, 2026?')).relation, 'identity');
});
