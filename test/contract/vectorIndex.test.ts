/**
 * VectorIndex contract: every adapter available here must pass the same behaviours.
 * Embedded runs in both modes (exact scan, usearch HNSW); Qdrant runs when QDRANT_URL is set.
 * The Qdrant adapter is also checked offline against recorded REST exchanges (test/fixtures/qdrant).
 */
import test from 'ava';
import { readFile } from 'node:fs/promises';
import { type IncomingMessage, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { type EmbeddedVectorIndex, createEmbeddedVectorIndex } from '../../adapters/vector/embeddedVectorIndex.ts';
import { createVectorIndex } from '../../adapters/vector/createVectorIndex.ts';
import { createQdrantVectorIndex } from '../../adapters/vector/qdrantVectorIndex.ts';
import { uuidFromName } from '../../shared/ids.ts';
import { reportContractNotRun } from '../support/notRun.ts';
import { gauss, rng } from '../support/seededRandom.ts';
import { type VectorIndex, VectorIndexError, type VectorItem, payloadMatches } from '../../shared/ports/vectorIndex.ts';

const logger = pino({ level: 'silent' });
const DIM = 64;
const VENUES = ['polymarket', 'kalshi', 'manifold', 'predictit', 'limitless', 'myriad', 'sxbet'];
const CATEGORIES = ['crypto', 'politics', 'sports', 'economics'];


/** n vectors around `clusters` random centres, like titles around recurring topics. */
function clusteredItems(n: number, clusters: number, seed: number): VectorItem[] {
  const r = rng(seed);
  const centres = Array.from({ length: clusters }, () => Float32Array.from({ length: DIM }, () => gauss(r)));
  return Array.from({ length: n }, (_, i) => {
    const c = centres[i % clusters]!;
    const vector = Float32Array.from(c, (x) => x + 0.6 * gauss(r));
    const dated = r() < 0.8;
    return {
      id: uuidFromName(`vec:${seed}:${i}`),
      vector,
      payload: {
        venue: VENUES[Math.floor(r() * VENUES.length)]!,
        category: CATEGORIES[i % CATEGORIES.length]!,
        end_time_ms: dated ? 1_735_689_600_000 + Math.floor(r() * 365) * 86_400_000 : null,
        title: `item ${i}`,
      },
    };
  });
}

function cosine(a: Float32Array, b: Float32Array): number {
  let d = 0, na = 0, nb = 0;
  for (let i = 0; i < a.length; i++) { d += a[i]! * b[i]!; na += a[i]! * a[i]!; nb += b[i]! * b[i]!; }
  return d / Math.sqrt(na * nb);
}

/** Ground truth by brute force, independent of the adapters' code. */
function exactTopK(items: readonly VectorItem[], q: Float32Array, k: number, accept = (_: VectorItem) => true): string[] {
  return items.filter(accept).map((it) => ({ id: it.id, s: cosine(q, it.vector) })).sort((a, b) => b.s - a.s).slice(0, k).map((x) => x.id);
}

function axis(i: number, scale = 1): Float32Array {
  const v = new Float32Array(DIM);
  v[i] = scale;
  return v;
}

interface Adapter {
  readonly name: string;
  readonly create: (tag: string) => VectorIndex;
  /** For the embedded adapter: the search mode the configuration must produce. */
  readonly mode?: 'exact' | 'hnsw';
}

const adapters: Adapter[] = [
  { name: 'embedded exact', mode: 'exact', create: () => createEmbeddedVectorIndex({ dimension: DIM, logger, hnswThreshold: Number.MAX_SAFE_INTEGER }) },
  { name: 'embedded hnsw', mode: 'hnsw', create: () => createEmbeddedVectorIndex({ dimension: DIM, logger, hnswThreshold: 0 }) },
];
const qdrantUrl = process.env.QDRANT_URL;
if (qdrantUrl) {
  adapters.push({
    name: 'qdrant',
    create: (tag) => createQdrantVectorIndex({ url: qdrantUrl, apiKey: process.env.QDRANT_API_KEY, modelId: `contract_${tag}_${Date.now()}`, dimension: DIM, logger }),
  });
} else {
  reportContractNotRun('Qdrant', 'QDRANT_URL', 'http://localhost:6333');
}

for (const adapter of adapters) {
  const title = (s: string) => `${adapter.name}: ${s}`;

  test(title('nearest vectors come back best first with cosine scores and payloads'), async (t) => {
    const index = adapter.create('nearest');
    await index.upsert([
      { id: uuidFromName('a'), vector: axis(0, 3), payload: { venue: 'kalshi', category: 'crypto', end_time_ms: 1, title: 'A' } },
      { id: uuidFromName('b'), vector: Float32Array.from(axis(0), (x, i) => (i === 1 ? 1 : x)), payload: { venue: 'kalshi', category: 'crypto', end_time_ms: null } },
      { id: uuidFromName('c'), vector: axis(2), payload: { venue: 'polymarket', category: 'politics', end_time_ms: 5 } },
    ]);
    t.is(await index.count(), 3);
    const hits = await index.search(axis(0), { k: 2 });
    t.deepEqual(hits.map((h) => h.id), [uuidFromName('a'), uuidFromName('b')]);
    t.true(Math.abs(hits[0]!.score - 1) < 1e-5);
    t.true(Math.abs(hits[1]!.score - Math.SQRT1_2) < 1e-5);
    t.deepEqual(hits[0]!.payload, { venue: 'kalshi', category: 'crypto', end_time_ms: 1, title: 'A' });
    await index.close();
  });

  test(title('upsert replaces vector and payload of an existing id'), async (t) => {
    const index = adapter.create('replace');
    const id = uuidFromName('r');
    await index.upsert([{ id, vector: axis(0), payload: { venue: 'kalshi', category: 'crypto', end_time_ms: null } }]);
    await index.upsert([{ id, vector: axis(1), payload: { venue: 'manifold', category: 'sports', end_time_ms: 7 } }]);
    t.is(await index.count(), 1);
    const [hit] = await index.search(axis(1), { k: 1 });
    t.is(hit!.id, id);
    t.true(hit!.score > 0.999);
    t.is(hit!.payload.venue, 'manifold');
    await index.close();
  });

  test(title('remove deletes ids and ignores unknown ones'), async (t) => {
    const index = adapter.create('remove');
    await index.upsert([0, 1, 2].map((i) => ({ id: uuidFromName(`rm${i}`), vector: axis(i), payload: { venue: 'kalshi', category: 'crypto', end_time_ms: null } })));
    await index.remove([uuidFromName('rm1'), uuidFromName('never')]);
    t.is(await index.count(), 2);
    const hits = await index.search(axis(1), { k: 3 });
    t.false(hits.some((h) => h.id === uuidFromName('rm1')));
    await index.close();
  });

  test(title('filters on venue, venue list, category and end-time range are honoured'), async (t) => {
    const index = adapter.create('filters');
    const items = clusteredItems(600, 12, 7);
    await index.upsert(items);
    const q = items[3]!.vector;
    const filters = [
      { venue_ne: 'kalshi' },
      { venues: ['manifold', 'sxbet'] },
      { category: 'politics' },
      { end_time_from_ms: 1_750_000_000_000, end_time_to_ms: 1_760_000_000_000 },
      { venue_ne: 'polymarket', category: 'crypto', end_time_from_ms: 1_740_000_000_000 },
    ];
    for (const filter of filters) {
      const hits = await index.search(q, { k: 10, filter });
      t.is(hits.length, 10, JSON.stringify(filter));
      t.true(hits.every((h) => payloadMatches(h.payload, filter)), JSON.stringify(filter));
      const truth = exactTopK(items, q, 10, (it) => payloadMatches(it.payload, filter));
      const overlap = hits.filter((h) => truth.includes(h.id)).length;
      t.true(overlap >= 9, `${JSON.stringify(filter)}: ${overlap}/10 of the exact filtered top 10`);
    }
    await index.close();
  });

  test(title('bad input is refused with a typed error, never stored'), async (t) => {
    const index = adapter.create('invalid');
    const ok = { venue: 'kalshi', category: 'crypto', end_time_ms: null };
    const code = async (p: Promise<unknown>) => ((await t.throwsAsync(p)) as VectorIndexError).code;
    t.is(await code(index.upsert([{ id: uuidFromName('x'), vector: new Float32Array(DIM - 1).fill(1), payload: ok }])), 'INVALID_VECTOR');
    t.is(await code(index.upsert([{ id: uuidFromName('x'), vector: new Float32Array(DIM), payload: ok }])), 'INVALID_VECTOR');
    t.is(await code(index.upsert([{ id: uuidFromName('x'), vector: axis(0, Number.NaN), payload: ok }])), 'INVALID_VECTOR');
    t.is(await code(index.upsert([{ id: 'not-a-uuid', vector: axis(0), payload: ok }])), 'INVALID_ID');
    t.is(await code(index.search(axis(0), { k: 0 })), 'INVALID_OPTIONS');
    t.is(await code(index.search(new Float32Array(DIM), { k: 3 })), 'INVALID_VECTOR');
    t.is(await index.count(), 0);
    await index.close();
  });

  test(title('recall@10 against exact search is at least 0.95 on 5k clustered vectors'), async (t) => {
    const index = adapter.create('recall');
    const items = clusteredItems(5000, 50, 42);
    for (let i = 0; i < items.length; i += 1000) await index.upsert(items.slice(i, i + 1000));
    t.is(await index.count(), 5000);
    if (adapter.mode) t.is((index as EmbeddedVectorIndex).mode, adapter.mode);
    const r = rng(99);
    let found = 0;
    const queries = 200;
    for (let qi = 0; qi < queries; qi++) {
      const base = items[Math.floor(r() * items.length)]!.vector;
      const q = Float32Array.from(base, (x) => x + 0.2 * gauss(r));
      const truth = exactTopK(items, q, 10);
      const hits = await index.search(q, { k: 10 });
      found += hits.filter((h) => truth.includes(h.id)).length;
    }
    const recall = found / (queries * 10);
    t.log(`recall@10 = ${recall.toFixed(4)}`);
    t.true(recall >= 0.95, `recall@10 = ${recall}`);
    await index.close();
  });
}

test('embedded index switches to HNSW past the threshold and back to exact when it shrinks', async (t) => {
  const index = createEmbeddedVectorIndex({ dimension: DIM, logger, hnswThreshold: 100 });
  const items = clusteredItems(150, 5, 3);
  await index.upsert(items.slice(0, 100));
  t.is(index.mode, 'exact');
  await index.upsert(items.slice(100));
  t.is(index.mode, 'hnsw');
  const [hit] = await index.search(items[120]!.vector, { k: 1 });
  t.is(hit!.id, items[120]!.id);
  await index.remove(items.slice(0, 110).map((i) => i.id));
  t.is(index.mode, 'exact');
  t.is(await index.count(), 40);
  const [again] = await index.search(items[120]!.vector, { k: 1 });
  t.is(again!.id, items[120]!.id);
});

test('embedded HNSW answers a very selective filter exactly (falls back to a scan)', async (t) => {
  const index = createEmbeddedVectorIndex({ dimension: DIM, logger, hnswThreshold: 0 });
  const items = clusteredItems(3000, 30, 11);
  const rare = items.map((it, i) => (i % 500 === 0 ? { ...it, payload: { ...it.payload, venue: 'drift' } } : it));
  await index.upsert(rare);
  const hits = await index.search(items[1]!.vector, { k: 5, filter: { venues: ['drift'] } });
  t.deepEqual(hits.map((h) => h.id), exactTopK(rare, items[1]!.vector, 5, (it) => it.payload.venue === 'drift'));
});

test('a closed embedded index rejects calls', async (t) => {
  const index = createEmbeddedVectorIndex({ dimension: DIM, logger });
  await index.close();
  t.is(((await t.throwsAsync(index.count())) as VectorIndexError).code, 'CLOSED');
});

// ---- Qdrant adapter against recorded REST exchanges -------------------------------------------

interface Exchange {
  request: { method: string; path: string; body: unknown };
  response: { status: number; body: unknown };
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? null : (JSON.parse(text) as unknown);
}

/** Serves the recorded exchanges in order and keeps what the client actually sent. */
async function replay(fixture: string) {
  const { exchanges } = JSON.parse(await readFile(new URL(`../fixtures/qdrant/${fixture}`, import.meta.url), 'utf8')) as { exchanges: Exchange[] };
  const received: Array<{ method: string; path: string; body: unknown }> = [];
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      received.push({ method: req.method ?? '', path: req.url ?? '', body });
      const next = exchanges[received.length - 1];
      const reply = next ?? { response: { status: 599, body: { status: { error: 'unexpected request' } } } };
      res.writeHead(reply.response.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.response.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url, received, expected: exchanges.map((e) => e.request), close };
}

const qdrantIds: readonly [string, string, string] = ['0b6e1c52-4f1e-5a8b-9c3d-1e2f3a4b5c6d', '1c7f2d63-5a2f-5b9c-8d4e-2f3a4b5c6d7e', '2d803e74-6b30-5cad-ae5f-3a4b5c6d7e8f'];
const tiny = (url: string) => createQdrantVectorIndex({ url, modelId: 'tiny', dimension: 4, logger });

test('qdrant (recorded): first use creates the collection and indexes; upsert, filtered query, delete, count', async (t) => {
  const server = await replay('lifecycle.json');
  const index = tiny(server.url);
  await index.upsert([
    { id: qdrantIds[0], vector: Float32Array.of(1, 0, 0, 0), payload: { venue: 'polymarket', category: 'crypto', end_time_ms: 1767225600000 } },
    { id: qdrantIds[1], vector: Float32Array.of(0.5, 0.5, 0.5, 0.5), payload: { venue: 'kalshi', category: 'crypto', end_time_ms: 1767225600000 } },
    { id: qdrantIds[2], vector: Float32Array.of(0, 0, 1, 0), payload: { venue: 'manifold', category: 'politics', end_time_ms: null } },
  ]);
  const hits = await index.search(Float32Array.of(1, 0, 0, 0), { k: 2, filter: { venue_ne: 'polymarket', category: 'crypto', end_time_from_ms: 1735689600000 } });
  await index.remove([qdrantIds[2]]);
  const count = await index.count();
  await server.close();
  t.deepEqual(server.received, server.expected);
  t.deepEqual(hits, [{ id: qdrantIds[1], score: 0.5, payload: { venue: 'kalshi', category: 'crypto', end_time_ms: 1767225600000 } }]);
  t.is(count, 2);
});

test('qdrant (recorded): an existing collection of the right size is reused', async (t) => {
  const server = await replay('existing-collection.json');
  const hits = await tiny(server.url).search(Float32Array.of(0, 0, 1, 0), { k: 1 });
  await server.close();
  t.deepEqual(server.received, server.expected);
  t.is(hits[0]!.id, qdrantIds[2]);
  t.is(hits[0]!.payload.end_time_ms, null);
});

test('qdrant (recorded): a collection of another dimension is refused with a clear error', async (t) => {
  const server = await replay('dimension-mismatch.json');
  const err = (await t.throwsAsync(tiny(server.url).count())) as VectorIndexError;
  await server.close();
  t.deepEqual(server.received, server.expected);
  t.is(err.code, 'BACKEND_ERROR');
  t.regex(err.message, /holds 8-d vectors, expected 4/);
});

test('qdrant (recorded): a server error becomes a retryable BACKEND_UNAVAILABLE', async (t) => {
  const server = await replay('server-error.json');
  const err = (await t.throwsAsync(tiny(server.url).search(Float32Array.of(1, 0, 0, 0), { k: 3 }))) as VectorIndexError;
  await server.close();
  t.deepEqual(server.received, server.expected);
  t.is(err.code, 'BACKEND_UNAVAILABLE');
  t.regex(err.message, /HTTP 500.*task 71 panicked/);
});

test('qdrant: an unreachable server is reported, not thrown raw', async (t) => {
  const index = createQdrantVectorIndex({ url: 'http://127.0.0.1:9', modelId: 'tiny', dimension: 4, logger, timeoutMs: 2000 });
  const err = (await t.throwsAsync(index.count())) as VectorIndexError;
  t.true(err instanceof VectorIndexError);
  t.is(err.code, 'BACKEND_UNAVAILABLE');
});

test('createVectorIndex picks Qdrant when QDRANT_URL is set and the embedded index otherwise', (t) => {
  const embedded = createVectorIndex({ config: { QDRANT_URL: undefined, QDRANT_API_KEY: undefined }, modelId: 'm', dimension: 4, logger });
  t.is(embedded.kind, 'embedded');
  const qdrant = createVectorIndex({ config: { QDRANT_URL: 'http://127.0.0.1:6333', QDRANT_API_KEY: undefined }, modelId: 'm', dimension: 4, logger });
  t.is(qdrant.kind, 'qdrant');
  t.is(qdrant.dimension, 4);
});
