import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

export interface WorkerPool {
  run<T>(task: unknown, name?: string): Promise<T>;
  /** Resolves once the pool's queue has room (back-pressure for consumers). */
  waitForCapacity(): Promise<void>;
  readonly threads: number;
  close(): Promise<void>;
}

/**
 * A Piscina pool over one task file. The queue is bounded (`maxQueue`); consumers call
 * waitForCapacity() before pulling more messages, so a slow pool stops the pull instead of
 * buffering without limit.
 */
export function createWorkerPool(taskFile: URL, threads: number, maxQueue = threads * 8, workerData?: unknown): WorkerPool {
  const pool = new Piscina({
    filename: fileURLToPath(taskFile),
    ...(workerData !== undefined ? { workerData } : {}),
    minThreads: 1,
    maxThreads: threads,
    maxQueue,
    idleTimeout: 60_000,
  });
  return {
    threads,
    run: <T>(task: unknown, name?: string) => pool.run(task, name ? { name } : undefined) as Promise<T>,
    waitForCapacity: async () => {
      while (pool.queueSize >= maxQueue) await once(pool, 'drain');
    },
    close: () => pool.close(),
  };
}
