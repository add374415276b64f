import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef, MatchVerdict } from '../../pipeline/matching/verifier/index.ts';
import { extractNumbers } from '../../pipeline/matching/verifier/read/numbers.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = '2026-06-30', category = 'finance'): MarketRef => ({ venue, title, outcome, end_date, category });
const verdict = (a: MarketRef, b: MarketRef): string => {
  const v: MatchVerdict = verifyPair(a, b);
  return `${v.same ? v.relation : 'different'}: ${v.reasons.join('; ')}`;
};

test('a comparator in the outcome label is read like one in the title: same level and day on opposite sides is a complement', (t) => {
  const label = m('kalshi', 'Apple (AAPL) close price on Jun 30, 2026?', 'Above $250');
  t.regex(verdict(label, m('polymarket', 'Will Apple close below $250 on June 30, 2026?')), /^complement/);
  t.regex(verdict(label, m('polymarket', 'Will Apple close above $250 on June 30, 2026?')), /^identity/);
  t.regex(verdict(m('kalshi', 'Apple (AAPL) close price on Jun 30, 2026?', 'Under $250'), m('polymarket', 'Will Apple close at or above $250 on June 30, 2026?')), /^complement/);
  // Different levels on opposite sides share no outcome split: different questions.
  t.regex(verdict(m('kalshi', 'Apple (AAPL) close price on Jun 30, 2026?', 'Above $260'), m('polymarket', 'Will Apple close below $250 on June 30, 2026?')), /^different/);
});

test('an inverted Yes/No pair is a complement, and a double inversion is the same question', (t) => {
  const label = m('kalshi', 'Bitcoin price on Dec 31, 2026?', 'Above $100,000', '2026-12-31');
  t.regex(verdict(label, m('polymarket', 'Will Bitcoin be above $100k on December 31, 2026?', 'No', '2026-12-31')), /^complement/);
  t.regex(verdict(label, m('polymarket', 'Will Bitcoin be below $100k on December 31, 2026?', 'No', '2026-12-31')), /^identity/);
  const reachNo = m('polymarket', 'Will Bitcoin reach $150k in 2026?', 'No', '2026-12-31');
  t.regex(verdict(reachNo, m('kalshi', 'Bitcoin to $150,000 by end of 2026?', 'Yes', '2026-12-31')), /^complement/);
  // Holding a role on a day, outcome No, against leaving before it, outcome No.
  const pm = m('polymarket', 'Will Mark Carney be Prime Minister of Canada on June 30, 2026?', 'No', '2026-06-30', 'politics');
  t.regex(verdict(pm, m('kalshi', 'Carney out as Canadian PM by June 29, 2026?', 'No', '2026-06-29', 'politics')), /^complement/);
});

test('a target verb or "to" with a level means at least that level, never exactly', (t) => {
  for (const text of ['will dogecoin hit $1 in 2026?', 'will amazon hit a $3 trillion market cap?', 'doge to $1 by end of 2026?', 'will gold climb to $5,000?', 'nvidia to top a new $6t valuation?']) {
    t.is(extractNumbers(text)[0]?.comparator, 'gt', text);
  }
  // A move set to a level is that level as stated.
  t.is(extractNumbers('fed cuts rates to 3.5% by june?')[0]?.comparator, 'eq');
  t.regex(verdict(m('polymarket', 'Will Amazon (AMZN) hit a $3 trillion market cap in 2026?', 'Yes', '2026-12-31'), m('kalshi', 'Amazon market cap above $3T before 2027?', 'Yes', '2026-12-31')), /^identity/);
  t.regex(verdict(m('polymarket', 'Will Dogecoin hit $1 in 2026?', 'Yes', '2026-12-31'), m('kalshi', 'DOGE to $1 by end of 2026?', 'Yes', '2026-12-31')), /^identity/);
  t.regex(verdict(m('polymarket', 'Will Tesla hit a $2 trillion market cap in 2026?', 'Yes', '2026-12-31'), m('kalshi', 'Tesla market cap above $3T before 2027?', 'Yes', '2026-12-31')), /threshold differs/);
});

test('"8.0+" and "magnitude 8.0 or greater" are one threshold, not a versioned name', (t) => {
  const a = m('polymarket', 'Will a magnitude 8.0+ earthquake occur in 2026?', 'Yes', '2026-12-31', 'science');
  t.regex(verdict(a, m('kalshi', 'Magnitude 8.0 or greater earthquake in 2026?', 'Yes', '2026-12-31', 'science')), /^identity/);
  t.regex(verdict(a, m('kalshi', 'Magnitude 8.5 or greater earthquake in 2026?', 'Yes', '2026-12-31', 'science')), /^different/);
});

test('an approval implies its approver, and a tariff imposed is a tariff in effect', (t) => {
  const etf = m('polymarket', 'Solana ETF approved by June 30, 2026?');
  t.regex(verdict(etf, m('kalshi', 'Will the SEC approve a spot SOL ETF before July 1, 2026?')), /^identity/);
  t.regex(verdict(etf, m('kalshi', 'Will the SEC approve a spot SOL ETF before January 1, 2026?')), /^different/);
  const tariff = m('polymarket', 'Will the US impose 50% tariffs on EU goods by July 31, 2026?', 'Yes', '2026-07-31', 'politics');
  t.regex(verdict(tariff, m('kalshi', '50% US tariff on European Union imports in effect by Jul 31, 2026?', 'Yes', '2026-07-31', 'politics')), /^identity/);
  t.regex(verdict(tariff, m('kalshi', '25% US tariff on European Union imports in effect by Jul 31, 2026?', 'Yes', '2026-07-31', 'politics')), /^different/);
});

test('"Over/Under <line>" with an Over or Under label is that side of the line, as "O/U <line>" is', (t) => {
  const line = (side: string) => m('sxbet', 'BTC Price Dec 31 2025 5:00 PM ET Over/Under 100000', side, '2025-12-31', 'crypto');
  const above = m('kalshi', 'Will Bitcoin be above $100,000 at 5pm ET on December 31, 2025?', 'Yes', '2025-12-31', 'crypto');
  t.regex(verdict(line('Over'), above), /^identity/);
  t.regex(verdict(line('Under'), above), /^complement/);
});

test('a signed level keeps its sign: "above -5" is not "above +5", and "below -5" is its other side', (t) => {
  const net = (o: string) => m('kalshi', 'Trump net approval rating on Silver Bulletin on June 30?', o, '2026-06-30', 'politics');
  t.regex(verdict(net('Above -5'), net('Above +5')), /^different/);
  t.regex(verdict(m('polymarket', 'Trump net approval above -5.0 on Jun 30, 2026 (Silver Bulletin)?', 'Yes', '2026-06-30', 'politics'), m('kalshi', 'Trump net approval below -5 on June 30 (Silver Bulletin)?', 'Yes', '2026-06-30', 'politics')), /^(?:complement|different)/);
  t.regex(verdict(m('polymarket', 'Will US GDP growth be below -0.5% in Q2 2026?', 'Yes', '2026-07-30', 'economics'), m('kalshi', 'Will US GDP growth be below 0.5% in Q2 2026?', 'Yes', '2026-07-30', 'economics')), /^different/);
});

test('a range with its multiplier written once, on the upper end ("1-1.25m"), is scaled at both ends', (t) => {
  t.deepEqual(extractNumbers('trump deportations: 1-1.25m?').map((c) => [c.comparator, c.value, c.high]), [['range', 1_000_000, 1_250_000]]);
  t.deepEqual(extractNumbers('tariff revenue $50-100b').map((c) => [c.comparator, c.value, c.high]), [['range', 50e9, 100e9]]);
});

test('a level at the year\'s last close is read once: above against at or below is a complement, whoever says "close", "finish" or "end"', (t) => {
  const y = (venue: string, title: string, outcome = 'Yes') => m(venue, title, outcome, '2026-12-31');
  t.regex(verdict(y('polymarket', 'Dow Jones Industrial Average (DJI) closes 2026 above 50K?'), y('kalshi', 'Dow closes 2026 at or below 50,000?')), /^complement/);
  t.regex(verdict(y('polymarket', 'Will Tesla (TSLA) finish 2026 above $500?'), y('kalshi', 'Will TSLA close 2026 at or below $500?')), /^complement/);
  t.regex(verdict(y('polymarket', 'Will Tesla (TSLA) finish 2026 above $500?'), y('kalshi', 'Will TSLA close 2026 above $500?')), /^identity/);
  // A touch during the year is a path, not the close: never a negation of the close.
  t.regex(verdict(y('polymarket', 'Will TSLA hit $500 in 2026?'), y('kalshi', 'Will TSLA close 2026 at or below $500?')), /^different/);
});

test('a level stated twice by one market (title and label) is one level', (t) => {
  const kalshi = m('kalshi', 'Will the S&P 500 be above 7499.99 at the end of 2026?', '7,500 or above', '2026-12-31');
  t.regex(verdict(kalshi, m('polymarket', 'S&P 500 ends 2026 below 7500?', 'Yes', '2026-12-31')), /^complement/);
  t.regex(verdict(kalshi, m('polymarket', 'S&P 500 ends 2026 below 7400?', 'Yes', '2026-12-31')), /^different/);
});

test('"stock", "finish" and "for the rest of" restate a level question: they are no qualifier of their own', (t) => {
  const y = (venue: string, title: string, outcome = 'Yes') => m(venue, title, outcome, '2026-12-31');
  t.regex(verdict(y('polymarket', 'Will NVIDIA (NVDA) close above $250 on December 31, 2026?'), y('kalshi', 'Nvidia stock price on Dec 31, 2026?', 'Above $250.00')), /^identity/);
  t.regex(verdict(y('polymarket', 'Tesla stock above $500 at 2026 year-end close?'), y('kalshi', 'Will Tesla (TSLA) finish 2026 above $500?')), /^identity/);
  t.regex(verdict(y('kalshi', 'Will Bitcoin reach $150,000 by Dec 31, 2026?'), y('manifold', 'Will Bitcoin stay below $150k for the rest of 2026?')), /^complement/);
});

test('notation: a tenor written "10Y" is the 10-year, "50 cents" is $0.50, "> +$5 billion" is above $5 billion, "hold over" is owning more than', (t) => {
  const y = (venue: string, title: string, outcome = 'Yes', end = '2026-12-31') => m(venue, title, outcome, end);
  t.regex(verdict(y('kalshi', 'Will the 10-year Treasury yield close above 4.5% on December 31, 2026?'), y('manifold', '10Y Treasury yield at or below 4.50% at 2026 year-end close?')), /^complement/);
  t.regex(verdict(y('kalshi', 'Will the 2-year Treasury yield close above 4.5% on December 31, 2026?'), y('manifold', '10Y Treasury yield at or below 4.50% at 2026 year-end close?')), /^different/);
  t.regex(verdict(y('polymarket', 'Will Dogecoin reach $0.50 by June 30, 2027?', 'Yes', '2027-06-30'), y('manifold', 'DOGE ≥ 50 cents before July 2027?', 'Yes', '2027-06-30')), /^identity/);
  t.regex(verdict(y('polymarket', 'Will Dogecoin reach $0.05 by June 30, 2027?', 'Yes', '2027-06-30'), y('manifold', 'DOGE ≥ 50 cents before July 2027?', 'Yes', '2027-06-30')), /^different/);
  t.regex(verdict(y('manifold', 'Spot BTC ETF net flows > +$5 billion in December 2026?'), y('polymarket', 'Spot BTC ETF net flows above $5B in December 2026?')), /^identity/);
  t.regex(verdict(y('polymarket', "Will BlackRock's IBIT hold over 1 million BTC by December 31, 2026?"), y('manifold', 'IBIT holdings ≥ 1M bitcoin before 2027?')), /^identity/);
  // Staying above a level is still never dipping below it.
  t.regex(verdict(y('polymarket', 'Will SOL drop to $100 before 2027?', 'No'), y('kalshi', 'Will SOL hold above $100 through Dec 31, 2026?')), /^identity/);
});

test('a touch at any time is not the level a close reads, whichever way the close is worded', (t) => {
  const y = (venue: string, title: string) => m(venue, title, 'Yes', '2026-12-31');
  t.regex(verdict(y('polymarket', 'Will the S&P 500 hit 7,500 by December 31, 2026?'), y('kalshi', 'Will the S&P 500 (SPX) close 2026 at or above 7,500?')), /^different: a touch at any time vs a close/);
  t.regex(verdict(y('polymarket', 'Will the VIX hit 30 in December 2026?'), y('kalshi', 'Will the VIX close above 30 in December 2026?')), /^different: a touch at any time vs a close/);
  // Two touches, or two closes, are still compared as usual.
  t.regex(verdict(y('polymarket', 'Will the S&P 500 hit 7,500 by December 31, 2026?'), y('kalshi', 'Will the S&P 500 reach 7,500 before 2027?')), /^identity/);
  t.regex(verdict(y('polymarket', 'Will the S&P 500 close 2026 above 7,500?'), y('kalshi', 'Will the S&P 500 finish 2026 above 7,500?')), /^identity/);
});

test('the Conference League is not the Europa League', (t) => {
  const v = verifyPair(m('polymarket', 'Will Aston Villa win the 2026-27 UEFA Europa League?', 'Yes', '2027-05-26', 'sports'), m('kalshi', 'Will Aston Villa win the UEFA Conference League 2026-27?', 'Yes', '2027-05-26', 'sports'));
  t.is(v.relation, 'different');
  t.regex(v.reasons.join('; '), /europa-league vs conference-league/);
});

test('the size of one move is not a count of moves, though both say 50 bps', (t) => {
  const e = (venue: string, title: string, outcome = 'Yes') => m(venue, title, outcome, '2026-12-31', 'economics');
  t.regex(verdict(e('kalshi', 'How many Fed rate cuts in 2026?', '2 (50 bps)'), e('polymarket', 'Will the Fed cut rates by 50 bps at a single meeting in 2026?')), /^different: the size of one move vs a count of moves/);
  t.regex(verdict(e('kalshi', 'How many Fed rate cuts in 2026?', '2 (50 bps)'), e('polymarket', 'Will the Fed cut rates 2 times in 2026?')), /^(?!different: the size of one move)/);
});

test('two listings of one company or index are different instruments: GOOGL is not GOOG, NDX is not QQQ, SPX is not SPY', (t) => {
  const m = (venue: string, title: string): MarketRef => ({ venue, title, outcome: 'Yes', end_date: '2026-12-31', category: 'finance' });
  t.regex(verifyPair(m('kalshi', 'Will Alphabet (GOOGL) close above $350 on December 31, 2026?'), m('polymarket', 'Will GOOG close above $350 on Dec 31, 2026?')).reasons.join(';'), /listed instrument differs: GOOGL vs GOOG/);
  t.regex(verifyPair(m('kalshi', 'Nasdaq 100 (NDX) Up or Down on December 7?'), m('polymarket', 'QQQ Up or Down on Dec 07?')).reasons.join(';'), /NDX vs QQQ/);
  t.is(verifyPair(m('kalshi', 'Will GOOGL close above $350 on December 31, 2026?'), m('polymarket', 'Will Alphabet close above $350 on Dec 31, 2026?')).relation, 'identity');
  t.is(verifyPair(m('kalshi', 'Will the DJIA close above 50,000 on Dec 31, 2026?'), m('polymarket', 'Will the Dow Jones (DJI) close above 50,000 on Dec 31, 2026?')).relation, 'identity');
});

test('a figure settled once (an opening weekend, a season\'s named storms, nominations, a print\'s change) splits at one level into a complement', (t) => {
  const m = (venue: string, title: string, outcome = 'Yes', end_date = '2027-01-15'): MarketRef => ({ venue, title, outcome, end_date, category: 'culture' });
  t.is(verifyPair(m('kalshi', 'Jumanji 3 domestic opening weekend box office?', 'Above $80M'), m('polymarket', 'Will Jumanji 3 open to $80 million or less domestically?')).relation, 'complement');
  t.is(verifyPair(m('manifold', '2027 Atlantic hurricane season: 15 or fewer named storms?', 'Yes', '2027-11-30'), m('polymarket', 'Will there be 16 or more named storms in the 2027 Atlantic hurricane season?', 'Yes', '2027-11-30')).relation, 'complement');
  t.is(verifyPair(m('kalshi', 'How many Oscar nominations will The Odyssey receive?', '10 or more'), m('polymarket', 'Will The Odyssey receive 9 or fewer Oscar nominations?')).relation, 'complement');
  t.is(verifyPair(m('kalshi', 'Will CPI rise more than 0.3% in Nov 2026?', 'Above 0.3%', '2026-12-10'), m('polymarket', 'What will the November 2026 monthly CPI change be?', '0.3% or less', '2026-12-10')).relation, 'complement');
  // A level reached at any time before a deadline is no single reading: both can happen.
  t.not(verifyPair(m('kalshi', 'Will Bitcoin rise above $150,000 by June 30, 2027?', 'Yes', '2027-06-30'), m('polymarket', 'Will Bitcoin fall below $150,000 by June 30, 2027?', 'Yes', '2027-06-30')).relation, 'complement');
});

test('"How high (low) will X get this year?" is a touch at any time, not a day\'s close', (t) => {
  const low = { venue: 'kalshi', title: 'How low will Bitcoin get this year?', outcome: '$70,000 or below', end_date: '2026-12-31', category: 'crypto' };
  t.regex(verifyPair(low, { venue: 'polymarket', title: 'Will Bitcoin close a day below $70,000 in 2026?', outcome: 'Yes', end_date: '2026-12-31', category: 'crypto' }).reasons.join('; '), /a touch at any time vs a close/);
});

test('an amount stated with no direction before a deadline is a milestone reached by then ("500M subscribers before July 1")', (t) => {
  const rel = (a: string, b: string, end: string): string => verifyPair(m('polymarket', a, 'Yes', end), m('kalshi', b, 'Yes', end)).relation;
  t.is(rel('MrBeast 500M YouTube subscribers before July 1, 2026?', 'Will MrBeast reach 500 million YouTube subscribers before Jul 1, 2026?', '2026-06-30'), 'identity');
  t.is(rel('NDX 30K by EOY 2026?', 'Will the Nasdaq-100 hit 30,000 before 2027?', '2026-12-31'), 'identity');
  t.is(rel('Metaplanet 100k bitcoin by end of 2027?', 'Will Metaplanet hold 100,000 BTC by December 31, 2027?', '2027-12-31'), 'identity');
  t.is(rel('Will Meta be a $3T company by June 30, 2027?', "Will META's market cap reach $3 trillion before Jul 1, 2027?", '2027-06-30'), 'identity');
  // Another level, and a level on a day rather than by a deadline, are other questions.
  t.is(rel('MrBeast 500M YouTube subscribers before July 1, 2026?', 'Will MrBeast reach 600 million YouTube subscribers before Jul 1, 2026?', '2026-06-30'), 'different');
  t.not(rel('USDT market cap $250B on December 31, 2026?', 'Will Tether reach a $250B market cap by December 31, 2026?', '2026-12-31'), 'identity');
});

test('a trillionaire is worth $1 trillion or more', (t) => {
  const rel = (a: string, b: string, end: string): string => verifyPair(m('polymarket', a, 'Yes', end), m('kalshi', b, 'Yes', end)).relation;
  t.is(rel('Elon Musk trillionaire by December 31, 2027?', "Will Elon Musk's net worth reach $1 trillion before 2028?", '2027-12-31'), 'identity');
  t.is(rel("Will Elon Musk's net worth stay below $1 trillion through 2027?", 'Elon Musk trillionaire by December 31, 2027?', '2027-12-31'), 'complement');
  t.is(rel('Elon Musk trillionaire by December 31, 2027?', "Will Elon Musk's net worth reach $2 trillion before 2028?", '2027-12-31'), 'different');
});

test('a "$5T company" has a market cap of at least $5 trillion', (t) => {
  const rel = (a: string, b: string, end: string): string => verifyPair(m('polymarket', a, 'Yes', end), m('kalshi', b, 'Yes', end)).relation;
  t.is(rel('Will NVIDIA close 2026 as a $5T company?', "Will Nvidia's market cap be at least $5 trillion at the Dec 31, 2026 close?", '2026-12-31'), 'identity');
  t.is(rel('Will NVIDIA close 2026 as a $6T company?', "Will Nvidia's market cap be at least $5 trillion at the Dec 31, 2026 close?", '2026-12-31'), 'different');
});

test('a subject with its ticker in brackets headed to a level ("Chainlink (LINK) to $50") is a target, as "reach $50" is', (t) => {
  const rel = (a: string, b: string, end: string): string => verifyPair(m('polymarket', a, 'Yes', end), m('kalshi', b, 'Yes', end)).relation;
  t.is(rel('Will Chainlink reach $50 by June 30, 2027?', 'Chainlink (LINK) to $50 by end of Q2 2027?', '2027-06-30'), 'identity');
  t.is(rel('Will Chainlink reach $60 by June 30, 2027?', 'Chainlink (LINK) to $50 by end of Q2 2027?', '2027-06-30'), 'different');
});
