import test from 'ava';
import { isKalshiTicker, parseKalshiTicker } from '../../shared/text/kalshiTicker.ts';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

test('a Kalshi ticker is read into its year, month, day, hour, side codes and market code', (t) => {
  t.like(parseKalshiTicker('KXFEDDECISION-25DEC-C25'), { series: 'FEDDECISION', year: 2025, month: 12, day: null, market: 'C25' });
  t.like(parseKalshiTicker('KXHIGHNY-25NOV21-B52.5'), { series: 'HIGHNY', year: 2025, month: 11, day: '2025-11-21', market: 'B52.5' });
  t.like(parseKalshiTicker('KXBTCD-25NOV2117-T95999.99'), { day: '2025-11-21', hour: 17, market: 'T95999.99' });
  t.like(parseKalshiTicker('KXNBAGAME-26JAN10SASBOS-BOS'), { day: '2026-01-10', eventCodes: 'SASBOS', market: 'BOS' });
  t.like(parseKalshiTicker('KXPRESPERSON-28-JVAN'), { year: 2028, market: 'JVAN' });
  t.like(parseKalshiTicker('KXHOUSERACE-AL02-26-R'), { year: 2026, market: 'R' });
  t.like(parseKalshiTicker('KXPRESPARTY-2028-R'), { year: 2028, market: 'R' });
  t.like(parseKalshiTicker('KXBRPRESIDENT2-BRPRES26-2-LSIL'), { year: 2026 });
  // An event code after the year ("26FINAL": the 2026 World Cup's final) keeps the year and the market code.
  t.like(parseKalshiTicker('KXWCROUND-26FINAL-SUI'), { year: 2026, eventCodes: 'FINAL', market: 'SUI' });
  // A district and a party before the year ("23D26": Florida's 23rd, the Democratic primary of 2026).
  t.like(parseKalshiTicker('KXFLPRIMARY-23D26-LFRA'), { year: 2026, market: 'LFRA' });
});

test("a market whose ticker gives the event's year is placed by it against a market that states the year", (t) => {
  const kalshi: MarketRef = { venue: 'kalshi', title: 'Will Switzerland qualify for FIFA World Cup Final?', outcome: 'Yes', end_date: null, category: 'sports', ticker: 'KXWCROUND-26FINAL-SUI' };
  const poly = (team: string, year: number): MarketRef => ({ venue: 'polymarket', title: `Will ${team} reach the ${year} FIFA World Cup final?`, outcome: 'Yes', end_date: `${year}-07-20`, category: 'sports' });
  t.is(verifyPair(kalshi, poly('Switzerland', 2026)).relation, 'identity');
  t.is(verifyPair(kalshi, poly('Switzerland', 2030)).relation, 'different');
  t.is(verifyPair(kalshi, poly('Ecuador', 2026)).relation, 'different');
});

test('names with a hyphen and a number, and Drift symbols, are not Kalshi tickers', (t) => {
  t.is(parseKalshiTicker('GPT-5'), null);
  t.is(parseKalshiTicker('COVID-19'), null);
  t.false(isKalshiTicker('TRUMP-WIN-2024-BET'));
  t.is(parseKalshiTicker('Will Bitcoin reach $100k?'), null);
});

test('a ticker given as the title is read as the question it codes', async (t) => {
  const { verifyPair } = await import('../../pipeline/matching/verifier/index.ts');
  const m = (venue: string, title: string, outcome: string, end_date: string | null) => ({ venue, title, outcome, end_date, category: 'x' });
  t.is(verifyPair(m('kalshi', 'KXHIGHNY-25NOV21-B52.5', 'Yes', '2025-11-22'), m('polymarket', 'Highest temperature in NYC on November 21?', '52-53°F', '2025-11-21')).relation, 'identity');
  t.is(verifyPair(m('kalshi', 'KXHIGHNY-25NOV21-B52.5', 'Yes', '2025-11-22'), m('polymarket', 'Highest temperature in NYC on November 21?', '54-55°F', '2025-11-21')).relation, 'different');
  t.is(verifyPair(m('kalshi', 'KXNBAGAME-26JAN10SASBOS-BOS', 'Yes', null), m('polymarket', 'Spurs vs. Celtics', 'Celtics', '2026-01-11')).relation, 'identity');
  t.is(verifyPair(m('kalshi', 'KXNBAGAME-26JAN10SASBOS-SAS', 'Yes', null), m('polymarket', 'Spurs vs. Celtics', 'Celtics', '2026-01-11')).relation, 'complement');
  // The ticker's hour is the instant: 5 pm ET is not Polymarket's unstated hour.
  t.is(verifyPair(m('kalshi', 'KXBTCD-25NOV2117-T95999.99', 'Yes', '2025-11-21'), m('polymarket', 'Bitcoin above ___ on November 21 at 5PM ET?', '96,000', '2025-11-21')).relation, 'identity');
  t.is(verifyPair(m('kalshi', 'KXBTCD-25NOV2117-T95999.99', 'Yes', '2025-11-21'), m('polymarket', 'Bitcoin above ___ on November 21?', '96,000', '2025-11-21')).relation, 'different');
});

test('a game ticker with a start time (Kalshi MLB: "26AUG111840CLEDET") is read into its day, hour, minute and sides', async (t) => {
  t.like(parseKalshiTicker('KXMLBGAME-26AUG111840CLEDET-CLE'), { day: '2026-08-11', hour: 18, minute: 40, eventCodes: 'CLEDET', market: 'CLE' });
  t.like(parseKalshiTicker('KXMLBGAME-26MAY291845SDWSH-SD'), { day: '2026-05-29', hour: 18, minute: 45, eventCodes: 'SDWSH', market: 'SD' });
  t.like(parseKalshiTicker('KXBTCD-25NOV2117-T95999.99'), { hour: 17, minute: null });
  // Hand-labelled: the same game (Cleveland at Detroit, Aug 11, 2026) on Polymarket; another day is another game.
  const { verifyPair } = await import('../../pipeline/matching/verifier/index.ts');
  const m = (venue: string, title: string, outcome: string, end_date: string | null, ticker: string | null = null) => ({ venue, title, outcome, end_date, category: 'sports', ticker });
  const kalshi = m('kalshi', 'Guardians at Tigers Winner?', 'Cleveland Guardians', null, 'KXMLBGAME-26AUG111840CLEDET-CLE');
  t.is(verifyPair(kalshi, m('polymarket', 'Cleveland Guardians vs. Detroit Tigers', 'Cleveland Guardians', '2026-08-11')).relation, 'identity');
  t.is(verifyPair(kalshi, m('polymarket', 'Cleveland Guardians vs. Detroit Tigers', 'Detroit Tigers', '2026-08-11')).relation, 'complement');
  t.is(verifyPair(kalshi, m('polymarket', 'Cleveland Guardians vs. Detroit Tigers', 'Cleveland Guardians', '2026-08-13')).relation, 'different');
});
