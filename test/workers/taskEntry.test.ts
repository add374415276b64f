import test from 'ava';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createWorkerPool } from '../../pipeline/process/workerPool.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NORMALIZE = new URL('../../pipeline/workers/normalize.worker.ts', import.meta.url);

test('a pool runs the task module export named by the caller, and its default export when none is named', async (t) => {
  const errors: Error[] = [];
  const pool = createWorkerPool(NORMALIZE, 1, 8, undefined, (err) => errors.push(err));
  try {
    // normalizeBatch of no tasks is no outcomes; normalize (the default) of a task for an unknown venue throws its message.
    t.deepEqual(await pool.run([], 'normalizeBatch'), []);
    const err = await t.throwsAsync(pool.run({ venue: 'nowhere', item_id: 'x', payload: {}, fetched_at: '2026-01-01T00:00:00Z' }));
    t.regex(err!.message, /unknown venue "nowhere"/);
    const missing = await t.throwsAsync(pool.run([], 'noSuchTask'));
    t.regex(missing!.message, /exports no task function noSuchTask/);
    t.deepEqual(errors, []);
  } finally {
    await pool.close();
  }
});

test('warming a pool up starts every thread and answers once each has loaded its task module', async (t) => {
  const pool = createWorkerPool(NORMALIZE, 4, 8);
  try {
    const threads = await pool.warmUp();
    t.is(threads.length, 4);
    t.is(new Set(threads).size, 4, 'four different threads, not the first ready ones twice');
    t.true(threads.every((id) => Number.isInteger(id) && id > 0));
    t.deepEqual(await pool.run([], 'normalizeBatch'), [], 'and the pool runs tasks after it');
  } finally {
    await pool.close();
  }
});

test('the worker entry loads a TypeScript task module in a process started without any TypeScript loader', async (t) => {
  // A plain `node` (no --import tsx, no NODE_OPTIONS): only the entry's own tsx registration can load the .ts module.
  const script = `
    import { createRequire } from 'node:module';
    const { Piscina } = createRequire(${JSON.stringify(`${ROOT}/package.json`)})('piscina');
    const pool = new Piscina({ filename: ${JSON.stringify(`${ROOT}/pipeline/workers/tsTaskEntry.mjs`)}, workerData: { concordTaskModule: ${JSON.stringify(NORMALIZE.href)} } });
    console.log(JSON.stringify(await pool.run({ name: 'normalizeBatch', task: [] })));
    await pool.close();
  `;
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let errOut = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (errOut += b.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  t.is(code, 0, errOut);
  t.is(out.trim(), '[]');
});
