import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

// Classes found in mined22 (PredictIt, Smarkets and Polymarket in 2021, recorded without end dates); the titles
// are of the same forms, the expected relations read from what each market resolves on.
const m = (venue: string, title: string, outcome = 'Yes', end: string | null = null): MarketRef => ({ venue, title, outcome, end_date: end, category: 'politics' }) as MarketRef;
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;

test('two markets with neither an end date nor a year still compare the days they name: by September 1 is not by April 1', (t) => {
  const sept = m('predictit', 'Will the federal minimum wage be $9.50 per hour or higher by September 1?');
  t.is(rel(sept, m('polymarket', 'Will the federal minimum wage be $9.50 per hour or higher by April 1?')), 'different');
  t.is(rel(sept, m('polymarket', 'Federal minimum wage at least $9.50/hour by Sept. 1?')), 'identity');
  // A year on either side places the day as before: the other side's day is read in it.
  t.is(rel(sept, m('polymarket', 'Will the federal minimum wage be $9.50 per hour or higher by September 1?', 'Yes', '2021-09-01')), 'identity');
});

test("running in a primary is not winning the nomination: Smarkets' 'X to run in the primary' against 'who will win the nomination'", (t) => {
  const win = m('predictit', 'Who will win the 2022 Pennsylvania Republican Senate nomination?', 'Donald Trump Jr.');
  t.is(rel(win, m('smarkets', 'Donald Trump Jr. to run in the 2022 Pennsylvania Republican Senate primary')), 'different');
  t.is(rel(win, m('smarkets', 'Donald Trump Jr. to enter the 2022 Pennsylvania Republican Senate race')), 'different');
  t.is(rel(win, m('smarkets', 'Donald Trump Jr. to win the 2022 Pennsylvania Republican Senate nomination')), 'identity');
});

test('the District of Columbia is Washington, D.C., and the House of Representatives is the House', (t) => {
  t.is(rel(m('predictit', 'Will the District of Columbia become a U.S. state in 2021?'), m('smarkets', 'Washington, D.C. to become a state before 2022')), 'identity');
  t.is(rel(m('predictit', 'Will the District of Columbia become a U.S. state in 2021?', 'No'), m('smarkets', 'Washington, D.C. to become a state before 2022')), 'complement');
  t.is(rel(m('predictit', 'Will Puerto Rico become a U.S. state in 2021?'), m('smarkets', 'Washington, D.C. to become a state before 2022')), 'different');
  const house = m('predictit', 'Which party will win the House in the 2022 election?', 'Democratic');
  t.is(rel(house, m('smarkets', '2022 House of Representatives control', 'Democratic')), 'identity');
  t.is(rel(house, m('smarkets', '2022 House of Representatives control', 'Republican')), 'different');
  t.is(rel(house, m('smarkets', '2022 Senate control', 'Democratic')), 'different');
  // Another country's House of Representatives keeps its chamber: not the upper house, and not the US House's 218 seats.
  const japan = m('polymarket', "Will the LDP win a majority in the House of Representatives in Japan's 2027 election?", 'Yes', '2027-10-01');
  t.is(rel(japan, m('kalshi', "Will the LDP win a majority in the upper house in Japan's 2027 election?", 'Yes', '2027-10-01')), 'different');
  t.is(rel(japan, m('kalshi', "Will the LDP win a majority in the lower house in Japan's 2027 election?", 'Yes', '2027-10-01')), 'identity');
});

test("the size of a list a question picks from restates its outcomes: 'which of these ten G20 leaders will leave next' is 'the next G20 leader to leave'", (t) => {
  const next = m('smarkets', 'Next G20 leader to leave', 'Joe Biden (United States)');
  t.is(rel(m('predictit', 'Which of these ten G20 leaders will leave office next?', 'Joe Biden'), next), 'identity');
  t.is(rel(m('predictit', 'Which of these ten G20 leaders will leave office next?', 'Emmanuel Macron'), next), 'different');
});

test("an election with any runoff included is the election decided, not its runoff; being crowned champions is winning the title", (t) => {
  const chicago = m('kalshi', 'Chicago mayor election 2027?', 'Brandon Johnson', '2027-05-01');
  t.is(rel(chicago, m('manifold', 'Will Brandon Johnson be re-elected as Mayor of Chicago in the 2027 election (runoff included)?', 'Yes', '2027-04-07')), 'identity');
  t.is(rel(chicago, m('manifold', 'Will Brandon Johnson win the 2027 Chicago mayoral runoff?', 'Yes', '2027-04-07')), 'different');
  const title = { ...m('predictfun', 'Will Arsenal win the 2026-27 Premier League Championship?', 'Yes', '2027-05-23'), category: 'sports' };
  t.is(rel(title, { ...m('manifold', 'Will Arsenal be crowned Premier League champions at the end of the 2026/27 season?'), category: 'sports' }), 'identity');
  t.is(rel(title, { ...m('manifold', 'Will Arsenal be crowned FA Cup champions at the end of the 2026/27 season?'), category: 'sports' }), 'different');
});
