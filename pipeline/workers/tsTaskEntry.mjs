// The file every worker pool starts (pipeline/process/workerPool.ts). It loads the pool's TypeScript task
// module through tsx's own namespaced loader instead of relying on the `--import tsx` hook the thread
// inherits: under load that inherited hook was once not active yet when Piscina imported the task file,
// and the thread died with ERR_UNKNOWN_FILE_EXTENSION (the tsx/worker-thread start-up issues, tsx#354).
// Plain JavaScript on purpose: this file must load before any TypeScript loader is known to be there.
import { threadId, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

export const TASK_MODULE_KEY = 'concordTaskModule';
/** The task name of the pool's warm-up (WARM_UP_TASK in workerPool.ts). */
const WARM_UP_TASK = 'concord:warmUp';

const moduleUrl = workerData?.[TASK_MODULE_KEY];
if (typeof moduleUrl !== 'string') throw new Error(`worker started without workerData.${TASK_MODULE_KEY} (the task module's URL)`);
const taskModule = await tsImport(moduleUrl, import.meta.url);

/** Runs the task module's export `name` (its default export when none is named) on `task`. */
export default function runTask({ name, task }) {
  // The pool's warm-up: a thread runs a task only once it has loaded the task module (above).
  if (name === WARM_UP_TASK) return threadId;
  const handler = name ? taskModule[name] : taskModule.default;
  if (typeof handler !== 'function') throw new Error(`${moduleUrl} exports no task function ${name ?? 'default'}`);
  return handler(task);
}

