/**
 * Games named with what surrounds them: a tournament or a discipline before the pairing, a school before a
 * nickname a pro club also uses, "incl. overtime" after it. Titles from mined13 (Kalshi/Polymarket CS2 and college
 * football, Nov 2025) and written probes; expected relations hand-labelled.
 */
import test from 'ava';
import { extractProposition, verifyPair } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome: string, end_date: string | null, ticker?: string) => ({ venue, title, outcome, end_date, category: 'sports', ticker });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('a tournament before the pairing and a discipline before it name one match', (t) => {
  const kalshi = m('kalshi', 'StarLadder Major Budapest 2025: FaZe vs. NIP', 'NIP', '2025-11-25', 'KXCSGOGAME-25NOV25FAZENIP-NIP');
  t.is(relation(kalshi, m('polymarket', 'Counter-Strike: FaZe vs NIP (BO1)', 'NIP', '2025-11-25')), 'identity');
  // A best-of-one CS2 match has a winner: the other side is the exact negation.
  t.is(relation(kalshi, m('polymarket', 'Counter-Strike: FaZe vs NIP (BO1)', 'FaZe', '2025-11-25')), 'complement');
  // The rematch five days later is another match.
  t.is(relation(kalshi, m('polymarket', 'Counter-Strike: FaZe vs NIP (BO3)', 'NIP', '2025-11-30')), 'different');
});

test('two disciplines are two matches though the organisations are the same', (t) => {
  t.is(relation(m('polymarket', 'Valorant: FaZe vs NIP (BO3)', 'NIP', '2025-11-25'), m('sxbet', 'Counter-Strike: FaZe vs NIP (BO3)', 'NIP', '2025-11-25')), 'different');
});

test('a pro nickname after a school names the college team, not the pro club', (t) => {
  const kalshi = m('kalshi', 'Charlotte at Tulane', 'Charlotte', '2025-11-29', 'KXNCAAFGAME-25NOV29CHARTULN-CHAR');
  t.is(relation(kalshi, m('polymarket', 'Charlotte 49ers vs. Tulane', 'Charlotte 49ers', '2025-11-29')), 'identity');
  // Boise State's and Wyoming's Broncos and Cowboys are not Denver's and Dallas's; the pro clubs keep their names.
  const keys = (title: string): string[] => extractProposition(m('polymarket', title, 'Yes', null)).entities.map((e) => e.key);
  t.false(keys('Boise State Broncos vs. Wyoming Cowboys').some((k) => k.startsWith('nfl-')));
  t.false(keys('UCLA Bruins vs. Oregon Ducks').some((k) => k.startsWith('nhl-')));
  t.deepEqual(keys('Denver Broncos vs. Dallas Cowboys').sort(), ['nfl-broncos', 'nfl-cowboys']);
  t.true(keys('LA Rams vs. NFL Eagles').includes('nfl-rams'));
  t.true(keys('NFL: Eagles vs. Cowboys').includes('nfl-eagles'));
  // A nickname two cities share keeps its team after a city's initials.
  t.true(keys('Boston at NY Rangers Winner?').includes('team:rangers'));
  t.true(keys('LA Kings vs. Vegas Golden Knights').includes('team:kings'));
  // A college football game cannot be drawn: the other school is the negation.
  t.is(relation(m('kalshi', 'Boise St. at Wyoming Winner?', 'Wyoming', '2026-11-27'), m('polymarket', 'Boise State Broncos vs. Wyoming Cowboys', 'Boise State Broncos', '2026-11-27')), 'complement');
  // Louisiana-Monroe's other name.
  t.is(relation(m('kalshi', 'Louisiana-Monroe at Louisiana', 'Louisiana', '2025-11-29', 'KXNCAAFGAME-25NOV29ULMULL-ULL'), m('polymarket', 'UL Monroe vs. Louisiana', 'Louisiana', '2025-11-29')), 'identity');
});

test('an IPL franchise is no NHL or NBA club: a cricket match may end with no result, so its sides are no negations', (t) => {
  t.is(relation(m('kalshi', 'Will Chennai Super Kings win the MI vs CSK match?', 'Chennai Super Kings', '2027-04-10'), m('polymarket', 'IPL: Mumbai Indians vs Chennai Super Kings', 'Mumbai Indians', '2027-04-10')), 'different');
});

test('a winner market including overtime has no draw: the other side is the negation', (t) => {
  t.is(relation(m('azuro', "Gonzaga Bulldogs – Saint Mary's Gaels · Winner (incl. overtime)", '2', '2027-02-20'), m('polymarket', "Saint Mary's vs. Gonzaga", 'Gonzaga', '2027-02-20')), 'complement');
});

test('two parties compared the other way round are not one question', (t) => {
  const a = m('polymarket', 'Will Labour win more council seats than Reform UK in the May 2027 English local elections?', 'Yes', '2027-05-08');
  t.is(relation(a, m('manifold', 'Will Reform UK win more council seats than Labour in the 2027 English local elections?', 'Yes', '2027-05-08')), 'different');
  t.is(relation(a, m('manifold', 'Will Labour win more council seats than Reform UK in the 2027 English local elections?', 'Yes', '2027-05-08')), 'identity');
});
