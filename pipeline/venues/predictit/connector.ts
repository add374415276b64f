import { z } from 'zod';
import { VenueError } from '../../../shared/errors.ts';
import type { FetchContext, RawItem, VenueConnector, VenueDescriptor } from '../types.ts';
import { rawIdOf } from '../drift.ts';

const API = 'https://www.predictit.org/api/marketdata';

const ENDPOINTS = { all: { path: '/all/', cost: 1 } } as const;

export const predictitDescriptor: VenueDescriptor = {
  slug: 'predictit',
  baseUrls: { api: API },
  endpoints: ENDPOINTS,
  // The feed refreshes about once a minute and is for non-commercial use: one call a minute.
  rateLimit: { tokensPerSecond: 1 / 60, burst: 1 },
  maxConcurrency: 1,
  minPollIntervalMs: 60_000,
};

const allMarkets = z.looseObject({ markets: z.array(z.unknown()) });

/** The whole catalogue is one payload (~230 markets); each market with its contracts is one raw item. */
async function* fetchCatalog(ctx: FetchContext): AsyncGenerator<readonly RawItem[]> {
  const res = await ctx.http.getJson('predictit', { url: `${API}${ENDPOINTS.all.path}`, cost: ENDPOINTS.all.cost, signal: ctx.signal });
  const body = allMarkets.safeParse(res.json);
  if (!body.success) throw new VenueError('predictit', 'SCHEMA_DRIFT', `PredictIt /all/ is not {markets: [...]}: ${body.error.message}`);
  yield body.data.markets.map((payload, i) => ({ id: rawIdOf(payload, `all#${i}`), payload }));
}

export const predictitConnector: VenueConnector = {
  descriptor: predictitDescriptor,
  fetchCatalog,
  recordedFile(u) {
    return u.pathname.replace(/\/+$/, '') === '/api/marketdata/all' ? 'marketdata-all.json' : null;
  },
};
