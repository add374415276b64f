import { VenueError } from '../../shared/errors.ts';
import type { VenueDescriptor } from '../venues/types.ts';
import type { WalletFetchContext, WalletVenueModule } from './types.ts';
import { call, endpoint, endpointUrl } from './request.ts';
import { envelope } from './rows.ts';
import { parsePredictfunMatches, parsePredictfunPositions, predictfunPageSchema } from './parse/predictfun.ts';
import { sortHistory, sortPositions } from './values.ts';

const descriptor: VenueDescriptor = {
  slug: 'predictfun',
  baseUrls: { api: 'https://api.predict.fun' },
  endpoints: {
    positions: { path: '/v1/positions/{address}', cost: 1 },
    matches: { path: '/v1/orders/matches', cost: 1 },
  },
  // 240 requests / minute per API key on mainnet (APIS.md §8).
  rateLimit: { tokensPerSecond: 4, burst: 8 },
  maxConcurrency: 3,
  minPollIntervalMs: 0,
  apiKeyEnv: 'PREDICTFUN_API_KEY',
};

/** Position pages of 100 followed up to 5 pages; 50 most recent fills per role. */
export const PREDICTFUN_LIMITS = { pageSize: 100, maxPages: 5, matches: 50 } as const;

async function positionRows(ctx: WalletFetchContext, address: string, headers: Record<string, string>): Promise<unknown[]> {
  const spec = endpoint(descriptor, 'positions');
  const rows: unknown[] = [];
  const seen = new Set<string>();
  let after: string | null = null;
  for (let page = 0; page < PREDICTFUN_LIMITS.maxPages; page++) {
    const params: Record<string, string> = { first: String(PREDICTFUN_LIMITS.pageSize) };
    if (after) params.after = after;
    const body = await call(ctx, 'predictfun', spec, endpointUrl(descriptor, 'api', spec.path.replace('{address}', address), params), { headers });
    const p = envelope('predictfun', predictfunPageSchema, body, '/v1/positions/{address}');
    rows.push(...p.data);
    // Wrong paging parameters are silently ignored there (APIS.md §8): a repeated cursor ends the walk.
    if (!p.cursor || seen.has(p.cursor) || p.data.length < PREDICTFUN_LIMITS.pageSize) break;
    seen.add(p.cursor);
    after = p.cursor;
  }
  return rows;
}

async function matchRows(ctx: WalletFetchContext, address: string, maker: boolean, headers: Record<string, string>): Promise<unknown[]> {
  const spec = endpoint(descriptor, 'matches');
  const params = { signerAddress: address, isSignerMaker: String(maker), first: String(PREDICTFUN_LIMITS.matches) };
  const body = await call(ctx, 'predictfun', spec, endpointUrl(descriptor, 'api', spec.path, params), { headers });
  return envelope('predictfun', predictfunPageSchema, body, '/v1/orders/matches').data;
}

/**
 * Mainnet needs an API key on every request (PREDICTFUN_API_KEY). Positions by address, and the fills the
 * address signed, asked once as maker and once as taker as the venue's clients do. The address is sent
 * checksummed (one client reports that `signerAddress` needs it).
 */
export const predictfunWallet: WalletVenueModule = {
  slug: 'predictfun',
  descriptor,
  identity: 'address',
  async fetch(id, ctx) {
    if (!ctx.apiKey) {
      throw new VenueError('predictfun', 'DISABLED', 'Predict.fun answers only requests with an API key; the operator has not set PREDICTFUN_API_KEY');
    }
    const headers = { 'x-api-key': ctx.apiKey };
    const [rows, asMaker, asTaker] = await Promise.all([
      positionRows(ctx, id.address, headers),
      matchRows(ctx, id.address, true, headers),
      matchRows(ctx, id.address, false, headers),
    ]);
    const held = parsePredictfunPositions(rows);
    const fills = parsePredictfunMatches([...asMaker, ...asTaker], id.address);
    return { positions: sortPositions(held.positions), history: sortHistory(fills.history), skipped: [...held.skipped, ...fills.skipped] };
  },
  recordedKey(url) {
    const m = /^\/v1\/positions\/(0x[0-9a-fA-F]{40})$/.exec(url.pathname);
    if (m) return `positions ${m[1]!.toLowerCase()}`;
    const signer = url.searchParams.get('signerAddress');
    if (url.pathname === '/v1/orders/matches' && signer) return `matches ${signer.toLowerCase()} maker=${url.searchParams.get('isSignerMaker')}`;
    return null;
  },
  recordedMiss: () => ({ status: 200, json: { success: true, data: [], cursor: null } }),
};
