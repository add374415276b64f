import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { VenueError } from '../../shared/errors.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { VenueConnector } from '../venues/types.ts';
import type { HttpClient } from './types.ts';

export interface RecordedHttpClientOptions {
  readonly connectors: readonly VenueConnector[];
  /** Folder holding `<slug>/recorded/`; defaults to `pipeline/venues/`. */
  readonly venuesDir?: string;
}

const DEFAULT_VENUES_DIR = fileURLToPath(new URL('../venues/', import.meta.url));

/**
 * VENUE_SOURCE=recorded: serves the payloads recorded under `pipeline/venues/<slug>/recorded/`.
 * Each connector maps a request URL to its file, so the same connector code pages through the
 * recorded catalogue exactly as it would through the live one. No throttling: nothing leaves
 * the machine.
 */
export function createRecordedHttpClient(opts: RecordedHttpClientOptions): HttpClient {
  const venuesDir = opts.venuesDir ?? DEFAULT_VENUES_DIR;
  const bySlug = new Map<VenueSlug, VenueConnector>(opts.connectors.map((c) => [c.descriptor.slug, c]));
  const cache = new Map<string, unknown>();

  async function load(venue: VenueSlug, file: string, url: string): Promise<unknown> {
    const dir = path.join(venuesDir, venue, 'recorded');
    const full = path.resolve(dir, file);
    if (!full.startsWith(dir + path.sep)) {
      throw new VenueError(venue, 'BAD_REQUEST', `${venue}: recorded file "${file}" for ${url} escapes ${dir}`);
    }
    if (cache.has(full)) return cache.get(full);
    let text: string;
    try {
      text = await readFile(full, 'utf8');
    } catch (cause) {
      throw new VenueError(venue, 'NOT_FOUND', `${venue}: recorded file ${full} for ${url} cannot be read`, { cause, httpStatus: 404 });
    }
    let json: unknown;
    try {
      json = JSON.parse(text) as unknown;
    } catch (cause) {
      throw new VenueError(venue, 'MALFORMED_RESPONSE', `${venue}: recorded file ${full} is not JSON`, { cause, httpStatus: 200 });
    }
    cache.set(full, json);
    return json;
  }

  return {
    async getJson(venue, req) {
      const connector = bySlug.get(venue);
      if (!connector) throw new VenueError(venue, 'DISABLED', `${venue}: no connector registered with the recorded HTTP client`);
      if (req.signal?.aborted) throw req.signal.reason;
      let url: URL;
      try {
        url = new URL(req.url);
      } catch (cause) {
        throw new VenueError(venue, 'BAD_REQUEST', `${venue}: "${req.url}" is not a URL`, { cause });
      }
      const file = connector.recordedFile(url);
      if (file === null) {
        throw new VenueError(venue, 'NOT_FOUND', `${venue}: nothing recorded for ${req.url}`, { httpStatus: 404 });
      }
      return { status: 200, headers: { 'content-type': 'application/json', 'x-concord-recorded': file }, json: await load(venue, file, req.url) };
    },
  };
}
