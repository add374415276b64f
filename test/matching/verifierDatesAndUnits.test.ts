/**
 * Dates written as holidays ("noon ET on New Year's Eve", "Christmas Eve") or in the European dotted order
 * ("31.01.2026"), and zones and currencies ("EST", "USD") that are no names. Hand-labelled (blind probe rounds 20-25).
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null) => ({ venue, title, outcome, end_date, category: 'crypto' });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('a holiday names its day; EST and USD name nobody', (t) => {
  t.is(relation(m('kalshi', 'Ethereum price on Dec 24, 2026 at 12pm EST?', '$3,000 or above', '2026-12-24'), m('manifold', 'Will ETH be ≥ 3k USD at noon Eastern on Christmas Eve 2026?', 'Yes', '2026-12-24')), 'identity');
  t.is(relation(m('kalshi', 'Bitcoin price on Dec 31, 2026 at 12pm EST?', '$100,000 or above', '2026-12-31'), m('polymarket', "Will Bitcoin's price be under $100K at noon ET on New Year's Eve 2026?", 'Yes', '2026-12-31')), 'complement');
  t.is(relation(m('polymarket', 'Will Bitcoin exceed $100,000 USD at 21:00 UTC on June 30, 2027?', 'Yes', '2027-06-30'), m('kalshi', 'Bitcoin above $100,000 on Jun 30, 2027 at 5pm EDT?', 'Yes', '2027-06-30')), 'identity');
});

test('a dotted European date is day, month, year', (t) => {
  t.is(relation(m('sxbet', 'BTC/USD 31.01.2027 22:00 UTC - Over 100000', 'Over', '2027-01-31'), m('kalshi', 'Bitcoin above $100,000 on Jan 30, 2027 at 5pm EST?')), 'different');
  t.is(relation(m('sxbet', 'BTC/USD 31.01.2027 22:00 UTC - Over 100000', 'Over', '2027-01-31'), m('kalshi', 'Bitcoin above $100,000 on Jan 31, 2027 at 5pm EST?')), 'identity');
});

test('a season written "2026/27" names no year of its own beside the year it ends in', (t) => {
  t.is(relation(m('kalshi', 'Will the Edmonton Oilers make the 2027 NHL playoffs?', 'No', '2027-04-20'), m('azuro', 'NHL 2026/27 - To Make Playoffs', 'Edmonton Oilers', '2027-04-20')), 'complement');
  t.is(relation(m('kalshi', 'Will the Edmonton Oilers make the 2027 NHL playoffs?', 'Yes', '2027-04-20'), m('azuro', 'NHL 2026/27 - To Make Playoffs', 'Edmonton Oilers', '2027-04-20')), 'identity');
  // A year written alone still differs.
  t.is(relation(m('kalshi', 'Will the Edmonton Oilers make the 2027 NHL playoffs?', 'Yes', '2027-04-20'), m('azuro', 'NHL 2026 - To Make Playoffs', 'Edmonton Oilers', '2027-04-20')), 'different');
});

test('an event "at the February 2027 Grammy Awards" is in that month: a market closing on the ceremony\'s day is the same', (t) => {
  t.is(relation(m('kalshi', 'Grammy for Best New Artist?', 'Sombr', '2027-02-07'), m('polymarket', 'Who will win Best New Artist at the February 2027 Grammy Awards?', 'sombr', '2027-02-28')), 'identity');
  // A market closing months before the ceremony's month is another window.
  t.is(relation(m('kalshi', 'Grammy for Best New Artist?', 'Sombr', '2026-10-15'), m('polymarket', 'Who will win Best New Artist at the February 2027 Grammy Awards?', 'sombr', '2027-02-28')), 'different');
});
