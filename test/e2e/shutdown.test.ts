import test from 'ava';
import { request as httpRequest } from 'node:http';
import pino from 'pino';
import { startApiServer } from '../../api/server.ts';
import type { AppDeps } from '../../api/deps.ts';
import { loadConfig } from '../../shared/config.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import type { Collection, Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import { provisionDurable } from '../../pipeline/streams/provision.ts';
import { runConsumer, ACK } from '../../pipeline/streams/consume.ts';
import { startTestNats, silentLog } from '../support/nats.ts';
import { TEST_ENV } from '../auth/harness.ts';

/** A gate a test opens by hand, and a promise that says when something reached it. */
function gate() {
  let open!: () => void;
  let reached!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  const arrived = new Promise<void>((r) => (reached = r));
  return { opened, arrived, open, reach: () => reached() };
}

/** The SQLite store, except that reading the markets collection waits at the gate. */
function gatedStore(inner: DocumentStore, g: ReturnType<typeof gate>): DocumentStore {
  return {
    kind: inner.kind,
    ping: () => inner.ping(),
    close: () => inner.close(),
    replaceCollection: (...args) => inner.replaceCollection(...args),
    dropCollection: (...args) => inner.dropCollection(...args),
    collection<T extends Doc>(name: string): Collection<T> {
      const c = inner.collection<T>(name);
      if (name !== 'markets') return c;
      return {
        ...c,
        name: c.name,
        find: async (...args: Parameters<Collection<T>['find']>) => {
          g.reach();
          await g.opened;
          return c.find(...args);
        },
      };
    },
  };
}

/** A GET on a fresh connection (no keep-alive pool), resolving to the status or the connection error code. */
function getOnNewConnection(port: number, path: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.end();
  });
}

test('stopping the API refuses new connections at once and lets the request in flight finish before it resolves', async (t) => {
  const g = gate();
  const deps: AppDeps = {
    config: loadConfig({ ...TEST_ENV, LOG_LEVEL: 'silent' }),
    log: pino({ level: 'silent' }),
    store: gatedStore(openSqliteStore({ file: ':memory:' }), g),
    checkDependencies: async () => [{ name: 'store', ok: true }],
    publish: async () => undefined,
  };
  const server = await startApiServer(deps, 0, '127.0.0.1');
  const events: string[] = [];
  const inFlight = fetch(`http://127.0.0.1:${server.port}/api/v1/markets?limit=1`).then(async (res) => {
    events.push(`in-flight answered ${res.status} ${JSON.stringify(await res.json())}`);
  });
  await g.arrived;
  const stopped = server.stop().then(() => events.push('stop resolved'));
  events.push(`new connection: ${await getOnNewConnection(server.port, '/health')}`);
  events.push('gate opened');
  g.open();
  await Promise.all([inFlight, stopped]);
  t.deepEqual(events, [
    'new connection: ECONNREFUSED',
    'gate opened',
    'in-flight answered 200 {"data":[],"meta":{"count":0,"limit":1,"sort":"volume_24h","window":"24h","next_cursor":null}}',
    'stop resolved',
  ]);
  await deps.store.close();
});

test('stopping a consumer waits for the messages being handled, acks them, and takes no new one', async (t) => {
  const nats = await startTestNats();
  try {
    await provisionDurable(nats.conn.jsm, { stream: 'venues', durable: 't-drain', filterSubject: 'venues.health.drift', ackWaitMs: 60_000 });
    const g = gate();
    const events: string[] = [];
    let handling = 0;
    const loop = runConsumer({
      conn: nats.conn,
      stream: 'venues',
      durable: 't-drain',
      log: silentLog,
      concurrency: 3,
      handle: async (data) => {
        handling += 1;
        if (handling === 3) g.reach();
        await g.opened;
        events.push(`handled ${Buffer.from(data).toString()}`);
        return ACK;
      },
    });
    for (const n of [1, 2, 3]) await nats.conn.js.publish('venues.health.drift', String(n));
    await g.arrived;
    const stopped = loop.stop().then(() => events.push('stop resolved'));
    // Published after stop(): must stay in the stream for the next start.
    await nats.conn.js.publish('venues.health.drift', '4');
    events.push('gate opened');
    g.open();
    await stopped;
    t.deepEqual(events.slice(0, 1), ['gate opened']);
    t.deepEqual(events.slice(1, 4).sort(), ['handled 1', 'handled 2', 'handled 3']);
    t.is(events[4], 'stop resolved');
    t.is(events.length, 5, 'message 4 was not taken');
    const info = await nats.conn.jsm.consumers.info('VENUES', 't-drain');
    t.is(info.ack_floor.stream_seq, 3, 'the three handled messages were acked before stop resolved');
    t.is(info.num_pending + info.num_ack_pending, 1, 'message 4 is left to the next start');
  } finally {
    await nats.close();
  }
});
