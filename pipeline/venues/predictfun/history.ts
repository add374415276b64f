import { z } from 'zod';
import { VenueError } from '../../../shared/errors.ts';
import type { FetchContext, HistoryFetch, HistoryParseResult, HistoryTarget, VenueHistory } from '../types.ts';
import { driftFromZod } from '../drift.ts';
import { predictfunDescriptor } from './connector.ts';

const API = predictfunDescriptor.baseUrls.api as string;
const COST = 1;
const PAGE = 1000;
/** Hourly points for the last 30 days (720, one page); daily points for up to two years before that. */
const RECENT_DAYS = 30;
const DAILY_DAYS = 730;
const MAX_PAGES = 3;

/*
 * `GET /v1/markets/{id}/timeseries?metric=chance&resolution=1m|5m|1h|1d&from=&to=&limit=&after=` (APIS.md §8;
 * recorded/v1-markets-2880279-timeseries-chance-1h.synpath.json):
 * {"cursor":null,"data":{"resolution":"1h","series":[{"x":1791046800,"y":50},{"x":1791050400,"y":55.00000000000001}]},"success":true}
 * `x` unix seconds, `y` the chance of the market's first outcome (indexSet 1, its Yes) in PERCENT 0-100.
 */
const page = z.looseObject({
  cursor: z.string().nullish(),
  data: z.looseObject({ series: z.array(z.object({ x: z.number().int().nonnegative(), y: z.number().min(0).max(100) })) }),
});

interface RawHistory {
  readonly hourly: readonly unknown[];
  readonly daily: readonly unknown[];
}

async function pages(target: HistoryTarget, ctx: FetchContext, resolution: '1h' | '1d', from: number, to: number): Promise<unknown[]> {
  const apiKey = ctx.apiKey;
  if (!apiKey) throw new VenueError('predictfun', 'DISABLED', 'Predict.fun mainnet needs an API key: set PREDICTFUN_API_KEY');
  const out: unknown[] = [];
  let after: string | null = null;
  for (let n = 0; n < MAX_PAGES; n++) {
    const u = new URL(`/v1/markets/${encodeURIComponent(target.platform_market_id)}/timeseries`, API);
    u.search = new URLSearchParams({ metric: 'chance', resolution, from: String(from), to: String(to), limit: String(PAGE), ...(after ? { after } : {}) }).toString();
    const json = (await ctx.http.getJson('predictfun', { url: u.toString(), headers: { 'x-api-key': apiKey }, cost: COST, signal: ctx.signal })).json;
    out.push(json);
    const next = (json as { cursor?: unknown } | null)?.cursor;
    if (typeof next !== 'string' || next === '' || next === after) break;
    after = next;
  }
  return out;
}

async function fetchHistory(target: HistoryTarget, ctx: FetchContext): Promise<HistoryFetch> {
  const end = Math.floor(Date.parse(target.now) / 1000);
  const recentFrom = end - RECENT_DAYS * 86_400;
  const created = target.created_at ? Math.floor(Date.parse(target.created_at) / 1000) : NaN;
  const dailyFrom = Math.max(Number.isFinite(created) ? created : 0, end - DAILY_DAYS * 86_400);
  const hourly = await pages(target, ctx, '1h', recentFrom, end);
  let daily: unknown[] = [];
  if (dailyFrom < recentFrom) {
    try {
      daily = await pages(target, ctx, '1d', dailyFrom, recentFrom);
    } catch (err) {
      // Older history is a bonus: a market without it still gets its recent hours.
      if (!(err instanceof VenueError) || err.code !== 'NOT_FOUND') throw err;
    }
  }
  return { raw: { hourly, daily } satisfies RawHistory, source: `/v1/markets/${target.platform_market_id}/timeseries?metric=chance&resolution=1h (last ${RECENT_DAYS} d) and 1d (before)` };
}

function parseHistory(raw: unknown): HistoryParseResult {
  const r = raw as Partial<RawHistory> | null;
  const all: Array<readonly [number, number]> = [];
  for (const [name, list] of [['hourly', r?.hourly], ['daily', r?.daily]] as const) {
    if (!Array.isArray(list)) return { ok: false, reason: `timeseries ${name} pages missing`, drift: [{ field: name, expected: 'array of pages', got: typeof list }] };
    for (const [i, p] of list.entries()) {
      const parsed = page.safeParse(p);
      if (!parsed.success) return { ok: false, reason: 'timeseries page is not {data:{series:[{x,y}]}, cursor}', drift: driftFromZod(parsed.error, p, `${name}.${i}.`) };
      for (const s of parsed.data.data.series) all.push([s.x, Math.round(s.y * 100) / 10_000]);
    }
  }
  // One point per time (hourly pages win over a daily point at the same second).
  const byTime = new Map<number, number>();
  for (const [t, p] of all.reverse()) byTime.set(t, p);
  return { ok: true, points: [...byTime.entries()].map(([t, p]) => [t, p] as const).sort((a, b) => a[0] - b[0]) };
}

/** Recorded mode: the real 1h capture of market 2880279 (SOURCES.md); nothing daily was recorded (404, tolerated). */
export const predictfunHistory: VenueHistory = {
  fetchHistory,
  parseHistory,
  recordedFile(u) {
    if (u.pathname !== '/v1/markets/2880279/timeseries' || u.searchParams.get('resolution') !== '1h') return null;
    return 'v1-markets-2880279-timeseries-chance-1h.synpath.json';
  },
};
