/**
 * Which side a head-to-head market picks, when a venue writes the pairing inside a question ("Will A win vs. B?",
 * "Will A win against B on …?") instead of a game title with a side label. Labels by reading each pair: an NBA game
 * cannot be drawn, so its two sides are negations; a question naming both rivals without a pick says nothing of
 * which side its Yes is, so it is no side's market.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const game = (venue: string, title: string, outcome = 'Yes', end_date = '2026-11-29'): MarketRef => ({ venue, title, outcome, end_date, category: 'sports' });
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;
const kalshi = (side: string, end = '2026-11-29') => game('kalshi', 'Boston at Los Angeles L Winner?', side, end);

test('"Will A win vs. B?" picks A: the same side of the game is identity, the other side its negation', (t) => {
  const q = game('predictfun', 'Will the Los Angeles Lakers win vs. Boston Celtics?');
  t.is(rel(q, kalshi('Los Angeles L')), 'identity');
  // It was read as naming both teams without a pick, and linked to the Boston side as the same question.
  t.is(rel(q, kalshi('Boston')), 'complement');
  t.is(rel(q, kalshi('Los Angeles L', '2026-12-03')), 'different', 'another day is another game');
});

test('"win against" joins the two sides of a head-to-head as "vs." does, and is no event of its own', (t) => {
  const q = game('manifold', 'Will the Lakers win against the Celtics on November 29?');
  // It was refused as "too weak" for saying "against" on one side only.
  t.is(rel(q, game('polymarket', 'Lakers vs. Celtics', 'Lakers')), 'identity');
  t.is(rel(q, game('polymarket', 'Lakers vs. Celtics', 'Celtics')), 'complement');
});

test('a pairing with no pick is not the market of either side', (t) => {
  t.is(rel(game('manifold', 'Lakers vs Celtics on November 29?'), kalshi('Boston')), 'different');
  const cap = (venue: string, title: string, outcome = 'Yes'): MarketRef => ({ venue, title, outcome, end_date: '2026-12-31', category: 'tech' });
  const verdict = verifyPair(cap('polymarket', 'Nvidia vs. Apple: market cap on December 31, 2026?'), cap('kalshi', 'Will Nvidia have a larger market cap than Apple on December 31, 2026?'));
  t.is(verdict.relation, 'different');
  t.true(verdict.reasons.some((r) => r.startsWith('a side is picked on one market only')), verdict.reasons.join('; '));
});

test('an award "at the" ceremony is no pairing: "win Game of the Year at the Game Awards" is not a game', (t) => {
  const award = (venue: string, title: string, outcome: string): MarketRef => ({ venue, title, outcome, end_date: '2025-12-11', category: 'culture' });
  const q = award('predictfun', 'Will Clair Obscur: Expedition 33 win Game of the Year at the 2025 Game Awards?', 'Yes');
  t.is(rel(q, award('kalshi', 'The Game Awards Game of the Year?', 'Clair Obscur: Expedition 33')), 'identity');
  t.is(rel(q, award('kalshi', 'The Game Awards Game of the Year?', 'Hades II')), 'different');
});

test('"A vs B: will B win?" picks the side its question names, not the first one the pairing mentions', (t) => {
  const q = game('polymarket', 'Will the Lakers beat the Celtics on November 29?');
  // An NBA game cannot be drawn: the other side is the negation, the same side the same question.
  t.is(rel(q, game('manifold', 'Lakers vs Celtics: Will the Celtics win?')), 'complement');
  t.is(rel(q, game('manifold', 'Celtics vs Lakers: Will the Lakers win?')), 'identity');
  // A boxing match can be drawn: the other fighter's win is another question, not the negation.
  const fight = game('polymarket', 'Will Jake Paul beat Anthony Joshua?', 'Yes', '2026-07-31');
  t.is(rel(fight, game('manifold', 'Anthony Joshua vs Jake Paul: Will Joshua win?', 'Yes', '2026-07-31')), 'different');
});

test("a pick from a named pairing is not a question whose subject is the pairing's other side", (t) => {
  const cornyn = { venue: 'polymarket', title: 'Texas Republican Senate runoff: Cornyn vs. Paxton', outcome: 'John Cornyn', end_date: '2026-05-26', category: 'politics' };
  const ask = (who: string) => ({ venue: 'kalshi', title: `Will ${who} win the Texas GOP Senate runoff?`, outcome: 'Yes', end_date: '2026-05-26', category: 'politics' });
  t.not(verifyPair(cornyn, ask('Ken Paxton')).relation, 'identity');
  t.is(verifyPair(cornyn, ask('John Cornyn')).relation, 'identity');
});
