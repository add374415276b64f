/**
 * Counts written in words, a unit a title declares once for its bare lines, a blank filled by its label, and
 * a day stated on one side of a pair whose years agree. Labels by reading each pair.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const market = (venue: string, title: string, end_date: string | null, outcome = 'Yes'): MarketRef => ({ venue, title, outcome, end_date, category: '' });
const relation = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;

test('a count written in words before an open bound ("five or more Oscars") is the number', (t) => {
  const words = market('manifold', "Will Nolan's The Odyssey win five or more Academy Awards in 2027?", '2027-03-15');
  t.is(relation(words, market('kalshi', 'How many Oscars will The Odyssey win?', '2027-03-15', '5 or more')), 'identity');
  t.is(relation(words, market('kalshi', 'How many Oscars will The Odyssey win?', '2027-03-15', '6 or more')), 'different');
});

test('a unit declared in a title\'s brackets ("Opening Weekend ($M)") is the unit of its bare Over/Under lines', (t) => {
  const kalshi = market('kalshi', 'Shrek 5 domestic opening weekend?', '2027-07-05', 'Above $120M');
  const azuro = (line: string): MarketRef => market('azuro', 'Shrek 5 - Domestic Opening Weekend ($M)', '2027-07-04', line);
  t.is(relation(azuro('Over 120'), kalshi), 'identity');
  t.is(relation(azuro('Under 120'), kalshi), 'complement');
  t.is(relation(azuro('Over 150'), kalshi), 'different');
  t.is(relation(azuro('Over 120'), market('kalshi', 'Shrek 5 domestic opening weekend?', '2027-07-05', 'Above $120K')), 'different');
});

test('a label filling a title\'s blank written without a space ("by...?") is read as a date of its own', (t) => {
  const byDay = market('polymarket', 'Starship propellant transfer by...?', '2027-06-30', 'June 30, 2027');
  t.is(relation(byDay, market('kalshi', 'Will SpaceX demonstrate Starship propellant transfer before Jul 1, 2027?', '2027-07-01')), 'identity');
  t.is(relation(byDay, market('limitless', 'Starship propellant transfer in Q2 2027?', '2027-06-30')), 'different');
});

test('a day stated on one side only weighs less when both sides name the same year', (t) => {
  const manifold = market('manifold', 'Will Christopher Nolan take home the Academy Award for Best Director at the 99th Oscars (March 2027)?', '2027-03-15');
  t.is(relation(manifold, market('predictit', 'Who will win Best Director at the 2027 Academy Awards?', null, 'Christopher Nolan')), 'identity');
  t.is(relation(manifold, market('predictit', 'Who will win Best Director at the 2028 Academy Awards?', null, 'Christopher Nolan')), 'different');
});

test('a day on one side in another year than the other side names keeps its full weight', (t) => {
  t.is(relation(market('kalshi', 'Will Trump endorse JD Vance before the 2028 Iowa caucuses?', '2028-02-01'), market('polymarket', 'Trump endorses JD Vance for 2028 by December 31, 2027?', '2027-12-31')), 'different');
});

test('a year written with its months ("2027 (Jan–Dec)") is that whole year, not a January of the next', (t) => {
  const year = market('polymarket', 'Will the US unemployment rate reach 5.0% for any month of 2027?', '2028-01-07');
  t.is(relation(year, market('manifold', 'Will any monthly US unemployment rate for 2027 (Jan–Dec) be 5.0% or higher?', '2028-01-07')), 'identity');
  t.is(relation(year, market('manifold', 'Will any monthly US unemployment rate for 2027 (Jan–Dec) be 5.5% or higher?', '2028-01-07')), 'different');
});

test('things counted one by one (deliveries, passing yards) are whole: "above 400,000" is not "400,000 or more"', (t) => {
  const atLeast = market('polymarket', 'Will Tesla deliver 400,000 or more vehicles in Q1 2027?', '2027-04-02');
  t.is(relation(atLeast, market('kalshi', 'Tesla deliveries in Q1 2027?', '2027-04-02', 'Above 400,000')), 'different');
  t.is(relation(atLeast, market('kalshi', 'Tesla deliveries in Q1 2027?', '2027-04-02', 'Above 399,999')), 'identity');
  t.is(relation(market('manifold', 'Will Josh Allen throw for at least 4,500 passing yards in the 2027 NFL regular season?', '2028-01-09'), market('kalshi', 'Josh Allen 2027 regular season passing yards?', '2028-01-09', 'Above 4,500')), 'different');
});

test('centimetres and millimetres of snow are read in inches', (t) => {
  const kalshi = market('kalshi', 'NYC snowfall in Jan 2027?', '2027-02-01', 'Above 12 inches');
  t.is(relation(market('predictfun', 'NYC snowfall above 12 cm in January 2027?', '2027-02-01'), kalshi), 'different');
  t.is(relation(market('predictfun', 'NYC snowfall above 304.8 mm in January 2027?', '2027-02-01'), kalshi), 'identity');
});

test('a bare "by 2027" on a market that closes as 2027 begins is before 2027; closing at the end of 2027 it is 2027\'s end', (t) => {
  const in2026 = market('polymarket', 'Will Satoshi move any Bitcoin in 2026?', '2027-01-01');
  t.is(relation(market('kalshi', 'Will Satoshi move any Bitcoin by 2027?', '2027-01-01'), in2026), 'identity');
  t.is(relation(market('kalshi', 'Will Satoshi move any Bitcoin by 2027?', '2027-12-31'), market('polymarket', 'Will Satoshi move any Bitcoin by December 31, 2027?', '2027-12-31')), 'identity');
  t.is(relation(market('kalshi', 'Will Satoshi move any Bitcoin by 2027?', '2027-12-31'), in2026), 'different');
});

test('a span from a quarter\'s or a half\'s first day to its last is that quarter or half', (t) => {
  const q1 = market('polymarket', 'Crypto hack over $100M in Q1 2027?', '2027-03-31');
  t.is(relation(q1, market('kalshi', 'Will a crypto hack exceed $100 million between Jan 1 and Mar 31, 2027?', '2027-04-01')), 'identity');
  t.is(relation(q1, market('kalshi', 'Will a crypto hack exceed $100 million between Jan 1 and Jun 30, 2027?', '2027-07-01')), 'different');
  t.is(relation(market('polymarket', 'Single crypto hack over $1B in H1 2027?', '2027-06-30'), market('manifold', 'Will a single crypto hack exceed $1 billion from January 1 to June 30, 2027?', '2027-06-30')), 'identity');
});

test('"on or before June 30" is by June 30, the day included', (t) => {
  t.is(relation(market('kalshi', 'Will OpenAI release GPT-6 by June 30, 2027?', '2027-06-30'), market('manifold', 'Will OpenAI release GPT-6 on or before June 30, 2027?', '2027-06-30')), 'identity');
});

test('a launch delayed past a day is the negation of it happening by that day', (t) => {
  const by = market('kalshi', 'Will Glamsterdam activate on Ethereum mainnet before Jul 1, 2027?', '2027-07-01');
  t.is(relation(by, market('limitless', 'Glamsterdam mainnet delayed past June 30, 2027?', '2027-06-30')), 'complement');
  t.is(relation(market('kalshi', 'Will SpaceX go public before Jul 1, 2027?', '2027-07-01'), market('limitless', 'SpaceX IPO delayed beyond June 2027?', '2027-06-30')), 'complement');
  t.is(relation(market('kalshi', 'Will SpaceX go public before Jan 1, 2028?', '2028-01-01'), market('limitless', 'SpaceX IPO delayed beyond June 2027?', '2027-06-30')), 'different');
});

test('a season\'s count that only grows is read once: "hit 50+ home runs" is the negation of "49 or fewer HR", not of 48 or fewer', (t) => {
  const hit = market('polymarket', 'Will Shohei Ohtani hit 50+ home runs in the 2027 regular season?', '2027-09-26');
  t.is(relation(hit, market('predictfun', 'Ohtani 49 or fewer HR in 2027 regular season?', '2027-09-26')), 'complement');
  t.is(relation(hit, market('predictfun', 'Ohtani 48 or fewer HR in 2027 regular season?', '2027-09-26')), 'different');
});

test('a film\'s domestic opening is settled once: above a level is the negation of that level or less', (t) => {
  const above = market('kalshi', 'Avengers: Doomsday domestic opening weekend?', '2026-12-21', 'Above $200M');
  t.is(relation(above, market('predictfun', 'Avengers: Doomsday domestic opening $200 million or less?', '2026-12-21')), 'complement');
  t.is(relation(above, market('predictfun', 'Avengers: Doomsday domestic opening $180 million or less?', '2026-12-21')), 'different');
});

test('a central bank moves in 25 bp steps: "25+ bps increase" is any hike, "half-point or bigger" is 50+ bps', (t) => {
  const hike = market('polymarket', 'Fed decision in December?', '2027-12-08', '25+ bps increase');
  t.is(relation(hike, market('manifold', 'Will the Federal Reserve raise interest rates at the December 7-8, 2027 meeting?', null)), 'identity');
  t.is(relation(hike, market('manifold', 'Will the Federal Reserve raise interest rates by 50 bps at the December 7-8, 2027 meeting?', null)), 'different');
  const half = market('predictit', 'Fed rate decision, December 2027', '2027-12-08', 'Cut 50+ bps');
  t.is(relation(half, market('limitless', 'Half-point or bigger Fed cut in December 2027?', '2027-12-08')), 'identity');
  t.is(relation(half, market('limitless', 'Half-point Fed cut in December 2027?', '2027-12-08')), 'different');
});
