/**
 * Embedder port: turns market titles into vectors that propose candidate pairs.
 * Embeddings only propose; structural checks decide (design.md "Matching fails closed").
 *
 * Contract:
 * - `embed(texts)` resolves to one vector per text, in order, each of length `dimension`.
 * - Vectors are L2-normalised, so cosine similarity is a dot product.
 * - A text with no known content (empty, or only out-of-vocabulary words) yields an all-zero vector;
 *   callers should not index it (see `isZeroVector`).
 * - Failures (model missing, runtime error) reject with an EmbedderError.
 */
export interface Embedder {
  /** Stable name of the model, used to key caches and vector collections (e.g. 'wink-sg-100d'). */
  readonly modelId: string;
  readonly dimension: number;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  /** Releases the model (ONNX session). Later calls to embed reject. */
  close(): Promise<void>;
}

export type EmbedderErrorCode = 'MODEL_NOT_FOUND' | 'MODEL_LOAD_FAILED' | 'EMBED_FAILED' | 'CLOSED' | 'BAD_INPUT';

export class EmbedderError extends Error {
  readonly code: EmbedderErrorCode;
  constructor(code: EmbedderErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'EmbedderError';
    this.code = code;
  }
}

/**
 * Optional durable store behind the embedding cache (e.g. a DocumentStore collection or a file),
 * so a restart does not re-embed unchanged markets. Keys already include the model id.
 */
export interface PersistentEmbeddingStore {
  getMany(keys: readonly string[]): Promise<ReadonlyMap<string, Float32Array>>;
  setMany(entries: ReadonlyArray<readonly [key: string, vector: Float32Array]>): Promise<void>;
}

export function isZeroVector(vector: Float32Array): boolean {
  for (let i = 0; i < vector.length; i++) if (vector[i] !== 0) return false;
  return true;
}

/** Cosine similarity of two vectors (no normalisation assumed). 0 when either is zero. */
export function cosineSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`vector lengths differ: ${a.length} vs ${b.length}`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
