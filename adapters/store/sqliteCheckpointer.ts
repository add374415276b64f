import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import type { Logger } from 'pino';

/**
 * WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside the COMMIT that crosses
 * `wal_autocheckpoint` pages: it copies the WAL into the database file and fsyncs it, on the committing
 * connection, which with better-sqlite3 is the event loop (in a write-heavy run most of a commit's wall time).
 * Once the store has written a WAL of START_BYTES, a worker thread with its own connection to the same file
 * runs PASSIVE checkpoints every INTERVAL_MS (they never block the writer or readers; frames still in use are
 * left for the next one), and the writer's automatic checkpoint is moved to BACKSTOP_PAGES, where it only
 * runs if the worker falls behind or is gone. Databases that never write that much never start a thread.
 * Durability is unchanged: WAL with synchronous=NORMAL either way, and a checkpoint never drops a frame.
 */
export const START_BYTES = 4 * 1024 * 1024;
/**
 * Once a second: each checkpoint copies every page written since the last one and syncs the file, and a
 * projection's batches rewrite the same index pages again and again, so at 100 ms the same pages were copied
 * up to ten times as often (bench/README.md finding 40: ~10 us of CPU per markets document written). The WAL
 * holds up to a second of writes more; the backstop is unchanged.
 */
export const INTERVAL_MS = 1_000;
export const BACKSTOP_PAGES = 16_384;

/** Runs in the worker: plain JavaScript (no loader needed), better-sqlite3 resolved by the parent. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
let timer;
const tick = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (err) { parentPort.postMessage({ error: String(err && err.message || err) }); }
  timer = setTimeout(tick, workerData.intervalMs);
};
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearTimeout(timer);
  try { db.close(); } catch {}
  parentPort.close();
});
tick();
`;

export interface Checkpointer {
  /** After a write: starts the worker once the WAL has grown past START_BYTES. Cheap until then (one stat). */
  wrote(): void;
  /** Whether the worker runs (tests). */
  readonly running: boolean;
  /** Stops the worker and closes its connection; the writer's automatic checkpoint is back at SQLite's default. */
  stop(): Promise<void>;
}

export function sqliteCheckpointer(db: Database.Database, file: string, log?: Logger): Checkpointer {
  const wal = `${file}-wal`;
  let worker: Worker | null = null;
  let stopped = false;
  const defaultPages = db.pragma('wal_autocheckpoint', { simple: true }) as number;

  const start = () => {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, intervalMs: INTERVAL_MS } });
    w.unref();
    let reported = false;
    w.on('message', (m: { error?: string }) => {
      if (m.error && !reported) {
        reported = true;
        log?.warn({ reason: m.error }, 'WAL checkpoint in the background failed; the writer checkpoints at its backstop');
      }
    });
    w.on('error', (err) => log?.warn({ err }, 'WAL checkpoint worker stopped; the writer checkpoints again'));
    w.on('exit', () => {
      if (worker !== w) return;
      // Gone unasked (the file vanished, a native error): the writer checkpoints itself again, for good.
      worker = null;
      stopped = true;
      if (db.open && db.open) db.pragma(`wal_autocheckpoint = ${defaultPages}`);
    });
    worker = w;
    db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    log?.debug({ file }, 'WAL checkpoints moved to a worker thread');
  };

  return {
    wrote() {
      if (worker || stopped) return;
      let size = 0;
      try {
        size = statSync(wal).size;
      } catch {
        return;
      }
      if (size >= START_BYTES) start();
    },
    get running() {
      return worker !== null;
    },
    async stop() {
      stopped = true;
      const w = worker;
      worker = null;
      if (!w) return;
      const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
      // Referenced again while it stops, or an otherwise idle process would exit before the close is awaited.
      w.ref();
      w.postMessage('stop');
      await exited;
      if (db.open) db.pragma(`wal_autocheckpoint = ${defaultPages}`);
    },
  };
}
