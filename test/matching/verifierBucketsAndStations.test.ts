/**
 * Buckets written with their upper end as a bound ("$100k to <$102k", "at least $98,000 but under $100,000"),
 * abbreviated count buckets ("150k-199k" is up to 199,999), game titles with the market or the day after the
 * pairing ("· Total Goals", ": Jan 10"), and a city's weather read at its station (Kalshi's NYC is Central Park).
 * Hand-labelled from blind probe rounds 20-26.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null, category = 'economics', ticker?: string) => ({ venue, title, outcome, end_date, category, ticker });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('a bucket whose upper end is written as a bound is the bucket below it', (t) => {
  const kalshi = m('kalshi', 'Bitcoin price range on Dec 31, 2026 at 5pm EST?', '$100,000 to $101,999.99', '2026-12-31', 'crypto');
  t.is(relation(kalshi, m('polymarket', 'Bitcoin price at 5:00 PM ET on December 31, 2026?', '$100k to <$102k', '2026-12-31', 'crypto')), 'identity');
  t.is(relation(kalshi, m('polymarket', 'Bitcoin price at 5:00 PM ET on December 31, 2026?', '$100k to <$104k', '2026-12-31', 'crypto')), 'different');
});

test('an abbreviated count bucket covers its last thousand', (t) => {
  t.is(relation(m('polymarket', 'December 2026 nonfarm payrolls?', '150k-199k', '2027-01-08'), m('kalshi', 'Jobs numbers in Dec 2026?', '150,000 to 199,999', '2027-01-08')), 'identity');
  t.is(relation(m('polymarket', 'December 2026 nonfarm payrolls?', '150k-199k', '2027-01-08'), m('kalshi', 'Jobs numbers in Dec 2026?', '150,000 to 249,999', '2027-01-08')), 'different');
});

test('the market or the day written after a pairing is no side of it', (t) => {
  t.is(relation(m('azuro', 'Liverpool vs Manchester City · Total Goals', 'Over (2.5)', '2027-01-10', 'sports'), m('polymarket', 'Liverpool vs Man City: Total goals', 'Over 2.5 goals scored', '2027-01-10', 'sports')), 'identity');
  t.is(relation(m('kalshi', 'KXNBAGAME-27JAN10DENMIN-MIN', 'Minnesota', '2027-01-10', 'sports'), m('polymarket', 'Nuggets vs Timberwolves: Jan 10', 'Nuggets', '2027-01-10', 'sports')), 'complement');
  t.is(relation(m('polymarket', 'Arsenal vs. Chelsea: Both Teams to Score', 'Yes', '2027-01-03', 'sports'), m('azuro', 'Arsenal vs Chelsea - Both Teams To Score', 'No', '2027-01-03', 'sports')), 'complement');
});

test("New York's daily high is Central Park's; LaGuardia is another station", (t) => {
  t.is(relation(m('kalshi', 'Highest temperature in NYC on Dec 12, 2026?', '44° to 45°', '2026-12-12', 'weather'), m('polymarket', 'Central Park daily high on 12/12/2026 between 44 and 45°F?', 'Yes', '2026-12-12', 'weather')), 'identity');
  t.is(relation(m('kalshi', 'Highest temperature in NYC (Central Park) on Aug 1, 2027?', '90° or above', '2027-08-01', 'weather'), m('polymarket', 'Highest temperature at NYC LaGuardia Airport on August 1?', '90°F or higher', '2027-08-01', 'weather')), 'different');
});
