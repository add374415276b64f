/**
 * What a market measures, where and at which stage. Labels by reading each pair: month-over-month CPI and
 * year-over-year CPI are two prints, the low temperature is not the high, an opening day is not an opening weekend,
 * a close above a level is not a touch of it, Portland, OR is not Portland, ME, and a state's presidential primary is
 * not the nomination; a half-year is not its last quarter, and a holiday is its day.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date = '2026-12-31'): MarketRef => ({ venue, title, outcome, end_date, category: '' });
const rel = (a: string, b: string, end = '2026-12-31'): string => verifyPair(m('polymarket', a, 'Yes', end), m('kalshi', b, 'Yes', end)).relation;

test('two members of one measure group differ; an unqualified figure is the group\'s usual one', (t) => {
  t.is(rel('Will June 2026 CPI rise more than 0.3% month-over-month?', 'Will June 2026 CPI rise more than 0.3% year-over-year?', '2026-07-15'), 'different');
  // Unqualified CPI inflation is the year-over-year print; core is not headline.
  t.is(rel('Will CPI inflation be above 3.0% in May 2026?', 'Will CPI inflation be above 3.0% YoY in May 2026?', '2026-06-15'), 'identity');
  t.is(rel('Will core PCE inflation be above 2.5% in May 2026?', 'Will PCE inflation be above 2.5% in May 2026?', '2026-06-30'), 'different');
  t.is(rel('Will core PCE inflation be above 2.8% in May 2026?', 'Will core CPI inflation be above 2.8% in May 2026?', '2026-06-30'), 'different');
  t.is(rel('Will the Fed make an emergency rate cut in 2026?', 'Will the Fed cut rates in 2026?'), 'different');
  t.is(rel("Will Nvidia's Q1 FY2027 EPS beat estimates?", "Will Nvidia's Q1 FY2027 revenue beat estimates?", '2026-05-31'), 'different');
  t.is(rel('Will Avengers: Doomsday gross over $200M in its opening weekend?', 'Will Avengers: Doomsday gross over $200M on its opening day?'), 'different');
  // An unqualified CPI change of at most 1% is the monthly print; month-over-month is also written MoM.
  t.is(rel('Will CPI rise more than 0.3% in January 2026?', 'January 2026 CPI (MoM) above 0.3%?', '2026-02-11'), 'identity');
  t.is(rel('Will June 2026 CPI rise more than 0.3% month-over-month?', 'Will June 2026 CPI rise more than 0.3% MoM?', '2026-07-15'), 'identity');
  t.is(rel('Will CPI rise more than 0.3% in January 2026?', 'January 2026 CPI (YoY) above 0.3%?', '2026-02-11'), 'different');
  // A fiscal quarter is the company's own calendar: Q1 FY2027 is not Q2 FY2027, nor calendar Q1; guidance is not the reported figure.
  t.is(rel('Nvidia Q1 FY2027 revenue above $72 billion?', 'Will Nvidia report more than $72B in revenue for Q1 fiscal 2027?', '2026-05-27'), 'identity');
  t.is(rel('Nvidia Q1 FY2027 revenue above $72 billion?', 'Nvidia Q2 FY2027 revenue above $72 billion?', '2026-05-27'), 'different');
  t.is(rel('Will Apple report revenue above $130B for fiscal Q1 2026?', "Will Apple's revenue for Q1 2026 exceed $130B?", '2026-04-30'), 'different');
  t.is(rel('Will Nvidia guide Q2 FY2027 revenue above $50B?', 'Will Nvidia report Q2 FY2027 revenue above $50B?', '2026-05-27'), 'different');
  // A hurricane is one kind of named storm; the season's name holds the word without naming the kind.
  t.is(rel('Will a hurricane make landfall in the US by September 30, 2026?', 'Will a named storm make US landfall by Sep 30, 2026?', '2026-09-30'), 'different');
  t.is(rel('Number of Atlantic named storms in 2026 above 15?', 'More than 15 named storms in the 2026 Atlantic hurricane season?', '2026-11-30'), 'identity');
  // Domestic is not worldwide, a 3-day opening not a 5-day one, the Super Bowl MVP not the season's.
  t.is(rel('Avengers: Doomsday opening weekend over $200M (domestic)?', "Will Avengers: Doomsday's global opening weekend exceed $200M?"), 'different');
  t.is(rel('Will Super Mario Galaxy Movie gross more than $150M in its 3-day domestic opening weekend?', 'Super Mario Galaxy Movie 5-day domestic opening above $150M?'), 'different');
  t.is(rel('Will Super Mario Galaxy Movie gross more than $150M in its 3-day domestic opening weekend?', 'Super Mario Galaxy Movie three-day domestic opening above $150M?'), 'identity');
  t.is(verifyPair(m('polymarket', 'NFL MVP 2025-26', 'Matthew Stafford', '2026-02-05'), m('kalshi', 'Super Bowl LX MVP', 'Matthew Stafford', '2026-02-08')).relation, 'different');
  t.is(rel('Will the low temperature in Chicago be below 20°F on January 15?', 'Will the high temperature in Chicago be below 20°F on January 15?', '2027-01-15'), 'different');
  t.is(rel('Will it rain in NYC on December 25?', 'Will it snow in NYC on December 25?', '2026-12-25'), 'different');
  t.is(rel('Will a major hurricane make landfall in Florida in 2026?', 'Will a hurricane make landfall in Florida in 2026?'), 'different');
  t.is(rel('Will Tesla close above $500 on June 30, 2026?', 'Will Tesla trade above $500 at any point on June 30, 2026?', '2026-06-30'), 'different');
  t.is(rel('Will the Nasdaq-100 close above 25,000 on December 31, 2026?', 'Will the Nasdaq Composite close above 25,000 on December 31, 2026?'), 'different');
});

test('a US state written as its postal code after the city is that state', (t) => {
  const high = (city: string) => m('kalshi', `Highest temperature in ${city} on July 4?`, '90-91°F', '2026-07-04');
  t.is(verifyPair(high('Portland, OR'), high('Portland, ME')).relation, 'different');
  t.is(verifyPair(high('Portland, OR'), { ...high('Portland, Oregon'), venue: 'polymarket' }).relation, 'identity');
  // The state in a city's name is not the city's state: Kansas City, MO and Kansas City, KS are two cities.
  t.is(verifyPair(high('Kansas City, MO'), high('Kansas City, KS')).relation, 'different');
  t.is(verifyPair(high('Kansas City, MO'), { ...high('Kansas City, Missouri'), venue: 'polymarket' }).relation, 'identity');
});

test("one state's presidential primary is not the party's nomination", (t) => {
  t.is(rel('Will Gavin Newsom win the 2028 California Democratic primary?', 'Will Gavin Newsom win the 2028 Democratic presidential nomination?', '2028-08-31'), 'different');
  t.is(rel('Will JD Vance win the 2028 Republican presidential nomination?', 'Will JD Vance be the 2028 Republican presidential nominee?', '2028-08-31'), 'identity');
});

test('two plain deadlines a day apart are two questions; a stay on a day is still the deadline of the day before', (t) => {
  t.is(rel('Will OpenAI release GPT-6 before June 30, 2026?', 'Will OpenAI release GPT-6 by June 30, 2026?', '2026-06-30'), 'different');
  t.is(rel('Will GTA VI be released by November 19, 2026?', 'Will GTA VI be released by November 20, 2026?', '2026-11-20'), 'different');
  // A quarter ending on the last day of a month holds two more months.
  t.is(rel('Will there be a US government shutdown in Q1 2026?', 'Will there be a US government shutdown in March 2026?', '2026-03-31'), 'different');
  // A central bank meets once a month: its decision "in March" is the one at its March 17-18 meeting, not a level on March 31.
  t.is(rel('Will the Fed cut rates in March 2026?', 'Will the Fed cut rates at the March 17-18, 2026 FOMC meeting?', '2026-03-18'), 'identity');
  t.is(rel('Will the Fed pause at the September 2026 FOMC?', 'Will the Fed hold rates in September 2026?', '2026-09-16'), 'identity');
  t.is(rel('Will the fed funds upper bound be above 3.00% on December 31, 2026?', 'Will the fed funds upper bound be above 3.00% after the December 2026 meeting?', '2026-12-31'), 'different');
  // A window of days is read to its last day, however it is written.
  t.is(verifyPair(m('polymarket', 'Elon Musk # tweets March 13 - March 20, 2026?', '400-419', '2026-03-20'), m('kalshi', 'Elon Musk tweets Mar 13-20: 400-419?', 'Yes', '2026-03-20')).relation, 'identity');
  t.is(verifyPair(m('polymarket', 'Elon Musk # tweets March 13 - March 20, 2026?', '400-419', '2026-03-20'), m('kalshi', 'Elon Musk tweets Mar 20-27: 400-419?', 'Yes', '2026-03-27')).relation, 'different');
  // A half-year ending on June 30 holds three more months than Q2.
  t.is(rel('Will there be a US government shutdown in H1 2026?', 'Will there be a US government shutdown in Q2 2026?', '2026-06-30'), 'different');
  t.is(rel('Will there be a US government shutdown in H1 2026?', 'Will there be a US government shutdown in the first half of 2026?', '2026-06-30'), 'identity');
  // A holiday is its day: Christmas is six days before the year's end; Thanksgiving 2026 is Thursday, November 26.
  t.is(rel('Will Bitcoin hit $150k by Christmas 2026?', 'Will Bitcoin hit $150k by December 31, 2026?'), 'different');
  t.is(rel('Will Bitcoin hit $150k by Christmas 2026?', 'Will Bitcoin hit $150k by December 25, 2026?', '2026-12-25'), 'identity');
  t.is(rel('Will Bitcoin be above $100k on Thanksgiving 2026?', 'Will Bitcoin be above $100k on November 26, 2026?', '2026-11-26'), 'identity');
  t.is(rel('Will Bitcoin be above $100k on Thanksgiving 2026?', 'Will Bitcoin be above $100k on November 27, 2026?', '2026-11-27'), 'different');
  // "before Apr 1" is "by March 31" exactly.
  t.is(rel('Will OpenAI release GPT-6 before Apr 1, 2026?', 'Will OpenAI release GPT-6 by March 31, 2026?', '2026-03-31'), 'identity');
  // Still in office on June 1 is "not gone by May 31", one day from a deadline of June 1: the same question negated.
  t.is(rel('Will Jerome Powell be Fed Chair on Jun 1, 2026?', 'Powell out as Fed Chair by May 31, 2026?', '2026-06-01'), 'complement');
});

test('steps of one process are different questions: a plea is not a conviction, a filing not a listing, talks not a signing', (t) => {
  t.is(rel('Will John Bolton plead guilty in 2026?', 'Will John Bolton be convicted in 2026?'), 'different');
  t.is(rel('Will Letitia James be subpoenaed in 2026?', 'Will Letitia James be indicted in 2026?'), 'different');
  t.is(rel('Will Kristi Noem resign in 2026?', 'Will Kristi Noem be fired in 2026?'), 'different');
  // Resigning and being fired are two ways of leaving: leaving "in any way" also pays on a death or a removal.
  t.is(rel('Will Trump resign in 2026?', 'Will Donald Trump leave office in 2026?'), 'different');
  t.is(rel('Will Pope Leo XIV resign in 2026?', 'Will Pope Leo XIV cease to be pope in 2026?'), 'different');
  t.is(rel('Will Starmer remain PM through 2026?', 'Will Starmer step down as PM in 2026?'), 'different');
  t.is(rel('Will Tim Cook step down as Apple CEO in 2026?', 'Will Tim Cook resign as Apple CEO in 2026?'), 'identity');
  t.is(rel('Starmer out as UK Prime Minister in 2026?', 'Will Keir Starmer leave office in 2026?'), 'identity');
  t.is(rel('Will Keir Starmer remain Prime Minister through 2026?', 'Starmer out as UK Prime Minister in 2026?'), 'complement');
  t.is(rel('Will SpaceX file for an IPO in 2026?', 'Will SpaceX IPO in 2026?'), 'different');
  t.is(rel('Will Israel and Syria negotiate a security deal in 2026?', 'Will Israel and Syria sign a security deal in 2026?'), 'different');
  t.is(rel("Will Paramount and Warner Bros. Discovery agree to merge in 2026?", "Will Paramount's merger with Warner Bros. Discovery close in 2026?"), 'different');
  t.is(rel('Will Amazon cut 10,000 jobs in 2026?', 'Will Amazon plan to cut 10,000 jobs in 2026?'), 'different');
  t.is(rel('Will China blockade Taiwan in 2026?', 'Will China rehearse a blockade of Taiwan in 2026?'), 'different');
  t.is(rel('Will Russia capture Kostiantynivka by June 30, 2026?', 'Will Russia enter Kostiantynivka by June 30, 2026?', '2026-06-30'), 'different');
  t.is(rel('Will the SEC delay a decision on the spot SUI ETF in 2026?', 'Will the SEC approve the spot SUI ETF in 2026?'), 'different');
  t.is(rel('Will Taylor Swift present at the 2027 Grammys?', 'Will Taylor Swift win at the 2027 Grammys?', '2027-02-28'), 'different');
  t.is(rel('Will Apple release the iPhone 18 Pro in 2026?', 'Will Apple release the iPhone 18 Pro Max in 2026?'), 'different');
  const game = (venue: string, title: string) => ({ venue, title, outcome: 'Real Madrid', end_date: '2026-05-02', category: 'sports' });
  t.is(verifyPair(game('azuro', 'Real Madrid vs Barcelona - Clean Sheet'), game('polymarket', 'Real Madrid vs Barcelona')).relation, 'different');
  // The same step in other words is still one question.
  t.is(rel('Will SpaceX go public in 2026?', 'Will SpaceX IPO in 2026?'), 'identity');
  t.is(rel('Will John Bolton be convicted in 2026?', 'Will John Bolton be found guilty in 2026?'), 'identity');
});

test('side sessions, kinds of appointment or move, draws of a tournament, platforms and quoted words say what is asked', (t) => {
  const gp = (title: string, outcome: string) => ({ venue: 'polymarket', title, outcome, end_date: '2026-06-07', category: 'sports' });
  t.is(verifyPair(gp('Monaco Grand Prix: Pole Position', 'Max Verstappen'), { ...gp('Monaco Grand Prix winner?', 'Max Verstappen'), venue: 'kalshi' }).relation, 'different');
  t.is(verifyPair(gp('Monaco Grand Prix Sprint Winner', 'Lando Norris'), { ...gp('Monaco Grand Prix winner?', 'Lando Norris'), venue: 'kalshi' }).relation, 'different');
  t.is(rel('Will Mohamed Salah leave Liverpool in 2026?', 'Will Mohamed Salah leave Liverpool on loan in 2026?'), 'different');
  t.is(rel('Will OpenAI release an open-weight model in 2026?', 'Will OpenAI release a new model in 2026?'), 'different');
  t.is(rel('Will Trump post on X in June 2026?', 'Will Trump post on Truth Social in June 2026?', '2026-06-30'), 'different');
  t.is(rel('Will Trump say "crypto" during the State of the Union?', 'Will Trump say "Bitcoin" during the State of the Union?', '2026-03-01'), 'different');
  t.is(rel('Will Trump say "crypto" during the State of the Union?', 'Will Trump say "Crypto" during the State of the Union?', '2026-03-01'), 'identity');
  const spotify = (venue: string, title: string) => ({ venue, title, outcome: 'Ordinary', end_date: '2026-06-30', category: '' });
  t.is(verifyPair(spotify('polymarket', 'Spotify #1 song globally on June 30?'), spotify('kalshi', 'Spotify #1 song in the US on June 30?')).relation, 'different');
  t.is(verifyPair(spotify('polymarket', 'Spotify #1 song on June 30?'), spotify('kalshi', 'Spotify #1 song globally on June 30?')).relation, 'identity');
  const wimbledon = (title: string) => ({ venue: 'kalshi', title, outcome: 'Carlos Alcaraz', end_date: '2026-07-12', category: 'sports' });
  t.is(verifyPair({ ...wimbledon("Wimbledon 2026 Men's Winner"), venue: 'polymarket' }, wimbledon("Wimbledon 2026 Men's Doubles Winner")).relation, 'different');
  const manager = (title: string) => ({ venue: 'kalshi', title, outcome: 'Ruud van Nistelrooy', end_date: '2026-12-31', category: 'sports' });
  t.is(verifyPair({ ...manager('Who will be the next interim Manchester United manager?'), venue: 'polymarket' }, manager('Who will be the next Manchester United manager?')).relation, 'different');
});

test('an unadjusted series, a four-week average and continuing claims are other figures than the headline print', (t) => {
  t.is(rel('Will CPI rise more than 0.2% in December 2026?', 'Will the not-seasonally-adjusted CPI-U rise more than 0.2% in December 2026?'), 'different');
  t.is(rel('Initial jobless claims above 230,000 for the week ending Dec 12, 2026?', 'Will the 4-week average of initial jobless claims be above 230,000 for the week ending December 12, 2026?'), 'different');
  t.is(rel('Initial jobless claims above 230,000 for the week ending Dec 12, 2026?', 'Continuing claims above 230,000 for the week ending December 12, 2026?'), 'different');
  t.is(rel('Initial jobless claims above 230,000 for the week ending Dec 12, 2026?', 'Will initial jobless claims exceed 230,000 for the week ending December 12, 2026?'), 'identity');
});

test('a monthly statistic released in a month reports on the month before; a release month beside the reference month is a restatement', (t) => {
  const k = (title: string, outcome: string, end = '2026-12-10'): MarketRef => ({ venue: 'kalshi', title, outcome, end_date: end, category: 'economics' });
  const q = (title: string, end = '2026-12-10'): MarketRef => ({ venue: 'manifold', title, outcome: 'Yes', end_date: end, category: 'economics' });
  t.is(verifyPair(k('Core inflation in Nov 2026?', 'Above 3.0%'), q('Core CPI y/y >= 3.1% in the December 10, 2026 CPI report?')).relation, 'identity');
  t.is(verifyPair(k('Unemployment rate in Feb 2027?', 'Above 4.4%', '2027-03-05'), q('Will the unemployment rate reported in February 2027 be above 4.4%?', '2027-03-05')).relation, 'different');
  t.is(verifyPair(k('Will CPI rise more than 0.2% in Jan 2027? (KXCPI-27JAN-T0.2)', 'Above 0.2%', '2027-02-11'), q('Jan 2027 CPI (out in Feb 2027): m/m at or below 0.2%?', '2027-02-11')).relation, 'complement');
});

test('the effective fed funds rate is not the target range a Fed market settles on', (t) => {
  const k: MarketRef = { venue: 'kalshi', title: 'Fed funds rate after the Jan 2027 meeting?', outcome: 'Above 3.50%', end_date: '2027-01-27', category: 'economics', ticker: 'KXFED-27JAN-T3.50' };
  t.is(verifyPair(k, { venue: 'manifold', title: 'Will the effective federal funds rate be 3.75% or higher after the January 2027 FOMC meeting?', outcome: 'Yes', end_date: '2027-01-27', category: 'economics' }).relation, 'different');
});

test('a year\'s average is read once, not touched; hourly earnings are not weekly earnings; a season series is not one game', (t) => {
  t.is(rel('Will the Freddie Mac 30-year mortgage rate average below 6% for 2027?', 'Will the Freddie Mac 30-year rate dip below 6% at any point in 2027?', '2027-12-31'), 'different');
  t.is(verifyPair(m('kalshi', 'Average hourly earnings (MoM) in Apr 2027?', 'Above 0.3%', '2027-05-07'), m('polymarket', 'Will average weekly earnings rise more than 0.3% in April 2027?', 'Yes', '2027-05-07')).relation, 'different');
  t.is(verifyPair(m('kalshi', 'Average hourly earnings (MoM) in Apr 2027?', 'Above 0.3%', '2027-05-07'), m('polymarket', 'Will average hourly earnings rise more than 0.3% m/m in April 2027?', 'Yes', '2027-05-07')).relation, 'identity');
  t.is(verifyPair(m('polymarket', 'Will the Celtics win the 2026-27 regular-season series vs the 76ers?', 'Yes', '2027-01-15'), m('kalshi', '76ers vs. Celtics', 'Celtics', '2027-01-15')).relation, 'different');
});

test('a fiscal year is its own year: FY2028 is not FY2027, and the government\'s fiscal 2027 is not the calendar year 2027', (t) => {
  t.is(rel('Will the FY2028 NDAA be signed into law before 2028?', 'Will the FY2027 NDAA be signed into law by the end of 2027?', '2027-12-31'), 'different');
  t.is(rel('Will the FY2027 NDAA be signed into law before 2028?', 'Will the NDAA for fiscal year 2027 be signed into law by the end of 2027?', '2027-12-31'), 'identity');
  const deficit = (title: string, end: string): MarketRef => m('kalshi', title, 'Above $2.0T', end);
  t.is(verifyPair(m('polymarket', 'Will the US federal deficit in 2027 exceed $2 trillion?', 'Yes', '2028-01-15'), deficit('Federal deficit in FY 2027?', '2027-10-15')).relation, 'different');
});

test('a film\'s gross after its second weekend is not its opening weekend', (t) => {
  t.is(rel('Avengers: Doomsday domestic opening weekend above $250M?', 'Avengers: Doomsday domestic gross above $250M after its second weekend?'), 'different');
  t.is(rel('Avengers: Doomsday domestic opening weekend above $250M?', 'Will Avengers: Doomsday gross more than $250M domestically in its first weekend?'), 'identity');
});

test('a daily chart is not the weekly chart', (t) => {
  const song = 'All I Want for Christmas Is You';
  const daily = { venue: 'kalshi', title: 'Top song on Spotify Global daily chart for Dec 20, 2026?', outcome: song, end_date: '2026-12-21', category: 'culture' };
  t.is(verifyPair(daily, { venue: 'polymarket', title: '#1 song on Spotify Global weekly chart for the week ending December 24?', outcome: song, end_date: '2026-12-25', category: 'culture' }).relation, 'different');
  t.regex(verifyPair(daily, { venue: 'polymarket', title: '#1 song on the Spotify Global weekly chart on Dec 20, 2026?', outcome: song, end_date: '2026-12-21', category: 'culture' }).reasons.join('; '), /chart period differs: daily vs weekly/);
});
