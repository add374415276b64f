// The thread a model build runs on (buildOffThread.ts). Plain JavaScript so it can load the TypeScript build
// through tsx's namespaced loader itself, as the worker pools' entry does (pipeline/workers/tsTaskEntry.mjs).
// Its log lines go to the parent, which writes them through its own logger.
import { URL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { tsImport } from 'tsx/esm/api';

const { buildWinkModel } = await tsImport(new URL('./buildWinkModel.ts', import.meta.url).href, import.meta.url);
const logger = pino({ level: workerData.logLevel, base: undefined, timestamp: false }, { write: (line) => parentPort.postMessage({ log: line }) });
try {
  const result = await buildWinkModel({ ...workerData.options, logger });
  parentPort.postMessage({ result });
} catch (err) {
  parentPort.postMessage({ error: { message: err instanceof Error ? err.message : String(err), stack: err instanceof Error ? err.stack : undefined } });
}
