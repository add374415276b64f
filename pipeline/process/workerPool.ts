import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

export interface WorkerPool {
  run<T>(task: unknown, name?: string): Promise<T>;
  /** Resolves once the pool's queue has room (back-pressure for consumers). */
  waitForCapacity(): Promise<void>;
  /**
   * Starts every thread and resolves, with their thread ids, once each has loaded its task module. A role
   * calls it before it takes work, so its first messages do not wait while threads compile their modules.
   */
  warmUp(): Promise<number[]>;
  readonly threads: number;
  close(): Promise<void>;
}

/** Started by every thread; it loads the TypeScript task module itself (see the file's header). */
const TASK_ENTRY = fileURLToPath(new URL('../workers/tsTaskEntry.mjs', import.meta.url));
/** The workerData key the entry reads the task module's URL from (TASK_MODULE_KEY in tsTaskEntry.mjs). */
const TASK_MODULE_KEY = 'concordTaskModule';

/** The task name the entry answers with its warm-up (WARM_UP_TASK in tsTaskEntry.mjs). */
const WARM_UP_TASK = 'concord:warmUp';

/** What a pool reports when a thread fails outside a task (e.g. it cannot load its module). */
export type WorkerPoolErrorHandler = (err: Error) => void;

/**
 * A Piscina pool over one TypeScript task module. The queue is bounded (`maxQueue`); consumers call
 * waitForCapacity() before pulling more messages, so a slow pool stops the pull instead of buffering
 * without limit. The module's own `workerData` is passed through with one more key (the module's URL),
 * which its schema ignores. A thread's failure outside a task goes to `onError` instead of crashing the
 * process; Piscina replaces the thread, and a task it held is rejected to its caller.
 */
export function createWorkerPool(
  taskFile: URL,
  threads: number,
  maxQueue = threads * 8,
  workerData?: Record<string, unknown>,
  onError: WorkerPoolErrorHandler = reportToStderr,
): WorkerPool {
  const pool = new Piscina({
    filename: TASK_ENTRY,
    workerData: { ...workerData, [TASK_MODULE_KEY]: taskFile.href },
    minThreads: 1,
    maxThreads: threads,
    maxQueue,
    idleTimeout: 60_000,
  });
  pool.on('error', onError);
  return {
    threads,
    run: <T>(task: unknown, name?: string) => pool.run({ name, task }) as Promise<T>,
    waitForCapacity: async () => {
      while (pool.queueSize >= maxQueue) await once(pool, 'drain');
    },
    // One task per thread, sent together: Piscina gives each to a thread of its own (one task per thread at a
    // time), starting the threads it does not have yet.
    warmUp: () => Promise.all(Array.from({ length: threads }, () => pool.run({ name: WARM_UP_TASK }) as Promise<number>)),
    close: () => pool.close(),
  };
}

function reportToStderr(err: Error): void {
  process.stderr.write(`${JSON.stringify({ level: 50, msg: 'worker thread failed outside a task', err: { message: err.message, code: (err as NodeJS.ErrnoException).code } })}\n`);
}
