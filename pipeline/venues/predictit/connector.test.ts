import test from 'ava';
import { pino } from 'pino';
import { VenueError } from '../../../shared/errors.ts';
import { createHttpClient } from '../../http/httpClient.ts';
import { createRecordedHttpClient } from '../../http/recordedHttpClient.ts';
import type { RawItem } from '../types.ts';
import { startRouteServer } from '../../../test/http/routeServer.ts';
import { predictitConnector } from './connector.ts';

const log = pino({ level: 'silent' });

test('the whole catalogue is one /all/ request; each market is one raw item', async (t) => {
  const http = createRecordedHttpClient({ connectors: [predictitConnector] });
  const pages: (readonly RawItem[])[] = [];
  for await (const page of predictitConnector.fetchCatalog({ http, log, signal: AbortSignal.timeout(10_000) })) pages.push(page);
  t.is(pages.length, 1);
  t.is(pages[0]?.length, 229);
  t.is(pages[0]?.find((i) => i.id === '8153')?.id, '8153');
});

test('the descriptor polls at most once a minute, one request at a time', (t) => {
  t.is(predictitConnector.descriptor.minPollIntervalMs, 60_000);
  t.is(predictitConnector.descriptor.maxConcurrency, 1);
});

test('a body without markets[] is SCHEMA_DRIFT', async (t) => {
  const server = await startRouteServer(() => ({ status: 200, body: { Markets: [] } }));
  try {
    const http = createHttpClient({ venues: [predictitConnector.descriptor], log, fetch: server.fetch, sleep: async () => undefined });
    const error = await t.throwsAsync(async () => {
      for await (const _ of predictitConnector.fetchCatalog({ http, log, signal: AbortSignal.timeout(10_000) })) void _;
    });
    t.true(error instanceof VenueError && error.code === 'SCHEMA_DRIFT');
    t.is(server.requests[0]?.pathname, '/api/marketdata/all/');
  } finally {
    await server.close();
  }
});
