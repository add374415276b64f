/**
 * Composes the order books recorded mode serves where no real capture exists (docs/arbitrage.md,
 * "Recorded data"). Every file is written in the venue's exact payload shape and named `composed`;
 * each book's top of book is the one the recorded listing already shows, deeper levels and sizes are
 * invented deterministically (a hash of the market id), so re-running writes the same bytes.
 *
 *   node --import tsx scripts/composeRecordedBooks.ts
 *
 * Scenarios (documented in each venue's recorded/README.md):
 * - Polymarket "Will Bitcoin reach $150,000 by December 31, 2026?": its book was last updated 15
 *   minutes before the recording's other books, so the scanner must treat it as a stale quote.
 * - Predict.fun "Will Gavin Newsom win the 2028 Democratic presidential nomination?": a deep bid, so
 *   the Polymarket -> Predict.fun spread carries real size.
 * - Kalshi: every composed market's book tops out at its listing quote and size (the one real capture,
 *   KXELONMARS-99, is not rewritten).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const VENUES = fileURLToPath(new URL('../pipeline/venues/', import.meta.url));
const read = (path: string): string => readFileSync(VENUES + path, 'utf8');
const write = (path: string, value: unknown): void => writeFileSync(VENUES + path, `${JSON.stringify(value, null, 1)}\n`);

/** A deterministic number in [min, max) from a name. */
function pick(name: string, min: number, max: number): number {
  const n = createHash('sha256').update(name).digest().readUInt32BE(0) / 2 ** 32;
  return min + n * (max - min);
}
const round = (x: number, dp: number): number => Math.round(x * 10 ** dp) / 10 ** dp;

/** Four levels a side: the listing's top, then 1-3 ticks worse, sizes in shares. */
function ladder(id: string, bid: number, ask: number, tick: number, deep = 1): { bids: Array<[number, number]>; asks: Array<[number, number]> } {
  const dp = Math.max(2, Math.round(-Math.log10(tick)));
  const bids: Array<[number, number]> = [];
  const asks: Array<[number, number]> = [];
  for (let i = 0; i < 4; i++) {
    const b = round(bid - i * tick, dp);
    const a = round(ask + i * tick, dp);
    if (b > 0) bids.push([b, round(pick(`${id}:bid:${i}`, 200, 4000) * deep * (i + 1), 2)]);
    if (a < 1) asks.push([a, round(pick(`${id}:ask:${i}`, 200, 4000) * (i + 1), 2)]);
  }
  return { bids, asks };
}

/** A composed 77-digit ERC-1155 token id (Polymarket's are uint256 decimal strings). */
function tokenId(marketId: string, outcome: string): string {
  return BigInt(`0x${createHash('sha256').update(`composed-clob:${marketId}:${outcome}`).digest('hex')}`).toString().slice(0, 77);
}

// --- Polymarket: token ids on the composed listing page, and a CLOB book per Yes token. ---
const P3 = 'polymarket/recorded/markets-keyset-p3-composed-overlap.json';
let p3 = read(P3);
const polymarket = (JSON.parse(p3) as { markets: Array<Record<string, unknown>> }).markets;
const POLY_RECORDED_AT = Date.parse('2026-01-31T18:10:00.000Z');
for (const m of polymarket) {
  const id = String(m.id);
  const yes = tokenId(id, 'yes');
  const no = tokenId(id, 'no');
  if (m.clobTokenIds === undefined) {
    // The page is compact JSON; insert the field after outcomePrices so the rest stays byte for byte.
    const start = p3.indexOf(`{"id":"${id}"`);
    const valueStart = p3.indexOf('"outcomePrices":"', start) + '"outcomePrices":"'.length;
    let end = valueStart;
    while (p3[end] !== '"' || p3[end - 1] === '\\') end += 1;
    end += 2; // the closing quote and the comma after it
    p3 = `${p3.slice(0, end)}"clobTokenIds":${JSON.stringify(JSON.stringify([yes, no]))},${p3.slice(end)}`;
  }
  const bid = Number(m.bestBid);
  const ask = Number(m.bestAsk);
  if (!(bid > 0 && ask > bid)) continue;
  const stale = id === 'composed-btc-2026-2';
  const { bids, asks } = ladder(id, bid, ask, Number(m.orderPriceMinTickSize ?? 0.001));
  // The CLOB lists bids lowest first and asks highest first, as decimal strings.
  write(`polymarket/recorded/clob-book.${yes}.composed.json`, {
    market: `0x${createHash('sha256').update(`composed-condition:${id}`).digest('hex')}`,
    asset_id: yes,
    timestamp: String(POLY_RECORDED_AT - (stale ? 15 * 60_000 : Math.round(pick(`${id}:ts`, 0, 60_000)))),
    hash: createHash('sha1').update(`composed-book:${id}`).digest('hex'),
    bids: [...bids].reverse().map(([p, s]) => ({ price: String(p), size: String(s) })),
    asks: [...asks].reverse().map(([p, s]) => ({ price: String(p), size: String(s) })),
    min_order_size: '5',
    tick_size: String(m.orderPriceMinTickSize ?? 0.001),
    neg_risk: m.negRisk === true,
    last_trade_price: String(m.lastTradePrice ?? ''),
  });
}
writeFileSync(VENUES + P3, p3);

// --- Limitless: a YES book per composed binary market (sizes are shares x 1e6). ---
const limitless = (JSON.parse(read('limitless/recorded/markets-active.page-2.composed.json')) as { data: Array<Record<string, unknown>> }).data;
const binaries = limitless.flatMap((m) => (Array.isArray(m.markets) && m.markets.length > 0 ? (m.markets as Array<Record<string, unknown>>) : [m]));
for (const m of binaries) {
  const slug = String(m.slug);
  if (slug === 'btc-up-or-down-daily-p-1791308105925') continue; // a real capture exists
  const prices = m.prices as [number, number] | null;
  if (!prices) continue;
  const scale = prices[0] > 1 || prices[1] > 1 ? 100 : 1;
  const yes = prices[0] / scale;
  const { bids, asks } = ladder(slug, round(yes - 0.005, 3), round(yes + 0.005, 3), 0.001);
  const units = (s: number) => Math.round(s * 1e6);
  write(`limitless/recorded/orderbook.${slug}.composed.json`, {
    bids: bids.map(([price, size]) => ({ price, size: units(size), side: 'BUY' })),
    asks: asks.map(([price, size]) => ({ price, size: units(size), side: 'SELL' })),
    tokenId: tokenId(slug, 'limitless-yes'),
    adjustedMidpoint: yes,
    midpoint: yes,
    maxSpread: '0.05',
    minSize: '1000000',
    lastTradePrice: yes,
  });
}

// --- Predict.fun: one batch answer holding the three real captured books and a composed one per composed leg. ---
const realBatch = JSON.parse(readFileSync(fileURLToPath(new URL('../pipeline/venues/predictfun/recorded/v1-markets-orderbooks-batch.synpath.json', import.meta.url)), 'utf8')) as { data: Array<{ marketId: number }> };
const realIds = new Set(realBatch.data.map((b) => b.marketId));
const categories = [
  ...(JSON.parse(read('predictfun/recorded/v1-categories-open.page-1.synpath.json')) as { data: Array<{ markets: Array<Record<string, unknown>> }> }).data,
  ...(JSON.parse(read('predictfun/recorded/v1-categories-open.page-2.composed.json')) as { data: Array<{ markets: Array<Record<string, unknown>> }> }).data,
];
const PF_RECORDED_AT = 1791200627815; // newest real book stamp in the capture
const composedBooks: unknown[] = [];
for (const leg of categories.flatMap((c) => c.markets)) {
  const id = Number(leg.id);
  if (realIds.has(id) || leg.status !== 'REGISTERED') continue;
  const yes = (leg.outcomes as Array<{ indexSet: number; bestBid: { price: number } | null; bestAsk: { price: number } | null }>).find((o) => o.indexSet === 1);
  if (!yes?.bestBid || !yes.bestAsk) continue;
  const tick = 10 ** -Number(leg.decimalPrecision ?? 3);
  const deep = id === 940100 ? 6 : 1;
  const { bids, asks } = ladder(String(id), yes.bestBid.price, yes.bestAsk.price, tick, deep);
  composedBooks.push({
    marketId: id,
    updateTimestampMs: PF_RECORDED_AT - Math.round(pick(`${id}:ts`, 0, 60_000)),
    asks,
    bids,
    lastOrderSettled: null,
  });
}
write('predictfun/recorded/v1-markets-orderbooks.real-plus-composed.json', { success: true, data: [...realBatch.data, ...composedBooks] });

// --- Kalshi: a fixed-point book per composed market (both ladders are bids, ascending, dollar and contract strings). ---
// The top of each ladder is the listing's: the Yes bid with `yes_bid_size_fp`, and the No bid (1 - the Yes ask)
// with `yes_ask_size_fp`, the contracts offered at the Yes ask. An empty listing side stays an empty ladder.
const kalshiEvents = (JSON.parse(read('kalshi/recorded/events.page-2.composed.json')) as { events: Array<{ markets: Array<Record<string, string>> }> }).events;
let kalshiBooks = 0;
for (const m of kalshiEvents.flatMap((e) => e.markets)) {
  if (m.status !== 'active') continue;
  const ticker = m.ticker!;
  const tick = m.price_level_structure === 'linear_cent' ? 0.01 : 0.001;
  const bid = Number(m.yes_bid_dollars);
  const ask = Number(m.yes_ask_dollars);
  const hasBid = bid > 0 && Number(m.yes_bid_size_fp) > 0;
  const hasAsk = ask < 1 && Number(m.yes_ask_size_fp) > 0;
  if (!hasBid && !hasAsk) continue;
  const { bids, asks } = ladder(ticker, hasBid ? bid : 0, hasAsk ? ask : 1, tick);
  const dollars = (p: number) => p.toFixed(4);
  const contracts = (n: number) => n.toFixed(2);
  const yes = (hasBid ? bids : []).map(([p, n], i): [string, string] => [dollars(p), contracts(i === 0 ? Number(m.yes_bid_size_fp) : n)]);
  const no = (hasAsk ? asks : []).map(([p, n], i): [string, string] => [dollars(round(1 - p, 4)), contracts(i === 0 ? Number(m.yes_ask_size_fp) : n)]);
  write(`kalshi/recorded/orderbook.${ticker}.composed.json`, { orderbook_fp: { yes_dollars: yes.reverse(), no_dollars: no.reverse() } });
  kalshiBooks += 1;
}

console.log(`composed: ${polymarket.length} Polymarket books, ${binaries.length - 1} Limitless books, ${composedBooks.length} Predict.fun books, ${kalshiBooks} Kalshi books`);
