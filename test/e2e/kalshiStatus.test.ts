import test from 'ava';
import { readFileSync } from 'node:fs';
import { startTestService } from '../support/service.ts';
import { startScriptedServer, type Script } from '../http/scriptedServer.ts';
import { createHttpClient } from '../../pipeline/http/index.ts';
import { kalshiConnector, kalshiDescriptor } from '../../pipeline/venues/kalshi/connector.ts';
import { silentLog } from '../support/nats.ts';

type Mode = 'ok' | 'drift' | 'down';
interface StatusRow {
  slug: string;
  name: string;
  state: string;
  last_success_at: string | null;
  markets_count: number;
  last_error: { code: string } | null;
  schema_drift_warnings: { platform_market_id: string; drift: { field: string; expected: string; got: string }[] }[];
}

const recorded = (file: string): unknown => JSON.parse(readFileSync(new URL(`../../pipeline/venues/kalshi/recorded/${file}`, import.meta.url), 'utf8')) as unknown;

/** Kalshi's host as the live service sees it: the recorded payloads, then a renamed price field, then an outage. */
function kalshiHost(mode: { current: Mode }) {
  return (url: URL): Script => {
    if (mode.current === 'down') return { status: 503, body: { error: 'service unavailable' } };
    const file = kalshiConnector.recordedFile(new URL(`https://api.elections.kalshi.com${url.pathname}${url.search}`));
    if (file === null) return { status: 404, body: { error: 'not found' } };
    const body = recorded(file) as { events?: Array<{ markets: Array<Record<string, unknown>> }> };
    if (mode.current === 'drift' && body.events?.[0]?.markets[0]?.ticker === 'KXELONMARS-99') {
      const copy = structuredClone(body) as typeof body;
      const market = copy.events![0]!.markets[0]!;
      market.yes_bid = 10;
      delete market.yes_bid_dollars;
      return { status: 200, body: copy };
    }
    return { status: 200, body };
  };
}

test.serial('Kalshi in /api/v1/platforms/status: ok after a live walk, degraded with the drifted field named, failing with its last data kept', async (t) => {
  const mode = { current: 'ok' as Mode };
  const host = await startScriptedServer(kalshiHost(mode));
  const http = createHttpClient({ venues: [kalshiDescriptor], log: silentLog, fetch: host.fetch, maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5 });
  const svc = await startTestService({ VENUES: 'kalshi', VENUE_SOURCE: 'live' }, undefined, { http });
  const kalshi = async () => ((await svc.get('/api/v1/platforms/status')).body as { data: StatusRow[] }).data.find((r) => r.slug === 'kalshi')!;
  try {
    await svc.service.ingestOnce();
    await svc.settle();
    const ok = await kalshi();
    t.is(ok.name, 'Kalshi');
    t.is(ok.state, 'ok');
    t.is(ok.markets_count, 34, '1 real market on page 1, 33 on the composed page 2');
    t.true(host.requests.every((u) => u.pathname !== '/trade-api/v2/events' || u.searchParams.get('mve_filter') === 'exclude'));

    mode.current = 'drift';
    await svc.service.ingestOnce();
    await svc.settle();
    const drifted = await kalshi();
    t.is(drifted.state, 'degraded');
    const warning = drifted.schema_drift_warnings.find((w) => w.platform_market_id === 'KXELONMARS-99');
    t.deepEqual(warning?.drift, [{ field: 'event.markets.0.yes_bid_dollars', expected: 'string', got: 'missing' }]);
    const elon = (await svc.get('/api/v1/markets?platform=kalshi&q=Elon')).body as { data: Array<{ outcomes: Array<{ price: number | null }> }> };
    t.is(elon.data[0]?.outcomes[0]?.price, 0.11, 'the drifted market keeps its last good price, never a zero');

    mode.current = 'down';
    await svc.service.ingestOnce();
    await svc.settle();
    const down = await kalshi();
    t.is(down.state, 'failing');
    t.is(down.last_error?.code, 'VENUE_UNAVAILABLE');
    t.is(down.last_success_at, drifted.last_success_at);
    t.is(down.markets_count, 34, 'its markets are still served');
  } finally {
    await svc.close();
    await host.close();
  }
});
