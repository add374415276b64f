/**
 * A US holiday named with its year is the day it falls on. Expected days checked against Python's calendar
 * (datetime.date.fromisoformat(...).strftime('%A')): 2027-05-31, 2026-09-07, 2027-01-18 and 2028-02-21 are Mondays,
 * 2027-11-25 a Thursday.
 */
import test from 'ava';
import { holidaysAsDays } from '../../pipeline/matching/verifier/read/holidays.ts';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const market = (venue: string, title: string, end_date: string | null, outcome = 'Yes'): MarketRef => ({ venue, title, outcome, end_date, category: '' });

test('holidays placed by a rule land on their weekday of the month', (t) => {
  t.is(holidaysAsDays('on Memorial Day 2027?'), 'on May 31, 2027?');
  t.is(holidaysAsDays('by Thanksgiving 2027'), 'by November 25, 2027');
  t.is(holidaysAsDays('Labor Day 2026'), 'September 7, 2026');
  t.is(holidaysAsDays('MLK Day 2027'), 'January 18, 2027');
  t.is(holidaysAsDays("Presidents' Day 2028"), 'February 21, 2028');
});

test('fixed holidays keep their day, and a holiday without a year or with another word after it is left alone', (t) => {
  t.is(holidaysAsDays('Independence Day, 2027'), 'July 4, 2027');
  t.is(holidaysAsDays("New Year's Eve 2027"), 'December 31, 2027');
  t.is(holidaysAsDays('Memorial Day'), 'Memorial Day');
  t.is(holidaysAsDays('Thanksgiving weekend 2027'), 'Thanksgiving weekend 2027');
});

test('a gas price on Memorial Day is the price on its day, and a state\'s average is not the national one', (t) => {
  const national = market('kalshi', 'US gas prices on May 31, 2027?', '2027-05-31', 'Above $4.00');
  t.is(verifyPair(market('polymarket', 'Will the national average gas price be above $4.00 on Memorial Day 2027?', '2027-05-31'), national).relation, 'identity');
  t.is(verifyPair(market('polymarket', "Will California's average gas price be above $4.00 on Memorial Day 2027?", '2027-05-31'), national).relation, 'different');
});
