import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome: string, end_date: string | null, ticker?: string): MarketRef => ({ venue, title, outcome, end_date, category: 'other', ...(ticker ? { ticker } : {}) });
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;
const why = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).reasons.join('; ');

// Real titles from the second mined set's train half (Kalshi tickers as recorded).
const paul = m('kalshi', 'Tommy Paul wins', 'Yes', '2026-09-03', 'KXATPMATCH-26AUG20PAUCOB-PAU');
const cincinnati = (o: string): MarketRef => m('polymarket', 'Cincinnati Open: Tommy Paul vs Flavio Cobolli', o, null);

test('a tournament match without a date is placed by its tournament: same player identity, the opponent a complement', (t) => {
  t.is(rel(paul, cincinnati('Tommy Paul')), 'identity');
  t.is(rel(paul, cincinnati('Flavio Cobolli')), 'complement');
  t.regex(why(paul, cincinnati('Tommy Paul')), /names its tournament/);
  // A surname particle starts the player's ticker code: DEJ is Jesper de Jong.
  t.is(rel(m('kalshi', 'Jesper De Jong wins', 'Yes', '2026-09-04', 'KXATPCHALLENGERMATCH-26AUG21DEJGAS-DEJ'), m('polymarket', 'Quebec City: Jesper de Jong vs Hugo Gaston', 'Hugo Gaston', null)), 'complement');
  // "Round of 16 match" says which match it is, not how far a player gets.
  t.is(rel(m('kalshi', 'Will Frances Tiafoe win the Tiafoe vs Auger-Aliassime: Round Of 16 match?', 'Yes', '2026-09-03', 'KXATPMATCH-26AUG19TIAAUG-TIA'), m('polymarket', 'Cincinnati Open: Frances Tiafoe vs Felix Auger-Aliassime', 'Frances Tiafoe', null)), 'identity');
});

test('a league or a series does not place an undated game; a set winner is not the match; winning the tournament is not one match', (t) => {
  t.regex(why(m('kalshi', 'Philadelphia at Toronto', 'Philadelphia', '2026-01-13', 'KXNBAGAME-26JAN13PHITOR-PHI'), m('polymarket', 'NBA: 76ers vs. Raptors', '76ers', null)), /game day unknown/);
  t.regex(why(paul, m('polymarket', 'Set 1 Winner: Paul vs Cobolli', 'Paul', null)), /stage differs/);
  t.is(rel(m('kalshi', 'Will Tommy Paul win the ATP Cincinnati?', 'Yes', '2026-09-22', 'KXATP-26CINCIN-PAU'), cincinnati('Tommy Paul')), 'different');
  // A dated match against the same pairing on another day is another match.
  t.regex(why(paul, m('polymarket', 'Cincinnati Open: Tommy Paul vs Flavio Cobolli', 'Tommy Paul', '2026-08-25')), /game days differ/);
});

test('a released statistic is printed to one decimal: above 2.6% is at least 2.7%, above 2.1% negates at most 2.1%', (t) => {
  const kalshi = (level: string): MarketRef => m('kalshi', `Will the rate of CPI inflation be above ${level}% for the year ending in January 2026?`, 'Yes', '2026-02-13', `KXCPIYOY-26JAN-T${level}`);
  const poly = (cmp: string, level: string): MarketRef => m('polymarket', `Will annual inflation increase by ${cmp}${level}% in January?`, 'Yes', '2026-02-11');
  t.is(rel(kalshi('2.6'), poly('≥', '2.7')), 'identity');
  t.is(rel(kalshi('2.1'), poly('≤', '2.1')), 'complement');
  // A 2.2% print makes both No; a 2.7% print makes "above 2.7%" No and "≥2.7%" Yes.
  t.is(rel(kalshi('2.2'), poly('≤', '2.1')), 'different');
  t.is(rel(kalshi('2.7'), poly('≥', '2.7')), 'different');
  // An unsuffixed bucket is one exact print; core CPI is another statistic; monthly is not yearly.
  t.is(rel(kalshi('2.4'), poly('', '2.4')), 'different');
  t.is(rel(m('kalshi', 'Will the rate of core CPI inflation be above 2.6% for the year ending in January 2026?', 'Yes', '2026-02-13'), poly('≥', '2.7')), 'different');
  t.is(rel(kalshi('2.4'), m('polymarket', 'Will monthly inflation be between 2.4% and 2.6% in January?', 'Yes', '2026-02-11')), 'different');
});

test("Kalshi's Men's World Cup is the FIFA World Cup; another country is another market", (t) => {
  t.is(rel(m('kalshi', "Will the Brazil win the 2026 Men's World Cup?", 'Yes', null, 'KXMENWORLDCUP-26-BR'), m('polymarket', 'Will Brazil win the 2026 FIFA World Cup?', 'Yes', null)), 'identity');
  t.is(rel(m('kalshi', "Will the Croatia win the 2026 Men's World Cup?", 'Yes', null, 'KXMENWORLDCUP-26-HR'), m('polymarket', 'Will Brazil win the 2026 FIFA World Cup?', 'Yes', null)), 'different');
  t.is(rel(m('kalshi', "Will Brazil win the 2026 Women's World Cup?", 'Yes', null), m('polymarket', 'Will Brazil win the 2026 FIFA World Cup?', 'Yes', null)), 'different');
});

test('a match against a market that is no game and names one player only is refused unless dated on the match day', (t) => {
  // Without a ticker or a date, "Tommy Paul wins" may be this match, another one or the tournament.
  t.regex(why(m('kalshi', 'Tommy Paul wins', 'Yes', null), cincinnati('Tommy Paul')), /game on one side only/);
  t.regex(why(m('kalshi', 'Iga Swiatek wins', 'Yes', '2026-09-05', 'KXWTAMATCH-26AUG22PEGSWI-SWI'), m('polymarket', 'Will Iga Swiatek win the 2026 Cincinnati Open?', 'Yes', null)), /game on one side only/);
  // A market on one side dated on the game's day is about that game (mined train: Kalshi first-half ticker, Polymarket halftime lead).
  t.is(rel(m('kalshi', 'Will Sevilla win the 1st Half?', 'Yes', '2026-05-26', 'KXLALIGA1H-26MAY13VILSEV-SEV'), m('polymarket', 'Sevilla FC leading at halftime?', 'Yes', '2026-05-12')), 'identity');
});

test('stages and scopes: a division is not the pennant, the WNBA Finals are not the NBA Finals, two chambers are more than one', (t) => {
  t.is(rel(m('kalshi', 'Will the Dodgers win the NL West?', 'Yes', '2026-10-01'), m('polymarket', 'Will the Dodgers win the 2026 NL pennant?', 'Yes', '2026-10-20')), 'different');
  t.is(rel(m('kalshi', 'Will the Dodgers win the NL West?', 'Yes', '2026-10-01'), m('polymarket', 'Will the Dodgers win the NL East?', 'Yes', '2026-10-01')), 'different');
  t.is(rel(m('kalshi', 'Will the Aces win the 2026 WNBA Finals?', 'Yes', '2026-10-20'), m('polymarket', 'Will the Aces win the 2026 NBA Finals?', 'Yes', '2026-06-20')), 'different');
  t.is(rel(m('kalshi', 'Will Democrats win the House and Senate in 2026?', 'Yes', '2026-11-03'), m('polymarket', 'Will Democrats win the House in 2026?', 'Yes', '2026-11-03')), 'different');
  t.regex(why(m('kalshi', 'Will Democrats win the House and Senate in 2026?', 'Yes', '2026-11-03'), m('polymarket', 'Will Democrats win the House in 2026?', 'Yes', '2026-11-03')), /chambers differ/);
  t.is(rel(m('kalshi', 'Will Democrats win the House in 2026?', 'Yes', '2026-11-03'), m('polymarket', 'Will the Democrats win the House in 2026?', 'Yes', '2026-11-03')), 'identity');
  // "Contempt of Congress" names the institution: the House acting alone is still the House.
  t.is(rel(m('kalshi', 'Will the House pass a contempt resolution for Hillary Clinton by March 31?', 'Yes', '2026-03-31'), m('polymarket', 'Will the House hold Hillary Clinton in contempt of Congress before Apr 1, 2026?', 'Yes', '2026-03-31')), 'identity');
  t.is(rel(m('kalshi', 'Will Congress pass the bill by March 31, 2026?', 'Yes', '2026-03-31'), m('polymarket', 'Will the House pass the bill by March 31, 2026?', 'Yes', '2026-03-31')), 'different');
});

test('reaching, making, qualifying for and advancing to a final are one stage; the final is not the title, nor the semifinals', (t) => {
  const q = (venue: string, title: string): MarketRef => m(venue, title, 'Yes', '2026-07-19');
  t.is(rel(q('kalshi', 'Will France qualify for the 2026 FIFA World Cup final?'), q('polymarket', 'Will France reach the 2026 FIFA World Cup final?')), 'identity');
  t.is(rel(q('polymarket', 'Will Arsenal reach the Champions League final?'), q('kalshi', 'Will Arsenal advance to the Champions League final?')), 'identity');
  t.regex(why(q('polymarket', 'Will France reach the 2026 FIFA World Cup final?'), q('kalshi', 'Will France win the 2026 FIFA World Cup?')), /stage differs|reaching a stage/);
  t.regex(why(q('polymarket', 'Will Arsenal reach the Champions League semifinals?'), q('kalshi', 'Will Arsenal reach the Champions League final?')), /stage differs/);
});

test('a podium is a top-3 finish, and lifting the trophy is winning', (t) => {
  const podium = m('polymarket', 'Las Vegas Grand Prix: Will Lewis Hamilton finish on the podium?', 'Yes', '2026-11-21');
  t.is(rel(podium, m('kalshi', 'Las Vegas Grand Prix: Top 3 Finish', 'Lewis Hamilton', '2026-11-21')), 'identity');
  t.is(rel(podium, m('kalshi', 'Las Vegas Grand Prix: Top 5 Finish', 'Lewis Hamilton', '2026-11-21')), 'different');
  t.is(rel(m('polymarket', 'UEFA Champions League Final: PSG vs. Bayern Munich - Who will lift the trophy?', 'Bayern Munich', '2026-05-30'), m('kalshi', 'Champions League Winner 2025-26?', 'Bayern Munich', '2026-05-30')), 'identity');
});

test('running is not winning, a running mate is not the nominee, avoiding relegation is not being relegated, top 3 is not top 5', (t) => {
  t.is(rel(m('polymarket', 'Will Karen Bass run for re-election as LA mayor?', 'Yes', '2026-03-01'), m('kalshi', 'Los Angeles mayor race winner?', 'Karen Bass', '2026-11-03')), 'different');
  t.is(rel(m('polymarket', 'Will Trump announce a third-term run by December 31, 2026?', 'Yes', '2026-12-31'), m('kalshi', 'Will Donald Trump announce he is running for a third term before 2027?', 'Yes', '2026-12-31')), 'identity');
  t.is(rel(m('polymarket', '2028 Democratic nominee?', 'Wes Moore', '2028-08-31'), m('kalshi', 'Democratic Vice Presidential Nominee 2028', 'Wes Moore', '2028-08-31')), 'different');
  const relegated = m('polymarket', 'Will Burnley be relegated from the Premier League 2025-26?', 'Yes', '2026-05-24');
  t.is(rel(relegated, m('kalshi', 'Will Burnley avoid relegation in the 2025-26 Premier League?', 'Yes', '2026-05-24')), 'complement');
  t.is(rel(m('polymarket', 'Will Apple be a top-3 company by market cap at the end of 2026?', 'Yes', '2026-12-31'), m('kalshi', 'Apple a top-5 company by market cap on Dec 31, 2026?', 'Yes', '2026-12-31')), 'different');
});

test('a season span and a single year closing a year apart are two seasons', (t) => {
  const okc = m('kalshi', 'Will the Oklahoma City Thunder win the 2026 NBA Finals?', 'Yes', '2026-06-21');
  t.is(rel(m('polymarket', 'Pro Basketball Champion 2026-27?', 'Oklahoma City', '2027-06-20'), okc), 'different');
  t.is(rel(m('polymarket', 'Pro Basketball Champion 2025-26?', 'Oklahoma City', '2026-06-20'), okc), 'identity');
});

test('one award category worded two ways is one award: "Best Animated Feature" / "Animated Feature Film", "Outstanding" / "Best Drama Series"', (t) => {
  const m = (venue: string, title: string, outcome: string, end_date: string): MarketRef => ({ venue, title, outcome, end_date, category: 'culture' });
  t.is(verifyPair(m('kalshi', 'Who will win Best Animated Feature at the 2027 Oscars?', 'Toy Story 5', '2027-03-01'), m('polymarket', 'Will Toy Story 5 win Animated Feature Film at the 99th Oscars?', 'Yes', '2027-03-01')).relation, 'identity');
  t.is(verifyPair(m('kalshi', 'Emmy for Outstanding Drama Series 2027?', 'The Pitt', '2027-09-15'), m('polymarket', 'Will The Pitt win Best Drama Series at the 79th Primetime Emmys?', 'Yes', '2027-09-15')).relation, 'identity');
  t.is(verifyPair(m('kalshi', 'Who will win Best Animated Feature at the 2027 Oscars?', 'Toy Story 5', '2027-03-01'), m('polymarket', 'Will Toy Story 5 win Best Picture at the 99th Oscars?', 'Yes', '2027-03-01')).relation, 'different');
});

test('one named player is in one singles draw: a women\'s event said on one side is the event the other means; a doubles pair or a team is not', (t) => {
  t.is(rel(m('kalshi', 'Will Aryna Sabalenka win the 2027 Australian Open?', 'Yes', '2027-01-31'), m('polymarket', "Australian Open Women's Winner 2027", 'Aryna Sabalenka', '2027-01-31')), 'identity');
  t.is(rel(m('manifold', 'Will Iga Swiatek win the 2027 Australian Open?', 'Yes', '2027-01-31'), m('polymarket', "Australian Open 2027 Women's Winner", 'Iga Świątek', '2027-01-31')), 'identity');
  t.is(rel(m('polymarket', "Italian Open 2027 Women's Doubles Winner", 'Errani / Paolini', '2027-05-20'), m('kalshi', 'Will Jasmine Paolini win the 2027 Italian Open?', 'Yes', '2027-05-20')), 'different');
  t.regex(why(m('polymarket', "Women's World Cup Winner?", 'United States', '2027-07-25'), m('kalshi', 'Will the United States win the 2027 World Cup?', 'Yes', '2027-07-25')), /women's competition on one side only/);
});
