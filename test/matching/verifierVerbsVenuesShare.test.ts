/**
 * Verbs two venues use for one event: a rule nuked or eliminated, holdings owned or held, a tariff in force or in
 * effect, deportations counted as removals, an upgrade live or activated, a country leaving or withdrawing from a
 * treaty. Each test also keeps a different event on the same names apart. Labels by reading each pair.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const market = (venue: string, title: string, end_date: string | null, outcome = 'Yes'): MarketRef => ({ venue, title, outcome, end_date, category: '' });
const relation = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;

test('a rule nuked is a rule eliminated, not a rule reformed', (t) => {
  const abolish = market('kalshi', 'Will the Senate abolish the filibuster before Jan 1, 2028?', '2028-01-01');
  t.is(relation(abolish, market('manifold', 'Senate nukes the filibuster by the end of 2027?', '2027-12-31')), 'identity');
  t.is(relation(abolish, market('manifold', 'Senate reforms the filibuster by the end of 2027?', '2027-12-31')), 'different');
});

test('holding coins on a day is owning them, not buying them', (t) => {
  const holds = market('polymarket', 'Metaplanet holds 100k+ Bitcoin by December 31, 2027?', '2027-12-31');
  t.is(relation(holds, market('manifold', 'Will Metaplanet own at least 100,000 BTC by December 31, 2027?', '2027-12-31')), 'identity');
  t.is(relation(holds, market('manifold', 'Will Metaplanet sell 100,000 BTC by December 31, 2027?', '2027-12-31')), 'different');
});

test('a tariff in force on a day is a tariff in effect on it', (t) => {
  t.is(relation(market('kalshi', 'Will a US tariff on pharmaceutical imports be in effect on Jun 30, 2027?', '2027-06-30'), market('polymarket', 'US tariff on pharmaceutical imports in force as of June 30, 2027?', '2027-06-30')), 'identity');
});

test('deportations and removals are one count; arrests are another', (t) => {
  const removals = market('manifold', 'Will ICE removals in fiscal year 2027 total at least 500K?', null);
  t.is(relation(market('polymarket', 'Will ICE deport 500,000 or more people in FY2027?', '2027-12-31'), removals), 'identity');
  t.is(relation(market('polymarket', 'Will ICE arrest 500,000 or more people in FY2027?', '2027-12-31'), removals), 'different');
});

test('an upgrade live on mainnet is an upgrade activated there', (t) => {
  t.is(relation(market('polymarket', 'Fusaka upgrade live on Ethereum mainnet by March 31, 2027?', '2027-03-31'), market('kalshi', 'Will Fusaka activate on Ethereum mainnet before Apr 1, 2027?', '2027-04-01')), 'identity');
});

test('leaving a treaty organisation is withdrawing from it, not joining another', (t) => {
  const leave = market('kalshi', 'Will Hungary leave the ICC before Jan 1, 2028?', '2028-01-01');
  t.is(relation(leave, market('manifold', 'Will Hungary formally withdraw from the ICC by the end of 2027?', null)), 'identity');
  t.is(relation(leave, market('manifold', 'Will Hungary rejoin the ICC by the end of 2027?', null)), 'different');
});

test('ROTY is Rookie of the Year, and "award" after an honour\'s name adds nothing', (t) => {
  const roty = market('kalshi', 'Will Chase Burns win AL ROTY?', '2027-12-08');
  t.is(relation(roty, market('polymarket', 'Will Chase Burns win the 2027 AL Rookie of the Year award?', '2027-12-19')), 'identity');
  t.is(relation(roty, market('polymarket', 'Will Chase Burns win the 2027 AL Cy Young award?', '2027-12-19')), 'different');
});

test('the CFP National Championship is the College Football Playoff\'s title, not a place in the playoff', (t) => {
  const title = market('polymarket', 'Will Texas Longhorns win the 2028 CFP National Championship?', '2028-01-20');
  t.is(relation(market('kalshi', 'Will Texas win the College Football Playoff National Championship?', '2028-02-20'), title), 'identity');
  t.is(relation(market('kalshi', 'Will Texas make the College Football Playoff?', '2027-12-08'), title), 'different');
});

test('an awards night\'s number is its year: the 70th Grammy Awards are the 2028 Grammys', (t) => {
  const grammys2027 = market('kalshi', 'Best New Artist at the 2027 Grammys?', '2027-02-08', 'Sombr');
  t.is(relation(grammys2027, market('manifold', 'Will Sombr win Best New Artist at the 70th Grammy Awards?', null)), 'different');
  t.is(relation(grammys2027, market('manifold', 'Will Sombr win Best New Artist at the 69th Annual Grammy Awards?', null)), 'identity');
  t.is(relation(market('polymarket', 'Will Sinners win Best Picture at the 2026 Oscars?', '2026-03-15'), market('predictfun', 'Will Sinners win Best Picture at the 99th Academy Awards?', null)), 'different');
});

test('a month\'s snowfall is read once, so "above 6 inches" and "6 inches or less" are each other\'s negation', (t) => {
  const above = market('kalshi', 'How much snow will fall in Boston in Feb 2027?', '2027-03-01', 'Above 6 inches');
  t.is(relation(above, market('limitless', 'Boston February 2027 snowfall 6 inches or less?', '2027-03-01')), 'complement');
  t.is(relation(above, market('limitless', 'Boston February 2027 snowfall 5 inches or less?', '2027-03-01')), 'different');
});

test('"the top of the target range" names the upper bound; it is no path to a level', (t) => {
  const above = market('kalshi', 'Fed funds rate after the Sep 2027 meeting?', '2027-09-22', 'Above 3.00%');
  t.is(relation(above, market('manifold', 'Will the top of the fed funds target range be 3.00% or lower after the September 2027 meeting?', '2027-09-22')), 'complement');
});

test('"calendar year 2027" is 2027, so going all of it without an event negates the event in 2027', (t) => {
  const impeached = market('polymarket', 'Trump impeached in 2027?', '2027-12-31');
  t.is(relation(impeached, market('manifold', 'Will the House go all of calendar year 2027 without impeaching Donald Trump?', '2027-12-31')), 'complement');
  t.is(relation(market('polymarket', 'Will the Pope die in 2027?', '2027-12-31'), market('manifold', 'Will the Pope die during calendar year 2027?', null)), 'identity');
});

test('"a model called X" names X; still not having released it by a day negates releasing it by then', (t) => {
  t.is(relation(market('manifold', 'Will xAI still not have released a model called Grok 6 by the end of 2027?', '2027-12-31'), market('kalshi', 'Will xAI release Grok 6 before 2028?', '2027-12-31')), 'complement');
});

test('a count in thousands of vehicles is whole: "fewer than 450k" and "above 450,000" both miss 450,000 itself', (t) => {
  const above = market('kalshi', 'Tesla deliveries in Q3 2027?', '2027-10-02', 'Above 500,000');
  t.is(relation(market('polymarket', 'Will Tesla deliver fewer than 500k vehicles in Q3 2027?', '2027-10-02'), above), 'different');
  t.is(relation(market('polymarket', 'Will Tesla deliver 500k vehicles or fewer in Q3 2027?', '2027-10-02'), above), 'complement');
});

test('a title that goes to anyone other than X is X\'s negation', (t) => {
  const champion = market('kalshi', '2027 NBA champion?', '2027-06-20', 'Boston');
  t.is(relation(champion, market('manifold', 'Will the 2027 NBA championship go to any team other than the Boston Celtics?', '2027-06-20')), 'complement');
  t.is(relation(champion, market('manifold', 'Will the 2027 NBA championship go to the Boston Celtics?', '2027-06-20')), 'identity');
});

test('"Will no X happen" is the negation of X happening', (t) => {
  t.is(relation(market('manifold', 'Will no Category 5 hurricane form in the Atlantic in 2027?', '2027-12-31'), market('kalshi', 'Will a Category 5 hurricane form in the Atlantic in 2027?', '2027-12-31')), 'complement');
});

test('quitting a party is leaving it, a package adopted is approved, and a deal that closes is the acquisition completed', (t) => {
  t.is(relation(market('polymarket', 'Will Lisa Murkowski leave the Republican Party before 2028?', '2027-12-31'), market('limitless', 'Murkowski quits GOP by end of 2027?', '2027-12-31')), 'identity');
  t.is(relation(market('polymarket', 'Will Lisa Murkowski leave the Republican Party before 2028?', '2027-12-31'), market('limitless', 'Murkowski censured by GOP by end of 2027?', '2027-12-31')), 'different');
  t.is(relation(market('predictfun', 'EU adopts 21st Russia sanctions package by March 31, 2027?', '2027-03-31'), market('polymarket', 'Will the EU approve a 21st package of Russia sanctions before April 2027?', '2027-03-31')), 'identity');
  const acquisition = market('polymarket', 'Will Netflix complete its acquisition of Warner Bros. by June 30, 2027?', '2027-06-30');
  t.is(relation(acquisition, market('kalshi', 'Netflix-Warner Bros. deal closes before Jul 1, 2027?', '2027-07-01')), 'identity');
  t.is(relation(market('polymarket', 'Will Netflix complete its acquisition of Warner Bros. by June 30, 2027?', '2027-06-30', 'No'), market('kalshi', 'Netflix-Warner Bros. deal closes before Jul 1, 2027?', '2027-07-01')), 'complement');
});

test("a token launched is live, a player's move to a club is joining it, and dominance is a market share", (t) => {
  t.is(relation(market('polymarket', 'Will Polymarket launch a token by June 30, 2027?', '2027-06-30'), market('limitless', 'Polymarket token (POLY) live before July 2027?', null)), 'identity');
  t.is(relation(market('manifold', 'Erling Haaland completes a move to Real Madrid by December 31, 2027?', null), market('kalshi', 'Will Erling Haaland join Real Madrid before Jan 1, 2028?', '2027-12-31')), 'identity');
  t.is(relation(market('manifold', 'Erling Haaland completes a move to Real Madrid by December 31, 2027?', null), market('kalshi', 'Will Erling Haaland join Barcelona before Jan 1, 2028?', '2027-12-31')), 'different');
  const dominance = market('limitless', 'BTC dominance (TradingView BTC.D) above 60% on March 31, 2027?', '2027-03-31');
  t.is(relation(dominance, market('polymarket', "Will Bitcoin's market share per TradingView's BTC.D chart exceed 60% on March 31, 2027?", '2027-03-31')), 'identity');
  // Missing the estimates is not beating them, whatever the estimates are called.
  t.is(relation(market('polymarket', 'Will Tesla miss EPS estimates for Q2 2026?', '2026-07-22'), market('kalshi', 'Will Tesla beat the EPS consensus for Q2 2026?', '2026-07-22')), 'different');
});

test("a chart's global edition, written 'globally', is not its US one", (t) => {
  const us = market('manifold', 'Will Bad Bunny be the most-streamed artist on Spotify in the US in 2027?', null);
  t.is(relation(market('kalshi', 'Top Spotify artist globally in 2027?', '2027-12-06', 'Bad Bunny'), us), 'different');
  t.is(relation(market('kalshi', 'Top Spotify artist in the US in 2027?', '2027-12-06', 'Bad Bunny'), us), 'identity');
});
