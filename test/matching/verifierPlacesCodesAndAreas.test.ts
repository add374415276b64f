import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, end_date: string | null = null, ticker?: string): MarketRef => ({ venue, title, outcome: 'Yes', end_date, category: 'other', ...(ticker ? { ticker } : {}) });
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;
const why = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).reasons.join('; ');

// Titles from the eighth mined set's train half (aninaga/kalshi's recorded corpus), and variations of them.
test('a finishing position reads the same as a numeral, a word or "in … place"; another position is another market', (t) => {
  const santos = (pos: string): MarketRef => m('polymarket', `Will Renan Santos finish ${pos} in the first round of the 2026 Brazilian presidential election?`, '2026-10-04');
  const kalshi = m('kalshi', 'Will Renan Santos finish 3rd in the first round of the 2026 Brazilian presidential election?', null, 'KXBRAZILROUND1-26-RSAN');
  t.is(rel(kalshi, santos('in third place')), 'identity');
  t.is(rel(kalshi, santos('third')), 'identity');
  t.is(rel(kalshi, santos('in 3rd place')), 'identity');
  t.is(rel(kalshi, santos('in second place')), 'different');
  // "Get 2nd" is "win the second most seats": the numeral and the word are one word.
  t.is(rel(m('kalshi', 'Will Bloc Québécois get 2nd in the Canadian federal election?'), m('polymarket', 'Will Bloc Québécois win the second most seats in the next Canadian election?')), 'identity');
  // Finishing first is winning, whichever way it is written; second is a placing.
  t.is(rel(m('kalshi', 'Will Arsenal finish 1st in the Premier League?'), m('polymarket', 'Will Arsenal finish in first place in the Premier League?')), 'identity');
  t.is(rel(m('kalshi', 'Will Arsenal finish 2nd in the Premier League?'), m('polymarket', 'Will Arsenal win the Premier League?')), 'different');
});

test('a numbered round, half or term is not a finishing position', (t) => {
  t.is(rel(m('kalshi', 'Who will finish 2nd in the first round?'), m('polymarket', 'Who will finish second in the 1st round?')), 'identity');
  t.is(rel(m('kalshi', 'Will Trump seek a 3rd term?'), m('polymarket', 'Will Trump seek a third term?')), 'identity');
  // Other numbered parts still tell markets apart.
  t.is(rel(m('kalshi', 'Will Sinner win the 1st set?'), m('polymarket', 'Will Sinner win the 2nd set?')), 'different');
});

test('a tournament billed with its tier ("Major") is the same tournament', (t) => {
  const kalshi = m('kalshi', 'Will Astralis qualify for the Grand Final at 2026 IEM Cologne?', null, 'KXCS2GF-IEMCOL26-AST');
  t.is(rel(kalshi, m('polymarket', 'Will Astralis reach the Grand Final at IEM Cologne Major 2026?', '2026-06-21')), 'identity');
  t.is(rel(m('kalshi', 'Will FURIA win IEM Cologne?', null, 'KXCS2-IEMCOL26-FURIA'), m('polymarket', 'Will FURIA win IEM Cologne Major 2026?', '2026-06-21')), 'identity');
  t.is(rel(m('kalshi', 'Will FURIA win IEM Katowice 2026?'), m('polymarket', 'Will FURIA win IEM Cologne Major 2026?', '2026-06-21')), 'different');
});

test('team and model names made of a letter and a digit are names: G2 is not FURIA, V4 is not V3', (t) => {
  const poly = (team: string): MarketRef => m('polymarket', `Will ${team} reach the Grand Final at IEM Cologne Major 2026?`, '2026-06-21');
  const g2 = m('kalshi', 'Will G2 qualify for the Grand Final at 2026 IEM Cologne?', null, 'KXCS2GF-IEMCOL26-G2');
  t.is(rel(g2, poly('FURIA')), 'different');
  t.regex(why(g2, poly('FURIA')), /G2 vs FURIA/);
  t.is(rel(g2, poly('G2')), 'identity');
  t.is(rel(m('kalshi', 'Will 9z win IEM Cologne 2026?'), m('polymarket', 'Will FURIA win IEM Cologne 2026?')), 'different');
  t.is(rel(m('kalshi', 'Will T1 win Worlds 2026?'), m('polymarket', 'Will Gen.G win Worlds 2026?')), 'different');
  t.is(rel(m('kalshi', 'DeepSeek V4 released before May?'), m('polymarket', 'DeepSeek V3 released before May?')), 'different');
  // A quarter or Formula 1's short name is not such a name.
  t.is(rel(m('kalshi', 'Will Verstappen win the 2026 F1 title?'), m('polymarket', 'Will Verstappen win the 2026 Formula 1 championship?')), 'identity');
});

test('a given name spelled with a doubled letter is the same person; another given name is not', (t) => {
  const poly = m('polymarket', 'Will Vassil Terziev win the next Bulgarian presidential election?', '2026-11-30');
  t.is(rel(m('kalshi', 'Will Vasil Terziev win the next Bulgarian presidential election?'), poly), 'identity');
  t.is(rel(m('kalshi', 'Will Mike Collins win the Georgia Senate race?'), m('polymarket', 'Will Mika Collins win the Georgia Senate race?')), 'different');
});

test("one county's result is not the whole race's", (t) => {
  const state = m('kalshi', 'Will Xavier Becerra finish 1st in the 2026 California Governor primary election?', null, 'KXCAGOVPRIMARY-26-XBEC');
  const county = m('polymarket', 'Will Xavier Becerra finish first in the 2026 California Governor primary election in Santa Clara County?', '2026-06-02');
  t.is(rel(state, county), 'different');
  t.regex(why(state, county), /Santa Clara County on one side only/);
  t.is(rel(m('kalshi', 'Will Trump win Maricopa County?'), m('polymarket', 'Will Trump win Maricopa County, Arizona?')), 'identity');
});

// Titles from the ninth mined set's train half (nl2992/sig-arb's registry of SIG, Kalshi and Polymarket markets).
test('"an independent" or "Independents" is anyone of a kind, broader than a named independent', (t) => {
  const anyIndependent = m('polymarket', 'Will an independent win the Nebraska Senate race in 2026?', '2026-11-04');
  const osborn = m('kalshi', 'Will Dan Osborn (as an independent)s win the 2026 Senate race in Nebraska?');
  t.is(rel(osborn, anyIndependent), 'different');
  t.regex(why(osborn, anyIndependent), /asks about anyone/);
  t.is(rel(m('sig', 'Will Independents win the 2026 Senate race in Montana?'), m('polymarket', 'Will an Independent win the Montana Senate race in 2026?', '2026-11-04')), 'identity');
});

test('a template\'s plural of the party adjective ("Democratics") is the Democrats', (t) => {
  t.is(rel(m('sig', 'Will Democratics win the 2026 Senate race in Florida?'), m('polymarket', 'Will the Democrats win the Florida Senate race in 2026?', '2026-11-04')), 'identity');
  t.is(rel(m('sig', 'Will Democratics win the 2026 Senate race in Florida?'), m('polymarket', 'Will the Republicans win the Florida Senate race in 2026?', '2026-11-04')), 'different');
});

test('a top-N finish reads the same in a question and in a title-cased event name; another N or the title is another market', (t) => {
  const kalshi = m('kalshi', 'Will Chelsea finish in the top 4 of the Premier League?', '2026-05-24');
  const poly = (title: string, outcome = 'Yes'): MarketRef => ({ ...m('polymarket', title, '2026-05-24'), outcome });
  t.is(rel(kalshi, poly('Premier League Top 4 Finish', 'Chelsea')), 'identity');
  t.is(rel(kalshi, poly('Will Chelsea finish in the Premier League top 4?')), 'identity');
  t.is(rel(kalshi, poly('Will Chelsea finish in the Premier League top 6?')), 'different');
  t.is(rel(kalshi, poly('Premier League Top 4 Finish', 'Arsenal')), 'different');
  t.is(rel(kalshi, poly('Premier League Winner', 'Chelsea')), 'different');
});

test('a numbered part of a game is compared whichever way it is written: the first quarter is not the second', (t) => {
  // Found by a probe: "first quarter" and "second quarter" linked (spelled parts were not read), and "after the
  // 1st quarter" was not read as an interim lead as "after the first quarter" was.
  const lakers = (part: string): MarketRef => m('polymarket', `Will the Lakers lead after the ${part} quarter?`, '2026-01-10');
  t.is(rel(lakers('first'), lakers('second')), 'different');
  t.is(rel(lakers('1st'), lakers('second')), 'different');
  t.is(rel(lakers('1st'), lakers('first')), 'identity');
  t.is(rel(m('kalshi', 'Will Sinner win the first set?'), m('polymarket', 'Will Sinner win the 2nd set?')), 'different');
  t.is(rel(m('kalshi', 'Will Sinner win the first set?'), m('polymarket', 'Will Sinner win the 1st set?')), 'identity');
});

test('a country named by its adjective is the country: "the Kenyan presidential election" is Kenya\'s', (t) => {
  const a: MarketRef = { venue: 'polymarket', title: 'Will William Ruto win the 2027 Kenyan presidential election?', outcome: 'Yes', end_date: '2027-08-10', category: 'politics' };
  const b: MarketRef = { venue: 'kalshi', title: 'Kenya Presidential Election 2027', outcome: 'William Ruto', end_date: '2027-08-10', category: 'politics' };
  t.is(verifyPair(a, b).relation, 'identity');
  t.is(verifyPair({ ...a, title: 'Will William Ruto win the 2027 Ghanaian presidential election?' }, b).relation, 'different');
});

test('a state\'s average is not the national average: a title-initial "Average" and a source acronym name no candidate that pins the place', (t) => {
  const us = m('kalshi', 'Average US gas price on Jan 31, 2027?', '2027-01-31');
  t.is(rel(us, m('polymarket', 'California average gas price above $3.10 on Jan 31, 2027 (AAA)?', '2027-01-31')), 'different');
  t.regex(why(us, m('polymarket', 'California average gas price on Jan 31, 2027 (AAA)?', '2027-01-31')), /place on one side only: California/);
  t.is(rel(m('polymarket', 'US average gas price on Jan 31, 2027 (AAA)?', '2027-01-31'), m('manifold', 'California average gas price on Jan 31, 2027 (AAA)?', '2027-01-31')), 'different');
});
