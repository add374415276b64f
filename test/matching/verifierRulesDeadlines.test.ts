import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

// Classes found in mined5 (Kalshi/Polymarket recordings of early 2025); the titles are of the same forms,
// the expected relations read from what each market resolves on.
interface Side {
  readonly title: string;
  readonly end?: string | null;
  readonly ticker?: string;
  readonly description?: string;
  readonly category?: string;
}
const kalshi = (s: Side): MarketRef => ({ venue: 'kalshi', title: s.title, outcome: 'Yes', end_date: s.end ?? null, category: s.category ?? 'politics', ticker: s.ticker, description: s.description }) as MarketRef;
const poly = (s: Side): MarketRef => ({ venue: 'polymarket', title: s.title, outcome: 'Yes', end_date: s.end ?? null, category: s.category ?? 'politics', description: s.description }) as MarketRef;
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;
const why = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).reasons.join('; ');

const patelVote = kalshi({
  title: 'Will Susan Collins vote for Kash Patel?',
  ticker: 'KXVOTEPATEL-26-SC',
  description: 'If Susan Collins votes Yea for Kash Patel for FBI Director before Jan 1, 2026, then the market resolves to Yes.',
});

test("a ticker's year that its rules give as a deadline ('before Jan 1, 2026') places the question in the year before", (t) => {
  // Before: the ticker's 26 was read as the event's year, refused against a market ending Dec 31, 2025.
  t.is(rel(patelVote, poly({ title: 'Will Susan Collins vote to confirm Kash Patel as FBI Director?', end: '2025-12-31' })), 'identity');
  // The deadline is the question's: a market on the same words closing eight months earlier asks another window.
  t.regex(
    why(
      kalshi({ title: 'Will Trump impose tariffs on Japan in the first 100 days?', ticker: 'KXTARIFFJAPAN-26', description: 'If Trump imposes tariffs on Japan before Jan 1, 2026, then the market resolves to Yes.' }),
      poly({ title: 'Will Trump impose tariffs on Japan in the first 100 days?', end: '2025-04-29' }),
    ),
    /deadline differs/,
  );
});

test('a confirmation vote is the same whether the office is named or not; another senator or nominee is not', (t) => {
  t.is(rel(poly({ title: 'Will Bill Cassidy vote to confirm Robert Kennedy Jr. as Secretary of Health and Human Services?', end: '2025-12-31' }), kalshi({ title: 'Will Bill Cassidy vote for Robert F. Kennedy Jr.?', end: '2025-12-31' })), 'identity');
  t.is(rel(patelVote, poly({ title: 'Will Lisa Murkowski vote to confirm Kash Patel as FBI Director?', end: '2025-12-31' })), 'different');
  t.is(rel(patelVote, poly({ title: 'Will Susan Collins vote to confirm Tulsi Gabbard as Director of National Intelligence?', end: '2025-12-31' })), 'different');
});

test("'the next' election: a far ticker year is the market's horizon, not the election's year; '1st round' is the first round", (t) => {
  const simion = kalshi({
    title: 'Will George Simion be 1st in the next Romanian presidential election first round?',
    ticker: 'KXROMANIATOP-30-GS',
    description: 'If George Simion receives more votes than any other candidate in the next first round of the Romanian presidential election, then the market resolves to Yes.',
  });
  t.is(rel(simion, poly({ title: 'Will George Simion win the most votes in the 1st round of the Romanian presidential election?', end: '2025-07-31' })), 'identity');
  // The first round is not the election.
  t.regex(why(simion, poly({ title: 'Will George Simion win the Romanian presidential election?', end: '2025-12-31' })), /stage differs/);
  t.is(
    rel(
      kalshi({ title: 'Will CDU/CSU and SPD make up the next government of Germany?', ticker: 'KXGERCOALITION-30-CS' }),
      poly({ title: 'Will CDU/CSU and SPD form the next German Government?', end: '2025-02-23' }),
    ),
    'identity',
  );
});

test('March Madness is the NCAA Tournament, not a month; a State university is not the state', (t) => {
  const ncaa = (title: string): MarketRef => poly({ title, end: '2025-04-07', category: 'sports' });
  const marmad = (title: string, code: string): MarketRef => kalshi({ title, ticker: `KXMARMAD-25-${code}`, category: 'sports' });
  t.is(rel(marmad('Will the UConn win the March Madness?', 'UC'), ncaa('Will UConn win the 2025 NCAA Tournament?')), 'identity');
  t.is(rel(marmad('Will the Michigan State win the March Madness?', 'MIST'), ncaa('Will Michigan State win the 2025 NCAA Tournament?')), 'identity');
  t.is(rel(marmad('Will the Michigan State win the March Madness?', 'MIST'), ncaa('Will Michigan win the 2025 NCAA Tournament?')), 'different');
  t.is(rel(marmad('Will the Mississippi State win the March Madness?', 'MISST'), ncaa('Will Ole Miss win the 2025 NCAA Tournament?')), 'different');
  // The state itself is still the state.
  t.is(rel(poly({ title: 'Will Trump win Michigan?', end: '2024-11-05' }), kalshi({ title: 'Will Donald Trump win Michigan in the 2024 presidential election?', end: '2024-11-05' })), 'identity');
});

test('the state that goes for a candidate by the highest margin is the state the candidate wins by the largest margin', (t) => {
  const kalshiMargin = kalshi({ title: 'Will Wyoming be the state that goes for Trump by the highest margin?', ticker: 'KXHIGHMOVDJT-WY' });
  t.is(rel(kalshiMargin, poly({ title: 'Will Trump win Wyoming by the largest margin?', end: '2024-11-05' })), 'identity');
  t.is(rel(kalshiMargin, poly({ title: 'Will Trump win West Virginia by the largest margin?', end: '2024-11-05' })), 'different');
  t.is(rel(kalshiMargin, poly({ title: 'Will Harris win Wyoming by the largest margin?', end: '2024-11-05' })), 'different');
});

test("a year that qualifies the states ('a 2020 Biden state') is not the year the market is about", (t) => {
  const flip = kalshi({ title: 'Will Trump flip a Biden state?', ticker: 'KXSTATEFLIPDJT-24-R', end: '2024-11-05' });
  t.is(rel(flip, poly({ title: 'Trump flips a 2020 Biden state?', end: '2024-11-05' })), 'identity');
  t.regex(why(kalshi({ title: 'Will Trump flip a Biden state in 2028?', end: '2028-11-07' }), poly({ title: 'Trump flips a 2020 Biden state?', end: '2024-11-05' })), /year differs/);
});

test("an event's open question ('Who will win …?') answered Yes is about the one its ticker's code names", (t) => {
  // Recorded (alexanderdong8/Kalshi-Polymarket-latency-arb): Kalshi lists each candidate under the event's title.
  const nobel = (code: string): MarketRef => kalshi({ title: 'Who will win the Nobel Peace Prize?', ticker: `KXNOBELPEACE-26-${code}`, category: 'world' });
  const polyNobel = (name: string): MarketRef => poly({ title: `Will ${name} win the Nobel Peace Prize in 2026?`, end: '2026-10-10', category: 'world' });
  t.is(rel(nobel('DJT'), polyNobel('Donald J. Trump')), 'identity');
  t.is(rel(nobel('DJT'), polyNobel('Volodymyr Zelenskyy')), 'different');
  const recognise = (code: string): MarketRef => kalshi({ title: 'Who will recognize Palestine?', ticker: `KXRECOGPALESTINE-26-${code}`, category: 'world' });
  t.is(rel(recognise('NZ'), poly({ title: 'Will New Zealand recognize Palestine before 2027?', end: '2026-12-31', category: 'world' })), 'identity');
  t.is(rel(recognise('NZ'), poly({ title: 'Will Japan recognize Palestine before 2027?', end: '2026-12-31', category: 'world' })), 'different');
  // Without a code in a ticker the open question names nobody: it links to no one candidate's market.
  t.is(rel(kalshi({ title: 'Who will win the Nobel Peace Prize?', category: 'world' }), polyNobel('Donald J. Trump')), 'different');
  const holder = 'Who will be the Bantamweight Title Holder on Dec 31, 2026?';
  const champion = poly({ title: 'Will Umar Nurmagomedov be the UFC Bantamweight Champion on December 31, 2026?', end: '2026-12-31', category: 'sports' });
  t.regex(why(kalshi({ title: holder, category: 'sports' }), champion), /open question/);
  // A division's title holder is its champion.
  t.is(rel(kalshi({ title: holder, ticker: 'KXUFCBANTAMWEIGHTTITLE-26-UNUR', category: 'sports' }), champion), 'identity');
  t.is(rel(kalshi({ title: holder, ticker: 'KXUFCBANTAMWEIGHTTITLE-26-MDVA', category: 'sports' }), champion), 'different');
});

test('a short form of a given name is the same given name: Nick Sciretta is Nicholas Sciretta, not Mike', (t) => {
  const ny4 = (name: string, venue = 'polymarket'): MarketRef => ({ venue, title: `Will ${name} be the Democratic nominee for NY-04?`, outcome: 'Yes', end_date: '2026-06-23', category: 'politics' }) as MarketRef;
  t.is(rel(ny4('Nick Sciretta', 'kalshi'), ny4('Nicholas Sciretta')), 'identity');
  t.is(rel(ny4('Nick Sciretta', 'kalshi'), ny4('Mike Sciretta')), 'different');
  t.is(rel(ny4('Bill Cassidy', 'kalshi'), ny4('William Cassidy')), 'identity');
});

test('a stated position must agree: picked 1st is not picked 2nd, finishing 2nd is not finishing third', (t) => {
  const draft = (title: string): MarketRef => poly({ title, end: '2026-06-27', category: 'sports' });
  t.is(rel(draft('Will Tynan Lawrence be picked 1st in the 2026 NHL Draft?'), draft('Will Tynan Lawrence be drafted 1st overall in the 2026 NHL Draft?')), 'identity');
  t.regex(why(draft('Will Tynan Lawrence be picked 1st in the 2026 NHL Draft?'), draft('Will Tynan Lawrence be picked 2nd in the 2026 NHL Draft?')), /position differs: 1st vs 2nd/);
  t.is(rel(draft('Will Cooper Flagg be the first pick in the 2026 NBA Draft?'), draft('Will Cooper Flagg be picked 1st in the 2026 NBA Draft?')), 'identity');
  const gp = (title: string): MarketRef => poly({ title, end: '2026-05-24', category: 'sports' });
  t.regex(why(gp('Will Max Verstappen finish 2nd in the 2026 Monaco Grand Prix?'), gp('Will Max Verstappen finish third in the 2026 Monaco Grand Prix?')), /position differs/);
  // A day of the month is a date, not a position.
  t.is(rel(poly({ title: 'Will Bitcoin hit $150k by March 1st?', end: '2026-03-01', category: 'crypto' }), kalshi({ title: 'Will Bitcoin hit $150,000 by March 1, 2026?', end: '2026-03-01', category: 'crypto' })), 'identity');
});

test("an event's name written before the market's own question ('NBA Playoffs: … - Will X win …?') is not part of what it asks", (t) => {
  const mvp = poly({ title: ' NBA Playoffs: Western Conference Finals MVP - Will Devin Vassell win the 2026 Western Conference Finals MVP?', end: '2026-06-06', category: 'sports' });
  t.is(rel(kalshi({ title: 'Will Devin Vassell win Western Conference Finals MVP?', end: '2026-06-06', category: 'sports' }), mvp), 'identity');
  t.is(rel(kalshi({ title: 'Will Devin Vassell win NBA Finals MVP?', end: '2026-06-20', category: 'sports' }), mvp), 'different');
});

test('missing the playoffs or the cut is not making them: the exact negation', (t) => {
  const s = (title: string, venue = 'polymarket'): MarketRef => ({ venue, title, outcome: 'Yes', end_date: '2027-01-10', category: 'sports' }) as MarketRef;
  t.is(rel(s('Will the Chiefs make the playoffs?'), s('Will the Chiefs miss the playoffs?', 'kalshi')), 'complement');
  t.is(rel(s('Will Scottie Scheffler make the cut at the Masters?'), s('Will Scottie Scheffler miss the cut at the Masters?', 'kalshi')), 'complement');
  t.is(rel(s('Will the Chiefs miss the playoffs?'), s('Will the Bills miss the playoffs?', 'kalshi')), 'different');
});

test('"the next prime minister" to a horizon years apart is two questions; the next election is due when it is due', (t) => {
  // Titles from the seventh mined set's train half: Kalshi's market runs to 2045 (its ticker), Polymarket's
  // counts only a prime minister in office by the end of 2027 and closes in 2026.
  const kalshi = (ticker: string): MarketRef => ({ venue: 'kalshi', title: 'Will Emil Boc be the next Prime Minister of Romania?', outcome: 'Yes', end_date: null, category: 'politics', ticker });
  const poly: MarketRef = { venue: 'polymarket', title: 'Next Prime Minister of Romania? - Will Emil Boc be the next Prime Minister of Romania?', outcome: 'Yes', end_date: '2026-05-31', category: 'politics' };
  t.is(verifyPair(kalshi('KXNEXTROMANIAPM-45JAN01-EBOC'), poly).relation, 'different');
  t.regex(verifyPair(kalshi('KXNEXTROMANIAPM-45JAN01-EBOC'), poly).reasons.join('; '), /horizon differs/);
  t.is(verifyPair(kalshi('KXNEXTROMANIAPM-27-EBOC'), poly).relation, 'identity');
  // A scheduled event: "the next presidential election" under a ticker year years away is still that election.
  const simion: MarketRef = { venue: 'kalshi', title: 'Will George Simion be 1st in the next Romanian presidential election first round?', outcome: 'Yes', end_date: null, category: 'politics', ticker: 'KXROMANIATOP-30-GSIM' };
  t.is(verifyPair(simion, { venue: 'polymarket', title: 'Will George Simion win the most votes in the 1st round of the Romanian presidential election?', outcome: 'Yes', end_date: '2025-07-31', category: 'politics' }).relation, 'identity');
});
