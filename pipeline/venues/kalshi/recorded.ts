/**
 * Recorded mode (VENUE_SOURCE=recorded): which file of `recorded/` answers which Kalshi request.
 * What is real and what is composed: recorded/README.md. Order books are the order-book capability's
 * (orderbook.ts), chained in by `withOrderBooks`.
 */
const PREFIX = '/trade-api/v2';

/** `/events` pages by `cursor`: the real Synpath page, whose real cursor leads to the composed overlap page. */
const EVENT_PAGES: Readonly<Record<string, string>> = {
  '': 'events-with-nested-markets.synpath.json',
  CgYI8Oj1nQ8SDUtYRUxPTk1BUlMtOTk: 'events.page-2.composed.json',
};

const BY_PATH: Readonly<Record<string, string>> = {
  '/series': 'series.composed.json',
  '/series/KXELONMARS': 'series-ticker.synpath.json',
  '/series/KXELONMARS/markets/KXELONMARS-99/candlesticks': 'series-markets-candlesticks.synpath.json',
};

export function recordedKalshiFile(url: URL): string | null {
  if (!url.pathname.startsWith(PREFIX)) return null;
  const path = url.pathname.slice(PREFIX.length);
  if (path === '/events') return EVENT_PAGES[url.searchParams.get('cursor') ?? ''] ?? null;
  if (path === '/markets/trades' && url.searchParams.get('ticker') === 'KXELONMARS-99') return 'markets-trades.synpath.json';
  if (path === '/markets' && url.searchParams.get('tickers') === 'KXELONMARS-99,KXCOLONIZEMARS-50') return 'markets-tickers.ccxt-static.json';
  return BY_PATH[path] ?? null;
}
