/**
 * What a sports market pays on beyond who plays: gold against any medal, a stage against the overall win, a Grand
 * Slam against the championship, promotion against the title, the fight going the distance, Team USA against
 * Team Europe; and the side a "beats" question picks when its name is read word by word. Hand-labelled (blind probe
 * rounds 19-26); each different pair below was linked before.
 */
import test from 'ava';
import { extractProposition, verifyPair } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null) => ({ venue, title, outcome, end_date, category: 'sports' });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('gold is not any medal; a gold medal market is gold', (t) => {
  t.is(relation(m('polymarket', "Will Brazil win gold in men's football at the 2028 Olympics?"), m('manifold', "Will Brazil win a medal in men's football at LA 2028?")), 'different');
  t.is(relation(m('polymarket', "Will Noah Lyles win the men's 100m gold at LA 2028?"), m('kalshi', "LA 2028 Men's 100m Gold Medal", 'Noah Lyles')), 'identity');
});

test('a stage, a Grand Slam and promotion are not the overall win', (t) => {
  t.is(relation(m('kalshi', 'Tour de France Winner?', 'Tadej Pogacar', '2027-07-25'), m('polymarket', 'Will Tadej Pogačar win Stage 1 of the 2027 Tour de France?', 'Yes', '2027-07-03')), 'different');
  t.is(relation(m('kalshi', 'Six Nations 2027 Winner', 'France'), m('polymarket', 'Will France win the 2027 Six Nations Grand Slam?')), 'different');
  t.is(relation(m('kalshi', 'Six Nations 2027 Winner', 'France'), m('polymarket', 'Will France win the 2027 Six Nations?')), 'identity');
  t.is(relation(m('polymarket', 'Will Leicester City win the 2026-27 EFL Championship?'), m('kalshi', 'EFL Championship Promotion?', 'Leicester City')), 'different');
});

test('a fight going the distance is not a fighter winning it', (t) => {
  const win = { ...m('kalshi', 'Will Oleksandr Usyk win the Usyk vs Parker fight?', 'Oleksandr Usyk', '2027-05-15'), ticker: 'KXBOXING-27MAY15USYPAR-USY' };
  t.is(relation(win, m('polymarket', 'Usyk vs. Parker: Fight to go the distance?', 'Yes', '2027-05-15')), 'different');
});

test('Team USA and Team Europe are two sides of the Ryder Cup', (t) => {
  t.is(relation(m('polymarket', 'Will Team USA win the 2027 Ryder Cup?'), m('kalshi', 'Will Team Europe win the 2027 Ryder Cup?')), 'different');
  t.is(relation(m('polymarket', 'Will Team USA win the 2027 Ryder Cup?'), m('kalshi', 'Will the USA win the 2027 Ryder Cup?')), 'identity');
});

test('a player named in full is picked by the name venues keep: the other side of the final is the negation', (t) => {
  t.is(relation(m('kalshi', 'Will Carlos Alcaraz beat Jannik Sinner in the French Open final?'), m('polymarket', "French Open Men's Final: Alcaraz vs Sinner winner?", 'Jannik Sinner')), 'complement');
  t.is(relation(m('kalshi', 'Will Carlos Alcaraz beat Jannik Sinner in the French Open final?'), m('polymarket', "French Open Men's Final: Alcaraz vs Sinner winner?", 'Carlos Alcaraz')), 'identity');
});

test('GDP growth from a year earlier is not the annualized quarterly figure', (t) => {
  const q = { ...m('kalshi', 'GDP growth in Q2 2027?', 'Above 2.5%', '2027-07-30'), category: 'economics' };
  t.is(relation(q, { ...m('polymarket', 'Will US Q2 2027 GDP exceed 2.5% year-over-year?'), category: 'economics' }), 'different');
  t.is(relation(q, { ...m('polymarket', 'Will US GDP grow more than 2.5% in Q2 2027?', 'Yes', '2027-07-30'), category: 'economics' }), 'identity');
});

test('knocking a fighter out is not the negation of the other fighter winning (a decision pays neither)', (t) => {
  const ko = m('polymarket', 'Will Oleksandr Usyk knock out Tyson Fury?', 'Yes', '2027-03-07');
  t.not(relation(ko, m('sxbet', 'Usyk vs. Fury', 'Tyson Fury', '2027-03-07')), 'complement');
  // A knockout is no way through a tie: nothing about it says the fight cannot be drawn.
  t.not(extractProposition(ko).draws, 'no');
});
