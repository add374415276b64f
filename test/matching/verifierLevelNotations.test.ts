/**
 * How a level and its side are written: a measure word between a level and its direction ("0.3% MoM or lower",
 * "4 inches or less"), the year's last session named in words ("the last trading day of 2026", "the 2026 close"),
 * a term's length that is no level ("30-year mortgage rate", "CPI-U, 12-month"), and an Over/Under line whose
 * label repeats the line ("Over (3.5)"). Hand-labelled from blind probe rounds 26-28.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import { extractNumbers } from '../../pipeline/matching/verifier/read/numbers.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null, category = 'economics') => ({ venue, title, outcome, end_date, category });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('a measure word between a level and its direction keeps the direction: "0.3% MoM or lower" is at most 0.3%', (t) => {
  const mom = extractNumbers('Will US CPI for December come in at 0.3% MoM or lower?')[0];
  t.like(mom, { comparator: 'lt', value: 0.3, strict: false });
  const snow = extractNumbers('Central Park December snowfall 4 inches or less?')[0];
  t.like(snow, { comparator: 'lt', value: 4 });
  const seats = extractNumbers('Will Labour win 326 seats or more?')[0];
  t.like(seats, { comparator: 'gt', value: 326, strict: false });
  // "or" with no direction after it is no bound.
  t.like(extractNumbers('Will CPI print 0.3% MoM or 0.4%?')[0], { comparator: 'eq' });
  const hotter = m('kalshi', 'Will CPI rise more than 0.3% in December 2026?', 'Above 0.3%', '2027-01-13');
  t.is(relation(hotter, m('manifold', 'Will US CPI for December 2026 come in at 0.3% MoM or lower?', 'Yes', '2027-01-13')), 'complement');
});

test('the last trading day of a year and "the 2026 close" are one reading: at or below a level there negates above it', (t) => {
  const wti = m('kalshi', 'Will WTI crude oil settle above $65.00 on Dec 31, 2026?', 'Above $65.00', '2026-12-31', 'finance');
  t.is(relation(m('manifold', 'WTI settles at or below $65 on the last trading day of 2026?', 'Yes', '2026-12-31', 'finance'), wti), 'complement');
  const meta = m('polymarket', 'Meta (META) above $800 on December 31?', 'Yes', '2026-12-31', 'finance');
  t.is(relation(m('manifold', 'META at or below $800 at the 2026 close?', 'Yes', '2026-12-31', 'finance'), meta), 'complement');
  // Touched at any time before the year ends is no reading at its close.
  t.is(relation(m('manifold', 'META dips to $800 or below before the last trading day of 2026?', 'Yes', '2026-12-31', 'finance'), meta), 'different');
});

test('a term named by its length on one side only is no level; two terms named on both sides must agree', (t) => {
  const mortgage = m('kalshi', 'Will the average 30-year fixed mortgage rate be above 6.25% on Dec 31, 2026?', 'Above 6.25%', '2026-12-31');
  t.is(relation(mortgage, m('polymarket', 'Will the average mortgage rate be above 6.25% on Dec 31, 2026?', 'Yes', '2026-12-31')), 'identity');
  t.is(relation(mortgage, m('polymarket', 'Will the average 30-year fixed mortgage rate be 6.25% or lower on Dec 31, 2026?', 'Yes', '2026-12-31')), 'complement');
  t.is(relation(m('kalshi', 'US inflation rate (CPI-U, 12-month) for November 2026?', '2.9% or lower', '2026-12-10'), m('polymarket', 'US inflation rate (CPI-U) for November 2026?', 'Above 2.9%', '2026-12-10')), 'complement');
  const tenYear = m('kalshi', 'Will the 10-year Treasury yield be above 4% on Dec 31, 2026?', 'Yes', '2026-12-31');
  t.is(relation(tenYear, m('polymarket', 'Will the 2-year Treasury yield be above 4% on Dec 31, 2026?', 'Yes', '2026-12-31')), 'different');
  t.is(relation(tenYear, m('polymarket', '10-year Treasury yield above 4% on December 31, 2026?', 'Yes', '2026-12-31')), 'identity');
});

test('an Over/Under line whose label repeats the line picks that side of it', (t) => {
  const ou = (o: string) => m('azuro', 'Bundesliga: Bayern Munich vs Borussia Dortmund — Over/Under 3.5', o, '2027-02-27', 'sports');
  const total = (o: string) => m('polymarket', 'Bayern München vs Borussia Dortmund — Total Goals: Over (3.5)', o, '2027-02-27', 'sports');
  t.is(relation(ou('Over 3.5'), total('Over (3.5)')), 'identity');
  t.is(relation(ou('Under 3.5'), total('Over (3.5)')), 'complement');
  t.is(relation(ou('Over (3.5) goals'), total('Over (3.5)')), 'identity');
  // A label naming another line is not this one's side.
  t.is(relation(ou('Over 2.5'), total('Over (3.5)')), 'different');
});

test('a film\'s gross to date only grows: over a level by a day negates at most that level on the day', (t) => {
  const over = m('polymarket', 'Will Avengers: Doomsday gross over $1 billion worldwide by Feb 28, 2027?', 'Yes', '2027-02-28', 'culture');
  t.is(relation(over, m('manifold', 'Avengers: Doomsday worldwide box office $1B or less by February 28, 2027?', 'Yes', '2027-02-28', 'culture')), 'complement');
  // A price touched by a day is no running total: reaching it and being below it on the day can both happen.
  t.is(relation(m('polymarket', 'Will Bitcoin reach $150,000 by Feb 28, 2027?', 'Yes', '2027-02-28', 'crypto'), m('manifold', 'Bitcoin at $150,000 or less on February 28, 2027?', 'Yes', '2027-02-28', 'crypto')), 'different');
});

test('a gross margin is no running total: above a margin by a day does not negate at most it by that day', (t) => {
  t.not(relation(m('polymarket', "Will NVIDIA's gross margin be above 70% by Sep 30, 2027?", 'Yes', '2027-09-30', 'finance'), m('manifold', "NVIDIA's gross margin 70% or lower by September 30, 2027?", 'Yes', '2027-09-30', 'finance')), 'complement');
});
