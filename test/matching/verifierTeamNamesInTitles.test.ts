/**
 * A team's other names (sideAliases.json) hold in a title's subject too, not only in a game's sides: "Bayern
 * München" is Bayern Munich, the Springboks are South Africa, BLG is Bilibili Gaming. Two different teams still
 * differ. Hand-labelled (blind probe rounds 23a, 26b).
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null) => ({ venue, title, outcome, end_date, category: 'sports' });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test("a team's other name in a title's subject is the same team", (t) => {
  t.is(relation(m('kalshi', 'Bundesliga Winner?', 'Bayern Munich', '2027-05-22'), m('polymarket', 'Will Bayern München win the 2026-27 Bundesliga?', 'Yes', '2027-05-22')), 'identity');
  t.is(relation(m('kalshi', 'Rugby World Cup Winner?', 'South Africa', '2027-11-13'), m('polymarket', 'Will the Springboks win the 2027 Rugby World Cup?', 'Yes', '2027-11-13')), 'identity');
  t.is(relation(m('polymarket', 'Will Bilibili Gaming win LoL Worlds 2027?', 'Yes', '2027-11-07'), m('manifold', 'Worlds 2027 champion: BLG?', 'Yes', '2027-11-07')), 'identity');
});

test('two teams stay two teams', (t) => {
  t.is(relation(m('kalshi', 'Rugby World Cup Winner?', 'South Africa', '2027-11-13'), m('polymarket', 'Will the All Blacks win the 2027 Rugby World Cup?', 'Yes', '2027-11-13')), 'different');
  t.is(relation(m('kalshi', 'Bundesliga Winner?', 'Bayern Munich', '2027-05-22'), m('polymarket', 'Will Borussia Dortmund win the 2026-27 Bundesliga?', 'Yes', '2027-05-22')), 'different');
});
