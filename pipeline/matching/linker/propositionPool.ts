import { createWorkerPool, type WorkerPool } from '../../process/workerPool.ts';
import type { LinkerMarketRef } from './marketRef.ts';

let pool: WorkerPool | null = null;

/**
 * One thread for the whole process that reads the linker's propositions (pipeline/workers/proposition.worker.ts),
 * beside the embed pool's: a run's propositions are asked at once in chunks and read there while the linker's
 * thread places the markets before them. A pool of its own, not the embed pool's thread: that one's queue holds the
 * run's embedding chunks ahead of anything asked after them, so the first markets would wait for all of them.
 */
export function sharedPropositionPool(logLevel: string): WorkerPool {
  pool ??= createWorkerPool(new URL('../../workers/proposition.worker.ts', import.meta.url), 1, 64, { logLevel });
  return pool;
}

/** The propositions of `refs`, in order, read on the pool's thread. */
export const extractOnPool =
  (p: WorkerPool) =>
  (refs: readonly LinkerMarketRef[]): Promise<unknown[]> =>
    p.run<unknown[]>({ refs });
