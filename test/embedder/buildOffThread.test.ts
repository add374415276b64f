import test from 'ava';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { threadId } from 'node:worker_threads';
import pino from 'pino';
import { buildWinkModelOffThread } from '../../adapters/embedder/wordVectors/buildOffThread.ts';
import { writeMiniWink } from '../support/miniWink.ts';


function capturingLogger(): { logger: pino.Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink).child({ role: 'link' }), lines };
}

let dir = '';
test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'concord-offthread-'));
  await writeMiniWink(join(dir, 'mini.json'), [['the', [1, 0]], ['bitcoin', [0, 1]], ['election', [1, 1]]]);
});
test.after.always(() => rm(dir, { recursive: true, force: true }));

test('the model is built on a worker thread, so the caller keeps serving while it builds', async (t) => {
  const outDir = join(dir, 'model');
  const { logger, lines } = capturingLogger();
  const result = await buildWinkModelOffThread({ outDir, logger, sourcePath: join(dir, 'mini.json'), removeCommonComponent: false });
  t.is(result.status, 'built');
  t.not(result.threadId, threadId);
  t.true((await stat(join(outDir, 'onnx', 'model.onnx'))).isFile());
  // The thread's progress reaches the caller's logger with the caller's bindings.
  const built = lines.find((l) => l.msg === 'embedding model built');
  t.truthy(built, JSON.stringify(lines.map((l) => l.msg)));
  t.is(built!.role, 'link');
  t.is(built!.component, 'build-embedding-model');
  t.true(lines.some((l) => l.msg === 'reading word vectors' && l.progress === '100%'));
});

test('a build that fails on its thread rejects with the reason instead of hanging or crashing the caller', async (t) => {
  const { logger } = capturingLogger();
  const err = await t.throwsAsync(buildWinkModelOffThread({ outDir: join(dir, 'never'), logger, sourcePath: join(dir, 'missing.json') }));
  t.regex(err!.message, /embedding model build failed: .*ENOENT/);
});
