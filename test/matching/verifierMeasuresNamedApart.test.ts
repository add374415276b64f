/**
 * Figures and products that share a subject and a level but are not one question: a token's FDV and its market
 * cap, a fund's daily and weekly flows, spot and futures ETFs, a model and its named variant, an earnings beat and
 * a revenue beat, and a Fed meeting's "hold or raise" as the negation of a cut. Labels by reading each pair.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const market = (venue: string, title: string, end_date: string | null, outcome = 'Yes'): MarketRef => ({ venue, title, outcome, end_date, category: '' });
const relation = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;

test('a token\'s fully diluted valuation is not its market cap', (t) => {
  const fdv = market('polymarket', 'POLY FDV above $10B one day after launch?', '2027-06-30');
  t.is(relation(fdv, market('limitless', 'POLY market cap above $10B one day after launch?', '2027-06-30')), 'different');
  t.is(relation(fdv, market('limitless', 'POLY fully diluted valuation above $10B one day after launch?', '2027-06-30')), 'identity');
});

test('a fund\'s single-day net inflow is not its weekly net inflow', (t) => {
  const weekly = market('polymarket', 'Weekly ETH ETF net inflows over $1B before July 2027?', '2027-06-30');
  t.is(relation(weekly, market('predictfun', 'Single-day ETH ETF net inflow > $1B before July 2027?', '2027-06-30')), 'different');
});

test('a spot ETF is not a futures ETF', (t) => {
  const futures = market('kalshi', 'Will a SUI futures ETF launch in the US before Apr 1, 2027?', '2027-04-01');
  t.is(relation(futures, market('limitless', 'Spot SUI ETF launched in the US before April 2027?', '2027-03-31')), 'different');
});

test('a model\'s named variant is released on its own: Gemini 4 Ultra is not Gemini 4', (t) => {
  const base = market('polymarket', 'Gemini 4 released by March 31, 2027?', '2027-03-31');
  t.is(relation(market('predictfun', 'Gemini 4 Ultra released by March 31, 2027?', '2027-03-31'), base), 'different');
  t.is(relation(market('kalshi', 'Will Google release Gemini 4 before Apr 1, 2027?', '2027-04-01'), base), 'identity');
});

test('beating earnings estimates is an EPS beat, not a revenue beat', (t) => {
  t.is(relation(market('limitless', 'NVDA beats revenue estimates in Q4 FY27?', '2027-02-25'), market('polymarket', 'Will Nvidia beat earnings estimates for Q4 FY2027?', '2027-02-25')), 'different');
  t.is(relation(market('limitless', 'NVDA beats EPS estimates in Q4 FY27?', '2027-02-25'), market('polymarket', 'Will Nvidia beat earnings estimates for Q4 FY2027?', '2027-02-25')), 'identity');
});

test('holding or raising rates at a meeting, "(i.e. no cut)", is the negation of a cut there', (t) => {
  const cut = market('polymarket', 'Fed rate cut in September 2027?', '2027-09-22');
  t.is(relation(cut, market('manifold', 'Will the FOMC hold or raise rates at its September 2027 meeting (i.e. no cut)?', '2027-09-22')), 'complement');
  t.is(relation(cut, market('manifold', 'Will the FOMC hold or raise rates at its October 2027 meeting (i.e. no cut)?', '2027-10-28')), 'different');
});

test('the unit a price is quoted in ("$3.50/gal", "$80/bbl") and a "policy decision" are framing, not a qualifier', (t) => {
  const gas = market('kalshi', 'US gas price on Jun 30, 2027?', '2027-06-30', 'Above $3.50');
  t.is(relation(gas, market('polymarket', 'Will the AAA national average for regular gas be over $3.50/gal on June 30, 2027?', '2027-06-30')), 'identity');
  t.is(relation(gas, market('polymarket', 'Will the AAA national average for regular gas be over $3.75/gal on June 30, 2027?', '2027-06-30')), 'different');
  t.is(relation(market('kalshi', 'WTI crude oil price on Dec 31, 2027?', '2027-12-31', 'Above $80'), market('polymarket', 'Will WTI close above $80/bbl on December 31, 2027?', '2027-12-31')), 'identity');
  t.is(relation(market('manifold', 'Will the Bank of Canada deliver a quarter-point rate cut at its January 2027 policy decision?', null), market('polymarket', 'Bank of Canada decreases rates by 25 bps in January 2027?', '2027-01-27')), 'identity');
});

test('a count of major hurricanes is not a count of all hurricanes; Category 3+ is major', (t) => {
  const all = market('kalshi', 'Number of Atlantic hurricanes in 2027?', '2027-11-30', 'Above 5');
  t.is(relation(all, market('limitless', '6+ major Atlantic hurricanes in 2027?', '2027-11-30')), 'different');
  t.is(relation(all, market('limitless', '6+ Atlantic hurricanes in 2027?', '2027-11-30')), 'identity');
  const major = market('kalshi', 'Will a major hurricane make landfall in the US in 2027?', '2027-11-30');
  t.is(relation(major, market('polymarket', 'Will a Category 3+ hurricane make landfall in the US in 2027?', '2027-11-30')), 'identity');
  t.is(relation(major, market('polymarket', 'Will a Category 5 hurricane make landfall in the US in 2027?', '2027-11-30')), 'different');
});

test('a film\'s gross over its full run is not its opening weekend', (t) => {
  const opening = market('kalshi', 'Shrek 5 domestic opening weekend box office?', '2027-06-30', 'Above $150M');
  t.is(relation(market('manifold', 'Will Shrek 5 gross more than $150M at the domestic box office over its full run?', null), opening), 'different');
});

test('leaving the Fed chair is not leaving the Board of Governors', (t) => {
  const chair = market('polymarket', 'Powell out as Fed Chair by December 31, 2027?', '2027-12-31');
  t.is(relation(chair, market('manifold', 'Will Jerome Powell leave the Federal Reserve Board of Governors before 2028?', null)), 'different');
  t.is(relation(chair, market('kalshi', 'Will Jerome Powell leave as Fed Chair before 2028?', '2027-12-31')), 'identity');
});
