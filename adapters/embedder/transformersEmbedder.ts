import { env, pipeline } from '@xenova/transformers';
import type { Logger } from 'pino';
import { type Embedder, EmbedderError } from '../../shared/ports/embedder.ts';
import { type ModelSource, resolveModelSource } from './modelSource.ts';

export interface TransformersEmbedderOptions {
  /** A local model folder or a hub model name. */
  readonly model: string;
  readonly logger: Logger;
  /** Texts per ONNX run; padding is to the longest text of a batch. */
  readonly batchSize?: number;
  /** Where hub downloads are cached (hub names only). */
  readonly cacheDir?: string;
  /** Prefer the quantized ONNX file of hub models (onnx/model_quantized.onnx). Local builds ship model.onnx. */
  readonly quantized?: boolean;
}

type Extractor = Awaited<ReturnType<typeof pipeline<'feature-extraction'>>>;

// transformers.js resolves local files against the global env.localModelPath, so loads that set
// it are serialised: one pipeline() at a time per process.
let loadQueue: Promise<unknown> = Promise.resolve();

async function loadExtractor(source: ModelSource, options: TransformersEmbedderOptions): Promise<Extractor> {
  const run = async (): Promise<Extractor> => {
    env.allowLocalModels = true;
    if (options.cacheDir) env.cacheDir = options.cacheDir;
    if (source.kind === 'local') {
      env.localModelPath = `${source.parent}/`;
      return pipeline('feature-extraction', source.name, { quantized: false, local_files_only: true });
    }
    return pipeline('feature-extraction', source.name, { quantized: options.quantized ?? true });
  };
  const next = loadQueue.then(run, run);
  loadQueue = next.catch(() => undefined);
  return next;
}

/** A zero vector stays zero instead of the NaNs that normalising it produces. */
function sanitize(vector: Float32Array): Float32Array {
  for (let i = 0; i < vector.length; i++) {
    if (!Number.isFinite(vector[i]!)) {
      vector.fill(0);
      break;
    }
  }
  return vector;
}

/**
 * Embedder over transformers.js feature extraction with mean pooling and L2 normalisation,
 * which is how sentence-transformers models (MiniLM) and our word-lookup folders are meant to be used.
 */
export async function createTransformersEmbedder(options: TransformersEmbedderOptions): Promise<Embedder> {
  const log = options.logger.child({ component: 'embedder', model: options.model });
  const source = await resolveModelSource(options.model);
  if (!source) {
    throw new EmbedderError('MODEL_NOT_FOUND', `embedding model folder "${options.model}" does not exist; build it with "node --import tsx scripts/buildEmbeddingModel.ts" or point EMBEDDING_MODEL at a model`);
  }
  const started = Date.now();
  let extractor: Extractor;
  try {
    extractor = await loadExtractor(source, options);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new EmbedderError('MODEL_LOAD_FAILED', `could not load embedding model "${options.model}": ${reason}`, { cause });
  }
  const batchSize = options.batchSize ?? 64;
  let closed = false;

  async function runBatch(texts: readonly string[]): Promise<Float32Array[]> {
    const output = await extractor([...texts], { pooling: 'mean', normalize: true });
    const [rows, dim] = output.dims as [number, number];
    const data = output.data as Float32Array;
    if (rows !== texts.length) throw new Error(`model returned ${rows} rows for ${texts.length} texts`);
    // Views on one buffer: no copy, and a worker can transfer the whole batch at once.
    return Array.from({ length: rows }, (_, i) => sanitize(data.subarray(i * dim, (i + 1) * dim)));
  }

  async function embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (closed) throw new EmbedderError('CLOSED', 'embedder is closed');
    if (!Array.isArray(texts) || texts.some((t) => typeof t !== 'string')) {
      throw new EmbedderError('BAD_INPUT', 'embed() takes an array of strings');
    }
    const out: Float32Array[] = [];
    try {
      for (let i = 0; i < texts.length; i += batchSize) out.push(...(await runBatch(texts.slice(i, i + batchSize))));
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new EmbedderError('EMBED_FAILED', `embedding ${texts.length} texts failed: ${reason}`, { cause });
    }
    return out;
  }

  const probe = await embed(['dimension probe']);
  const dimension = probe[0]?.length ?? 0;
  if (dimension < 1) throw new EmbedderError('MODEL_LOAD_FAILED', `model "${options.model}" produced no features`);
  const modelId = source.kind === 'local' ? source.name : source.name.replace(/^.*\//, '');
  log.info({ modelId, dimension, source: source.kind, loadMs: Date.now() - started }, 'embedding model loaded');

  return {
    modelId,
    dimension,
    embed,
    async close() {
      if (closed) return;
      closed = true;
      await extractor.dispose();
    },
  };
}
