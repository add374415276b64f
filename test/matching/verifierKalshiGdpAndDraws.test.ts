/**
 * Kalshi's GDP tickers carry the release day of the advance estimate (KXGDP-27JUL29 is Q2 2027's), and a game asked
 * as "A vs B: Draw?" is the draw. Hand-labelled (blind probe round 26a).
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null, category = 'economics') => ({ venue, title, outcome, end_date, category });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test("a GDP ticker's day is the release of the quarter before it", (t) => {
  t.is(relation(m('kalshi', 'KXGDP-27JUL29-T2.5', 'Above 2.5%'), m('polymarket', 'US Q2 2027 GDP growth above 2.5%?')), 'identity');
  t.is(relation(m('kalshi', 'KXGDP-27JUL29-T2.5', 'Above 2.5%'), m('polymarket', 'US Q3 2027 GDP growth above 2.5%?')), 'different');
  // January's release is the fourth quarter of the year before.
  t.is(relation(m('kalshi', 'KXGDP-27JAN28-T1.5', 'Above 1.5%'), m('polymarket', 'US Q4 2026 GDP growth above 1.5%?')), 'identity');
});

test('"A vs B: Draw?" is the draw of that game', (t) => {
  t.is(relation(m('kalshi', 'Manchester United vs Liverpool Winner?', 'Tie', '2027-04-24', 'sports'), m('polymarket', 'Man United vs Liverpool: Draw?', 'Yes', '2027-04-24', 'sports')), 'identity');
  t.is(relation(m('kalshi', 'Manchester United vs Liverpool Winner?', 'Liverpool', '2027-04-24', 'sports'), m('polymarket', 'Man United vs Liverpool: Draw?', 'Yes', '2027-04-24', 'sports')), 'different');
});
