import test from 'ava';
import { ViewBodyCache } from '../../api/http/viewBodyCache.ts';

/** A build that counts its calls and answers { n: <call number> }. */
function counter() {
  let calls = 0;
  return { build: async () => ({ n: ++calls }), calls: () => calls };
}

const text = (b: Buffer | null) => b?.toString('utf8') ?? null;

test('the same key at the same version is built once and served as the same bytes', async (t) => {
  const cache = new ViewBodyCache({ maxAgeMs: 1_000, now: () => 0 });
  const c = counter();
  t.is(text(await cache.get('k', 7, c.build)), '{"n":1}');
  t.is(text(await cache.get('k', 7, c.build)), '{"n":1}');
  t.is(c.calls(), 1);
});

test('a new read-model version is built afresh at once, whatever the age', async (t) => {
  const cache = new ViewBodyCache({ maxAgeMs: 60_000, now: () => 0 });
  const c = counter();
  await cache.get('k', 7, c.build);
  t.is(text(await cache.get('k', 8, c.build)), '{"n":2}');
  // A version going back (a read model reset for a rebuild) is a change too.
  t.is(text(await cache.get('k', 0, c.build)), '{"n":3}');
});

test('a body reaching maxAgeMs is built again even at the same version', async (t) => {
  let now = 1_000;
  const cache = new ViewBodyCache({ maxAgeMs: 500, now: () => now });
  const c = counter();
  await cache.get('k', 1, c.build);
  now = 1_499;
  t.is(text(await cache.get('k', 1, c.build)), '{"n":1}', '499 ms old: still served');
  now = 1_500;
  t.is(text(await cache.get('k', 1, c.build)), '{"n":2}', '500 ms old: rebuilt');
});

test('maxAgeMs 0 turns the cache off', async (t) => {
  const cache = new ViewBodyCache({ maxAgeMs: 0, now: () => 0 });
  const c = counter();
  await cache.get('k', 1, c.build);
  await cache.get('k', 1, c.build);
  t.is(c.calls(), 2);
  t.is(cache.size, 0);
});

test('concurrent requests for a missing key share one build', async (t) => {
  const cache = new ViewBodyCache({ maxAgeMs: 1_000, now: () => 0 });
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let calls = 0;
  const build = async () => {
    calls += 1;
    await gate;
    return { ok: true };
  };
  const answers = Promise.all([cache.get('k', 1, build), cache.get('k', 1, build), cache.get('k', 1, build)]);
  release();
  t.deepEqual((await answers).map(text), ['{"ok":true}', '{"ok":true}', '{"ok":true}']);
  t.is(calls, 1);
});

test('nothing found (null) and failed builds are not kept', async (t) => {
  const cache = new ViewBodyCache({ maxAgeMs: 1_000, now: () => 0 });
  t.is(await cache.get('missing', 1, async () => null), null);
  await t.throwsAsync(cache.get('broken', 1, async () => Promise.reject(new Error('store down'))), { message: 'store down' });
  t.is(cache.size, 0);
  t.is(text(await cache.get('broken', 1, async () => ({ back: 1 }))), '{"back":1}');
});

test('entries are bounded by count and by bytes, the oldest written leaving first', async (t) => {
  const byCount = new ViewBodyCache({ maxAgeMs: 1_000, maxEntries: 2, now: () => 0 });
  const c = counter();
  for (const k of ['a', 'b', 'c']) await byCount.get(k, 1, c.build);
  t.is(byCount.size, 2);
  t.is(text(await byCount.get('a', 1, c.build)), '{"n":4}', 'a was dropped and is built again');
  // Each body here is 7 bytes ({"n":1}); 20 bytes hold two.
  const byBytes = new ViewBodyCache({ maxAgeMs: 1_000, maxBytes: 20, now: () => 0 });
  const d = counter();
  for (const k of ['a', 'b', 'c']) await byBytes.get(k, 1, d.build);
  t.is(byBytes.size, 2);
  t.is(text(await byBytes.get('c', 1, d.build)), '{"n":3}', 'the newest is kept');
});

/** getFromText: a store whose document text the test sets, counting reads and builds. */
function textSource(initial: string | null) {
  let stored = initial;
  let reads = 0;
  let builds = 0;
  return {
    set: (t: string | null) => (stored = t),
    read: async () => (reads++, stored),
    build: (t: string) => (builds++, { data: JSON.parse(t) as unknown }),
    reads: () => reads,
    builds: () => builds,
  };
}

test('getFromText: past maxAgeMs the store is read again; the same text serves the kept bytes without a build', async (t) => {
  let now = 0;
  const cache = new ViewBodyCache({ maxAgeMs: 1_000, now: () => now });
  const s = textSource('{"a":1}');
  const first = await cache.getFromText('k', 7, s.read, s.build);
  t.is(text(first), '{"data":{"a":1}}');
  t.is(await cache.getFromText('k', 7, s.read, s.build), first);
  t.deepEqual([s.reads(), s.builds()], [1, 1]);
  now = 1_000;
  t.is(await cache.getFromText('k', 7, s.read, s.build), first, 'same text: the kept buffer');
  t.deepEqual([s.reads(), s.builds()], [2, 1], 'read again, not built');
  now = 1_999;
  await cache.getFromText('k', 7, s.read, s.build);
  t.is(s.reads(), 2, 'kept for another maxAgeMs from the re-read');
  now = 2_000;
  s.set('{"a":2}');
  t.is(text(await cache.getFromText('k', 7, s.read, s.build)), '{"data":{"a":2}}', 'a write the version cannot see shows at the bound');
  t.deepEqual([s.reads(), s.builds()], [3, 2]);
});

test('getFromText: a new version builds afresh; a missing document is null and not kept', async (t) => {
  const cache = new ViewBodyCache({ maxAgeMs: 60_000, now: () => 0 });
  const s = textSource('{"a":1}');
  await cache.getFromText('k', 7, s.read, s.build);
  s.set('{"a":3}');
  t.is(text(await cache.getFromText('k', 8, s.read, s.build)), '{"data":{"a":3}}');
  s.set(null);
  t.is(await cache.getFromText('k', 9, s.read, s.build), null);
  t.is(await cache.getFromText('k', 9, s.read, s.build), null);
  t.is(s.reads(), 4, 'a missing document is read again each time');
});
