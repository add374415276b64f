import { z } from 'zod';
import { VenueError } from '../../../shared/errors.ts';
import type { FetchContext, HistoryFetch, HistoryParseResult, HistoryTarget, VenueHistory } from '../types.ts';
import { driftFromZod } from '../drift.ts';

const GAMMA = 'https://gamma-api.polymarket.com';
const CLOB = 'https://clob.polymarket.com';
/** Hourly points for the last 30 days, daily points for the whole life (APIS.md §1: /prices-history). */
const RECENT_DAYS = 30;
const ENDPOINTS = {
  market: { path: '/markets/', cost: 1 },
  pricesHistory: { path: '/prices-history', cost: 1 },
} as const;

/*
 * CLOB `GET /prices-history?market=<token id>&interval=max&fidelity=1440` (docs.polymarket.com, get-prices-history):
 * {"history":[{"t":1746023400,"p":0.0925},{"t":1746109800,"p":0.103}, ...]}
 * `market` is the outcome's CLOB token id (from the Gamma market's clobTokenIds), not the Gamma id; `t` is unix
 * seconds, `p` the token's price 0-1. Gamma `GET /markets/{id}` gives the token ids in outcome order.
 */
const pricesHistory = z.object({ history: z.array(z.object({ t: z.number().int().nonnegative(), p: z.number().min(0).max(1) })) });
const gammaMarket = z.looseObject({ id: z.union([z.string(), z.number()]), outcomes: z.string(), clobTokenIds: z.string() });

interface RawHistory {
  readonly market: unknown;
  readonly recent: unknown;
  readonly daily: unknown;
}

function decodeArray(text: string): string[] | null {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : null;
  } catch {
    return null;
  }
}

/** The Yes token: the one labelled Yes, else the first (the market's first outcome is its Yes). */
function yesToken(raw: unknown): { ok: true; token: string } | { ok: false; reason: string } {
  const m = gammaMarket.safeParse(raw);
  if (!m.success) return { ok: false, reason: `Gamma market lacks outcomes/clobTokenIds: ${m.error.issues[0]?.message}` };
  const outcomes = decodeArray(m.data.outcomes);
  const tokens = decodeArray(m.data.clobTokenIds);
  if (!outcomes || !tokens || tokens.length !== outcomes.length || tokens.length === 0) return { ok: false, reason: 'Gamma outcomes/clobTokenIds are not matching JSON-encoded arrays' };
  const i = Math.max(0, outcomes.findIndex((o) => /^yes$/i.test(o)));
  return { ok: true, token: tokens[i] as string };
}

async function fetchHistory(target: HistoryTarget, ctx: FetchContext): Promise<HistoryFetch> {
  const market = (await ctx.http.getJson('polymarket', { url: `${GAMMA}${ENDPOINTS.market.path}${encodeURIComponent(target.platform_market_id)}`, cost: ENDPOINTS.market.cost, signal: ctx.signal })).json;
  const token = yesToken(market);
  if (!token.ok) throw new VenueError('polymarket', 'SCHEMA_DRIFT', `market ${target.platform_market_id}: ${token.reason}`);
  const end = Math.floor(Date.parse(target.now) / 1000);
  const recentUrl = new URL(ENDPOINTS.pricesHistory.path, CLOB);
  recentUrl.search = new URLSearchParams({ market: token.token, startTs: String(end - RECENT_DAYS * 86_400), endTs: String(end), fidelity: '60' }).toString();
  const dailyUrl = new URL(ENDPOINTS.pricesHistory.path, CLOB);
  dailyUrl.search = new URLSearchParams({ market: token.token, interval: 'max', fidelity: '1440' }).toString();
  const get = (url: URL) => ctx.http.getJson('polymarket', { url: url.toString(), cost: ENDPOINTS.pricesHistory.cost, signal: ctx.signal });
  const recent = (await get(recentUrl)).json;
  // The whole life is a bonus: a refusal there (a market too new for `interval=max`) keeps the recent hours.
  let daily: unknown = { history: [] };
  try {
    daily = (await get(dailyUrl)).json;
  } catch (err) {
    if (!(err instanceof VenueError) || (err.code !== 'NOT_FOUND' && err.code !== 'BAD_REQUEST')) throw err;
  }
  return {
    raw: { market, recent, daily } satisfies RawHistory,
    source: `gamma /markets/${target.platform_market_id}; clob /prices-history?market=<yes token>&fidelity=60 (last ${RECENT_DAYS} d) and interval=max&fidelity=1440`,
  };
}

/** Daily points for the whole life, hourly ones replacing them over the last 30 days. */
function parseHistory(raw: unknown): HistoryParseResult {
  const r = raw as Partial<RawHistory> | null;
  const recent = pricesHistory.safeParse(r?.recent);
  const daily = pricesHistory.safeParse(r?.daily);
  if (!recent.success) return { ok: false, reason: 'prices-history (hourly) is not {history:[{t,p}]}', drift: driftFromZod(recent.error, r?.recent, 'recent.') };
  if (!daily.success) return { ok: false, reason: 'prices-history (daily) is not {history:[{t,p}]}', drift: driftFromZod(daily.error, r?.daily, 'daily.') };
  const hourly = recent.data.history;
  const firstHourly = hourly.length > 0 ? Math.min(...hourly.map((h) => h.t)) : Number.POSITIVE_INFINITY;
  const points = [...daily.data.history.filter((h) => h.t < firstHourly), ...hourly].map((h) => [h.t, h.p] as const);
  return { ok: true, points: points.sort((a, b) => a[0] - b[0]) };
}

/** Recorded mode (recorded/README.md): Gamma market by id, and the composed price histories of its Yes token. */
const RECORDED_MARKETS: Readonly<Record<string, string>> = {
  '540234': 'market-by-id.540234.from-keyset-p1.json',
  '540819': 'market-by-id.540819.from-keyset-p1.json',
};
const RECORDED_HISTORY: Readonly<Record<string, string>> = {
  '91737931954079461205792748723730956466398437395923414328893692961489566016241': 'prices-history.540234-yes',
  '90435811253665578014957380826505992530054077692143838383981805324273750424057': 'prices-history.540819-yes',
};

export const polymarketHistory: VenueHistory = {
  fetchHistory,
  parseHistory,
  recordedFile(u) {
    if (u.pathname.startsWith(ENDPOINTS.market.path)) return RECORDED_MARKETS[u.pathname.slice(ENDPOINTS.market.path.length)] ?? null;
    if (u.pathname !== ENDPOINTS.pricesHistory.path) return null;
    const base = RECORDED_HISTORY[u.searchParams.get('market') ?? ''];
    const fidelity = u.searchParams.get('fidelity');
    return base && (fidelity === '60' || fidelity === '1440') ? `${base}.fidelity-${fidelity}.composed.json` : null;
  },
};
