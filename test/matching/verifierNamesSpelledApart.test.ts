import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

// One person or one team that two venues spell apart (found in mined16 and mined20, Kalshi against
// Polymarket); the expected relations are read from what each market resolves on.
const market = (venue: string, title: string, end: string | null, category = 'politics'): MarketRef =>
  ({ venue, title, outcome: 'Yes', end_date: end, category }) as MarketRef;
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;

test('a spelling variant of a given name is that given name: Cory Booker is Corey Booker, not Cody Booker', (t) => {
  const nominee = market('kalshi', 'Will Cory Booker be the Democratic Presidential nominee in 2028?', '2028-11-07');
  t.is(rel(nominee, market('polymarket', 'Will Corey Booker win the 2028 Democratic presidential nomination?', '2028-11-07')), 'identity');
  t.is(rel(nominee, market('polymarket', 'Will Cody Booker win the 2028 Democratic presidential nomination?', '2028-11-07')), 'different');
  const senate = (name: string, venue: string): MarketRef => market(venue, `Will ${name} win the 2026 Wisconsin Senate race?`, '2026-11-03');
  t.is(rel(senate('Bryan Steil', 'kalshi'), senate('Brian Steil', 'polymarket')), 'identity');
  t.is(rel(senate('Bryan Steil', 'kalshi'), senate('Ryan Steil', 'polymarket')), 'different');
});

test("a school's state in brackets and its nickname name one team: Miami (FL) is the Hurricanes, Miami (OH) is not", (t) => {
  const hurricanes = market('polymarket', 'Will Miami Hurricanes win the 2027 CFP National Championship?', '2027-01-26', 'sports');
  const kalshi = (school: string): MarketRef => market('kalshi', `Will ${school} win the College Football Playoff National Championship?`, '2027-01-26', 'sports');
  t.is(rel(kalshi('Miami (FL)'), hurricanes), 'identity');
  t.is(rel(kalshi('Miami (OH)'), hurricanes), 'different');
  t.is(rel(kalshi('Miami (FL)'), market('polymarket', 'Will Miami RedHawks win the 2027 CFP National Championship?', '2027-01-26', 'sports')), 'different');
});

test('the HHS Secretary is the Secretary of Health and Human Services', (t) => {
  const out = market('polymarket', 'RFK Jr. out as HHS Secretary before 2028?', '2027-12-31');
  t.is(rel(out, market('manifold', 'Will Robert F. Kennedy Jr. still be Secretary of Health and Human Services on January 1, 2028?', '2028-01-01')), 'complement');
  t.is(rel(out, market('kalshi', 'Will Robert F. Kennedy Jr. leave his post as Secretary of Health and Human Services before Jan 1, 2028?', '2027-12-31')), 'identity');
  t.is(rel(out, market('kalshi', 'Will Robert F. Kennedy Jr. leave his post as Secretary of Homeland Security before Jan 1, 2028?', '2027-12-31')), 'different');
});
