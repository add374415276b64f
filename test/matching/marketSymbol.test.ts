import test from 'ava';
import { symbolToQuestion } from '../../shared/text/marketSymbol.ts';
import { skeleton } from '../../shared/text/symbolTokens.ts';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

test('presidential win symbol reads as the election question', (t) => {
  t.is(symbolToQuestion('TRUMP-WIN-2024-BET'), 'Will Donald Trump win the 2024 US presidential election?');
  t.is(symbolToQuestion('NEWSOM-WIN-2028-BET'), 'Will Gavin Newsom win the 2028 US presidential election?');
});

test('rate symbols carry the bps size, month and year', (t) => {
  t.is(symbolToQuestion('FED-CUT-50-SEPT-2024-BET'), 'Will the Fed cut rates by 50 bps in September 2024?');
  t.is(symbolToQuestion('FED-HIKE-25-DEC-2025-BET'), 'Will the Fed raise rates by 25 bps in December 2025?');
});

test('popular vote symbols, alone and combined with the win', (t) => {
  t.is(symbolToQuestion('KAMALA-POPULAR-VOTE-2024-BET'), 'Will Kamala Harris win the popular vote in the 2024 US presidential election?');
  t.is(symbolToQuestion('REPUBLICAN-POPULAR-AND-WIN-BET'), 'Will the Republicans win both the popular vote and the US presidential election?');
});

test('state-level party win', (t) => {
  t.is(symbolToQuestion('DEMOCRATS-WIN-MICHIGAN-BET'), 'Will the Democrats win Michigan in the US presidential election?');
});

test('abbreviated names and words are expanded by consonant skeleton', (t) => {
  t.is(symbolToQuestion('VRSTPN-WIN-F1-24-DRVRS-CHMP-BET'), "Will Max Verstappen win the 2024 F1 Drivers' Championship?");
  t.is(symbolToQuestion('VRSTPN-WIN-F1-24-DRVRS-CHMP'), "Will Max Verstappen win the 2024 F1 Drivers' Championship?");
  t.is(symbolToQuestion('LNDO-WIN-F1-24-US-GP'), 'Will Lando Norris win the 2024 F1 United States Grand Prix?');
  t.is(skeleton('VERSTAPPEN'), skeleton('VRSTPN'));
});

test('sports championships: Super Bowl edition, NBA Finals year glued to the league', (t) => {
  t.is(symbolToQuestion('LANDO-F1-SGP-WIN-BET'), 'Will Lando Norris win the F1 Singapore Grand Prix?');
  t.is(symbolToQuestion('SUPERBOWL-LIX-CHIEFS-BET'), 'Will the Kansas City Chiefs win Super Bowl LIX?');
  t.is(symbolToQuestion('SUPERBOWL-LIX-LIONS-BET'), 'Will the Detroit Lions win Super Bowl LIX?');
  t.is(symbolToQuestion('NBAFINALS25-OKC-BET'), 'Will the Oklahoma City Thunder win the 2025 NBA Finals?');
  t.is(symbolToQuestion('NBAFINALS25-BOS-BET'), 'Will the Boston Celtics win the 2025 NBA Finals?');
});

test('amounts with unit suffixes and durations', (t) => {
  t.is(symbolToQuestion('WLF-5B-1W-BET'), 'Will World Liberty Financial reach $5B within 1 week?');
  t.is(symbolToQuestion('BTC-100K-2024-BET'), 'Will Bitcoin reach $100,000 in 2024?');
  t.is(symbolToQuestion('BTC-ABOVE-120K-DEC-2025-BET'), 'Will Bitcoin be above $120,000 in December 2025?');
  t.is(symbolToQuestion('ETH-BELOW-3000-JUN-2025-BET'), 'Will Ethereum be below $3,000 in June 2025?');
});

test('unknown names stay readable instead of failing', (t) => {
  t.is(symbolToQuestion('WARWICK-FIGHT-WIN-BET'), 'Will Warwick win the fight?');
  t.truthy(symbolToQuestion('BREAKPOINT-IGGYERIC-BET'));
});

test('returns null for anything that is not a prediction symbol', (t) => {
  for (const s of ['BTC-PERP', 'SOL-PERP', 'Will Trump win?', 'hello', '', 'trump-win-2024-bet', 'BET', 'SOL-USDC']) {
    t.is(symbolToQuestion(s), null, s);
  }
});

test('a two-digit year after a level, a month or at the end of a symbol is a year; after a move it is the move', (t) => {
  t.is(symbolToQuestion('BTC-100K-25-BET'), 'Will Bitcoin reach $100,000 in 2025?');
  t.is(symbolToQuestion('ETH-5K-DEC-25-BET'), 'Will Ethereum reach $5,000 in December 2025?');
  t.is(symbolToQuestion('FED-CUT-25-DEC-25-BET'), 'Will the Fed cut rates by 25 bps in December 2025?');
  t.is(symbolToQuestion('TRUMP-WIN-24-BET'), 'Will Donald Trump win the 2024 US presidential election?');
});

test('a conjunction inside a symbol asks for both sides, and words no template reads are kept', (t) => {
  t.is(symbolToQuestion('KAMALA-AND-WALZ-WIN-24-BET'), 'Will both Kamala Harris and Tim Walz win the 2024 US presidential election?');
  t.false(verifyPair(
    { venue: 'drift', title: 'KAMALA-AND-WALZ-WIN-24-BET', outcome: 'Yes', end_date: '2024-11-06', category: 'politics' },
    { venue: 'polymarket', title: 'Will Kamala Harris win the 2024 US Presidential Election?', outcome: 'Yes', end_date: '2024-11-05', category: 'politics' },
  ).same);
  t.regex(symbolToQuestion('BTC-ETH-FLIP-25-BET') ?? '', /Flip/);
});

test('a person, a party and NOM ask for that party\'s presidential nomination, not the election', (t) => {
  t.is(symbolToQuestion('NEWSOM-DEM-NOM-2028-BET'), 'Will Gavin Newsom win the 2028 Democratic presidential nomination?');
  t.is(symbolToQuestion('RUBIO-GOP-NOM-2028-BET'), 'Will Marco Rubio win the 2028 Republican presidential nomination?');
  const nom = (title: string, outcome: string): boolean => verifyPair(
    { venue: 'drift', title: 'NEWSOM-DEM-NOM-2028-BET', outcome: 'Yes', end_date: '2028-08-31', category: 'politics' },
    { venue: 'kalshi', title, outcome, end_date: '2028-08-31', category: 'politics' },
  ).same;
  t.true(nom('Who will win the 2028 Democratic presidential nomination?', 'Gavin Newsom'));
  t.false(nom('Who will win the 2028 US presidential election?', 'Gavin Newsom'));
});

test('a statistic\'s symbol reads its level with its unit and its month as a period', (t) => {
  t.is(symbolToQuestion('CPI-YOY-ABOVE-3-AUG-2027-BET'), 'Will CPI year-over-year above 3% in August 2027 resolve Yes?');
  t.is(symbolToQuestion('UNEMPLOYMENT-ABOVE-4.7-SEP-2027-BET'), 'Will Unemployment above 4.7% in September 2027 resolve Yes?');
  t.is(symbolToQuestion('NYC-SNOW-DEC-2027-ABOVE-2IN-BET'), 'Will NYC Snow in December 2027 above 2 inches resolve Yes?');
  t.is(symbolToQuestion('GDP-Q3-2027-ABOVE-2PCT-BET'), 'Will GDP Q3 2027 above 2% resolve Yes?');
});

test('a symbol\'s day between its month and year stays a day, not a year', (t) => {
  t.is(symbolToQuestion('BTC-HIT-200K-BY-DEC-31-2027-BET'), 'Will Bitcoin reach 200K by December 31, 2027 resolve Yes?');
});

test('statistic symbols match the titles that state the same level and month', (t) => {
  const v = (a: string, ao: string, ae: string, b: string, bo: string, be: string) =>
    verifyPair({ venue: 'drift', title: a, outcome: ao, end_date: ae, category: '' }, { venue: 'kalshi', title: b, outcome: bo, end_date: be, category: '' }).relation;
  t.is(v('UNEMPLOYMENT-ABOVE-4.5-MAR-2027-BET', 'Yes', '2027-04-02', 'Unemployment rate in Mar 2027?', 'Above 4.5%', '2027-04-02'), 'identity');
  t.is(v('UNEMPLOYMENT-ABOVE-4.5-MAR-2027-BET', 'Yes', '2027-04-02', 'Unemployment rate in Mar 2027?', 'Above 4.7%', '2027-04-02'), 'different');
  t.is(v('CPI-YOY-ABOVE-3-MAY-2027-BET', 'Yes', '2027-06-10', 'CPI year-over-year in Apr 2027?', 'Above 3.0%', '2027-05-12'), 'different');
});

test("an asset's level before BY is a price to reach, and a month with its day or EOY after BY is the deadline", (t) => {
  t.is(symbolToQuestion('BTC-200K-BY-JUN30-2027-BET'), 'Will Bitcoin reach $200,000 by June 30, 2027 resolve Yes?');
  t.is(symbolToQuestion('ETH-6K-BY-EOY-2027-BET'), 'Will Ethereum reach $6,000 by December 31, 2027 resolve Yes?');
  const poly = (title: string, outcome = 'Yes') => ({ venue: 'polymarket', title, outcome, end_date: '2027-06-30', category: 'crypto' });
  const drift = (symbol: string, outcome = 'Yes') => ({ venue: 'drift', title: symbol, outcome, end_date: null, category: 'crypto' });
  t.is(verifyPair(drift('BTC-200K-BY-JUN30-2027-BET'), poly('Will Bitcoin hit $200k by June 30, 2027?')).relation, 'identity');
  t.is(verifyPair(drift('BTC-200K-BY-JUN30-2027-BET', 'No'), poly('Will Bitcoin hit $200k by June 30, 2027?')).relation, 'complement');
  t.is(verifyPair(drift('BTC-200K-BY-JUN30-2027-BET'), poly('Will Bitcoin hit $250k by June 30, 2027?')).relation, 'different');
  t.is(verifyPair(drift('SOL-300-BY-EOY-2027-BET'), { ...poly('Will Solana reach $300 before 2028?'), end_date: '2027-12-31' }).relation, 'identity');
  // The year's end is not the middle of it.
  t.is(verifyPair(drift('SOL-300-BY-EOY-2027-BET'), poly('Will Solana reach $300 by June 30, 2027?')).relation, 'different');
});
