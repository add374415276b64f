import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import pino from 'pino';
import type { BuildWinkModelOptions, BuildWinkModelResult } from './buildWinkModel.ts';

const THREAD_ENTRY = new URL('./buildThread.mjs', import.meta.url);

type ThreadMessage =
  | { readonly log: string }
  | { readonly result: BuildWinkModelResult }
  | { readonly error: { readonly message: string; readonly stack?: string } };

export type OffThreadBuildResult = BuildWinkModelResult & {
  /** The worker thread the build ran on (never the caller's thread). */
  readonly threadId: number;
};

/** Writes one of the thread's pino lines through the caller's logger, keeping the caller's bindings. */
function relayLog(logger: Logger, line: string): void {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    logger.info(line.trim());
    return;
  }
  const { level, msg, ...fields } = record;
  const label = typeof level === 'number' ? pino.levels.labels[level] : undefined;
  const write = label && label in logger ? (logger[label as pino.Level] as pino.LogFn).bind(logger) : logger.info.bind(logger);
  write(fields, typeof msg === 'string' ? msg : '');
}

/**
 * Builds the offline embedding model on a worker thread. The build parses a 300 MB JSON and folds ~350k
 * vectors (10-20 s of CPU); on the caller's thread it would leave a starting service deaf for that long
 * (no /health answer, no ops ping). Progress is logged through `logger` as the build goes.
 */
export function buildWinkModelOffThread(options: BuildWinkModelOptions): Promise<OffThreadBuildResult> {
  const { logger, ...rest } = options;
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(THREAD_ENTRY, { workerData: { options: rest, logLevel: logger.level } });
    let settled = false;
    const settle = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      fn();
    };
    worker.on('message', (message: ThreadMessage) => {
      if ('log' in message) relayLog(logger, message.log);
      else if ('result' in message) settle(() => resolvePromise({ ...message.result, threadId: worker.threadId }));
      else {
        const err = new Error(`embedding model build failed: ${message.error.message}`);
        if (message.error.stack) err.stack = message.error.stack;
        settle(() => reject(err));
      }
    });
    worker.on('error', (err) => settle(() => reject(err)));
    worker.on('exit', (code) => settle(() => reject(new Error(`embedding model build thread exited (code ${code}) before it finished`))));
  });
}
