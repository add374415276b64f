import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';
import { readClock } from '../../pipeline/matching/verifier/read/clock.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null, category = 'economics'): MarketRef => ({ venue, title, outcome, end_date, category });
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;
const why = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).reasons.join('; ');

test('clock times are read in UTC: 12 pm ET is 17:00 UTC in November and 16:00 UTC in July', (t) => {
  t.is(readClock('Bitcoin above $100,000 on November 21 at 12:00 PM ET?', '2025-11-21').clock?.minutesUtc, 17 * 60);
  t.is(readClock('Bitcoin above $100,000 on July 21 at 12pm ET?', '2025-07-21').clock?.minutesUtc, 16 * 60);
  t.is(readClock('ETH above $3,050 at 12:15 a.m. UTC on January 28', '2026-01-28').clock?.minutesUtc, 15);
  t.is(readClock('Will Bitcoin be above $95,000 on Feb 27?', '2026-02-27').clock, null);
});

test('one day at another time of day or in another zone is another market; the same instant in two zones is one', (t) => {
  const crypto = (title: string): MarketRef => m('kalshi', title, 'Yes', '2025-11-21', 'crypto');
  t.regex(why(crypto('Bitcoin above $100,000 on November 21 at 12pm ET?'), crypto('Bitcoin above $100,000 on November 21 at 5PM ET?')), /time of day differs/);
  t.regex(why(crypto('Bitcoin above $100,000 on November 21, 2025 at 12:00 PM ET?'), crypto('Bitcoin above $100,000 on November 21, 2025 at 12:00 UTC?')), /time of day differs/);
  t.is(rel(crypto('Bitcoin above $100,000 on November 21, 2025 at 12:00 PM ET?'), crypto('Bitcoin above $100,000 on November 21, 2025 at 17:00 UTC?')), 'identity');
  t.regex(why(crypto('Will Bitcoin be above $95,000 at 5pm EST on Nov 21, 2025?'), crypto('Bitcoin above $95k on November 21?')), /time of day on one side only/);
});

test('a recurring event named with its year on one side only needs an agreeing end date', (t) => {
  const s = 'sports';
  t.regex(why(m('kalshi', 'Will Max Verstappen win the Monaco Grand Prix?', 'Yes', '2026-06-07', s), m('polymarket', 'Will Max Verstappen win the 2025 Monaco Grand Prix?', 'Yes', '2025-05-25', s)), /year differs/);
  t.is(rel(m('kalshi', 'Will Max Verstappen win the Monaco Grand Prix?', 'Yes', '2025-05-25', s), m('polymarket', 'Will Max Verstappen win the 2025 Monaco Grand Prix?', 'Yes', '2025-05-25', s)), 'identity');
  t.regex(why(m('predictit', 'Will Gavin Newsom win the California governor race?', 'Yes', null, 'politics'), m('polymarket', 'Will Gavin Newsom win the 2026 California governor election?', 'Yes', '2026-11-03', 'politics')), /no end date/);
  // An election settles when certified: a Kalshi close a year after the 2026 race is still the 2026 race.
  t.is(rel(m('kalshi', 'Will Republicans win the Senate race in New Mexico?', 'Yes', '2027-11-03', 'politics'), m('polymarket', 'Will the Republicans win the New Mexico Senate race in 2026?', 'Yes', '2026-11-03', 'politics')), 'identity');
});

test('"after the March meeting" and "following the March 18 meeting" are one meeting', (t) => {
  t.is(rel(m('polymarket', 'Fed decreases interest rates by 25 bps after March 2026 meeting?', 'Yes', '2026-03-18'), m('kalshi', 'Will the Fed cut rates by 25bps following the March 18, 2026 meeting?', 'Yes', '2026-03-18')), 'identity');
});

test('notation: dotted thousands, VP, two-digit years in tickers', (t) => {
  t.is(rel(m('polymarket', 'Will Bitcoin reach $100.000 by December 31, 2025?', 'Yes', '2025-12-31', 'crypto'), m('kalshi', 'Will Bitcoin reach $100,000 by Dec 31, 2025?', 'Yes', '2025-12-31', 'crypto')), 'identity');
  t.is(rel(m('kalshi', 'KXFEDDECISION-25DEC-C25', 'Yes', '2025-12-10'), m('polymarket', 'Fed decreases interest rates by 25 bps after December 2025 meeting?', 'Yes', '2025-12-10')), 'identity');
  t.is(rel(m('kalshi', 'KXFEDDECISION-25DEC-H0', 'Yes', '2025-12-10'), m('polymarket', 'No change in Fed interest rates after December 2025 meeting?', 'Yes', '2025-12-10')), 'identity');
  t.is(rel(m('kalshi', 'KXFEDDECISION-25DEC-C26', 'Yes', '2025-12-10'), m('polymarket', 'Fed decreases interest rates by 50+ bps after December 2025 meeting?', 'Yes', '2025-12-10')), 'identity');
  t.is(rel(m('kalshi', 'KXFEDDECISION-25DEC-C25', 'Yes', '2025-12-10'), m('polymarket', 'Fed decreases interest rates by 50+ bps after December 2025 meeting?', 'Yes', '2025-12-10')), 'different');
});

test('Fed moves come in 25 bp steps: more than 25 bp is 50 bp or more, and a 0 bp hike is no change', (t) => {
  const kalshi = (o: string): MarketRef => m('kalshi', 'Fed decision in Dec 2025?', o, '2025-12-10');
  t.is(rel(kalshi('Cut >25bps'), m('polymarket', 'Fed decreases interest rates by 50+ bps after December 2025 meeting?', 'Yes', '2025-12-10')), 'identity');
  t.is(rel(kalshi('Hike 0bps'), m('polymarket', 'No change in Fed interest rates after December 2025 meeting?', 'Yes', '2025-12-10')), 'identity');
  t.is(rel(m('kalshi', 'Will the Federal Reserve Hike rates by 0bps at their March 2026 meeting?', 'Yes', '2026-03-18'), m('polymarket', 'Will there be no change in Fed interest rates after the March 2026 meeting?', 'No', '2026-03-18')), 'complement');
});

test('counts of cuts: buckets, "above 2.5" = "3 or more", zero cuts is no cut at all', (t) => {
  const q = (o: string): MarketRef => m('kalshi', 'How many rate cuts in 2026?', o, '2026-12-31');
  t.is(rel(q('3'), m('polymarket', 'Will 3 Fed rate cuts happen in 2026?', 'Yes', '2026-12-31')), 'identity');
  t.is(rel(q('3 or more'), m('polymarket', 'Will 3 Fed rate cuts happen in 2026?', 'Yes', '2026-12-31')), 'different');
  t.is(rel(q('Above 2.5'), m('polymarket', 'Will the Fed cut rates 3 or more times in 2026?', 'Yes', '2026-12-31')), 'identity');
  t.is(rel(q('Above 2'), m('polymarket', 'Will the Fed cut rates 2 or more times in 2026?', 'Yes', '2026-12-31')), 'different');
  t.is(rel(m('polymarket', 'How many Fed rate cuts in 2026?', '3 (75 bps)', '2026-12-31'), q('3')), 'identity');
  t.is(rel(m('polymarket', 'Will no Fed rate cuts happen in 2026?', 'Yes', '2026-12-31'), m('kalshi', 'Will the Fed cut rates in 2026?', 'Yes', '2026-12-31')), 'complement');
});

test('synonymous qualifiers: emergency, unscheduled and between-meeting cuts are one idea', (t) => {
  const poly = m('polymarket', 'Fed emergency rate cut in 2025?', 'Yes', '2025-12-31');
  t.is(rel(poly, m('kalshi', 'Will the Fed make an unscheduled rate cut before 2026?', 'Yes', '2025-12-31')), 'identity');
  t.is(rel(poly, m('kalshi', 'Will the Fed cut rates between meetings in 2025?', 'Yes', '2025-12-31')), 'identity');
});

test('deadlines and windows must agree, whatever the close dates', (t) => {
  const p = 'politics';
  t.is(rel(m('kalshi', 'Who will be the next UK Prime Minister before 2030?', 'Andy Burnham', '2030-01-01', p), m('polymarket', 'Will Andy Burnham be the next UK Prime Minister in 2026?', 'Yes', '2026-12-31', p)), 'different');
  t.is(rel(m('kalshi', 'Will Trump acquire Greenland before 2029?', 'Yes', '2029-01-01', p), m('polymarket', 'Will the US acquire Greenland before 2027?', 'Yes', '2026-12-31', p)), 'different');
  t.is(rel(m('kalshi', 'Will Trump pardon Ghislaine Maxwell before 2027?', 'Yes', '2027-01-01', p), m('polymarket', 'Trump pardons Ghislaine Maxwell by June 30, 2026?', 'Yes', '2026-06-30', p)), 'different');
  // A Kalshi ticker dates a title that names no year: the 2028 race is not the 2026 one.
  const ga = (ticker: string, end: string): MarketRef => ({ ...m('kalshi', 'Will Republicans win the Senate race in Georgia?', 'Yes', end, p), ticker });
  t.is(rel(ga('SENATEGA-26-R', '2027-11-03'), m('polymarket', 'Will the Republicans win the Georgia Senate race in 2026?', 'Yes', '2026-11-03', p)), 'identity');
  t.is(rel(ga('SENATEGA-28-R', '2029-11-07'), m('polymarket', 'Will the Republicans win the Georgia Senate race in 2026?', 'Yes', '2026-11-03', p)), 'different');
});

test("a ticker's year the market closes long before is not the event's year", (t) => {
  const kalshi = (end: string): MarketRef => ({ venue: 'kalshi', title: 'Who will Trump nominate as Fed Chair?', outcome: 'Kevin Warsh', end_date: end, category: 'politics', ticker: 'KXFEDCHAIRNOM-29-KW' });
  const poly: MarketRef = { venue: 'polymarket', title: 'Will Trump nominate Kevin Warsh as the next Fed chair?', outcome: 'Yes', end_date: '2026-12-31', category: 'politics' };
  t.is(verifyPair(kalshi('2026-12-31'), poly).relation, 'identity');
  // A market still open in 2029 does ask about 2029.
  t.regex(verifyPair(kalshi('2029-06-30'), poly).reasons.join('; '), /year differs/);
});

test('"Number of rate cuts" asks how many: zero of them is no cut at all', (t) => {
  const count = (o: string): MarketRef => ({ venue: 'kalshi', title: 'Number of rate cuts in 2026?', outcome: o, end_date: '2026-12-31', category: 'economics' });
  const any = (o: string): MarketRef => ({ venue: 'polymarket', title: 'Will the Fed cut rates in 2026?', outcome: o, end_date: '2026-12-31', category: 'economics' });
  t.is(verifyPair(count('0'), any('No')).relation, 'identity');
  t.is(verifyPair(count('2'), any('Yes')).relation, 'different');
});

test('Polymarket daily crypto levels are read at noon ET (its house hour): they link to a stated noon and refuse any other hour', (t) => {
  const mk = (venue: string, title: string, outcome = 'Yes', ticker: string | null = null) => ({ venue, title, outcome, end_date: '2025-11-21', category: 'crypto', ticker });
  const poly = mk('polymarket', 'Bitcoin above ___ on November 21?', '96,000');
  // Noon ET on Nov 21 (EST, UTC-5) is 17:00 UTC.
  t.is(verifyPair(mk('kalshi', 'Bitcoin price on Nov 21, 2025 at 12pm EST?', '$96,000 or above', 'KXBTCD-25NOV2112-T95999.99'), poly).relation, 'identity');
  t.is(verifyPair(mk('limitless', '$BTC above $96,000 on Nov 21, 17:00 UTC?'), poly).relation, 'identity');
  t.is(verifyPair(mk('limitless', '$BTC above $96,000 on Nov 21, 16:00 UTC?'), poly).relation, 'different');
  const fivePm = verifyPair(mk('kalshi', 'Bitcoin price on Nov 21, 2025 at 5pm EST?', '$96,000 or above', 'KXBTCD-25NOV2117-T95999.99'), poly);
  t.is(fivePm.relation, 'different');
  t.true(fivePm.reasons.some((r) => r.startsWith('time of day differs')), fivePm.reasons.join('; '));
  // Without a clock on either side nothing is assumed: the two titles agree as before.
  t.is(verifyPair(mk('predictfun', 'BTC above $96,000 on Nov 21?'), poly).relation, 'identity');
});

test('a rate decision "at the March 2026 meeting" is the one "after the March 2026 meeting"; a 0 bp hike anywhere in a title is no change', (t) => {
  const after = (title: string) => m('polymarket', title, 'Yes', '2026-03-18');
  t.is(rel(m('kalshi', 'Will the Fed cut rates by more than 25bps at the March 2026 meeting?'), after('Fed decreases interest rates by 50+ bps after March 2026 meeting?')), 'identity');
  t.is(rel(m('kalshi', 'Will the Fed hike 0bps at the March 2026 meeting?'), after('No change in Fed interest rates after March 2026 meeting?')), 'identity');
  t.is(rel(m('kalshi', 'Will the Fed hike 0bps at the March 2026 meeting?', 'No'), after('No change in Fed interest rates after March 2026 meeting?')), 'complement');
  // Another month's meeting stays another meeting.
  t.is(rel(m('kalshi', 'Will the Fed hike 0bps at the April 2026 meeting?'), after('No change in Fed interest rates after March 2026 meeting?')), 'different');
});

test('a meeting named with its day after "at its" or as "the meeting on <date>" is the meeting of that month; a deadline or another month is not', (t) => {
  const after = m('polymarket', 'Fed decreases interest rates by 25 bps after December 2026 meeting?', 'Yes', '2026-12-10');
  t.is(rel(after, m('kalshi', 'Will the Fed cut rates by 25bps at its December 9, 2026 meeting?', 'Yes', '2026-12-10')), 'identity');
  t.is(rel(after, m('kalshi', 'Will the Fed cut rates by 25bps at the FOMC meeting on December 9, 2026?', 'Yes', '2026-12-10')), 'identity');
  t.is(rel(m('polymarket', 'Will the Fed cut rates by more than 25 bps after the December meeting?', 'Yes', '2026-12-10'), m('kalshi', 'Will the Fed cut by 50bps or more at its December 9, 2026 meeting?', 'Yes', '2026-12-10')), 'identity');
  t.regex(why(m('polymarket', 'Fed decreases interest rates by 25 bps after January 2027 meeting?', 'Yes', '2027-01-28'), m('kalshi', 'Will the Fed cut rates by 25bps at its December 9, 2026 meeting?', 'Yes', '2026-12-10')), /differs/);
  t.regex(why(m('polymarket', 'Will the Fed cut rates by the December 2026 meeting?', 'Yes', '2026-12-10'), m('kalshi', 'Will the Fed cut rates at its December 9, 2026 meeting?', 'Yes', '2026-12-10')), /date sense differs/);
});

test('an hour\'s window is known by the hour it starts, in its own zone; another length of window is another market', (t) => {
  // 20:00 UTC on Dec 5 is 3 PM EST; on June 14 it is 4 PM EDT.
  t.is(readClock('BTC Up or Down - Hourly (Dec 5, 20:00–21:00 UTC)', '2026-12-05').clock?.minutesUtc, 20 * 60);
  t.is(readClock('ETH Up or Down: Dec 11, 10:00–11:00 AM ET', '2026-12-11').clock?.minutesUtc, 15 * 60);
  t.is(readClock('Ethereum price up or down from 11 to 12 PM ET on Dec 11?', '2026-12-11').clock?.minutesLocal, 11 * 60);
  // A range without a clock mark is a count or a score, not a time.
  t.is(readClock('Will the Fed cut 2-3 times in 2027?', '2027-12-31').clock, null);
  const hourly = (venue: string, title: string, day: string) => m(venue, title, 'Up', day, 'crypto');
  t.is(rel(hourly('polymarket', 'Bitcoin Up or Down - December 5, 3PM ET', '2026-12-05'), hourly('limitless', 'BTC Up or Down - Hourly (Dec 5, 20:00–21:00 UTC)', '2026-12-05')), 'identity');
  t.is(rel(hourly('polymarket', 'Bitcoin Up or Down - June 14, 3PM ET', '2027-06-14'), hourly('limitless', 'BTC Up or Down - Hourly (Jun 14, 20:00–21:00 UTC)', '2027-06-14')), 'different');
  t.regex(why(hourly('polymarket', 'Ethereum Up or Down - December 11, 10AM ET', '2026-12-11'), hourly('limitless', 'ETH Up or Down: Dec 11, 10:00–10:15 AM ET', '2026-12-11')), /window differs/);
});

test('"Up" and "Down" of one up-or-down market are its two outcomes: a complement', (t) => {
  const day = (venue: string, outcome: string) => m(venue, 'Apple (AAPL) Up or Down on December 10?', outcome, '2026-12-10', 'finance');
  t.is(rel(day('polymarket', 'Up'), day('predictfun', 'Down')), 'complement');
  t.is(rel(day('polymarket', 'Up'), day('predictfun', 'Up')), 'identity');
  t.is(rel(day('polymarket', 'Up'), m('predictfun', 'Microsoft (MSFT) Up or Down on December 10?', 'Down', '2026-12-10', 'finance')), 'different');
});

test('"before Q2 2027" is by March 31; a quarter written with a two-digit year is that year\'s', (t) => {
  const q = (venue: string, title: string, outcome = 'Yes') => m(venue, title, outcome, '2027-03-31', 'crypto');
  t.is(rel(q('predictfun', 'Will Polymarket launch their official token by March 31, 2027?'), q('manifold', 'Will Polymarket launch a token before Q2 2027?')), 'identity');
  t.is(rel(q('predictfun', 'Will Polymarket launch their official token by June 30, 2027?'), q('manifold', 'Will Polymarket launch a token before Q2 2027?')), 'different');
  t.is(rel(q('limitless', "BNB new ATH by end of Q1 '27?"), q('kalshi', 'BNB all time high by March 31, 2027?')), 'identity');
  t.is(rel(q('limitless', 'Will SpaceX demonstrate Starship propellant transfer before H2 2027?'), q('kalshi', 'Will SpaceX demonstrate Starship propellant transfer by June 30, 2027?')), 'identity');
  t.is(rel(q('limitless', 'Will SpaceX demonstrate Starship propellant transfer before H2 2027?'), q('kalshi', 'Will SpaceX demonstrate Starship propellant transfer by December 31, 2027?')), 'different');
});

test('"the week of Dec 7" is Dec 7-13 and "week ending Dec 11" ends on the 11th; another week is another market', (t) => {
  const w = (venue: string, title: string, outcome = 'Yes') => m(venue, title, outcome, '2026-12-13', 'politics');
  t.is(rel(w('limitless', 'Will Trump issue 5+ pardons December 14-20?'), w('kalshi', 'Will Trump issue at least 5 pardons in the week of Dec 14, 2026?')), 'identity');
  t.is(rel(w('limitless', 'Will Trump issue 5+ pardons December 7-13?'), w('kalshi', 'Will Trump issue at least 5 pardons in the week of Dec 14, 2026?')), 'different');
  t.is(rel(w('polymarket', 'Will Trump say "Bitcoin" this week? (December 7-13)'), w('kalshi', 'What will Trump say during the week of Dec 7, 2026?', 'Bitcoin')), 'identity');
});

test('a central bank\'s decision "in February" is the one it takes on its February meeting day', (t) => {
  const e = (venue: string, title: string, outcome: string, end: string) => m(venue, title, outcome, end, 'economics');
  t.is(rel(e('polymarket', 'Bank of England decision in February?', '25 bps decrease', '2027-02-04'), e('kalshi', 'BoE cuts 25bp on Feb 4, 2027?', 'Yes', '2027-02-04')), 'identity');
  t.is(rel(e('polymarket', 'Bank of Canada decision in December?', 'No change', '2026-12-09'), e('kalshi', 'Will the Bank of Canada hold its policy rate on Dec 9, 2026?', 'Yes', '2026-12-09')), 'identity');
  // A level read on a later day of the month is no decision.
  t.is(rel(e('polymarket', 'Bank of Canada decision in December?', 'No change', '2026-12-09'), e('kalshi', 'Bank of Canada policy rate on Dec 31, 2026 at 2.25%?', 'Yes', '2026-12-31')), 'different');
});

test('a year the question is about differs though both markets share the month that dates them', (t) => {
  const dot = (year: number): MarketRef => m('kalshi', `Will the December 2026 dot plot's median projection for end-${year} be under 3%?`, 'Yes', '2026-12-16');
  t.regex(why(dot(2027), dot(2028)), /year differs: 2027 vs 2028/);
  t.is(rel(dot(2027), m('polymarket', "December 2026 dot plot: median end-2027 projection under 3%?", 'Yes', '2026-12-16')), 'identity');
});

test('"Inflation in Jun 2027?" and "CPI YoY" are economic series, not names, and a ticker in parentheses after a title is its ticker', (t) => {
  t.is(rel(m('polymarket', 'June 2027 CPI YoY above 2.6%?', 'Yes', '2027-07-14'), m('kalshi', 'Inflation in Jun 2027?', 'Above 2.6%', '2027-07-14')), 'identity');
  t.is(rel(m('polymarket', 'June 2027 CPI YoY above 2.6%?', 'Yes', '2027-07-14'), m('kalshi', 'Inflation in Jun 2027? (KXCPIYOY-27JUN-T2.6)', 'Above 2.6%', '2027-07-14')), 'identity');
  t.is(rel(m('kalshi', 'Inflation in Feb 2027? (KXCPIYOY-27FEB-T3.0)', 'Above 3.0%', '2027-03-11'), m('polymarket', 'Will annual CPI inflation for February 2027 come in at 3.0% or lower?', 'Yes', '2027-03-11')), 'complement');
});

test('two instants stated in two zones are compared as days in UTC: 9 pm EST on Dec 22 is 02:00 UTC on Dec 23', (t) => {
  const mk = (venue: string, title: string, end: string, outcome = 'Yes') => ({ venue, title, outcome, end_date: end, category: 'crypto' });
  const kalshi = mk('kalshi', 'Ethereum price on Dec 22, 2026 at 9pm EST?', '2026-12-22', '$3,600 or above');
  t.is(verifyPair(kalshi, mk('limitless', '$ETH ≥ $3,600 on Dec 23, 02:00 UTC?', '2026-12-23')).relation, 'identity');
  t.is(verifyPair(kalshi, mk('limitless', '$ETH ≥ $3,600 on Dec 22, 02:00 UTC?', '2026-12-22')).relation, 'different', '02:00 UTC on Dec 22 is 9 pm EST on Dec 21');
  // 7 pm EST on New Year's Eve is midnight UTC on Jan 1.
  t.is(verifyPair(mk('limitless', '$BTC above $105,000 on Jan 1, 00:00 UTC?', '2027-01-01'), mk('predictfun', "Will Bitcoin be above $105,000 at 7pm ET on New Year's Eve 2026?", '2026-12-31')).relation, 'identity');
});

test("midnight UTC is not the house noon ET of Polymarket's daily crypto markets", (t) => {
  const mk = (venue: string, title: string, outcome = 'Yes') => ({ venue, title, outcome, end_date: '2027-01-01', category: 'crypto' });
  t.is(verifyPair(mk('limitless', '$BTC above $105,000 on Jan 1, 00:00 UTC?'), mk('polymarket', 'Bitcoin above ___ on January 1?', '105,000')).relation, 'different');
  t.is(verifyPair(mk('limitless', '$BTC above $105,000 on Jan 1, 17:00 UTC?'), mk('polymarket', 'Bitcoin above ___ on January 1?', '105,000')).relation, 'identity', 'noon EST is 17:00 UTC');
});

test('a count of tweets is a count of posts on X, and two windows of days are one only when they start on one day', (t) => {
  const poly = m('polymarket', 'Elon Musk # tweets December 4 - December 11, 2026?', '240-259', '2026-12-11');
  t.is(rel(poly, m('kalshi', 'How many times will Elon Musk post on X from Dec 4 to Dec 11, 2026?', '240 to 259', '2026-12-11')), 'identity');
  t.is(rel(poly, m('kalshi', 'How many times will Elon Musk post on X from Dec 5 to Dec 11, 2026?', '240 to 259', '2026-12-11')), 'different');
  t.is(rel(poly, m('kalshi', 'Will Elon Musk tweet between 240 and 259 times from Dec 4 to Dec 11, 2026?', 'Yes', '2026-12-11')), 'identity');
});

test('a level read at a clock time is read at the close only when that time is a close (4 pm ET for a stock)', (t) => {
  const close = m('polymarket', 'NVIDIA (NVDA) close above $200 on January 29, 2027?', 'Yes', '2027-01-29');
  t.is(rel(close, m('kalshi', 'NVDA above $200 on Jan 29, 2027 at 12:00 ET?', 'Yes', '2027-01-29')), 'different');
  t.is(rel(close, m('kalshi', 'NVDA above $200 on Jan 29, 2027 at 4:00 PM ET?', 'Yes', '2027-01-29')), 'identity');
});
