/**
 * Exchange tickers and the names venues write for the same listed company, index or coin. One venue
 * asks about "MSTR" or "$NVDA", another about "MicroStrategy" or "Nvidia"; the verifier treats a ticker
 * and any of its names as one entity. Covers the largest US listings, the main indices and the
 * largest coins; names are lower case, as they appear in titles (several per ticker where the
 * company has been renamed or is commonly shortened).
 */
const TABLE: Readonly<Record<string, readonly string[]>> = {
  // US large caps (S&P 500 by weight, plus frequently-traded names venues list).
  AAPL: ['apple'], MSFT: ['microsoft'], NVDA: ['nvidia'], AMZN: ['amazon'], GOOGL: ['alphabet', 'google'], GOOG: ['alphabet', 'google'],
  META: ['meta', 'facebook'], TSLA: ['tesla'], AVGO: ['broadcom'], 'BRK.B': ['berkshire hathaway', 'berkshire'], BRK: ['berkshire hathaway', 'berkshire'],
  LLY: ['eli lilly', 'lilly'], JPM: ['jpmorgan', 'jp morgan', 'jpmorgan chase'], V: ['visa'], UNH: ['unitedhealth'], XOM: ['exxon', 'exxonmobil', 'exxon mobil'],
  MA: ['mastercard'], COST: ['costco'], HD: ['home depot'], PG: ['procter & gamble', 'procter and gamble'], JNJ: ['johnson & johnson', 'johnson and johnson'],
  WMT: ['walmart'], NFLX: ['netflix'], ABBV: ['abbvie'], BAC: ['bank of america'], CRM: ['salesforce'], ORCL: ['oracle'], CVX: ['chevron'],
  MRK: ['merck'], KO: ['coca-cola', 'coca cola', 'coke'], AMD: ['advanced micro devices'], PEP: ['pepsico', 'pepsi'], ADBE: ['adobe'],
  TMO: ['thermo fisher'], LIN: ['linde'], ACN: ['accenture'], MCD: ['mcdonald', "mcdonald's", 'mcdonalds'], CSCO: ['cisco'], ABT: ['abbott'],
  WFC: ['wells fargo'], IBM: ['ibm'], GE: ['general electric'], PM: ['philip morris'], INTU: ['intuit'], QCOM: ['qualcomm'], DIS: ['disney', 'walt disney'],
  TXN: ['texas instruments'], CAT: ['caterpillar'], VZ: ['verizon'], AMGN: ['amgen'], NOW: ['servicenow'], PFE: ['pfizer'], GS: ['goldman sachs', 'goldman'],
  ISRG: ['intuitive surgical'], UBER: ['uber'], T: ['at&t'], MS: ['morgan stanley'], SPGI: ['s&p global'], BA: ['boeing'], INTC: ['intel'],
  NKE: ['nike'], SBUX: ['starbucks'], PLTR: ['palantir'], MSTR: ['microstrategy', 'strategy'], COIN: ['coinbase'], HOOD: ['robinhood'],
  GME: ['gamestop'], AMC: ['amc entertainment'], RIVN: ['rivian'], LCID: ['lucid'], SMCI: ['super micro', 'supermicro'], ARM: ['arm holdings'],
  TSM: ['tsmc', 'taiwan semiconductor'], BABA: ['alibaba'], SNOW: ['snowflake'], SHOP: ['shopify'], PYPL: ['paypal'], ABNB: ['airbnb'], F: ['ford'], GM: ['general motors'],
  // Indices and index funds.
  SPX: ['s&p 500', 's&p500', 'sp500'], SPY: ['s&p 500', 's&p500', 'sp500'], NDX: ['nasdaq 100', 'nasdaq-100', 'nasdaq'], QQQ: ['nasdaq 100', 'nasdaq-100', 'nasdaq'],
  DJI: ['dow jones', 'dow'], DJIA: ['dow jones', 'dow'], RUT: ['russell 2000'], VIX: ['volatility index', 'cboe volatility'],
  // Coins, by market value.
  BTC: ['bitcoin'], ETH: ['ethereum', 'ether'], USDT: ['tether'], XRP: ['ripple', 'xrp'], BNB: ['binance coin', 'bnb'], SOL: ['solana'], USDC: ['usd coin'],
  DOGE: ['dogecoin'], ADA: ['cardano'], TRX: ['tron'], AVAX: ['avalanche'], LINK: ['chainlink'], TON: ['toncoin'], SHIB: ['shiba inu'], DOT: ['polkadot'],
  XLM: ['stellar'], BCH: ['bitcoin cash'], SUI: ['sui'], HBAR: ['hedera'], LTC: ['litecoin'], PEPE: ['pepe'], UNI: ['uniswap'], NEAR: ['near protocol'],
  APT: ['aptos'], ICP: ['internet computer'], ETC: ['ethereum classic'], XMR: ['monero'], POL: ['polygon'], MATIC: ['polygon'], ARB: ['arbitrum'],
  OP: ['optimism'], HYPE: ['hyperliquid'], FIL: ['filecoin'],
};

const BY_NAME = new Map<string, string[]>();
for (const [ticker, names] of Object.entries(TABLE)) for (const n of names) BY_NAME.set(n, [...(BY_NAME.get(n) ?? []), ticker]);

/** The names a ticker stands for (upper-case ticker as written, "MSTR"), or none. */
export function namesOfTicker(ticker: string): readonly string[] {
  return TABLE[ticker.toUpperCase()] ?? [];
}

/** Tickers that a lower-case name stands for ("nvidia" → NVDA). */
export function tickersOfName(name: string): readonly string[] {
  return BY_NAME.get(name.toLowerCase()) ?? [];
}

/**
 * Upper-case tokens of a title that are known tickers ("$NVDA", "(MSTR)"). Single letters and
 * two-letter tickers that are ordinary words in caps ("MA", "GE") count only with a `$` or in parentheses.
 */
export function tickersIn(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/(\$|\()?\b([A-Z]{1,5}(?:\.B)?)\b(\))?/g)) {
    const t = m[2] ?? '';
    if (!TABLE[t]) continue;
    const marked = Boolean(m[1] || m[3]);
    if (t.length <= 2 && !marked) continue;
    out.add(t);
  }
  return [...out];
}

/** Every name in the table with its spaced form (non-alphanumerics as spaces), for matching against a title. */
export const ALL_TICKER_NAMES: readonly { readonly name: string; readonly spaced: string }[] = [...BY_NAME.keys()].map((name) => ({
  name,
  spaced: name.replace(/[^a-z0-9]+/g, ' ').trim(),
}));
