/**
 * Parts and posts that titles share their words with: the televote is not Eurovision, a first week not an opening
 * weekend, a woman not a man, a party's leader not the majority leader. Hand-labelled (blind probe rounds 23-24).
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null) => ({ venue, title, outcome, end_date, category: 'culture' });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('winning the televote is not winning Eurovision', (t) => {
  t.is(relation(m('polymarket', 'Will Sweden win the televote at Eurovision 2027?'), m('kalshi', 'Eurovision 2027 winner?', 'Sweden')), 'different');
  t.is(relation(m('polymarket', 'Will Sweden win Eurovision 2027?'), m('kalshi', 'Eurovision 2027 winner?', 'Sweden')), 'identity');
});

test("a film's first seven days are not its opening weekend", (t) => {
  t.is(relation(m('polymarket', 'Will Dune: Part Three gross more than $100M domestically in its first 7 days?'), m('kalshi', 'Dune: Part Three domestic opening weekend box office?', 'Above $100M')), 'different');
});

test('a woman is not a man; a party leader is not the majority leader', (t) => {
  t.is(relation(m('polymarket', "Will TIME's 2026 Person of the Year be a woman?"), m('kalshi', "Will TIME's 2026 Person of the Year be a man?")), 'different');
  t.is(relation(m('polymarket', 'Will John Thune be Senate Majority Leader on January 31, 2027?'), m('kalshi', 'Will John Thune be Senate Republican Leader on Jan 31, 2027?')), 'different');
  t.is(relation(m('polymarket', 'Will John Thune be Senate Majority Leader on January 31, 2027?'), m('kalshi', 'Will John Thune be the Senate Majority Leader on Jan 31, 2027?')), 'identity');
});
