import test from 'ava';
import { readFileSync } from 'node:fs';
import { marketId } from '../../../shared/ids.ts';
import type { NormalizedMarket } from '../../../shared/types/market.ts';
import { KALSHI_GENERAL_FEE } from '../../../shared/fees/venues/kalshi.ts';
import { parseKalshi } from './parse.ts';
import { topOfBook, yesReferencePrice } from './quotes.ts';
import { marketSchema } from './schema.ts';

type Json = Record<string, unknown>;
const ctx = { fetchedAt: '2026-09-15T12:00:00.000Z' };
const load = <T = Json>(name: string): T => JSON.parse(readFileSync(new URL(`./recorded/${name}`, import.meta.url), 'utf8')) as T;
const realPage = load<{ events: Json[] }>('events-with-nested-markets.synpath.json');
const composedPage = load<{ events: Json[] }>('events.page-2.composed.json');
const seriesList = load<{ series: Json[] }>('series.composed.json').series;
const realSeries = load<{ series: Json }>('series-ticker.synpath.json').series;

const summary = (s: Json) => ({ ticker: s.ticker, category: s.category, tags: s.tags, fee_type: s.fee_type, fee_multiplier: s.fee_multiplier });
const seriesOf = (ticker: string) => {
  const s = seriesList.find((x) => x.ticker === ticker);
  return s ? summary(s) : null;
};
/** A raw item as the connector builds it: the event plus its series summary. */
function item(event: Json, series: Json | null = seriesOf(event.series_ticker as string)) {
  return { id: event.event_ticker as string, payload: { event, series } };
}
const eventOf = (ticker: string): Json => {
  const e = [...realPage.events, ...composedPage.events].find((x) => x.event_ticker === ticker);
  if (!e) throw new Error(`no recorded event ${ticker}`);
  return structuredClone(e);
};
const withMarkets = (ticker: string, edit: (markets: Json[]) => void): Json => {
  const e = eventOf(ticker);
  edit(e.markets as Json[]);
  return e;
};
const byTicker = (markets: readonly NormalizedMarket[], ticker: string) => markets.find((m) => m.platform_market_id === ticker)!;

test('the real KXELONMARS-99 event: midpoint price, executable bid/ask per outcome, volume in dollars at the last trade, placeholder liquidity is null', (t) => {
  const { markets, skipped } = parseKalshi(item(eventOf('KXELONMARS-99'), summary(realSeries)), ctx);
  t.deepEqual(skipped, []);
  t.is(markets.length, 1);
  const m = markets[0]!;
  t.is(m.id, marketId('kalshi', 'KXELONMARS-99'));
  t.is(m.title, 'Will Elon Musk visit Mars before Aug 1, 2099?');
  // yes_bid 0.10, yes_ask 0.12: spread 2 cents, so the midpoint 0.11. A taker buys Yes at 0.12 and
  // sells it at 0.10; No is the same book from the other side: no_bid 0.88 (= 1 - 0.12), no_ask 0.90.
  t.deepEqual(m.outcomes, [
    { label: 'Yes', outcome_index: 0, price: 0.11, best_bid: 0.1, best_ask: 0.12 },
    { label: 'No', outcome_index: 1, price: 0.89, best_bid: 0.88, best_ask: 0.9 },
  ]);
  // 118801.05 contracts at the last trade of $0.10; no contract traded in the last 24 h
  t.is(m.volume_total, 11880.105);
  t.is(m.volume24h, 0);
  t.is(m.liquidity, null, 'liquidity_dollars "0.0000" is a placeholder, not an empty book');
  t.is(m.status, 'open');
  t.is(m.end_time, '2099-08-01T04:59:00.000Z');
  t.is(m.created_at, '2025-08-28T20:40:16.168Z');
  t.is(m.category, 'politics', 'Kalshi files it under World');
  t.is(m.group, null);
  t.is(m.currency, 'USD');
  t.false(m.play_money);
  t.is(m.url, 'https://kalshi.com/markets/kxelonmars');
  t.regex(m.description!, /^If Elon Musk visits Mars before the earlier of his death/);
  t.is(m.quoted_at, ctx.fetchedAt);
  t.deepEqual(m.fee, { kind: 'quadratic_per_order', taker_rate: 0.07, maker_rate: 0, multiplier: 1, fill_round_up_to: 0.0001, order_round_up_to: 0.01, source: 'market' });
  const raw = marketSchema.parse((eventOf('KXELONMARS-99').markets as Json[])[0]);
  t.deepEqual(topOfBook(raw), { platform_market_id: 'KXELONMARS-99', yes_bid: 0.1, yes_ask: 0.12, no_bid: 0.88, no_ask: 0.9, yes_bid_size: 79.35, yes_ask_size: 265.22, last_trade: 0.1 });
});

test('the real CCXT markets: a 4-cent spread is a midpoint, a deci-cent market keeps its tenths of a cent', (t) => {
  const { markets } = load<{ markets: Json[] }>('markets-tickers.ccxt-static.json');
  const event = { ...eventOf('KXELONMARS-99'), markets };
  const parsed = parseKalshi(item(event, null), ctx).markets;
  // KXELONMARS-99: bid 0.08, ask 0.12 -> 0.10; KXCOLONIZEMARS-50: bid 0.163, ask 0.195 -> 0.179
  t.deepEqual(byTicker(parsed, 'KXELONMARS-99').outcomes.map((o) => o.price), [0.1, 0.9]);
  t.deepEqual(byTicker(parsed, 'KXCOLONIZEMARS-50').outcomes.map((o) => o.price), [0.179, 0.821]);
  // 141.68 contracts in 24 h at the last trade of $0.195 = $27.6276
  t.is(byTicker(parsed, 'KXCOLONIZEMARS-50').volume24h, 27.6276);
  t.is(byTicker(parsed, 'KXCOLONIZEMARS-50').fee, KALSHI_GENERAL_FEE, 'no series: the documented general schedule');
});

test('a side with no quote is null, never 0: the real parlay rows carry only placeholders', (t) => {
  const rows = load<Json[]>('trade-api-v2-markets-open.dr-manhattan.json');
  for (const row of rows) {
    const m = marketSchema.parse(row);
    const book = topOfBook(m);
    t.deepEqual([book.yes_bid, book.yes_ask, book.no_bid, book.no_ask, book.last_trade], [null, null, null, null, null], m.ticker);
    t.is(yesReferencePrice(book), null);
  }
});

test('a one-sided book that never traded has no price but keeps its one executable side; its volumes are 0 contracts, not unknown', (t) => {
  const { markets } = parseKalshi(item(eventOf('KXPRESNOMD-28')), ctx);
  const stewart = byTicker(markets, 'KXPRESNOMD-28-JSTE');
  t.deepEqual(stewart.outcomes.map((o) => o.price), [null, null]);
  // Yes offered at 0.02 (400 contracts), no Yes bid (bid 0.0000, size 0): No bids 0.98 and has no ask.
  t.deepEqual(stewart.outcomes.map((o) => [o.best_bid, o.best_ask]), [
    [null, 0.02],
    [0.98, null],
  ]);
  const raw = marketSchema.parse((eventOf('KXPRESNOMD-28').markets as Json[]).find((x) => x.ticker === 'KXPRESNOMD-28-JSTE'));
  t.deepEqual(topOfBook(raw), {
    platform_market_id: 'KXPRESNOMD-28-JSTE',
    yes_bid: null,
    yes_ask: 0.02,
    no_bid: 0.98,
    no_ask: null,
    yes_bid_size: null,
    yes_ask_size: 400,
    last_trade: null,
  });
  t.is(stewart.volume_total, 0);
});

test('placeholder prices are no quote even without a size beside them: bid 0.0000 and ask 1.0000', (t) => {
  const event = withMarkets('KXBTCMINY-27JAN01', ([m]) => {
    Object.assign(m!, { yes_bid_dollars: '0.0000', yes_ask_dollars: '1.0000', no_bid_dollars: '0.0000', no_ask_dollars: '1.0000', last_price_dollars: '0.0000' });
    delete m!.yes_bid_size_fp;
    delete m!.yes_ask_size_fp;
  });
  const { markets } = parseKalshi(item(event), ctx);
  t.deepEqual(markets[0]!.outcomes.map((o) => [o.price, o.best_bid, o.best_ask]), [
    [null, null, null],
    [null, null, null],
  ]);
  t.is(markets[0]!.volume_total, null, '1402201 contracts traded but no price to value them: unknown, not 0');
});

test('a mutually exclusive event is a group; markets that share the event question get the label in their title', (t) => {
  const { markets, skipped } = parseKalshi(item(eventOf('KXPRESPERSON-28')), ctx);
  t.deepEqual(skipped, []);
  t.is(markets.length, 3);
  const vance = byTicker(markets, 'KXPRESPERSON-28-JVAN');
  t.is(vance.title, '2028 U.S. Presidential Election winner? — JD Vance');
  t.deepEqual(vance.group, { id: 'KXPRESPERSON-28', title: '2028 U.S. Presidential Election winner?', outcome_label: 'JD Vance' });
  // bid 0.27, ask 0.29
  t.deepEqual(vance.outcomes.map((o) => o.price), [0.28, 0.72]);
  // a group whose markets name their candidate keeps those titles
  const newsom = byTicker(parseKalshi(item(eventOf('KXPRESNOMD-28')), ctx).markets, 'KXPRESNOMD-28-GN');
  t.is(newsom.title, 'Will Gavin Newsom be the Democratic Presidential nominee in 2028?');
  t.is(newsom.group?.outcome_label, 'Gavin Newsom');
});

test('a ladder of thresholds (not mutually exclusive) is separate binaries, each titled with its bucket', (t) => {
  const { markets } = parseKalshi(item(eventOf('KXFED-26DEC')), ctx);
  t.true(markets.every((m) => m.group === null));
  t.deepEqual(markets.map((m) => m.title), [
    'Fed funds rate after the Dec 2026 meeting? — Above 3.25%',
    'Fed funds rate after the Dec 2026 meeting? — Above 3.50%',
    'Fed funds rate after the Dec 2026 meeting? — Above 3.75%',
  ]);
  t.is(markets[0]!.category, 'economics');
});

test('a wide spread falls back to the last trade held inside the book, then to the midpoint', (t) => {
  const event = withMarkets('KXFED-26DEC', ([a, b, c]) => {
    Object.assign(a!, { yes_bid_dollars: '0.0500', yes_ask_dollars: '0.4000', no_bid_dollars: '0.6000', no_ask_dollars: '0.9500', last_price_dollars: '0.3000' });
    Object.assign(b!, { yes_bid_dollars: '0.0500', yes_ask_dollars: '0.4000', no_bid_dollars: '0.6000', no_ask_dollars: '0.9500', last_price_dollars: '0.5000' });
    Object.assign(c!, { yes_bid_dollars: '0.0500', yes_ask_dollars: '0.4000', no_bid_dollars: '0.6000', no_ask_dollars: '0.9500', last_price_dollars: '0.0000' });
  });
  const prices = parseKalshi(item(event), ctx).markets.map((m) => m.outcomes[0]!.price);
  t.deepEqual(prices, [0.3, 0.4, 0.225]);
});

test('a settled market is worth its result, not its last trade; a closed one keeps its price but quotes nothing executable', (t) => {
  const event = withMarkets('KXFEDDECISION-26DEC', ([hold, cut, , hike]) => {
    Object.assign(hold!, { status: 'finalized', result: 'yes' });
    Object.assign(cut!, { status: 'determined', result: 'no' });
    Object.assign(hike!, { status: 'closed', result: '' });
  });
  const markets = parseKalshi(item(event), ctx).markets;
  const hold = byTicker(markets, 'KXFEDDECISION-26DEC-H0');
  t.is(hold.status, 'resolved');
  t.deepEqual(hold.outcomes.map((o) => o.price), [1, 0]);
  t.deepEqual(byTicker(markets, 'KXFEDDECISION-26DEC-C25').outcomes.map((o) => o.price), [0, 1]);
  const hike = byTicker(markets, 'KXFEDDECISION-26DEC-H25');
  t.is(hike.status, 'closed');
  t.is(hike.outcomes[0]!.price, 0.015);
  t.true(hike.outcomes.every((o) => o.best_bid === null && o.best_ask === null), 'no order can be placed on a closed market');
  t.true(hold.outcomes.every((o) => o.best_bid === null && o.best_ask === null));
  const open = byTicker(markets, 'KXFEDDECISION-26DEC-C26');
  t.is(open.status, 'open');
  // yes_bid 0.02 / yes_ask 0.03, no_bid 0.97 / no_ask 0.98
  t.deepEqual(open.outcomes.map((o) => [o.best_bid, o.best_ask]), [
    [0.02, 0.03],
    [0.97, 0.98],
  ]);
});

test('legacy cent fields in place of the dollar strings are drift, reported field by field; siblings still parse', (t) => {
  const event = withMarkets('KXPRESNOMR-28', ([first, second]) => {
    delete first!.yes_bid_dollars;
    first!.yes_bid = 51;
    second!.volume_fp = 1402332.4;
  });
  const { markets, skipped } = parseKalshi(item(event), ctx);
  t.deepEqual(markets.map((m) => m.platform_market_id), ['KXPRESNOMR-28-DTJR']);
  t.deepEqual(skipped, [
    { platform_market_id: 'KXPRESNOMR-28-JDV', reason: 'market does not match the Kalshi markets schema', drift: [{ field: 'event.markets.0.yes_bid_dollars', expected: 'string', got: 'missing' }] },
    { platform_market_id: 'KXPRESNOMR-28-MRUB', reason: 'market does not match the Kalshi markets schema', drift: [{ field: 'event.markets.1.volume_fp', expected: 'string', got: 'number' }] },
  ]);
});

test('a price string that is not a decimal is drift with the value shown, never a guess', (t) => {
  const event = withMarkets('KXPRESNOMR-28', ([first]) => {
    first!.yes_ask_dollars = '53¢';
  });
  const [skip] = parseKalshi(item(event), ctx).skipped;
  t.is(skip!.drift[0]!.field, 'event.markets.0.yes_ask_dollars');
  t.is(skip!.drift[0]!.got, 'string "53¢"');
});

test('an event without mutually_exclusive is skipped whole, naming the field', (t) => {
  const event = eventOf('KXPRESNOMR-28');
  delete event.mutually_exclusive;
  const { markets, skipped } = parseKalshi(item(event), ctx);
  t.deepEqual(markets, []);
  t.deepEqual(skipped, [{ platform_market_id: 'KXPRESNOMR-28', reason: 'event does not match the Kalshi events schema', drift: [{ field: 'event.mutually_exclusive', expected: 'boolean', got: 'missing' }] }]);
});

test('a parlay that slips past mve_filter and a scalar market are skipped by design, without drift', (t) => {
  const [parlay] = load<Json[]>('trade-api-v2-markets-open.dr-manhattan.json');
  const event = withMarkets('KXBTCMINY-27JAN01', (markets) => {
    markets.push(parlay!);
    markets.push({ ...markets[0]!, ticker: 'KXBTCMINY-27JAN01-SCALAR', market_type: 'scalar' });
  });
  const { markets, skipped } = parseKalshi(item(event), ctx);
  t.deepEqual(markets.map((m) => m.platform_market_id), ['KXBTCMINY-27JAN01-70000.00']);
  t.deepEqual(
    skipped.map((s) => [s.platform_market_id, s.drift.length]),
    [
      [parlay!.ticker, 0],
      ['KXBTCMINY-27JAN01-SCALAR', 0],
    ],
  );
});

test('a maker-fee series puts its maker rate on the market; a flat series makes the fee unknown', (t) => {
  const ev = eventOf('KXPRESNOMR-28');
  const maker = parseKalshi(item(ev, { ticker: 'KXPRESNOMR', category: 'Elections', tags: [], fee_type: 'quadratic_with_maker_fees', fee_multiplier: 1 }), ctx);
  t.like(maker.markets[0]!.fee, { kind: 'quadratic_per_order', taker_rate: 0.07, maker_rate: 0.0175, source: 'market' });
  const flat = parseKalshi(item(ev, { ticker: 'KXPRESNOMR', fee_type: 'flat', fee_multiplier: 1 }), ctx);
  t.is(flat.markets[0]!.fee.kind, 'unknown');
});

test('categories: the event category first, a coin in the title wins, unknown names fall back to the shared rules', (t) => {
  const cat = (category: string | null, title: string, series: Json | null = null) => {
    const ev = withMarkets('KXBTCMINY-27JAN01', ([m]) => {
      m!.title = title;
    });
    ev.category = category;
    ev.title = title;
    return parseKalshi(item(ev, series), ctx).markets[0]!.category;
  };
  t.is(cat('Financials', 'Will Bitcoin be below $70,000.00 by Dec 31, 2026?'), 'crypto');
  t.is(cat('Financials', 'Will the S&P 500 close above 7000?'), 'economics');
  t.is(cat('Climate and Weather', 'Will NYC see snow on Christmas?'), 'science');
  t.is(cat('Mentions', 'Will the speaker say tariff?'), 'entertainment');
  t.is(cat('Something New', 'Will the Chiefs win the Super Bowl?'), 'sports');
  t.is(cat(null, 'Who wins?', { ticker: 'X', category: 'Sports', tags: [] }), 'sports', 'the series category when the event has none');
});

test('every recorded event parses without a skip', (t) => {
  for (const event of [...realPage.events, ...composedPage.events]) {
    t.deepEqual(parseKalshi(item(structuredClone(event)), ctx).skipped, [], event.event_ticker as string);
  }
});

test('a payload that is not {event, series} is skipped with drift, not thrown', (t) => {
  const { markets, skipped } = parseKalshi({ id: 'x', payload: [1, 2] }, ctx);
  t.deepEqual(markets, []);
  t.is(skipped[0]!.platform_market_id, 'x');
  t.true(skipped[0]!.drift.length > 0);
});
