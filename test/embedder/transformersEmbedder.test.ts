import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createTransformersEmbedder } from '../../adapters/embedder/transformersEmbedder.ts';
import { type Embedder, EmbedderError, cosineSimilarity, isZeroVector } from '../../shared/ports/embedder.ts';
import { TINY_DIMENSION, writeTinyModel, writeUnmaskedTinyModel } from '../support/tinyModel.ts';

const logger = pino({ level: 'silent' });
let dir = '';
let embedder: Embedder;

test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'concord-embedder-'));
  await writeTinyModel(join(dir, 'tiny'));
  await writeUnmaskedTinyModel(join(dir, 'unmasked'));
  embedder = await createTransformersEmbedder({ model: join(dir, 'tiny'), logger });
});

test.after.always(async () => {
  await embedder?.close();
  await rm(dir, { recursive: true, force: true });
});

test('a generated model folder loads through transformers.js and reports its id and dimension', (t) => {
  t.is(embedder.modelId, 'tiny');
  t.is(embedder.dimension, TINY_DIMENSION);
});

test('embeddings are unit length, one per text, in input order', async (t) => {
  const texts = ['Will Bitcoin reach 100k?', 'Will Trump win the election?', 'NBA finals'];
  const vectors = await embedder.embed(texts);
  t.is(vectors.length, 3);
  for (const v of vectors) {
    t.is(v.length, TINY_DIMENSION);
    t.true(Math.abs(Math.hypot(...v) - 1) < 1e-5);
  }
  // Axis 0 is crypto, axis 1 politics, axis 3 sports in the tiny model.
  t.true(vectors[0]![0]! > 0.5);
  t.true(vectors[1]![1]! > 0.5);
  t.true(vectors[2]![3]! > 0.5);
});

test('paraphrased titles score higher than unrelated ones', async (t) => {
  const [a, b, c] = await embedder.embed(['Will Bitcoin reach $100k in 2025?', 'BTC above 100k by end of 2025', 'Will Trump win the election?']);
  const similar = cosineSimilarity(a!, b!);
  const unrelated = cosineSimilarity(a!, c!);
  t.true(similar > 0.9, `similar=${similar}`);
  t.true(unrelated < 0.3, `unrelated=${unrelated}`);
});

test('mean pooling honours the attention mask: padding in a batch does not change a vector', async (t) => {
  // In this model [PAD] looks up [0, 0, 0, 0, 0, 1] and nothing zeroes padded positions, so a mean over every
  // position would tilt "bitcoin" (3 tokens, padded with 9 [PAD]s to the long text's 12) towards axis 5.
  const unmasked = await createTransformersEmbedder({ model: join(dir, 'unmasked'), logger });
  try {
    const [alone] = await unmasked.embed(['bitcoin']);
    const [batched] = await unmasked.embed(['bitcoin', 'will the celtics win the nba finals in 2025 ?']);
    // [CLS] bitcoin [SEP] -> ([0..] + [1, 0, 0, 0, 0, 0] + [0..]) / 3, normalised: the bitcoin axis exactly.
    t.deepEqual(Array.from(alone!), [1, 0, 0, 0, 0, 0]);
    t.deepEqual(Array.from(batched!), [1, 0, 0, 0, 0, 0]);
  } finally {
    await unmasked.close();
  }
});

test('casing and accents do not matter (BERT normaliser)', async (t) => {
  const [a, b] = await embedder.embed(['BITCOIN Élection', 'bitcoin election']);
  t.deepEqual(Array.from(a!), Array.from(b!));
});

test('a text with no known word yields a zero vector instead of NaNs', async (t) => {
  const [unknown, empty] = await embedder.embed(['qwzx vbnm', '']);
  t.true(isZeroVector(unknown!));
  t.true(isZeroVector(empty!));
});

test('an empty batch resolves to an empty array', async (t) => {
  t.deepEqual(await embedder.embed([]), []);
});

test('a missing model folder is reported with a clear error', async (t) => {
  const err = await t.throwsAsync(createTransformersEmbedder({ model: join(dir, 'nope'), logger }));
  t.true(err instanceof EmbedderError);
  t.is((err as EmbedderError).code, 'MODEL_NOT_FOUND');
  t.regex(err!.message, /does not exist/);
});

test('a folder without model files fails to load with MODEL_LOAD_FAILED, without network access', async (t) => {
  const empty = await mkdtemp(join(dir, 'empty-'));
  const err = await t.throwsAsync(createTransformersEmbedder({ model: empty, logger }));
  t.is((err as EmbedderError).code, 'MODEL_LOAD_FAILED');
  t.regex(err!.message, /not found locally/);
});

test('a closed embedder rejects', async (t) => {
  const other = await createTransformersEmbedder({ model: join(dir, 'tiny'), logger });
  await other.close();
  const err = await t.throwsAsync(other.embed(['bitcoin']));
  t.is((err as EmbedderError).code, 'CLOSED');
});
