import { isMainThread, workerData } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import pino from 'pino';
import { z } from 'zod';
import { createTransformersEmbedder } from '../../adapters/embedder/transformersEmbedder.ts';
import type { Embedder } from '../../shared/ports/embedder.ts';

/** Piscina task file: embeds titles with the model at `modelPath` (a folder or hub name). */
export interface EmbedTask {
  readonly texts: readonly string[];
  readonly modelPath: string;
}

const taskSchema = z.object({
  texts: z.array(z.string()).max(10_000),
  modelPath: z.string().min(1),
});

const workerOptions = z
  .object({ modelPath: z.string().min(1).optional(), logLevel: z.string().optional() })
  .catch({})
  .parse(isMainThread ? {} : workerData ?? {});

const logger = pino({ level: workerOptions.logLevel ?? 'info', base: { role: 'embed-worker' } });

const loaded = new Map<string, Promise<Embedder>>();

/** The model for a path, loaded once per worker thread and reused by every later task. */
export function embedderFor(modelPath: string): Promise<Embedder> {
  let ready = loaded.get(modelPath);
  if (!ready) {
    ready = createTransformersEmbedder({ model: modelPath, logger });
    // A failed load is not cached, so a later task (after the folder is built) can succeed.
    ready.catch(() => loaded.delete(modelPath));
    loaded.set(modelPath, ready);
  }
  return ready;
}

/** Started as soon as the worker boots when the pool passes `workerData.modelPath`. */
export const modelReady: Promise<Embedder> | null = workerOptions.modelPath ? embedderFor(workerOptions.modelPath) : null;
modelReady?.catch(() => undefined);

/**
 * Packs the vectors into one buffer and hands Piscina a movable wrapper, so the batch crosses the
 * thread boundary by transfer (no copy) and arrives as Float32Array views on that buffer.
 */
function movableVectors(vectors: readonly Float32Array[]) {
  const dimension = vectors[0]?.length ?? 0;
  const packed = new Float32Array(vectors.length * dimension);
  vectors.forEach((v, i) => packed.set(v, i * dimension));
  const views = vectors.map((_, i) => packed.subarray(i * dimension, (i + 1) * dimension));
  // move() marks the wrapper movable; its transferable list is the one buffer.
  return move({
    get [transferableSymbol]() {
      return [packed.buffer];
    },
    get [valueSymbol]() {
      return views;
    },
  });
}

export default async function embedTask(task: EmbedTask): Promise<Float32Array[]> {
  const parsed = taskSchema.safeParse(task);
  if (!parsed.success) {
    throw new Error(`embed task rejected: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const embedder = await embedderFor(parsed.data.modelPath);
  const vectors = await embedder.embed(parsed.data.texts);
  // Piscina unwraps the movable; callers receive Float32Array[].
  return movableVectors(vectors) as unknown as Float32Array[];
}
