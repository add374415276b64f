import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

// Classes found in the round 38 probes; the expected relations are read from what each market resolves on.
const m = (venue: string, title: string, end: string, outcome = 'Yes', category = 'politics'): MarketRef => ({ venue, title, outcome, end_date: end, category }) as MarketRef;
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;

test('a second subject joined by "or" or "and" changes the question: Hegseth or Bondi is not Hegseth, Rosneft and Lukoil is not Rosneft', (t) => {
  const hegseth = m('kalshi', 'Will Pete Hegseth leave office before Jul 1, 2027?', '2027-07-01');
  t.is(rel(m('polymarket', 'Will Pete Hegseth or Pam Bondi leave the Cabinet by June 30, 2027?', '2027-06-30'), hegseth), 'different');
  t.is(rel(m('manifold', 'Will the House impeach either Pete Hegseth or Pam Bondi in 2027?', '2027-12-31'), m('polymarket', 'Will the House impeach Pete Hegseth in 2027?', '2027-12-31')), 'different');
  const rosneft = m('kalshi', 'Will the US lift sanctions on Rosneft before Jan 1, 2028?', '2028-01-01');
  t.is(rel(rosneft, m('polymarket', 'Will the US lift sanctions on Rosneft and Lukoil before 2028?', '2027-12-31')), 'different');
  t.is(rel(rosneft, m('polymarket', 'Will the US lift Rosneft sanctions before 2028?', '2027-12-31')), 'identity');
  // A name set off by commas is an apposition, not a second subject.
  t.is(rel(m('polymarket', 'Will Elon Musk, Tesla CEO, resign before 2028?', '2027-12-31', 'Yes', 'tech'), m('kalshi', 'Will Elon Musk resign as CEO before 2028?', '2027-12-31', 'Yes', 'tech')), 'identity');
  // Two people of one joint event are its one subject: their wedding is the wedding.
  t.is(rel(m('polymarket', 'Will Taylor Swift and Travis Kelce get married in 2026?', '2026-12-31', 'Yes', 'culture'), m('kalshi', 'Taylor Swift wedding before 2027?', '2027-01-01', 'Yes', 'culture')), 'identity');
});

test("an hour's Up or Down is not the day's: '- March 5, 3PM ET' against 'on March 5', while a day's window written out is the day's", (t) => {
  const hourly = m('polymarket', 'Bitcoin Up or Down - March 5, 3PM ET', '2027-03-05', 'Up', 'crypto');
  t.is(rel(hourly, m('predictfun', 'Bitcoin Up or Down on March 5?', '2027-03-05', 'Up', 'crypto')), 'different');
  t.is(rel(hourly, m('predictfun', 'BTC Up or Down - Mar 5, 3:00 PM ET', '2027-03-05', 'Up', 'crypto')), 'identity');
  t.is(
    rel(m('polymarket', 'Bitcoin Up or Down on January 20, 2027?', '2027-01-20', 'Up', 'crypto'), m('predictfun', 'Bitcoin Up or Down on January 20, 2027 (noon ET to noon ET)?', '2027-01-20', 'Up', 'crypto')),
    'identity',
  );
});
