import { VenueError } from '../../shared/errors.ts';
import type { EndpointSpec, VenueDescriptor } from '../venues/types.ts';
import type { WalletFetchContext, WalletVenue } from './types.ts';

/** A URL on one of the descriptor's hosts with its query parameters. */
export function endpointUrl(descriptor: VenueDescriptor, host: string, path: string, params: Record<string, string> = {}): string {
  const base = descriptor.baseUrls[host];
  if (!base) throw new Error(`${descriptor.slug}: no base URL '${host}'`);
  const url = new URL(base.replace(/\/$/, '') + path);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export interface CallOptions {
  readonly method?: 'GET' | 'POST';
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** One call through the venue transport (token bucket, retries), cancelled with the venue's time budget. */
export async function call(ctx: WalletFetchContext, venue: WalletVenue, spec: EndpointSpec, url: string, options: CallOptions = {}): Promise<unknown> {
  const res = await ctx.http.getJson(venue, { url, cost: spec.cost, signal: ctx.signal, ...options });
  return res.json;
}

/** The venue itself answered 404 (not a transport miss): for several venues that means "no history". */
export function isVenue404(error: unknown): boolean {
  return error instanceof VenueError && error.httpStatus === 404;
}

/** The endpoint spec named `name` of a descriptor (they are declared together, so a miss is a bug). */
export function endpoint(descriptor: VenueDescriptor, name: string): EndpointSpec {
  const spec = descriptor.endpoints[name];
  if (!spec) throw new Error(`${descriptor.slug}: no endpoint '${name}'`);
  return spec;
}
