import { existsSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import normalize, { normalizeBatch as realBatch, prepareBatch as realPrepareBatch, type NormalizeTask } from '../../pipeline/workers/normalize.worker.ts';
import { prepareRaw } from '../../pipeline/process/prepareMarkets.ts';
import { decodeRawEvent } from '../../pipeline/process/rawEvents.ts';

/**
 * The real normalize task, except that the worker thread dies (process.exit inside a worker ends the thread)
 * on one chosen item while a marker file exists: a crash the test can switch off to show a retry succeeding.
 */
export default function crashing(task: NormalizeTask) {
  const { crashItem, markerFile } = workerData as { crashItem: string; markerFile: string };
  if (task.item_id === crashItem && existsSync(markerFile)) process.exit(3);
  return normalize(task);
}

/** The batched entry point, crashing the same way when the chosen item is in the batch. */
export function normalizeBatch(tasks: readonly NormalizeTask[]) {
  const { crashItem, markerFile } = workerData as { crashItem: string; markerFile: string };
  if (tasks.some((t) => t.item_id === crashItem) && existsSync(markerFile)) process.exit(3);
  return realBatch(tasks);
}

/** Whether a RAW message is the chosen item's tick. */
function isCrashItem(data: Uint8Array): boolean {
  const decoded = decodeRawEvent(data);
  return decoded.ok && decoded.event.item_id === (workerData as { crashItem: string }).crashItem;
}

/** The processor's entry points (a RAW message's bytes, then messages ready to publish), crashing the same way. */
export function prepare(data: Uint8Array) {
  return prepareRaw(data, crashing);
}

export function prepareBatch(messages: readonly Uint8Array[]) {
  const { markerFile } = workerData as { markerFile: string };
  if (messages.some(isCrashItem) && existsSync(markerFile)) process.exit(3);
  return realPrepareBatch(messages);
}
