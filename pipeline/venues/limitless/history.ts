import { z } from 'zod';
import { VenueError } from '../../../shared/errors.ts';
import type { FetchContext, HistoryFetch, HistoryParseResult, HistoryTarget, VenueHistory } from '../types.ts';
import { driftFromZod } from '../drift.ts';
import { limitlessDescriptor } from './connector.ts';

const API = limitlessDescriptor.baseUrls.api as string;
const COST = 1;

/*
 * `GET /markets/{slug}/historical-price?interval=1h|6h|1d|1w|1m|all` (APIS.md §2; recorded/historical-price.*.json):
 * {"title":"BTC Up or Down Daily","prices":[{"timestamp":"1791366122000","price":0.037}, ...],"marketStatus":"FUNDED"}
 * Newest first; `timestamp` is unix ms sent as a string; `price` the YES price 0-1 (legacy AMM markets quote
 * percent elsewhere, so a series above 1 is read as percent). No volume.
 */
const historical = z.looseObject({
  prices: z.array(z.object({ timestamp: z.union([z.string().regex(/^\d+$/), z.number().int()]).transform(Number), price: z.number().min(0).max(100) })),
});

interface RawHistory {
  readonly week: unknown;
  readonly all: unknown;
}

const url = (slug: string, interval: string) => `${API}/markets/${encodeURIComponent(slug)}/historical-price?interval=${interval}`;

async function fetchHistory(target: HistoryTarget, ctx: FetchContext): Promise<HistoryFetch> {
  const get = async (interval: string) => (await ctx.http.getJson('limitless', { url: url(target.platform_market_id, interval), cost: COST, signal: ctx.signal })).json;
  // The last week at the venue's finer spacing, and the whole life at whatever spacing `all` gives.
  const week = await get('1w');
  // The whole life is a bonus: a refusal there keeps the last week.
  let all: unknown = { prices: [] };
  try {
    all = await get('all');
  } catch (err) {
    if (!(err instanceof VenueError) || (err.code !== 'NOT_FOUND' && err.code !== 'BAD_REQUEST')) throw err;
  }
  return { raw: { week, all } satisfies RawHistory, source: `/markets/${target.platform_market_id}/historical-price?interval=1w and interval=all` };
}

function points(parsed: z.infer<typeof historical>): Array<readonly [number, number]> {
  const percent = parsed.prices.some((p) => p.price > 1);
  return parsed.prices.map((p) => [Math.floor(p.timestamp / 1000), percent ? p.price / 100 : p.price] as const);
}

function parseHistory(raw: unknown): HistoryParseResult {
  const r = raw as Partial<RawHistory> | null;
  const week = historical.safeParse(r?.week);
  const all = historical.safeParse(r?.all);
  if (!week.success) return { ok: false, reason: 'historical-price (1w) is not {prices:[{timestamp,price}]}', drift: driftFromZod(week.error, r?.week, 'week.') };
  if (!all.success) return { ok: false, reason: 'historical-price (all) is not {prices:[{timestamp,price}]}', drift: driftFromZod(all.error, r?.all, 'all.') };
  const recent = points(week.data);
  const firstRecent = recent.length > 0 ? Math.min(...recent.map(([t]) => t)) : Number.POSITIVE_INFINITY;
  const merged = [...points(all.data).filter(([t]) => t < firstRecent), ...recent];
  return { ok: true, points: merged.sort((a, b) => a[0] - b[0]) };
}

/** Recorded mode: the one real capture (the interval preset it was taken with was not recorded: served for any). */
const RECORDED: Readonly<Record<string, string>> = {
  'btc-up-or-down-daily-p-1791308105925': 'historical-price.btc-up-or-down-daily-p-1791308105925.synpath.json',
};

export const limitlessHistory: VenueHistory = {
  fetchHistory,
  parseHistory,
  recordedFile(u) {
    const m = /^\/markets\/([^/]+)\/historical-price$/.exec(u.pathname);
    return m ? (RECORDED[decodeURIComponent(m[1] as string)] ?? null) : null;
  },
};
