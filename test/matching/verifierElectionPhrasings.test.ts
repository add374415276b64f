/**
 * Election phrasings venues use for one question: a second term is re-election, making the runoff is reaching
 * an election's second round, coming out on top is winning, and short names of people and cities. Labels by
 * reading each pair.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const market = (venue: string, title: string, end_date: string | null, outcome = 'Yes'): MarketRef => ({ venue, title, outcome, end_date, category: '' });
const relation = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;

test('an incumbent winning a second term is re-elected; a third term is another question', (t) => {
  const reElected = market('polymarket', 'Will Jeff Landry be re-elected Governor of Louisiana?', '2027-12-15');
  t.is(relation(reElected, market('manifold', 'Does Governor Jeff Landry win a second term in the 2027 Louisiana gubernatorial election?', '2027-12-31')), 'identity');
  t.is(relation(market('polymarket', 'Will Mike Johnston be re-elected Mayor of Denver in 2027?', '2027-06-10'), market('limitless', 'Johnston wins 2nd term as Denver mayor?', '2027-06-10')), 'identity');
  t.is(relation(market('polymarket', 'Will Mike Johnston be re-elected Mayor of Denver in 2027?', '2027-06-10'), market('limitless', 'Johnston wins 2nd term as Boston mayor?', '2027-06-10')), 'different');
});

test('making the runoff is qualifying for an election\'s second round, not winning it', (t) => {
  const qualify = market('kalshi', 'Will Jordan Bardella qualify for the second round of the 2027 French presidential election?', '2027-04-30');
  t.is(relation(qualify, market('manifold', "Does Jordan Bardella make the runoff in France's 2027 presidential election?", '2027-04-15')), 'identity');
  t.is(relation(qualify, market('manifold', "Does Jordan Bardella win France's 2027 presidential election?", '2027-05-15')), 'different');
});

test('short names: Philly is Philadelphia, Mayor Pete is Buttigieg, and coming out on top is winning', (t) => {
  t.is(relation(market('kalshi', 'Will Cherelle Parker be re-elected Mayor of Philadelphia?', '2027-11-30'), market('predictfun', 'Parker re-elected Philly mayor 2027?', '2027-11-03')), 'identity');
  t.is(relation(market('kalshi', 'Will Cherelle Parker be re-elected Mayor of Pittsburgh?', '2027-11-30'), market('predictfun', 'Parker re-elected Philly mayor 2027?', '2027-11-03')), 'different');
  const caucus = market('polymarket', 'Will Pete Buttigieg win the 2028 Iowa Democratic caucuses?', '2028-03-01');
  t.is(relation(caucus, market('manifold', 'Does Mayor Pete come out on top in the 2028 Iowa Democratic caucuses?', '2028-02-28')), 'identity');
  t.is(relation(caucus, market('manifold', 'Does Mayor Pete come out on top in the 2028 New Hampshire Democratic primary?', '2028-02-28')), 'different');
});

test('one state\'s party primary or caucus is a step toward the nomination, however the state is written', (t) => {
  const nominee = market('limitless', 'Shapiro 2028 Dem nominee?', '2028-08-20');
  t.is(relation(nominee, market('kalshi', 'Will Josh Shapiro win the 2028 Pennsylvania Democratic primary?', '2028-05-01')), 'different');
  t.is(relation(market('kalshi', 'Will JD Vance win the 2028 South Carolina Republican primary?', '2028-03-15'), market('limitless', "Vance wins SC GOP primary '28?", '2028-02-28')), 'identity');
  t.is(relation(market('kalshi', 'Will Ken Paxton win the 2026 Texas Republican Senate primary?', '2026-03-03'), market('predictit', 'Who will win the 2026 Texas Republican Senate nomination?', null, 'Ken Paxton')), 'identity');
});

test('being a party\'s presidential candidate is being its nominee, not winning the election', (t) => {
  const candidate = market('manifold', "Will Axel Kicillof be the Peronist presidential candidate in Argentina's 2027 election?", '2027-08-31');
  t.is(relation(candidate, market('polymarket', 'Argentina Presidential Election 2027', '2027-11-21', 'Axel Kicillof')), 'different');
});

test('parties abroad by their abbreviation, their own language or their nickname are one party; another party is not', (t) => {
  const tories = market('predictfun', 'Tories largest party at next UK general election?', '2029-08-15');
  t.is(relation(market('kalshi', 'Will the Conservatives win the most seats at the next UK general election?', '2029-08-31'), tories), 'identity');
  t.is(relation(market('kalshi', 'Will Labour win the most seats at the next UK general election?', '2029-08-31'), tories), 'different');
  t.is(relation(market('kalshi', 'Will the KMT win the 2028 Taiwan presidential election?', '2028-01-31'), market('polymarket', 'Kuomintang candidate elected Taiwan president in January 2028?', '2028-01-15')), 'identity');
  t.is(relation(market('polymarket', 'Will the Rassemblement National win the 2027 French presidential election?', '2027-04-25'), market('kalshi', 'Which party will win the 2027 French presidential election?', '2027-05-31', 'National Rally (RN)')), 'identity');
  t.is(relation(market('polymarket', "Will Fratelli d'Italia win the most votes in the next Italian general election?", '2028-01-31'), market('manifold', "Will Brothers of Italy (FdI) win the most votes in Italy's next general election?", '2028-01-31')), 'identity');
  t.is(relation(market('polymarket', 'Will the PT win the 2028 São Paulo mayoral election?', '2028-11-15'), market('manifold', "Will the Workers' Party candidate be elected mayor of São Paulo in 2028?", '2028-11-01')), 'identity');
  t.is(relation(market('kalshi', 'Which party will win the most seats in the 2027 Polish Sejm election?', '2027-11-15', 'Civic Coalition (KO)'), market('polymarket', "Will Koalicja Obywatelska win the most seats in Poland's 2027 Sejm election?", '2027-11-15')), 'identity');
});

test('a writ drop is a Canadian election called, carrying a state is winning it, and Inday Sara is Sara Duterte', (t) => {
  t.is(relation(market('kalshi', 'Will a Canadian federal election be called before Jan 1, 2028?', '2028-01-01'), market('manifold', 'Writ drop for a Canadian federal election by December 31, 2027?', '2027-12-31')), 'identity');
  t.is(relation(market('kalshi', 'Will the Republican nominee win Georgia in 2028?', '2028-12-31'), market('predictfun', 'GOP carries Georgia in 2028 presidential race?', '2028-11-10')), 'identity');
  t.is(relation(market('kalshi', 'Will the Republican nominee win Arizona in 2028?', '2028-12-31'), market('predictfun', 'GOP carries Georgia in 2028 presidential race?', '2028-11-10')), 'different');
  t.is(relation(market('polymarket', 'Will Sara Duterte win the 2028 Philippine presidential election?', '2028-05-31'), market('manifold', 'Will Inday Sara be elected President of the Philippines in May 2028?', '2028-05-31')), 'identity');
});

test('a first-round share written with a hyphen is a first-round share, and a share in an election is settled once', (t) => {
  const above = market('polymarket', 'Will Bardella get more than 30% in the first round of the 2027 French presidential election?', '2027-04-11');
  t.is(relation(market('kalshi', 'Jordan Bardella first-round vote share in the 2027 French presidential election?', '2027-04-30', 'Above 30%'), above), 'identity');
  t.is(relation(above, market('manifold', 'Will Jordan Bardella score 30% or less in the first round of the 2027 French presidential election?', '2027-04-15')), 'complement');
  t.is(relation(above, market('manifold', 'Will Jordan Bardella score 30% or less in the second round of the 2027 French presidential election?', '2027-05-15')), 'different');
});

test('launching a White House bid is announcing a presidential run; ending a campaign is dropping out', (t) => {
  const announce = market('kalshi', 'Will Kamala Harris announce a 2028 presidential run before Jan 1, 2028?', '2028-01-01');
  t.is(relation(announce, market('limitless', 'Harris launches 2028 White House bid by Dec 31, 2027?', '2027-12-31')), 'identity');
  t.is(relation(announce, market('limitless', 'Harris launches 2028 White House bid by Jun 30, 2027?', '2027-06-30')), 'different');
  const dropOut = market('polymarket', 'Will Andy Beshear drop out of the 2028 presidential race before the Iowa caucuses?', '2028-02-01');
  t.is(relation(dropOut, market('manifold', 'Will Andy Beshear end his presidential campaign before Iowa votes in 2028?', null)), 'identity');
  t.is(relation(dropOut, market('manifold', 'Will Andy Beshear launch his presidential campaign before Iowa votes in 2028?', null)), 'different');
});
