import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cosineSimilarity } from '../../shared/ports/embedder.ts';
import type { EmbedTask } from '../../pipeline/workers/embed.worker.ts';
import { createWorkerPool, type WorkerPool } from '../../pipeline/process/workerPool.ts';
import { TINY_DIMENSION, writeTinyModel } from '../support/tinyModel.ts';

let dir = '';
let modelPath = '';
let pool: WorkerPool;
const poolErrors: Error[] = [];
const embed = (task: EmbedTask) => pool.run<Float32Array[]>(task);

test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'concord-embed-worker-'));
  modelPath = join(dir, 'tiny');
  await writeTinyModel(modelPath);
  // The pool the linker uses (createWorkerPool: the .mjs entry loads the TypeScript module itself).
  pool = createWorkerPool(new URL('../../pipeline/workers/embed.worker.ts', import.meta.url), 2, 64, { modelPath, logLevel: 'silent' }, (err) => poolErrors.push(err));
});

test.after.always(async () => {
  await pool?.close();
  await rm(dir, { recursive: true, force: true });
});

test('a real Piscina pool returns one unit vector per title', async (t) => {
  const vectors = await embed({ texts: ['Will Bitcoin reach 100k?', 'Will Trump win the election?'], modelPath });
  t.is(vectors.length, 2);
  for (const v of vectors) {
    t.true(v instanceof Float32Array);
    t.is(v.length, TINY_DIMENSION);
    t.true(Math.abs(Math.hypot(...v) - 1) < 1e-5);
  }
  t.true(cosineSimilarity(vectors[0]!, vectors[1]!) < 0.3);
});

test('vectors arrive as views on one transferred buffer', async (t) => {
  const vectors = await embed({ texts: ['bitcoin', 'election', 'rain'], modelPath });
  t.is(vectors[0]!.buffer, vectors[2]!.buffer);
  t.is(vectors[0]!.buffer.byteLength, 3 * TINY_DIMENSION * 4);
});

test('concurrent tasks across threads agree with each other', async (t) => {
  const texts = ['btc above 100k', 'nba finals celtics', 'snow and rain'];
  const runs = await Promise.all(Array.from({ length: 6 }, () => embed({ texts, modelPath })));
  for (const run of runs) t.deepEqual(run.map((v) => Array.from(v)), runs[0]!.map((v) => Array.from(v)));
});

test('a malformed task is rejected with a message naming the field', async (t) => {
  const err = await t.throwsAsync(embed({ texts: [42], modelPath } as unknown as EmbedTask));
  t.regex(err!.message, /texts\.0/);
});

test('a missing model path fails the task, and the worker keeps serving others', async (t) => {
  const err = await t.throwsAsync(embed({ texts: ['x'], modelPath: join(dir, 'missing') }));
  t.regex(err!.message, /does not exist/);
  const ok = await embed({ texts: ['bitcoin'], modelPath });
  t.is(ok.length, 1);
});

test.after('no thread failed outside a task (e.g. loading its module)', (t) => {
  t.deepEqual(poolErrors.map((e) => e.message), []);
});
