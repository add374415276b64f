import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createEmbedder, defaultModelFolder, ensureEmbeddingModel } from '../../adapters/embedder/createEmbedder.ts';
import { writeTinyModel } from '../support/tinyModel.ts';

const logger = pino({ level: 'silent' });
let dataDir = '';

test.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'concord-create-embedder-'));
  await writeTinyModel(join(dataDir, 'custom-model'));
  // A complete folder at the default location: the factory must use it and not rebuild.
  await writeTinyModel(defaultModelFolder({ DATA_DIR: dataDir }));
});
test.after.always(() => rm(dataDir, { recursive: true, force: true }));

test('EMBEDDING_MODEL names the model to load', async (t) => {
  const folder = join(dataDir, 'custom-model');
  t.is(await ensureEmbeddingModel({ EMBEDDING_MODEL: folder, DATA_DIR: dataDir }, logger), folder);
  const embedder = await createEmbedder({ config: { EMBEDDING_MODEL: folder, DATA_DIR: dataDir }, logger });
  t.is(embedder.modelId, 'custom-model');
  await embedder.close();
});

test('without EMBEDDING_MODEL the offline folder under DATA_DIR/models is used when already built', async (t) => {
  const expected = join(dataDir, 'models', 'wink-sg-100d');
  t.is(await ensureEmbeddingModel({ EMBEDDING_MODEL: undefined, DATA_DIR: dataDir }, logger), expected);
  const embedder = await createEmbedder({ config: { EMBEDDING_MODEL: undefined, DATA_DIR: dataDir }, logger });
  t.is(embedder.modelId, 'wink-sg-100d');
  t.is(embedder.dimension, 6); // the tiny model placed there, proving no rebuild happened
  await embedder.close();
});

test('the factory returns a caching embedder by default', async (t) => {
  const embedder = await createEmbedder({ config: { EMBEDDING_MODEL: join(dataDir, 'custom-model'), DATA_DIR: dataDir }, logger });
  const [a] = await embedder.embed(['Bitcoin 100k']);
  const [b] = await embedder.embed(['bitcoin  100K']);
  t.is(a, b); // same cached instance: the model was not asked twice
  await embedder.close();
});
