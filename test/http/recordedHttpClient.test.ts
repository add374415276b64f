import test from 'ava';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VenueError } from '../../shared/errors.ts';
import { createRecordedHttpClient } from '../../pipeline/http/recordedHttpClient.ts';
import { predictitConnector } from '../../pipeline/venues/predictit/connector.ts';
import { polymarketConnector } from '../../pipeline/venues/polymarket/connector.ts';

test('serves the file the connector maps the URL to', async (t) => {
  const http = createRecordedHttpClient({ connectors: [predictitConnector] });
  const res = await http.getJson('predictit', { url: 'https://www.predictit.org/api/marketdata/all/' });
  t.is(res.status, 200);
  t.is((res.json as { markets: unknown[] }).markets.length, 229);
});

test('a URL with nothing recorded is a NOT_FOUND VenueError with status 404', async (t) => {
  const http = createRecordedHttpClient({ connectors: [polymarketConnector] });
  const error = await t.throwsAsync(http.getJson('polymarket', { url: 'https://gamma-api.polymarket.com/events?limit=5' }));
  t.true(error instanceof VenueError);
  t.is((error as VenueError).code, 'NOT_FOUND');
  t.is((error as VenueError).httpStatus, 404);
  t.false((error as VenueError).retryable);
});

test('a venue without a registered connector is DISABLED', async (t) => {
  const http = createRecordedHttpClient({ connectors: [predictitConnector] });
  const error = await t.throwsAsync(http.getJson('manifold', { url: 'https://api.manifold.markets/v0/markets' }));
  t.is((error as VenueError).code, 'DISABLED');
});

test('a recorded file that is not JSON is MALFORMED_RESPONSE', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'concord-recorded-'));
  await mkdir(path.join(dir, 'predictit', 'recorded'), { recursive: true });
  await writeFile(path.join(dir, 'predictit', 'recorded', 'marketdata-all.json'), '{"markets": [');
  const http = createRecordedHttpClient({ connectors: [predictitConnector], venuesDir: dir });
  const error = await t.throwsAsync(http.getJson('predictit', { url: 'https://www.predictit.org/api/marketdata/all/' }));
  t.is((error as VenueError).code, 'MALFORMED_RESPONSE');
});
