import { createWorkerPool, type WorkerPool } from '../../process/workerPool.ts';

const pools = new Map<string, WorkerPool>();

/**
 * One embed worker pool per model for the life of the process, never closed: onnxruntime-node
 * aborts the whole process at exit (free(): invalid pointer) once several worker threads have
 * loaded and released it, which restarting the link role inside one process (tests, embedding
 * Concord) would otherwise do. Piscina's idle threads do not keep the process alive.
 */
export function sharedEmbedPool(modelPath: string, logLevel: string): WorkerPool {
  let pool = pools.get(modelPath);
  if (!pool) {
    pool = createWorkerPool(new URL('../../workers/embed.worker.ts', import.meta.url), 1, 64, { modelPath, logLevel });
    pools.set(modelPath, pool);
  }
  return pool;
}
