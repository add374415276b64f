import type { VenueDescriptor } from '../venues/types.ts';
import type { WalletVenueModule } from './types.ts';
import { call, endpoint, endpointUrl, isVenue404 } from './request.ts';
import { envelope } from './rows.ts';
import { limitlessPortfolioSchema, parseLimitlessPositions } from './parse/limitless.ts';
import { sortPositions } from './values.ts';

const descriptor: VenueDescriptor = {
  slug: 'limitless',
  baseUrls: { api: 'https://api.limitless.exchange' },
  endpoints: { positions: { path: '/portfolio/{account}/positions', cost: 1 } },
  // Undocumented (APIS.md §2; the SDKs retry on 429): a polite 2 requests/s.
  rateLimit: { tokensPerSecond: 2, burst: 4 },
  maxConcurrency: 2,
  minPollIntervalMs: 0,
};

/**
 * Positions only: Limitless publishes no per-address trade history (`/portfolio/history` answers for the
 * owner of a signed API token, not for an arbitrary address), so `history` is always empty here.
 * A wallet without history is a 404 there, read as an empty portfolio.
 */
export const limitlessWallet: WalletVenueModule = {
  slug: 'limitless',
  descriptor,
  identity: 'address',
  async fetch(id, ctx) {
    const spec = endpoint(descriptor, 'positions');
    let body: unknown;
    try {
      body = await call(ctx, 'limitless', spec, endpointUrl(descriptor, 'api', spec.path.replace('{account}', id.address)));
    } catch (error) {
      if (isVenue404(error)) return { positions: [], history: [], skipped: [] };
      throw error;
    }
    const parsed = parseLimitlessPositions(envelope('limitless', limitlessPortfolioSchema, body, '/portfolio/{account}/positions'));
    return { positions: sortPositions(parsed.positions), history: [], skipped: parsed.skipped };
  },
  recordedKey(url) {
    const m = /^\/portfolio\/(0x[0-9a-fA-F]{40})\/positions$/.exec(url.pathname);
    return m ? `positions ${m[1]!.toLowerCase()}` : null;
  },
  recordedMiss: () => ({ status: 404 }),
};
