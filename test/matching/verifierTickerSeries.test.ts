/**
 * Kalshi tickers of series whose market code names the subject, given where a title is expected. The
 * code-to-person facts come from Kalshi's recorded payloads (pipeline/venues/kalshi/recorded): each
 * market's yes_sub_title names its person (KXPRESNOMD-28-AOC "Alexandria Ocasio-Cortez",
 * KXPRESNOMR-28-DTJR "Donald Trump Jr.", KXFEDCHAIRNOM-29-KW "Kevin Warsh", CONTROLH-2026-D
 * "Democratic party").
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import { codeFitsName } from '../../pipeline/matching/verifier/read/tickerSeries.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null) => ({ venue, title, outcome, end_date, category: 'politics' });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('a person code fits the name Kalshi formed it from: initials, or first initial and the start of the surname', (t) => {
  t.true(codeFitsName('JVAN', 'JD Vance'));
  t.true(codeFitsName('GNEWS', 'Gavin Newsom'));
  t.true(codeFitsName('AOC', 'Alexandria Ocasio-Cortez'));
  t.true(codeFitsName('AOCA', 'Alexandria Ocasio-Cortez'));
  t.true(codeFitsName('JDV', 'J.D. Vance'));
  t.true(codeFitsName('DTJR', 'Donald Trump Jr.'));
  t.true(codeFitsName('KW', 'Kevin Warsh'));
  t.false(codeFitsName('DTJR', 'Donald Trump'), 'a Jr. has a code of his own');
  // Every initial of a name written with its middle initial fits without the suffix; a left-out middle initial does not.
  t.true(codeFitsName('RFK', 'Robert F. Kennedy Jr.'));
  t.false(codeFitsName('DJT', 'Donald Trump Jr.'), "Trump's own code is not his son's");
  t.false(codeFitsName('DT', 'Donald Trump Jr.'), 'no middle initial written: the suffix is still needed');
  t.false(codeFitsName('RK', 'Robert F. Kennedy Jr.'));
  t.false(codeFitsName('DTRU', 'Donald Trump Jr.'));
  t.false(codeFitsName('GNEWS', 'JD Vance'));
  t.false(codeFitsName('JV', 'Vance'), 'one name part gives no initials to check');
});

test('a person-series ticker links to the market naming that person in the same race, and only there', (t) => {
  const vance = m('polymarket', 'Will JD Vance win the 2028 US Presidential Election?');
  t.is(relation(m('kalshi', 'KXPRESPERSON-28-JVAN'), vance), 'identity');
  t.is(relation(m('kalshi', 'KXPRESPERSON-28-JVAN', 'No'), vance), 'complement');
  t.is(relation(m('kalshi', 'KXPRESPERSON-28-GNEWS'), vance), 'different');
  // Another office of the same person, and another year of the same office.
  t.is(relation(m('kalshi', 'KXPRESNOMR-28-JDV'), vance), 'different');
  t.is(relation(m('kalshi', 'KXPRESPERSON-28-JVAN'), m('polymarket', 'Will JD Vance win the 2024 US Presidential Election?')), 'different');
  t.is(relation(m('kalshi', 'KXPRESNOMD-28-AOC'), m('polymarket', 'Will Alexandria Ocasio-Cortez win the 2028 Democratic presidential nomination?')), 'identity');
  t.is(relation(m('kalshi', 'KXPRESNOMR-28-DTJR'), m('polymarket', 'Will Donald Trump Jr. win the 2028 Republican presidential nomination?')), 'identity');
  t.is(relation(m('kalshi', 'KXPRESNOMR-28-DTJR'), m('polymarket', 'Will Donald Trump win the 2028 Republican presidential nomination?')), 'different');
  t.is(relation(m('kalshi', 'KXPRESPERSON-28-DTRU'), m('polymarket', 'Will Donald Trump Jr. win the 2028 US Presidential Election?')), 'different');
  t.is(relation(m('kalshi', 'KXPRESNOMR-28-RFK'), m('polymarket', 'Will Robert F. Kennedy Jr. win the 2028 Republican presidential nomination?')), 'identity');
  t.is(relation(m('kalshi', 'KXPRESNOMR-28-RFK'), m('polymarket', 'Will Robert F. Kennedy Jr. win the 2028 Democratic presidential nomination?')), 'different');
});

test('a refusal on a person code names the code and the people it did not fit', (t) => {
  const v = verifyPair(m('kalshi', 'KXPRESPERSON-28-DTRU'), m('polymarket', 'Will Donald Trump Jr. win the 2028 US Presidential Election?'));
  t.true(v.reasons.some((r) => r.includes('DTRU') && r.includes('Donald Trump Jr.')), v.reasons.join('; '));
});

test('a Fed Chair nominee ticker asks about the next nomination, not an event in its code year', (t) => {
  t.is(relation(m('kalshi', 'KXFEDCHAIRNOM-29-KW'), m('polymarket', 'Will Trump nominate Kevin Warsh as the next Fed chair?')), 'identity');
  t.is(relation(m('kalshi', 'KXFEDCHAIRNOM-29-KW'), m('polymarket', 'Will Trump nominate Kevin Hassett as the next Fed chair?')), 'different');
});

test('party-series tickers read their party code, and two parties are never complements', (t) => {
  t.is(relation(m('kalshi', 'CONTROLH-2026-D'), m('polymarket', 'Will the Democratic Party control the House after the 2026 Midterm elections?')), 'identity');
  t.is(relation(m('kalshi', 'CONTROLS-2026-R'), m('polymarket', 'Will the Democratic Party control the Senate after the 2026 Midterm elections?')), 'different');
  t.is(relation(m('kalshi', 'CONTROLH-2026-D'), m('polymarket', 'Will the Democratic Party control the Senate after the 2026 Midterm elections?')), 'different');
  t.is(relation(m('kalshi', 'KXPRESPARTY-2028-R'), m('polymarket', 'Will a Republican win the 2028 US presidential election?')), 'identity');
});

test('an event ticker with the person as its outcome label reads the label as the subject', (t) => {
  t.is(relation(m('kalshi', 'KXPRESPERSON-28', 'Gavin Newsom'), m('polymarket', 'Will Gavin Newsom win the 2028 US Presidential Election?')), 'identity');
  t.is(relation(m('kalshi', 'KXPRESPERSON-28', 'Gavin Newsom'), m('polymarket', 'Will JD Vance win the 2028 US Presidential Election?')), 'different');
});

test('a No outcome given with a ticker title negates the question the ticker codes', (t) => {
  // KXFEDDECISION-26JAN-C25 is "Cut 25bps" at the January 2026 meeting (Kalshi's recorded yes_sub_title for C25).
  const cut = m('polymarket', 'Fed decreases interest rates by 25 bps after January 2026 meeting?', 'Yes', '2026-01-28');
  t.is(relation(m('kalshi', 'KXFEDDECISION-26JAN-C25', 'Yes'), cut), 'identity');
  t.is(relation(m('kalshi', 'KXFEDDECISION-26JAN-C25', 'No'), cut), 'complement');
  const hold = m('polymarket', 'No change in Fed interest rates after January 2026 meeting?', 'Yes', '2026-01-28');
  t.is(relation(m('kalshi', 'KXFEDDECISION-26JAN-H0', 'No'), hold), 'complement');
});

test('more ways Kalshi forms person codes: camel-case surnames, a middle initial the name leaves out, an initial written before the surname', (t) => {
  t.true(codeFitsName('RDS', 'Ron DeSantis'));
  t.true(codeFitsName('DJT', 'Donald Trump'));
  t.true(codeFitsName('DJTJR', 'Donald Trump Jr.'));
  t.false(codeFitsName('DJT', 'Ron DeSantis'));
  t.is(relation(m('kalshi', 'KXPRESPERSON-28-AOCA'), m('polymarket', 'Who will win the 2028 US presidential election?', 'A. Ocasio-Cortez')), 'identity');
});

test('series read by pattern and by level: state nominee races and released statistics', (t) => {
  // Kalshi's recorded title for KXSENATESCR-26-LGRA: "Will Lindsey Graham be the Republican nominee for the Senate in South Carolina?"
  t.is(relation(m('kalshi', 'KXSENATESCR-26-LGRA'), m('polymarket', 'Will Lindsey Graham be the Republican nominee for Senate in South Carolina?', 'Yes', '2026-07-31')), 'identity');
  t.is(relation(m('kalshi', 'KXSENATESCR-26-LGRA'), m('polymarket', 'Will Lindsey Graham be the Republican nominee for Senate in North Carolina?', 'Yes', '2026-07-31')), 'different');
  t.is(relation(m('kalshi', 'KXSENATESCD-26-LGRA'), m('polymarket', 'Will Lindsey Graham be the Republican nominee for Senate in South Carolina?', 'Yes', '2026-07-31')), 'different');
  // CPI printed to one decimal: above 2.6% is 2.7% or more (hand-derived, as the mined labels say).
  t.is(relation(m('kalshi', 'KXCPIYOY-26JAN-T2.6'), m('polymarket', 'Will annual inflation increase by ≥2.7% in January?', 'Yes', '2026-02-11')), 'identity');
  t.is(relation(m('kalshi', 'KXCPIYOY-26JAN-T2.6'), m('polymarket', 'Will annual inflation increase by ≥2.8% in January?', 'Yes', '2026-02-11')), 'different');
});

test('a tennis match ticker names its player by the start of the surname', (t) => {
  const poly = (outcome: string) => m('polymarket', 'Cincinnati Open: Jessica Pegula vs Iga Swiatek', outcome);
  t.is(relation(m('kalshi', 'KXWTAMATCH-26AUG22PEGSWI-PEG'), poly('Jessica Pegula')), 'identity');
  t.is(relation(m('kalshi', 'KXWTAMATCH-26AUG22PEGSWI-PEG'), poly('Iga Swiatek')), 'complement');
  t.is(relation(m('kalshi', 'KXWTAMATCH-26AUG22PEGSWI-PEG'), m('polymarket', 'Cincinnati Open: Coco Gauff vs Iga Swiatek', 'Coco Gauff')), 'different');
});

test('North Carolina and South Carolina are two states, not the Panthers\' "Carolina" twice', (t) => {
  t.is(relation(m('kalshi', 'Will Republicans win the Senate race in South Carolina?'), m('polymarket', 'Will Republicans win the Senate race in North Carolina?')), 'different');
  t.is(relation(m('kalshi', 'Will Republicans win the Senate race in South Carolina?'), m('polymarket', 'Will Republicans win the Senate race in South Carolina?')), 'identity');
});

test('a World Cup group ticker names its country by the start of the name, and a match total code N is the line N.5', (t) => {
  const group = (title: string) => m('polymarket', title, 'Yes', '2026-06-26');
  t.is(relation(m('kalshi', 'KXWCGROUPWIN-26L-CRO'), group('Will Croatia win Group L in the 2026 FIFA World Cup?')), 'identity');
  t.is(relation(m('kalshi', 'KXWCGROUPWIN-26L-CRO'), group('Will Croatia win Group K in the 2026 FIFA World Cup?')), 'different');
  t.is(relation(m('kalshi', 'KXWCGROUPWIN-26L-ENG'), group('Will Croatia win Group L in the 2026 FIFA World Cup?')), 'different');
  // Kalshi's recorded title for KXEPLTOTAL-26MAY24BRIMUN-1 is "Will over 1.5 goals be scored?".
  const ou = (outcome: string) => m('polymarket', 'Brighton & Hove Albion FC vs. Manchester United FC: O/U 1.5', outcome, '2026-05-23');
  t.is(relation(m('kalshi', 'KXEPLTOTAL-26MAY24BRIMUN-1'), ou('Over')), 'identity');
  t.is(relation(m('kalshi', 'KXEPLTOTAL-26MAY24BRIMUN-1'), ou('Under')), 'complement');
  t.is(relation(m('kalshi', 'KXEPLTOTAL-26MAY24BRIMUN-2'), ou('Over')), 'different');
});

test('a House race ticker names its district before its year', (t) => {
  const seat = m('polymarket', 'Will the Republican Party win the AL-02 House seat?', 'Yes', '2026-11-02');
  t.is(relation(m('kalshi', 'KXHOUSERACE-AL02-26-R'), seat), 'identity');
  t.is(relation(m('kalshi', 'KXHOUSERACE-AL03-26-R'), seat), 'different');
  t.is(relation(m('kalshi', 'KXHOUSERACE-AL02-26-D'), seat), 'different');
});

test('a Fed cut-count ticker reads as the exact count of cuts in its year (KXRATECUTCOUNT-26DEC31-T2: "Will the Fed cut rates 2 times?")', (t) => {
  // Hand-labelled from Kalshi's rules ("If the Fed cuts 0 times starting Jan 1, 2026 and before 2027")
  // and Polymarket's ("the exact amount of cuts of 25 basis points in 2026").
  const econ = (venue: string, title: string, outcome = 'Yes', end: string | null = null) => ({ ...m(venue, title, outcome, end), category: 'economics' });
  const two = econ('kalshi', 'KXRATECUTCOUNT-26DEC31-T2');
  t.is(relation(two, econ('polymarket', 'Will 2 Fed rate cuts happen in 2026?', 'Yes', '2026-12-31')), 'identity');
  t.is(relation(two, econ('polymarket', 'Will 2 Fed rate cuts happen in 2026?', 'No', '2026-12-31')), 'complement');
  t.is(relation(econ('kalshi', 'KXRATECUTCOUNT-26DEC31-T0'), econ('polymarket', 'Will no Fed rate cuts happen in 2026?', 'Yes', '2026-12-31')), 'identity');
  // Another count, another year, hikes, at least two, another bank, a shorter window: all different.
  t.is(relation(two, econ('polymarket', 'Will 3 Fed rate cuts happen in 2026?', 'Yes', '2026-12-31')), 'different');
  t.is(relation(two, econ('polymarket', 'Will 2 Fed rate cuts happen in 2027?', 'Yes', '2027-12-31')), 'different');
  t.is(relation(two, econ('polymarket', 'Will 2 Fed rate hikes happen in 2026?', 'Yes', '2026-12-31')), 'different');
  t.is(relation(two, econ('polymarket', 'Will the Fed cut rates at least 2 times in 2026?', 'Yes', '2026-12-31')), 'different');
  t.is(relation(two, econ('polymarket', 'Will the ECB cut rates 2 times in 2026?', 'Yes', '2026-12-31')), 'different');
  t.is(relation(two, econ('polymarket', 'Will the Fed cut rates 2 times by June 30, 2026?', 'Yes', '2026-06-30')), 'different');
});

test('championship series read from the league team codes: KXSB is the Super Bowl played in the ticker year, KXNHL the Stanley Cup', (t) => {
  // Titles recorded with these tickers: KXSB-25-PHI 'Will the Philadelphia Eagles win the Super Bowl?' (Super Bowl LIX,
  // February 2025), KXNHL-25-WSH 'Will the Washington Capitols win the Stanley Cup Finals?' (gagordon1/bet_arbitrage, Feb 2025).
  const s = (venue: string, title: string) => ({ ...m(venue, title), category: 'sports' });
  t.is(relation(s('kalshi', 'KXSB-25-PHI'), s('polymarket', 'Will the Eagles win Super Bowl 2025?')), 'identity');
  t.is(relation(s('kalshi', 'KXSB-25-PHI'), s('polymarket', 'Will the Eagles win Super Bowl 2026?')), 'different');
  t.is(relation(s('kalshi', 'KXSB-25-KC'), s('polymarket', 'Will the Eagles win Super Bowl 2025?')), 'different');
  t.is(relation(s('kalshi', 'KXNHL-25-WSH'), s('polymarket', 'Will the Washington Capitals win the 2025 Stanley Cup?')), 'identity');
  t.is(relation(s('kalshi', 'KXNHL-25-NYR'), s('polymarket', 'Will the New York Islanders win the 2025 Stanley Cup?')), 'different');
  t.is(relation(s('kalshi', 'KXNHL-25-LAK'), s('polymarket', 'Will the Los Angeles Lakers win the 2025 NBA Finals?')), 'different');
});

test('CPI, core CPI and payrolls tickers read their level as the month-over-month print or the jobs number they name', (t) => {
  t.is(verifyPair(m('kalshi', 'KXCPI-26JAN-T0.3', 'Yes', '2026-02-11'), m('polymarket', 'US CPI MoM January 2026?', '≥0.4%', '2026-02-11')).relation, 'identity');
  t.is(verifyPair(m('kalshi', 'KXCPI-26JAN-T0.3', 'Yes', '2026-02-11'), m('polymarket', 'January 2026 CPI YoY above 0.3%?', 'Yes', '2026-02-11')).relation, 'different');
  t.is(verifyPair(m('kalshi', 'KXCPICORE-26FEB-T0.2', 'Yes', '2026-03-11'), m('polymarket', 'February 2026 core CPI MoM 0.2% or less?', 'Yes', '2026-03-11')).relation, 'complement');
  t.is(verifyPair(m('kalshi', 'KXPAYROLLS-26MAR-T100000', 'Yes', '2026-04-03'), m('polymarket', 'March 2026 nonfarm payrolls above 100,000?', 'Yes', '2026-04-03')).relation, 'identity');
  t.is(verifyPair(m('kalshi', 'KXPAYROLLS-26MAR-T100000', 'Yes', '2026-04-03'), m('polymarket', 'March 2026 nonfarm payrolls above 150,000?', 'Yes', '2026-04-03')).relation, 'different');
});

test("an Independent is a race's third option: the No side of the Republican is not the Independent's win", (t) => {
  const noR = m('kalshi', 'SENATENE-26-R', 'No', '2026-11-03');
  t.is(verifyPair(noR, m('polymarket', 'Which party will win the 2026 US Senate election in Nebraska?', 'Independent', '2026-11-03')).relation, 'different');
  t.is(verifyPair(m('kalshi', 'SENATENE-26-R', 'Yes', '2026-11-03'), m('polymarket', 'Which party will win the 2026 US Senate election in Nebraska?', 'Republican', '2026-11-03')).relation, 'identity');
});

test("a World Cup total's code is the first count above its line (KXWCTOTAL ...-2 is over 1.5, as recorded), and the country codes of the pair are read", (t) => {
  const game = (o: string) => m('polymarket', 'Belgium vs. Iran: O/U 1.5', o, '2026-06-21');
  t.is(verifyPair(m('kalshi', 'KXWCTOTAL-26JUN21BELIRI-2', 'Yes', '2026-06-21'), game('Over')).relation, 'identity');
  t.is(verifyPair(m('kalshi', 'KXWCTOTAL-26JUN21BELIRI-2', 'Yes', '2026-06-21'), game('Under')).relation, 'complement');
  t.is(verifyPair(m('kalshi', 'KXWCTOTAL-26JUN21BELIRI-2', 'Yes', '2026-06-21'), m('polymarket', 'Belgium vs. Iran: O/U 2.5', 'Over', '2026-06-21')).relation, 'different');
});
