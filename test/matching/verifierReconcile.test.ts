import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';
import { namesOfTicker, tickersIn, tickersOfName } from '../../shared/text/tickers.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null, category = 'politics'): MarketRef => ({ venue, title, outcome, end_date, category });
const why = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).reasons.join('; ');

test('partial progress (runoff, a stage, advancing) vetoes a link even when said on one side only', (t) => {
  const win = m('polymarket', 'Colombia presidential election winner?', 'Abelardo de la Espriella', '2026-06-21');
  const runoff = m('kalshi', 'Will Abelardo de la Espriella make the runoff in the 2026 Colombian presidential election?', 'Yes', '2026-06-21');
  t.false(verifyPair(win, runoff).same, why(win, runoff));
  t.regex(why(win, runoff), /stage differs/);
  const giro = m('polymarket', 'Giro d\'Italia 2026 winner?', 'Jonas Vingegaard', '2026-05-31', 'sports');
  const stage = m('kalshi', 'Will Jonas Vingegaard win a stage of the 2026 Giro d\'Italia?', 'Yes', '2026-05-31', 'sports');
  t.false(verifyPair(giro, stage).same, why(giro, stage));
  const cup = m('kalshi', 'Will Norway advance to the knockout round of the 2026 World Cup?', 'Yes', '2026-07-19', 'sports');
  const champ = m('polymarket', 'Will Norway win the 2026 FIFA World Cup?', 'Yes', '2026-07-19', 'sports');
  t.false(verifyPair(cup, champ).same, why(cup, champ));
});

test('a ticker and the company or coin it lists stand for one entity; a different ticker does not', (t) => {
  t.deepEqual(tickersIn('Will Strategy (MSTR) buy more?'), ['MSTR']);
  t.deepEqual(tickersIn('Will GE close higher?'), []);
  t.true(namesOfTicker('nvda').includes('nvidia'));
  t.true(tickersOfName('coinbase').includes('COIN'));
  const a = m('polymarket', 'Will Nvidia close above $200 on June 30, 2026?', 'Yes', '2026-06-30', 'finance');
  const b = m('kalshi', 'NVDA close price on Jun 30, 2026?', 'Above $200', '2026-06-30', 'finance');
  t.true(verifyPair(a, b).same, why(a, b));
  const c = m('kalshi', 'AMD close price on Jun 30, 2026?', 'Above $200', '2026-06-30', 'finance');
  t.false(verifyPair(a, c).same, why(a, c));
});

test('a name and its formal completion are one entity; any other added word is not reconciled', (t) => {
  const a = m('polymarket', 'Will the Nasdaq close above 25,000 on Sep 30?', 'Yes', '2026-09-30', 'finance');
  const b = m('kalshi', 'Nasdaq Composite close on Sep 30, 2026?', 'Above 25,000', '2026-09-30', 'finance');
  t.true(verifyPair(a, b).same, why(a, b));
});

test('an acronym meets a hyphenated expansion, in either order', (t) => {
  const a = m('polymarket', 'Will Tesla offer Full Self-Driving in China in 2026?', 'Yes', '2026-12-31', 'tech');
  const b = m('kalshi', 'Tesla offers FSD in China in 2026?', 'Yes', '2026-12-31', 'tech');
  t.true(verifyPair(a, b).same, why(a, b));
  t.true(verifyPair(b, a).same, why(b, a));
});

test('a by-deadline one day apart across venues is one question; a day of a month is no generation', (t) => {
  const stay = m('polymarket', 'Will Keir Starmer be Prime Minister of the UK on September 30, 2026?', 'Yes', '2026-09-30');
  const out = m('kalshi', 'Starmer out as UK PM by September 29, 2026?', 'Yes', '2026-09-29');
  const v = verifyPair(stay, out);
  t.true(v.same, v.reasons.join('; '));
  t.is(v.relation, 'complement');
  const far = m('kalshi', 'Starmer out as UK PM by August 31, 2026?', 'Yes', '2026-08-31');
  t.false(verifyPair(stay, far).same);
});

test('harmless one-sided words cost nothing; leaving against an election held is still another event', (t) => {
  const a = m('kalshi', 'Highest temperature in Denver on Jul 4, 2026?', '95° or above', '2026-07-04', 'climate');
  const b = m('polymarket', 'Will Denver hit 95°F on July 4?', 'Yes', '2026-07-04', 'climate');
  t.true(verifyPair(a, b).same, why(a, b));
  const out = m('polymarket', 'Maduro out as president of Venezuela in 2026?', 'Yes', '2026-12-31');
  const vote = m('kalshi', 'Venezuela presidential election held in 2026?', 'Yes', '2026-12-31');
  t.false(verifyPair(out, vote).same, why(out, vote));
});
