import type { WorkerPool } from './workerPool.ts';
import type { ParseResult } from '../venues/types.ts';
import type { NormalizeOutcome, NormalizeTask } from '../workers/normalize.worker.ts';

/** Items per worker task: enough to amortise the hop (structured clone, scheduling), small enough to spread. */
export const ITEMS_PER_TASK = 32;

/**
 * Normalises items one call at a time for the caller, in batched worker tasks underneath: the calls made in
 * one turn of the event loop go to the workers together, ITEMS_PER_TASK per task (the `normalizeBatch`
 * export of the task file). If a whole task fails (a worker thread died) its items are run again one per
 * task, so one item that kills its worker fails alone and never takes its batch-mates with it.
 */
export function batchedNormalize(pool: WorkerPool, itemsPerTask = ITEMS_PER_TASK): (task: NormalizeTask) => Promise<ParseResult> {
  type Pending = { task: NormalizeTask; resolve: (r: ParseResult) => void; reject: (e: unknown) => void };
  let queue: Pending[] = [];
  let scheduled = false;

  const single = (p: Pending) => pool.run<ParseResult>(p.task).then(p.resolve, p.reject);
  const runChunk = async (chunk: Pending[]) => {
    if (chunk.length === 1) return single(chunk[0]!);
    let outcomes: NormalizeOutcome[];
    try {
      outcomes = await pool.run<NormalizeOutcome[]>(chunk.map((p) => p.task), 'normalizeBatch');
    } catch {
      await Promise.all(chunk.map(single));
      return;
    }
    chunk.forEach((p, i) => {
      const o = outcomes[i];
      if (o?.ok) p.resolve(o.result);
      else p.reject(new Error(o?.error ?? 'no result for the item'));
    });
  };
  const flush = () => {
    scheduled = false;
    const items = queue;
    queue = [];
    for (let i = 0; i < items.length; i += itemsPerTask) void runChunk(items.slice(i, i + itemsPerTask));
  };
  return (task) =>
    new Promise<ParseResult>((resolve, reject) => {
      queue.push({ task, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
