import type { WorkerPool } from './workerPool.ts';

/** Items per worker task: enough to amortise the hop (structured clone, scheduling), small enough to spread. */
export const ITEMS_PER_TASK = 32;

/** Per item in a batched task's answer: its result, or why it failed. */
export type ItemOutcome<R> = { readonly ok: true; readonly result: R } | { readonly ok: false; readonly error: string };

/** The task file's exports for one item and for many (the batched one answers an ItemOutcome per item, in order). */
export interface BatchedExports {
  readonly one: string;
  readonly many: string;
}

/** The processor's: parse and prepare the messages of one raw tick (pipeline/workers/normalize.worker.ts). */
export const PREPARE_EXPORTS: BatchedExports = { one: 'prepare', many: 'prepareBatch' };

/**
 * Runs items one call at a time for the caller, in batched worker tasks underneath: the calls made in one
 * turn of the event loop go to the workers together, ITEMS_PER_TASK per task (the `many` export of the task
 * file). If a whole task fails (a worker thread died) its items are run again one per task (`one`), so one
 * item that kills its worker fails alone and never takes its batch-mates with it.
 */
export function batchedTasks<T, R>(pool: WorkerPool, exports: BatchedExports = PREPARE_EXPORTS, itemsPerTask = ITEMS_PER_TASK): (task: T) => Promise<R> {
  type Pending = { task: T; resolve: (r: R) => void; reject: (e: unknown) => void };
  let queue: Pending[] = [];
  let scheduled = false;

  const single = (p: Pending) => pool.run<R>(p.task, exports.one).then(p.resolve, p.reject);
  const runChunk = async (chunk: Pending[]) => {
    if (chunk.length === 1) return single(chunk[0]!);
    let outcomes: ItemOutcome<R>[];
    try {
      outcomes = await pool.run<ItemOutcome<R>[]>(chunk.map((p) => p.task), exports.many);
    } catch {
      await Promise.all(chunk.map(single));
      return;
    }
    chunk.forEach((p, i) => {
      const o = outcomes[i];
      if (o?.ok) p.resolve(o.result);
      else p.reject(new Error(o && !o.ok ? o.error : 'no result for the item'));
    });
  };
  const flush = () => {
    scheduled = false;
    const items = queue;
    queue = [];
    for (let i = 0; i < items.length; i += itemsPerTask) void runChunk(items.slice(i, i + itemsPerTask));
  };
  return (task) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ task, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
