// The file the SQLite writer thread starts (sqliteWriter.ts). It loads the TypeScript thread module through
// tsx's namespaced loader rather than the `--import tsx` hook the thread inherits, which under load was once
// not active yet when a thread imported a .ts file (pipeline/workers/tsTaskEntry.mjs has the story).
// Plain JavaScript on purpose: this file must load before any TypeScript loader is known to be there.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.threadModule, import.meta.url);
