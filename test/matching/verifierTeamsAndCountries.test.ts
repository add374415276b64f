/**
 * Teams and countries read from data: WNBA sides named by city on Kalshi ("Las Vegas at Seattle") and
 * by nickname elsewhere ("Aces vs. Storm"), Kalshi World Cup tickers whose market code is a country's
 * ISO two-letter code (KXMENWORLDCUP-26-HR is Croatia) or FIFA code (KXWCGROUPWIN-26B-SUI is
 * Switzerland), and a league read from a bare game ticker. Labels by hand: a game with no draw has two
 * sides, so the other side is the negation; a code the tables do not give to a country fits nobody, and
 * a group of the tournament is not the tournament.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';
import { sameSide } from '../../pipeline/matching/verifier/compare/sides.ts';
import { codeFitsName } from '../../pipeline/matching/verifier/read/tickerSeries.ts';

const g = (venue: string, title: string, outcome: string, end_date: string | null, ticker?: string): MarketRef => ({ venue, title, outcome, end_date, category: 'sports', ...(ticker ? { ticker } : {}) });
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;
const why = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).reasons.join('; ');

test('a WNBA side named by its city is the team named by its nickname', (t) => {
  t.true(sameSide('Las Vegas', 'Aces'));
  t.true(sameSide('Seattle', 'Storm'));
  t.true(sameSide('Golden State', 'Valkyries'));
  t.true(sameSide('Connecticut', 'Sun'));
  t.true(sameSide('LV', 'Aces'));
  t.false(sameSide('Las Vegas', 'Storm'));
  t.false(sameSide('New York', 'Sparks'));
});

// July: of the leagues with a team in both Las Vegas and Seattle only the WNBA plays, so the cities name one game.
// (In August the NFL preseason fits the same title: see verifierGameLeague.test.ts.)
test('Kalshi "Away at Home" WNBA titles against "Team vs. Team": same side identity, other side complement, other day or opponent different', (t) => {
  const kalshi = (o: string, day = '2025-07-15'): MarketRef => g('kalshi', 'Las Vegas at Seattle Winner?', o, day);
  const poly = (title: string, o: string, day = '2025-07-15'): MarketRef => g('polymarket', title, o, day);
  t.is(rel(kalshi('Las Vegas'), poly('Aces vs. Storm', 'Aces')), 'identity');
  t.is(rel(kalshi('Las Vegas'), poly('Aces vs. Storm', 'Storm')), 'complement');
  t.is(rel(kalshi('Seattle'), poly('Aces vs. Storm', 'Storm')), 'identity');
  t.is(rel(kalshi('Las Vegas'), poly('Aces vs. Storm', 'Aces', '2025-07-19')), 'different');
  t.is(rel(kalshi('Las Vegas'), poly('Aces vs. Liberty', 'Aces')), 'different');
  t.is(rel(g('kalshi', 'Los Angeles at New York Winner?', 'New York', '2025-07-10'), poly('Sparks vs. Liberty', 'Liberty', '2025-07-10')), 'identity');
});

test('a bare game ticker names its league: the same codes in another league on the same day are another game', (t) => {
  t.is(rel(g('kalshi', 'KXWNBAGAME-25AUG05LVSEA-LV', 'Yes', null), g('polymarket', 'Aces vs. Storm', 'Aces', '2025-08-05')), 'identity');
  t.is(rel(g('kalshi', 'KXWNBAGAME-25AUG05LVSEA-SEA', 'Yes', null), g('polymarket', 'Aces vs. Storm', 'Aces', '2025-08-05')), 'complement');
  const nfl = g('polymarket', 'Raiders vs. Seahawks', 'Raiders', '2025-08-05');
  t.is(rel(g('kalshi', 'KXWNBAGAME-25AUG05LVSEA-LV', 'Yes', null), nfl), 'different');
  t.regex(why(g('kalshi', 'KXWNBAGAME-25AUG05LVSEA-LV', 'Yes', null), nfl), /league differs: wnba vs nfl/);
  t.is(rel(g('kalshi', 'KXNBAGAME-26JAN10HOUDAL-HOU', 'Yes', null), g('polymarket', 'Texans vs. Cowboys', 'Texans', '2026-01-10')), 'different');
  t.is(rel(g('kalshi', 'KXNBAGAME-26JAN10HOUDAL-HOU', 'Yes', null), g('polymarket', 'Rockets vs. Mavericks', 'Rockets', '2026-01-10')), 'identity');
});

test('country codes are read from the ISO and FIFA tables; a code they give another country, or none, fits nobody', (t) => {
  t.true(codeFitsName('HR', 'Croatia', 'country'));
  t.true(codeFitsName('CH', 'Switzerland', 'country'));
  t.true(codeFitsName('SUI', 'Switzerland', 'country'));
  t.true(codeFitsName('KR', 'South Korea', 'country'));
  t.true(codeFitsName('KOR', 'Korea Republic', 'country'));
  t.true(codeFitsName('DE', 'Germany', 'country'));
  t.false(codeFitsName('CH', 'Chile', 'country'));
  t.false(codeFitsName('CHI', 'China', 'country'));
  // GB is the United Kingdom, which fields no football team: England is ENG.
  t.false(codeFitsName('GB', 'England', 'country'));
  t.true(codeFitsName('ENG', 'England', 'country'));
});

test('a bare KXMENWORLDCUP ticker is that country winning that World Cup, and nothing narrower, later or other', (t) => {
  const k = (code: string, outcome = 'Yes'): MarketRef => g('kalshi', `KXMENWORLDCUP-26-${code}`, outcome, null);
  const p = (title: string): MarketRef => g('polymarket', title, 'Yes', null);
  t.is(rel(k('BR'), p('Will Brazil win the 2026 FIFA World Cup?')), 'identity');
  t.is(rel(k('HR'), p('Will Croatia win the 2026 FIFA World Cup?')), 'identity');
  t.is(rel(k('DE'), p('Will Germany win the 2026 FIFA World Cup?')), 'identity');
  t.is(rel(k('CH'), p('Will Switzerland win the 2026 FIFA World Cup?')), 'identity');
  t.is(rel(k('BR', 'No'), p('Will Brazil win the 2026 FIFA World Cup?')), 'complement');
  t.is(rel(k('HR'), p('Will Brazil win the 2026 FIFA World Cup?')), 'different');
  t.is(rel(k('CH'), p('Will Chile win the 2026 FIFA World Cup?')), 'different');
  t.is(rel(k('GB'), p('Will England win the 2026 FIFA World Cup?')), 'different');
  t.is(rel(k('BR'), p('Will Brazil win the 2030 FIFA World Cup?')), 'different');
  t.is(rel(k('BR'), p("Will Brazil win the 2027 FIFA Women's World Cup?")), 'different');
  t.is(rel(k('BR'), p('Will Brazil win Group C in the 2026 FIFA World Cup?')), 'different');
  t.is(rel(g('kalshi', 'KXWCGROUPWIN-26B-SUI', 'Yes', null), p('Will Switzerland win Group B in the 2026 FIFA World Cup?')), 'identity');
  t.is(rel(g('kalshi', 'KXWCGROUPWIN-26C-CHI', 'Yes', null), p('Will China win Group C in the 2026 FIFA World Cup?')), 'different');
});

test('a group of the tournament is not the tournament, and two groups are two questions', (t) => {
  const p = (title: string): MarketRef => g('polymarket', title, 'Yes', null);
  const k = (title: string): MarketRef => g('kalshi', title, 'Yes', null);
  t.is(rel(k('Will Brazil win the 2026 FIFA World Cup?'), p('Will Brazil win Group C in the 2026 FIFA World Cup?')), 'different');
  t.regex(why(k('Will Brazil win the 2026 FIFA World Cup?'), p('Will Brazil win Group C in the 2026 FIFA World Cup?')), /tournament group differs/);
  t.is(rel(k('Will Brazil win Group D in the 2026 FIFA World Cup?'), p('Will Brazil win Group C in the 2026 FIFA World Cup?')), 'different');
  t.is(rel(k('Will Brazil win Group C in the 2026 FIFA World Cup?'), p('Will Brazil win Group C in the 2026 FIFA World Cup?')), 'identity');
});
