import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VenueError } from '../../shared/errors.ts';
import type { HttpClient } from '../http/types.ts';
import type { WalletVenueModule } from './types.ts';

export const RECORDED_WALLETS_DIR = fileURLToPath(new URL('./recorded/', import.meta.url));

type RecordedIndex = Partial<Record<string, Record<string, string>>>;

/**
 * VENUE_SOURCE=recorded for the wallet tracker: each request is looked up in `recorded/index.json` by the
 * venue module's key (endpoint and identity), so a payload is served only for the address, account or
 * username it was recorded for. Anything else gets what the venue answers for a wallet it does not know
 * (an empty list, or its 404), so it reads as a wallet without activity there.
 */
export function createRecordedWalletHttp(modules: readonly WalletVenueModule[], dir = RECORDED_WALLETS_DIR): HttpClient {
  const index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as RecordedIndex;
  const bySlug = new Map<string, WalletVenueModule>(modules.map((m) => [m.slug, m]));
  const cache = new Map<string, unknown>();

  async function load(venue: string, file: string): Promise<unknown> {
    const root = path.resolve(dir, venue);
    const full = path.resolve(root, file);
    if (!full.startsWith(root + path.sep)) throw new VenueError(venue, 'BAD_REQUEST', `${venue}: recorded file "${file}" escapes ${root}`);
    if (!cache.has(full)) cache.set(full, JSON.parse(await readFile(full, 'utf8')) as unknown);
    return cache.get(full);
  }

  return {
    async getJson(venue, req) {
      if (req.signal?.aborted) throw req.signal.reason;
      const module = bySlug.get(venue);
      if (!module) throw new VenueError(venue, 'DISABLED', `${venue}: not a wallet-tracker venue`);
      const url = new URL(req.url);
      const key = module.recordedKey(url);
      const file = key === null ? undefined : index[venue]?.[key];
      if (file) return { status: 200, headers: { 'x-concord-recorded': file }, json: await load(venue, file) };
      const miss = module.recordedMiss(url);
      if (miss.status === 200) return { status: 200, headers: { 'x-concord-recorded': 'none' }, json: miss.json };
      throw new VenueError(venue, 'NOT_FOUND', `${venue} ${req.url} answered HTTP 404 (nothing recorded for it)`, { httpStatus: 404 });
    },
  };
}
