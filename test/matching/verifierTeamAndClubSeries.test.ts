/**
 * Kalshi championship tickers whose market code names a team or a club, given where a title is expected
 * (mined4: an arbitrage tool recorded `KXNBA-26-CLE`, `KXNBAEAST-26-TOR`, `KXLALIGA-26-BAR`, `KXUCL-26-RMA`
 * as bare tickers). Kalshi titles these "Will the Cleveland win the 2026 Pro Basketball Finals?", "... Eastern
 * Conference Championship?", "Will Real Madrid win the Champions League Winner?" (recorded in the earlier
 * mined sets). A team code reads from the league's codes; a club code fits a club the partner names. Also the
 * person whose surname is a demonym ("Mark Cuban"), which read as a country hid the person from his code.
 * Expected relations are hand-labelled from what each market resolves on.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import { codeFitsName } from '../../pipeline/matching/verifier/read/tickerSeries.ts';
import { extractEntities } from '../../pipeline/matching/verifier/read/entities.ts';

const m = (venue: string, title: string, end_date: string | null = null, outcome = 'Yes') => ({ venue, title, outcome, end_date, category: 'sports' });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('an NBA championship ticker reads its team from the league codes and links only that team in that year', (t) => {
  const finals = (team: string, year = 2026): ReturnType<typeof m> => m('polymarket', `Will the ${team} win the ${year} NBA Finals?`, `${year}-07-01`);
  t.is(relation(m('kalshi', 'KXNBA-26-BOS'), finals('Boston Celtics')), 'identity');
  t.is(relation(m('kalshi', 'KXNBA-26-GSW'), finals('Golden State Warriors')), 'identity');
  t.is(relation(m('kalshi', 'KXNBA-26-BOS'), finals('Miami Heat')), 'different');
  t.is(relation(m('kalshi', 'KXNBA-26-BOS'), finals('Boston Celtics', 2027)), 'different');
  // NFL's BOS-less code table is not the NBA's: "DAL" in the NBA is the Mavericks, never the Cowboys.
  t.is(relation(m('kalshi', 'KXNBA-26-DAL'), m('polymarket', 'Will the Dallas Cowboys win Super Bowl 2026?', '2026-02-08')), 'different');
  // A code the league does not hold is not guessed.
  t.is(relation(m('kalshi', 'KXNBA-26-XYZ'), finals('Boston Celtics')), 'different');
});

test('a conference title and the Finals are different markets in both directions', (t) => {
  t.is(relation(m('kalshi', 'KXNBAWEST-26-LAL'), m('polymarket', 'Will the Los Angeles Lakers win the NBA Western Conference Finals?', '2026-06-16')), 'identity');
  t.is(relation(m('kalshi', 'KXNBAWEST-26-LAL'), m('polymarket', 'Will the Los Angeles Lakers win the 2026 NBA Finals?', '2026-07-01')), 'different');
  t.is(relation(m('kalshi', 'KXNBA-26-BOS'), m('polymarket', 'Will the Boston Celtics win the NBA Eastern Conference Finals?', '2026-06-13')), 'different');
  t.is(relation(m('kalshi', 'KXNBAEAST-26-BOS'), m('polymarket', 'Will the Boston Celtics win the NBA Western Conference Finals?', '2026-06-16')), 'different');
});

test('a club code fits a club by the code table or as the start of its name, and nothing shorter', (t) => {
  t.true(codeFitsName('RMA', 'Real Madrid', 'club'));
  t.true(codeFitsName('ATM', 'Atlético Madrid', 'club'));
  t.true(codeFitsName('BAR', 'Barcelona', 'club'));
  t.true(codeFitsName('SEV', 'Sevilla', 'club'));
  t.false(codeFitsName('RMA', 'Real Sociedad', 'club'));
  t.false(codeFitsName('BAR', 'Real Madrid', 'club'));
  t.false(codeFitsName('RM', 'Real Madrid', 'club'), 'two letters name no club');
});

test('a La Liga or Champions League ticker links the same club in the same season and competition only', (t) => {
  const liga = (club: string, season = '2025–26'): ReturnType<typeof m> => m('polymarket', `Will ${club} win the ${season} La Liga?`, '2026-05-30');
  const ucl = (club: string): ReturnType<typeof m> => m('polymarket', `Will ${club} win the 2025–26 Champions League?`, '2026-05-31');
  t.is(relation(m('kalshi', 'KXLALIGA-26-SEV'), liga('Sevilla')), 'identity');
  t.is(relation(m('kalshi', 'KXLALIGA-26-ATM'), liga('Atletico Madrid')), 'identity');
  t.is(relation(m('kalshi', 'KXLALIGA-26-SEV'), liga('Valencia')), 'different');
  t.is(relation(m('kalshi', 'KXLALIGA-26-SEV'), m('polymarket', 'Will Sevilla win the 2026–27 La Liga?', '2027-05-30')), 'different');
  t.is(relation(m('kalshi', 'KXLALIGA-26-SEV'), ucl('Sevilla')), 'different');
  t.is(relation(m('kalshi', 'KXUCL-26-RMA'), ucl('Real Madrid')), 'identity');
  t.is(relation(m('kalshi', 'KXUCL-26-RMA'), liga('Real Madrid')), 'different');
  t.is(relation(m('kalshi', 'KXUCL-26-RMA'), ucl('Atletico Madrid')), 'different');
  // Series the verifier does not read stay refused: a top-four finish is not the title.
  t.is(relation(m('kalshi', 'KXLALIGATOP4-26-SEV'), liga('Sevilla')), 'different');
});

test('a demonym right after a given name is a surname: Mark Cuban is a person, Cuban cigars are Cuba', (t) => {
  const keys = (s: string): string[] => extractEntities(s).entities.map((e) => e.key);
  t.false(keys('Will Mark Cuban win the 2028 Democratic presidential nomination?').includes('country:cuba'));
  t.true(keys('Will Mark Cuban win the 2028 Democratic presidential nomination?').includes('name:cuban'));
  t.true(keys('Will the US lift the Cuban embargo in 2026?').includes('country:cuba'));
  t.true(keys('Will South Korean President Lee be impeached?').includes('country:south korea'));
  t.true(keys('Next Hungarian Prime Minister?').includes('country:hungary'));
  const cuban = m('polymarket', 'Will Mark Cuban win the 2028 Democratic presidential nomination?', '2028-11-07');
  t.is(relation({ ...m('kalshi', 'KXPRESNOMD-28-MC'), category: 'politics' }, { ...cuban, category: 'politics' }), 'identity');
  t.is(relation({ ...m('kalshi', 'KXPRESNOMD-28-MK'), category: 'politics' }, { ...cuban, category: 'politics' }), 'different');
});

test('a known surname after another given name is a namesake: Ivanka Trump is not Donald Trump', (t) => {
  const keys = (s: string): string[] => extractEntities(s).entities.map((e) => e.key);
  t.false(keys('Will Ivanka Trump win the 2028 Republican presidential nomination?').includes('donald-trump'));
  t.true(keys('Will Trump win the 2028 Republican presidential nomination?').includes('donald-trump'));
  t.true(keys('Will President Trump sign the bill by June 30?').includes('donald-trump'));
  t.true(keys('Will Donald Trump win the 2028 Republican presidential nomination?').includes('donald-trump'));
  const rn = (n: string): ReturnType<typeof m> => ({ ...m('polymarket', `Will ${n} win the 2028 Republican presidential nomination?`, '2028-11-07'), category: 'politics' });
  t.is(relation(rn('Ivanka Trump'), rn('Donald Trump')), 'different');
  t.is(relation(rn('Eric Trump'), rn('Trump')), 'different');
  t.is(relation({ ...m('kalshi', 'KXPRESNOMR-28-ITRU'), category: 'politics' }, rn('Ivanka Trump')), 'identity');
  t.is(relation({ ...m('kalshi', 'KXPRESNOMR-28-DJT'), category: 'politics' }, rn('Ivanka Trump')), 'different');
});

test('a club code made from a first word many clubs share fits only through the table', (t) => {
  t.false(codeFitsName('REA', 'Real Sociedad', 'club'));
  t.false(codeFitsName('MAN', 'Man United', 'club'));
  t.false(codeFitsName('MAN', 'Manchester City', 'club'));
  t.true(codeFitsName('RMA', 'Real Madrid', 'club'), 'the table still names Real Madrid');
  t.is(relation(m('kalshi', 'KXUCL-26-MAN'), m('polymarket', 'Will Man United win the 2025–26 Champions League?', '2026-05-31')), 'different');
});
