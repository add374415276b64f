import test from 'ava';
import { withAvailability } from '../../adapters/store/availability.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { StoreUnavailableError, type Collection, type Doc, type DocumentStore } from '../../shared/ports/documentStore.ts';
import { startTestApp } from '../support/app.ts';

/**
 * The availability guard (adapters/store/availability.ts): while the store is up, calls reach the adapter and
 * its answers and errors come back unchanged; an outage error becomes StoreUnavailableError and marks the store
 * down, after which writes (and MongoDB reads) fail at once until a probe succeeds. The API answers it with
 * the 503 envelope.
 */

const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

/** A collection whose every call is counted and scripted; a class with a private field, like a real adapter. */
class ScriptedCollection {
  readonly name = 'c';
  calls: string[] = [];
  next: (() => unknown) | null = null;
  #docs = new Map<string, Doc>([['a', { _id: 'a', v: 1 }]]);
  async get(id: string): Promise<Doc | null> {
    this.calls.push(`get ${id}`);
    if (this.next) return this.next() as Doc;
    return this.#docs.get(id) ?? null;
  }
  async put(doc: Doc): Promise<void> {
    this.calls.push(`put ${doc._id}`);
    if (this.next) this.next();
    this.#docs.set(doc._id, doc);
  }
  /** Not async: throws synchronously when scripted to. */
  count(): Promise<number> {
    this.calls.push('count');
    if (this.next) this.next();
    return Promise.resolve(this.#docs.size);
  }
}

function scriptedStore(kind: DocumentStore['kind']) {
  const c = new ScriptedCollection();
  let pingFails = false;
  const pings: number[] = [];
  const store = {
    kind,
    collection: () => c as unknown as Collection<Doc>,
    ping: async () => {
      pings.push(1);
      if (pingFails) throw busy();
    },
    replaceCollection: async () => undefined,
    dropCollection: async () => undefined,
    close: async () => undefined,
  } as DocumentStore;
  let clock = 1_000;
  const guarded = withAvailability(store, { probeIntervalMs: 100, now: () => clock });
  return {
    c,
    pings,
    guarded,
    advance: (ms: number) => (clock += ms),
    failPing: (fails: boolean) => (pingFails = fails),
  };
}

test('while up: answers, and errors that are not outages, come back unchanged; a synchronous throw is a rejection', async (t) => {
  const s = scriptedStore('sqlite');
  const col = s.guarded.collection<Doc & { v?: number }>('c');
  t.deepEqual(await col.get('a'), { _id: 'a', v: 1 });
  t.is(await col.get('b'), null);
  await col.put({ _id: 'b', v: 2 });
  t.is(await col.count(), 2);

  const wrong = new Error('no such column');
  s.c.next = () => Promise.reject(wrong);
  t.is(await t.throwsAsync(col.get('a')), wrong);
  s.c.next = () => {
    throw wrong;
  };
  const pending = col.count();
  t.true(pending instanceof Promise, 'a synchronous throw is returned as a rejection');
  t.is(await t.throwsAsync(pending), wrong);
  s.c.next = null;
  // Still up: nothing was marked down by ordinary errors.
  await col.put({ _id: 'c' });
  t.deepEqual(s.pings, []);
});

test('an outage marks the store down: writes fail at once until a probe succeeds; SQLite reads still reach the file', async (t) => {
  const s = scriptedStore('sqlite');
  const col = s.guarded.collection('c');
  s.c.next = () => {
    throw busy();
  };
  const first = await t.throwsAsync(col.put({ _id: 'x' }));
  t.true(first instanceof StoreUnavailableError);
  t.is((first!.cause as { code?: string }).code, 'SQLITE_BUSY');
  const syncOutage = await t.throwsAsync(col.count());
  t.true(syncOutage instanceof StoreUnavailableError, 'a synchronous outage error is mapped too');

  s.c.next = null;
  s.c.calls = [];
  t.true((await t.throwsAsync(col.put({ _id: 'y' }))) instanceof StoreUnavailableError);
  t.deepEqual(s.c.calls, [], 'a write while down does not reach the adapter');
  t.deepEqual(await col.get('a'), { _id: 'a', v: 1 }, 'an SQLite read is admitted while down');
  t.deepEqual(s.c.calls, ['get a']);

  // The probe is due after the interval; a failing probe keeps it down, a passing one lets the write through.
  s.advance(150);
  s.failPing(true);
  t.true((await t.throwsAsync(col.put({ _id: 'y' }))) instanceof StoreUnavailableError);
  t.is(s.pings.length, 1);
  t.deepEqual(s.c.calls, ['get a']);
  s.advance(150);
  s.failPing(false);
  await col.put({ _id: 'y' });
  t.is(s.pings.length, 2);
  t.deepEqual(s.c.calls, ['get a', 'put y']);
  await col.put({ _id: 'z' });
  t.is(s.pings.length, 2, 'up again: no more probes');
});

test('MongoDB: reads fail fast too while down', async (t) => {
  const s = scriptedStore('mongodb');
  const col = s.guarded.collection('c');
  s.c.next = () => Promise.reject(Object.assign(new Error('no primary'), { name: 'MongoServerSelectionError' }));
  t.true((await t.throwsAsync(col.get('a'))) instanceof StoreUnavailableError);
  s.c.next = null;
  s.c.calls = [];
  t.true((await t.throwsAsync(col.get('a'))) instanceof StoreUnavailableError);
  t.deepEqual(s.c.calls, []);
  s.advance(150);
  t.deepEqual(await col.get('a'), { _id: 'a', v: 1 });
});

test('the API answers a store outage with the 503 envelope and Retry-After, and serves again once it is back', async (t) => {
  const inner = openSqliteStore({ file: ':memory:' });
  let failing = false;
  const failable: DocumentStore = {
    kind: 'sqlite',
    collection: <T extends Doc>(name: string) => {
      const c = inner.collection<T>(name);
      return new Proxy(c, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver) as unknown;
          if (typeof value !== 'function') return value;
          return async (...args: unknown[]) => {
            if (failing) throw busy();
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    },
    ping: async () => {
      if (failing) throw busy();
      await inner.ping();
    },
    replaceCollection: (a, b) => inner.replaceCollection(a, b),
    dropCollection: (n) => inner.dropCollection(n),
    close: () => inner.close(),
  };
  const app = await startTestApp({ store: withAvailability(failable, { probeIntervalMs: 50 }) });
  try {
    t.is((await app.request('/api/v1/markets?limit=5')).status, 200);
    failing = true;
    for (const path of ['/api/v1/markets?limit=5', '/api/v1/markets?limit=6']) {
      const res = await app.request(path);
      t.is(res.status, 503);
      t.is(res.headers.get('retry-after'), '5');
      t.like(res.body, { status: 'SERVICE_UNAVAILABLE', message: 'The data store is unavailable right now; try again in a few seconds.' });
    }
    const write = await app.request('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'down@example.com', password: 'a long password 123', name: 'Down' }),
    });
    t.is(write.status, 503);
    t.like(write.body, { status: 'SERVICE_UNAVAILABLE' });
    failing = false;
    t.is((await app.request('/api/v1/markets?limit=7')).status, 200);
    await new Promise((r) => setTimeout(r, 60));
    const after = await app.request('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'up@example.com', password: 'a long password 123', name: 'Up' }),
    });
    t.is(after.status, 201);
  } finally {
    await app.close();
  }
});
