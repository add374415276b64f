import test from 'ava';
import { perText } from '../../pipeline/matching/verifier/compare/textMemo.ts';
import { compareProps, extractProposition, type MarketRef } from '../../pipeline/matching/verifier/index.ts';

test('a memo of a function of the text runs it once per distinct text, null answers included', (t) => {
  const seen: string[] = [];
  const seatGoal = perText((text) => {
    seen.push(text);
    return /\bmajority\b/i.test(text) ? 'majority' : null;
  });
  t.is(seatGoal('Will Labour win a majority?'), 'majority');
  t.is(seatGoal('Will Labour win the most seats?'), null);
  t.is(seatGoal('Will Labour win a majority?'), 'majority');
  t.is(seatGoal('Will Labour win the most seats?'), null);
  t.deepEqual(seen, ['Will Labour win a majority?', 'Will Labour win the most seats?']);
});

test('a market compared again and again gets the same verdict as the first time (memoised text reads change no answer)', (t) => {
  const ref = (venue: string, title: string): MarketRef => ({ venue, title, outcome: 'Yes', end_date: '2026-12-31', category: 'sports' }) as MarketRef;
  const semi = extractProposition(ref('polymarket', 'Will Spain reach the semifinals of the 2026 World Cup?'));
  const win = extractProposition(ref('kalshi', 'Will Spain win the 2026 World Cup?'));
  const semiToo = extractProposition(ref('limitless', 'Spain to reach the 2026 World Cup semi-finals?'));
  // By hand: reaching a semi-final is a stage short of winning the cup; the two semi-final markets ask one thing.
  const first = [compareProps(semi, win), compareProps(semi, semiToo), compareProps(win, semiToo)];
  t.false(first[0]!.same);
  t.true(first[0]!.reasons.some((r) => r.startsWith('stage differs')));
  t.true(first[1]!.same);
  t.false(first[2]!.same);
  for (let i = 0; i < 3; i++) t.deepEqual([compareProps(semi, win), compareProps(semi, semiToo), compareProps(win, semiToo)], first);
});
