import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

// Issue 8: complement means exact logical negation. Titles are real venue phrasings of each class.
const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null, category = 'politics'): MarketRef => ({ venue, title, outcome, end_date, category });
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;
const why = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).reasons.join('; ');

test('still in office on a day is the negation of out by that day', (t) => {
  t.is(rel(m('kalshi', 'Will Keir Starmer still be Prime Minister on December 31, 2025?', 'Yes', '2025-12-31'), m('polymarket', 'Starmer out as UK Prime Minister by December 31, 2025?', 'Yes', '2025-12-31')), 'complement');
});

test('staying above a level through a day is the negation of dipping to it by that day', (t) => {
  const stay = m('kalshi', 'Will Bitcoin stay above $100,000 through December 31, 2025?', 'Yes', '2025-12-31', 'crypto');
  t.is(rel(stay, m('polymarket', 'Will Bitcoin dip to $100,000 by December 31, 2025?', 'Yes', '2025-12-31', 'crypto')), 'complement');
  // Reaching a higher level is another question, not the negation.
  t.is(rel(stay, m('polymarket', 'Will Bitcoin dip to $90,000 by December 31, 2025?', 'Yes', '2025-12-31', 'crypto')), 'different');
});

test('"change" against "no change", "refrain from" against "announce", "ends without" against "happens in"', (t) => {
  t.is(rel(m('kalshi', 'Will the Fed change interest rates at its March 2026 meeting?', 'Yes', '2026-03-18', 'economics'), m('polymarket', 'No change in Fed interest rates after March 2026 meeting?', 'Yes', '2026-03-18', 'economics')), 'complement');
  t.is(rel(m('kalshi', 'Will OPEC+ refrain from announcing a production increase at its December meeting?', 'Yes', '2025-12-01', 'economics'), m('polymarket', 'Will OPEC+ announce a production increase at its December meeting?', 'Yes', '2025-12-01', 'economics')), 'complement');
  t.is(rel(m('polymarket', 'US government shutdown in 2025?', 'Yes', '2025-12-31'), m('kalshi', 'Will 2025 end without a US government shutdown?', 'Yes', '2025-12-31')), 'complement');
});

test('above and below one level read once are negations; reaching by a deadline is not', (t) => {
  t.is(rel(m('kalshi', 'Bitcoin price on Dec 31, 2025?', 'Below $90,000', '2025-12-31', 'crypto'), m('polymarket', 'Will Bitcoin be above $90,000 on December 31, 2025?', 'Yes', '2025-12-31', 'crypto')), 'complement');
  t.is(rel(m('kalshi', 'Will Bitcoin be below $90,000 by December 31, 2025?', 'Yes', '2025-12-31', 'crypto'), m('polymarket', 'Will Bitcoin reach $90,000 by December 31, 2025?', 'Yes', '2025-12-31', 'crypto')), 'different');
  t.is(rel(m('polymarket', 'Arsenal vs. Chelsea: O/U 2.5', 'Over', '2025-11-29', 'sports'), m('kalshi', 'Arsenal vs Chelsea: Total Goals O/U 2.5', 'Under', '2025-11-29', 'sports')), 'complement');
  t.is(rel(m('polymarket', 'Arsenal vs. Chelsea: O/U 2.5', 'Over', '2025-11-29', 'sports'), m('kalshi', 'Arsenal vs Chelsea: Total Goals O/U 3.5', 'Under', '2025-11-29', 'sports')), 'different');
});

test('a head-to-head: "A vs B, which does better: B" is the negation of "Will A outperform B?"', (t) => {
  t.is(rel(m('polymarket', 'Nvidia vs. Apple: which stock performs better in 2025?', 'Apple', '2025-12-31', 'finance'), m('kalshi', 'Will Nvidia outperform Apple in 2025?', 'Yes', '2025-12-31', 'finance')), 'complement');
  t.is(rel(m('polymarket', 'Nvidia vs. Apple: which stock performs better in 2025?', 'Nvidia', '2025-12-31', 'finance'), m('kalshi', 'Will Nvidia outperform Apple in 2025?', 'Yes', '2025-12-31', 'finance')), 'identity');
});

test('two parties of one race are different questions: a third can win', (t) => {
  const v = verifyPair(m('polymarket', 'Will the Democratic Party win the 2028 US presidential election?', 'Yes', '2028-11-07'), m('manifold', 'Will the Republican Party win the 2028 US presidential election?', 'Yes', '2028-11-07'));
  t.is(v.relation, 'different');
  t.regex(v.reasons.join('; '), /party differs/);
  t.is(rel(m('manifold', 'Will Democrats win the House in the 2026 midterm elections?', 'Yes', '2026-11-03'), m('polymarket', 'Will the Democratic Party control the House after the 2026 Midterm elections?', 'Yes', '2026-11-03')), 'identity');
  t.is(rel(m('kalshi', 'Will Democrats win the House in 2026?', 'No', '2026-11-03'), m('polymarket', 'Will the Democratic Party control the House after the 2026 Midterm elections?', 'Yes', '2026-11-03')), 'complement');
});

test('roles: who strikes whom matters; a subject widened to a group is broader', (t) => {
  t.regex(why(m('polymarket', 'Will Israel strike Iran by June 30, 2026?', 'Yes', '2026-06-30'), m('kalshi', 'Will Iran strike Israel by June 30, 2026?', 'Yes', '2026-06-30')), /order inverted/);
  t.is(rel(m('polymarket', 'Israel military action against Iran by June 30, 2026?', 'Yes', '2026-06-30'), m('kalshi', 'Will Israel strike Iran before July 2026?', 'Yes', '2026-06-30')), 'identity');
  t.regex(why(m('polymarket', 'Will Pete Hegseth or another Cabinet member leave office by June 30, 2026?', 'Yes', '2026-06-30'), m('kalshi', 'Will Pete Hegseth leave office before July 2026?', 'Yes', '2026-06-30')), /scope differs/);
});

test('office and stage: vice-presidential is not presidential, a pennant is not the World Series, on the ballot is not winning', (t) => {
  t.regex(why(m('kalshi', 'Will J.D. Vance be the nominee for the Vice Presidency for the Republican party?', 'Yes', '2028-11-07'), m('polymarket', 'Will J.D. Vance win the 2028 Republican presidential nomination?', 'Yes', '2028-11-07')), /office differs/);
  t.is(rel(m('polymarket', 'Who will be the 2028 Republican VP nominee?', 'JD Vance', '2028-08-31'), m('kalshi', 'Will JD Vance be the Republican vice-presidential nominee in 2028?', 'Yes', '2028-08-31')), 'identity');
  t.regex(why(m('polymarket', 'Will the New York Yankees win the 2025 World Series?', 'Yes', '2025-11-01', 'sports'), m('kalshi', 'Will the Yankees win the 2025 AL pennant?', 'Yes', '2025-10-20', 'sports')), /title differs/);
  t.regex(why(m('kalshi', 'Will Luiz Inácio Lula da Silva be on the ballot in the next Brazilian presidential election?', 'Yes', '2026-10-04'), m('polymarket', 'Will Luiz Inácio Lula da Silva win the 2026 Brazilian presidential election?', 'Yes', '2026-10-04')), /stage differs/);
  t.is(rel(m('polymarket', 'Will exactly one Fed rate cut happen in 2025?', 'Yes', '2025-12-31', 'economics'), m('kalshi', 'Will the Fed cut rates at least once in 2025?', 'Yes', '2025-12-31', 'economics')), 'different');
  t.is(rel(m('polymarket', 'Will the Fed cut rates in 2025?', 'Yes', '2025-12-31', 'economics'), m('kalshi', 'Will the Fed cut rates at least once in 2025?', 'Yes', '2025-12-31', 'economics')), 'identity');
});

test('a catch-all contract and a lettered option are told apart', (t) => {
  t.regex(why(m('polymarket', '2026 Balance of Power: D Senate, R House', 'Yes', '2026-11-02'), m('predictfun', 'Balance of Power: 2026 Midterms', 'Other', '2026-11-02')), /catch-all/);
  t.regex(why(m('polymarket', '2026 Balance of Power: D Senate, D House', 'Yes', '2026-11-02'), m('predictfun', 'Balance of Power: 2026 Midterms', 'D Senate, R House', '2026-11-02')), /chamber control differs: House D, Senate D vs House R, Senate D/);
});

test('holding a role on a day negates leaving it, never becoming it', (t) => {
  t.is(rel(m('kalshi', 'Who will be the next Speaker of the House?', 'Jim Jordan', '2027-01-03'), m('polymarket', 'Will Jim Jordan be Speaker of the House on December 31, 2026?', 'Yes', '2026-12-31')), 'different');
  t.is(rel(m('kalshi', 'Will Jerome Powell be Fed Chair on Jun 1, 2026?', 'Yes', '2026-06-01'), m('polymarket', 'Powell out as Fed Chair by May 31, 2026?', 'Yes', '2026-05-31')), 'complement');
});

test('finishing second or reaching a round is not winning it', (t) => {
  t.regex(why(m('kalshi', 'Will Luiz Inácio Lula da Silva finish 2nd in the first round of the 2026 Brazilian presidential election?', 'Yes', '2027-10-04'), m('polymarket', 'Will Luiz Inácio Lula da Silva win the first round of the 2026 Brazilian presidential election?', 'Yes', '2026-10-04')), /stage differs/);
});

test('anyone is broader than a named subject; a value read a day after launch is not read a week after', (t) => {
  t.regex(why(m('kalshi', 'Will anyone win outright in the first round of the 2026 Brazil Presidential election?', 'Yes', '2027-10-04'), m('polymarket', 'Will Lula win outright in the first round of the 2026 Brazil election?', 'Yes', '2026-10-04')), /scope differs/);
  t.regex(why(m('predictfun', 'Monad FDV above $1B one week after launch?', 'Yes', '2025-12-31', 'crypto'), m('polymarket', 'Monad FDV above $1B one day after launch?', 'Yes', '2025-12-31', 'crypto')), /reading time differs/);
  t.is(rel(m('predictfun', 'Monad FDV above $1B one day after launch?', 'Yes', '2025-12-31', 'crypto'), m('polymarket', 'Monad FDV above $1B one day after launch?', 'Yes', '2025-12-31', 'crypto')), 'identity');
});

test('roles: "before" a date orders nothing, so the strike verb still orders the sides, and "the US" is a side', (t) => {
  const us = m('kalshi', 'Will the US strike Iran before July 1, 2026?', 'Yes', '2026-07-01');
  t.is(rel(us, m('polymarket', 'Will Iran strike the US before July 1, 2026?', 'Yes', '2026-07-01')), 'different');
  t.regex(why(us, m('polymarket', 'Will Iran strike the US before July 1, 2026?', 'Yes', '2026-07-01')), /order inverted/);
  t.is(rel(us, m('polymarket', 'US strikes Iran before July 1, 2026?', 'Yes', '2026-07-01')), 'identity');
  t.is(rel(m('kalshi', 'Will Israel strike Iran before July 1, 2026?', 'Yes', '2026-07-01'), m('polymarket', 'Will Iran strike Israel before July 1, 2026?', 'Yes', '2026-07-01')), 'different');
});

test('"no <thing>" where the question starts negates it; the fixed phrases that keep "no" in a positive question do not', (t) => {
  const etf = m('kalshi', 'Spot XRP ETF approved in 2025?', 'Yes', '2025-12-31', 'crypto');
  t.is(rel(etf, m('polymarket', 'No spot XRP ETF approved by the SEC in 2025?', 'Yes', '2025-12-31', 'crypto')), 'complement');
  const ceasefire = m('polymarket', 'Russia x Ukraine ceasefire in 2026?', 'Yes', '2026-12-31', 'world');
  t.is(rel(ceasefire, m('kalshi', 'Will there be no Russia-Ukraine ceasefire in 2026?', 'Yes', '2026-12-31', 'world')), 'complement');
  // The No side of the invasion market is the Yes side of "no invasion".
  t.is(rel(m('kalshi', 'China invades Taiwan before 2027?', 'No', '2026-12-31', 'world'), m('polymarket', 'No Chinese invasion of Taiwan in 2026?', 'Yes', '2026-12-31', 'world')), 'identity');
  // Kept positive: "no later than", a vote of no confidence, and a count of none (read once, as zero cuts).
  t.is(rel(m('kalshi', 'Will the UK government lose a vote of no confidence in 2026?', 'Yes', '2026-12-31'), m('polymarket', 'UK government loses no-confidence vote in 2026?', 'Yes', '2026-12-31')), 'identity');
  t.is(rel(m('kalshi', 'Will GTA VI release no later than November 19, 2026?', 'Yes', '2026-11-19', 'culture'), m('polymarket', 'GTA VI released by November 19, 2026?', 'Yes', '2026-11-19', 'culture')), 'identity');
  t.is(rel(m('kalshi', 'Will there be no Fed rate cuts in 2026?', 'Yes', '2026-12-31', 'economics'), m('polymarket', 'Will the Fed cut rates in 2026?', 'Yes', '2026-12-31', 'economics')), 'complement');
});

test('a name then an office on a day ("Orbán Prime Minister of Hungary on June 30?") holds the role on that day, as "be Prime Minister on" does', (t) => {
  const be = m('polymarket', 'Will Viktor Orbán be Prime Minister of Hungary on June 30, 2026?', 'Yes', '2026-06-30');
  t.is(rel(be, m('kalshi', 'Orbán Prime Minister of Hungary on June 30, 2026?', 'Yes', '2026-06-30')), 'identity');
  t.is(rel(be, m('kalshi', 'Orbán Prime Minister of Hungary on June 30, 2026?', 'No', '2026-06-30')), 'complement');
  t.is(rel(m('kalshi', 'Orbán Prime Minister of Hungary on June 30, 2026?', 'Yes', '2026-06-30'), m('polymarket', 'Orbán out as Prime Minister of Hungary by June 29, 2026?', 'Yes', '2026-06-29')), 'complement');
});

test('failing to do a thing, a year passing without it, and going a year without it are its negation', (t) => {
  const y = (venue: string, title: string, outcome = 'Yes', end = '2027-12-31') => m(venue, title, outcome, end);
  t.is(rel(y('kalshi', 'Will JD Vance win the 2028 Republican presidential nomination?', 'No', '2028-08-31'), y('manifold', 'Will JD Vance fail to become the 2028 GOP nominee?', 'Yes', '2028-08-31')), 'identity');
  t.is(rel(y('polymarket', 'Congressional stock trading ban passes Congress before 2028?'), y('manifold', 'Will a ban on congressional stock trading fail to clear Congress before 2028?')), 'complement');
  t.is(rel(y('kalshi', 'Will a Category 5 hurricane make landfall in the US in 2027?'), y('manifold', 'Will 2027 pass without a Category 5 hurricane landfall in the US?')), 'complement');
  t.is(rel(y('polymarket', 'MicroStrategy sells any Bitcoin in 2027?'), y('manifold', 'Will Strategy (MSTR) go all of 2027 without selling any bitcoin?')), 'complement');
  // A bill passing without amendments is still a bill passing: only a period "passes without" an event.
  t.not(rel(y('polymarket', 'Will the farm bill pass in 2027?'), y('manifold', 'Will the farm bill pass without amendments in 2027?')), 'complement');
});

test('a rate change, "cut or raise" and "hike or cut" are the negation of a hold', (t) => {
  const d = (venue: string, title: string, outcome = 'Yes') => m(venue, title, outcome, '2026-12-09', 'economics');
  t.is(rel(d('kalshi', 'No change in Fed interest rates after December 2026 meeting?'), d('polymarket', 'Will the Fed change the federal funds target range at its December 2026 meeting?')), 'complement');
  t.is(rel(d('kalshi', 'No change in Fed interest rates after December 2026 meeting?'), d('polymarket', 'Will the Fed cut or raise rates at the December 2026 FOMC meeting?', 'No')), 'identity');
  t.is(rel(d('kalshi', 'Will the Fed hold rates at its December 2026 meeting?'), d('manifold', 'Fed rate hike or cut in December 2026?')), 'complement');
  // A cut alone is not every move: it negates no hold.
  t.is(rel(d('kalshi', 'Will the Fed hold rates at its December 2026 meeting?'), d('manifold', 'Fed rate cut in December 2026?')), 'different');
});

test('losing to a rival is the rival winning; "someone other than" the one named is that one\'s negation', (t) => {
  const day = (venue: string, title: string, outcome = 'Yes') => m(venue, title, outcome, '2026-12-25', 'sports');
  t.is(rel(day('limitless', 'Will the Boston Celtics lose to the Los Angeles Lakers on Dec 25, 2026?'), day('polymarket', 'Lakers vs. Celtics', 'Lakers')), 'identity');
  t.is(rel(day('limitless', 'Will the Boston Celtics lose to the Los Angeles Lakers on Dec 25, 2026?'), day('polymarket', 'Lakers vs. Celtics', 'Celtics')), 'complement');
  const largest = (venue: string, title: string, outcome = 'Yes') => m(venue, title, outcome, '2026-12-31', 'finance');
  t.is(rel(largest('kalshi', 'Will NVIDIA be the largest company in the world by market cap on December 31, 2026?', 'No'), largest('manifold', 'Will a company other than Nvidia be the world\'s largest company on Dec 31, 2026?')), 'identity');
  // "Visit a country other than Israel" is a visit: "other than" negates only the subject.
  t.false(verifyPair(m('kalshi', 'Will Trump visit Israel in 2027?', 'Yes', '2027-12-31'), m('manifold', 'Will Trump visit a country other than Israel in 2027?', 'Yes', '2027-12-31')).relation === 'complement');
});

test('holding a role through a date is staying in it; an "Oscar" before a surname is a person, not the award', (t) => {
  const y = (venue: string, title: string, outcome = 'Yes') => m(venue, title, outcome, '2027-12-31');
  t.is(rel(y('polymarket', 'Friedrich Merz out as German Chancellor by December 31, 2027?'), y('manifold', 'Will Friedrich Merz be Chancellor of Germany through 2027?')), 'complement');
  t.is(rel(y('polymarket', 'Friedrich Merz out as German Chancellor by December 31, 2027?', 'No'), y('manifold', 'Will Friedrich Merz be Chancellor of Germany through 2027?')), 'identity');
  const f1 = (venue: string, title: string, outcome = 'Yes') => m(venue, title, outcome, '2027-12-05', 'sports');
  t.is(rel(f1('polymarket', 'Piastri vs Norris: who finishes higher in the 2027 Drivers\' Championship?', 'Norris'), f1('kalshi', 'Will Oscar Piastri finish ahead of Lando Norris in the 2027 F1 drivers\' standings?')), 'complement');
});

test('"tariffs on Canadian goods" and "a rate cut at its meeting" restate the question: refraining from either is its negation', (t) => {
  t.is(rel(m('kalshi', 'Will Trump refrain from raising tariffs on Canadian goods before April 1, 2027?', 'Yes', '2027-03-31'), m('polymarket', 'Will Trump raise tariffs on Canada before April 2027?', 'Yes', '2027-03-31')), 'complement');
  t.is(rel(m('kalshi', 'Will the ECB refrain from cutting rates at its December 2026 meeting?', 'Yes', '2026-12-17'), m('polymarket', 'ECB rate cut in December 2026?', 'Yes', '2026-12-17')), 'complement');
});

test('declining to act, a season passing with no event and a place going without one through a year are negations', (t) => {
  t.is(rel(m('polymarket', 'Will the 2027 Nobel Peace Prize be awarded?', 'Yes', '2027-10-15'), m('manifold', 'Will the Norwegian Nobel Committee decline to award the 2027 Peace Prize?', 'Yes', '2027-10-15')), 'complement');
  t.is(rel(m('kalshi', 'Will a hurricane make landfall in the continental US during the 2027 Atlantic season?', 'Yes', '2027-11-30'), m('polymarket', 'Will the 2027 Atlantic hurricane season pass with no continental US hurricane landfall?', 'Yes', '2027-11-30')), 'complement');
  t.is(rel(m('manifold', 'California goes without a magnitude 7.0+ earthquake through 2027?', 'Yes', '2027-12-31'), m('kalshi', 'Will California have an earthquake of magnitude 7.0 or higher before 2028?', 'Yes', '2027-12-31')), 'complement');
  // A price that declines to a level is a move to it, not a refusal.
  t.not(rel(m('kalshi', 'Will Bitcoin decline to $80,000 by December 31, 2026?', 'Yes', '2026-12-31'), m('polymarket', 'Will Bitcoin dip to $80,000 by December 31, 2026?', 'Yes', '2026-12-31')), 'complement');
});

test('holding or hiking is every rate decision but a cut, and standing pat is holding', (t) => {
  t.is(rel(m('kalshi', 'Will the Fed cut rates at the April 2027 meeting?', 'Yes', '2027-04-28', 'economics'), m('polymarket', 'Will the Fed hold or hike at its April 2027 meeting?', 'Yes', '2027-04-28', 'economics')), 'complement');
  t.is(rel(m('kalshi', 'Will the ECB cut rates at its Dec 17, 2026 meeting?', 'Yes', '2026-12-17', 'economics'), m('polymarket', 'ECB holds or raises rates on 17 December 2026?', 'Yes', '2026-12-17', 'economics')), 'complement');
  t.is(rel(m('kalshi', 'Fed decision in December 2027?', 'No change', '2027-12-15', 'economics'), m('polymarket', 'Will the Fed stand pat at the December 2027 FOMC?', 'Yes', '2027-12-15', 'economics')), 'identity');
  t.not(rel(m('kalshi', 'Will the Fed hike rates at the April 2027 meeting?', 'Yes', '2027-04-28', 'economics'), m('polymarket', 'Will the Fed hold or hike at its April 2027 meeting?', 'Yes', '2027-04-28', 'economics')), 'complement');
});
