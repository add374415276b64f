/**
 * A market given only as its Kalshi ticker states what its series and codes fix, nothing more. What
 * the other market states and the ticker cannot establish is unknown, and an unknown deadline, date or
 * series refuses the link (with the field named) instead of linking on the rest. Labels are by hand:
 * "by June 30, 2028" is a deadline the nomination series does not have (a nomination decided in
 * August resolves it No and the Kalshi market Yes); an unread series such as KXIMPEACH or KXRECESSION
 * can run to any window its code's year does not pin (Kalshi's impeachment market is "before his term
 * ends"), so a title that merely shares its word is not shown as the same market.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null) => ({ venue, title, outcome, end_date, category: 'politics' });

test('a deadline the other market states and the bare ticker series does not fix refuses, naming the field', (t) => {
  const cases: [string, string, string][] = [
    ['KXPRESNOMD-28-GN', 'Will Gavin Newsom win the Democratic presidential nomination by June 30, 2028?', '2028-06-30'],
    ['KXPRESPERSON-28-JVAN', 'Will JD Vance win the 2028 US presidential election by November 10, 2028?', '2028-11-10'],
    ['KXFEDCHAIRNOM-29-KH', 'Will Trump nominate Kevin Hassett as the next Fed Chair by December 31, 2025?', '2025-12-31'],
  ];
  for (const [ticker, title, end] of cases) {
    const v = verifyPair(m('kalshi', ticker), m('polymarket', title, 'Yes', end));
    t.is(v.relation, 'different', `${ticker} vs ${title}`);
    t.false(v.same);
    t.true(v.reasons.some((r) => r.startsWith(`unknown on the bare ticker ${ticker}`) && /states by/.test(r)), v.reasons.join('; '));
  }
});

test('a series the verifier does not read is unknown as a bare ticker, so a title sharing its word is refused', (t) => {
  for (const [ticker, title] of [
    ['KXIMPEACH-26', 'Trump impeached in 2026?'],
    ['KXRECESSION-26', 'US recession in 2026?'],
    ['KXSHUTDOWN-26', 'Government shutdown in 2026?'],
  ]) {
    const v = verifyPair(m('kalshi', ticker ?? ''), m('polymarket', title ?? '', 'Yes', '2026-12-31'));
    t.is(v.relation, 'different', `${ticker} vs ${title}`);
    t.true(v.reasons.some((r) => r.includes('is not one the verifier reads')), v.reasons.join('; '));
  }
});

test('what the bare ticker does fix still links: the race and year of a series, a Fed meeting month, a CPI month, a game day', (t) => {
  const link = (ticker: string, title: string, end: string, outcome = 'Yes'): string => verifyPair(m('kalshi', ticker), m('polymarket', title, outcome, end)).relation;
  t.is(link('KXPRESPERSON-28-JVAN', 'Will JD Vance win the 2028 US presidential election?', '2028-11-07'), 'identity');
  t.is(link('KXFEDCHAIRNOM-29-KH', 'Will Trump nominate Kevin Hassett as the next Fed Chair?', '2026-01-31'), 'identity');
  t.is(link('CONTROLH-2026-D', 'Will the Democratic Party control the House after the 2026 midterm elections?', '2027-01-03'), 'identity');
  t.is(link('KXFEDDECISION-26MAR-C25', 'Fed decreases interest rates by 25 bps after March 2026 meeting?', '2026-03-18'), 'identity');
  t.is(link('KXCPIYOY-26JAN-T2.6', 'Will CPI inflation be above 2.6% for the year ending January 2026?', '2026-02-12'), 'identity');
  t.is(link('KXNBAGAME-26JAN10SASBOS-BOS', 'Spurs vs. Celtics', '2026-01-10', 'Celtics'), 'identity');
  // A whole year the ticker's year code names is established.
  t.is(link('SENATESC-26-R', 'Will the Republicans win the South Carolina Senate race in 2026?', '2026-11-03'), 'identity');
});

test('a ticker given with its title, end date or texts is no bare ticker: the deadline rule leaves it to the date checks', (t) => {
  const kalshi = { ...m('kalshi', 'KXPRESNOMD-28-GN', 'Yes', '2028-08-31') };
  const v = verifyPair(kalshi, m('polymarket', 'Will Gavin Newsom win the Democratic presidential nomination by June 30, 2028?', 'Yes', '2028-06-30'));
  t.false(v.reasons.some((r) => r.startsWith('unknown on the bare ticker')), v.reasons.join('; '));
});

test('a bare ticker against an undated market placed only by its end date: a window closed early or a later day refuses', (t) => {
  const rel = (ticker: string, title: string, end: string, outcome = 'Yes'): string => verifyPair(m('kalshi', ticker), m('polymarket', title, outcome, end)).relation;
  // Cuts counted through Dec 31, 2026 against a count closing on June 30: a shorter window.
  t.is(rel('KXRATECUTCOUNT-26DEC31-T2', 'Will the Fed cut rates 2 times?', '2026-06-30'), 'different');
  t.regex(verifyPair(m('kalshi', 'KXRATECUTCOUNT-26DEC31-T2'), m('polymarket', 'Will the Fed cut rates 2 times?', 'Yes', '2026-06-30')).reasons.join('; '), /before the day 2026-12-31 that closes the window/);
  t.is(rel('KXRATECUTCOUNT-26DEC31-T2', 'Will the Fed cut rates 2 times in 2026?', '2026-12-31'), 'identity');
  // The Nov 21 high against an undated market closing Nov 23 (a later day's market); closing the same day it is that day's.
  t.is(rel('KXHIGHNY-25NOV21-B52.5', 'Highest temperature in NYC?', '2025-11-23', '52-53°F'), 'different');
  t.is(rel('KXHIGHNY-25NOV21-B52.5', 'Highest temperature in NYC?', '2025-11-21', '52-53°F'), 'identity');
});
