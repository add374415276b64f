import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { DuplicateKeyError, InvalidQueryError, StoreUnavailableError } from '../../shared/ports/documentStore.ts';
import type { PreparedRows, RowWriter } from './sqliteCollection.ts';
import type { SerialisedError, WriteRequest, WriterReply } from './sqliteWriterThread.ts';

/** Started by the thread: it loads the TypeScript thread module itself (see the file's header). */
const ENTRY = fileURLToPath(new URL('./sqliteWriterEntry.mjs', import.meta.url));
const THREAD_MODULE = new URL('./sqliteWriterThread.ts', import.meta.url);

/**
 * putMany off the event loop. better-sqlite3 is synchronous, so a projection's batch (for markets: 500
 * documents, 15 indexes and the text index) held the event loop for its whole transaction while the NATS
 * client, the processor and the other projections waited. With a writer, a collection serialises the documents
 * and their indexed column values on its own thread (sqliteCollection.ts `prepareRows`) and this thread's
 * connection to the same WAL file commits them, one transaction per putMany, in the order sent; putMany
 * resolves once they are committed, so a read on the store's own connection after it sees them (WAL: every
 * statement outside a transaction reads the latest commit), and a caller that writes its checkpoint after
 * awaiting its documents still writes it after them. Errors are putMany's: the same DuplicateKeyError (nothing
 * of the batch written), InvalidQueryError, and SQLite's errors with their codes, so the availability guard
 * still tells a locked file. Everything else the store does stays on its own connection.
 *
 * If the thread dies, the writes it held reject with StoreUnavailableError (a projection holds and retries
 * its run) and later putMany calls write on the store's connection again.
 */
export interface SqliteWriter extends RowWriter {
  /** Resolves once the thread has opened its connection (rejects when it cannot). */
  readonly ready: Promise<void>;
  /** The thread's id (tests: the rows were committed there). */
  readonly threadId: number;
  /** Whether writes still go to the thread. */
  readonly alive: boolean;
  /** Commits what was sent, then stops the thread and closes its connection. */
  close(): Promise<void>;
}

export function reviveError(e: SerialisedError): Error {
  if (e.name === 'DuplicateKeyError') return new DuplicateKeyError(e.collection ?? '', e.index ?? '_id_');
  if (e.name === 'InvalidQueryError') return new InvalidQueryError(e.message);
  if (e.name === 'StoreUnavailableError') return new StoreUnavailableError(e.message);
  const err = new Error(e.message) as Error & { code?: string };
  err.name = e.name;
  if (e.code !== undefined) err.code = e.code;
  if (e.stack !== undefined) err.stack = e.stack;
  return err;
}

export function sqliteWriter(file: string, log?: Logger): SqliteWriter {
  const worker = new Worker(ENTRY, { workerData: { file, threadModule: THREAD_MODULE.href } });
  const pending = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
  let nextId = 1;
  // The order of the store's writes across its two connections: `tail` settles when the last write asked for
  // has (sent or run here), `inFlight` counts those not settled, `deferred` those still waiting for an earlier
  // one before they may be sent or run. A thread write is sent at once unless one is deferred (the thread
  // commits in the order it receives); a write of this connection runs at once only when nothing is in flight.
  let tail: Promise<void> = Promise.resolve();
  let inFlight = 0;
  let deferred = 0;
  const track = <R>(p: Promise<R>): Promise<R> => {
    inFlight++;
    const settled = p.then(
      () => undefined,
      () => undefined,
    );
    tail = settled;
    void settled.then(() => {
      inFlight--;
    });
    return p;
  };
  const after = <R>(run: () => R | Promise<R>): Promise<R> => {
    deferred++;
    return track(
      tail.then(() => {
        deferred--;
        return run();
      }),
    );
  };
  let gone = false;
  let closing = false;
  let markReady: () => void = () => undefined;
  let failReady: (err: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  ready.catch(() => undefined);
  // Referenced only while it holds writes: an idle store does not keep the process alive (close() stops it).
  worker.unref();
  const settled = () => {
    if (pending.size === 0) worker.unref();
  };

  worker.on('message', (m: WriterReply) => {
    if ('ready' in m) return markReady();
    if ('fatal' in m) return failReady(reviveError(m.fatal));
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error) p.reject(reviveError(m.error));
    else p.resolve();
    settled();
  });
  worker.on('error', (err) => {
    if (!closing) log?.error({ err }, 'SQLite writer thread failed; writes go through the store connection');
  });
  worker.on('exit', (code) => {
    gone = true;
    failReady(new Error(`the SQLite writer thread exited (code ${code})`));
    for (const p of pending.values()) p.reject(new StoreUnavailableError(`the SQLite writer thread stopped (exit code ${code}) before it committed the write`));
    pending.clear();
  });

  return {
    ready,
    threadId: worker.threadId,
    get alive() {
      return !gone && !closing;
    },
    putRows(collection: string, rows: PreparedRows) {
      if (gone || closing) return undefined;
      const send = (): Promise<void> => {
        // Gone while it waited: the caller's write fails as a write to a stopped thread does.
        if (gone) return Promise.reject(new StoreUnavailableError('the SQLite writer thread stopped before it committed the write'));
        const id = nextId++;
        const done = new Promise<void>((resolve, reject) => pending.set(id, { resolve, reject }));
        worker.ref();
        worker.postMessage({ id, collection, rows } satisfies WriteRequest);
        return done;
      };
      return deferred === 0 ? track(send()) : after(send);
    },
    afterWrites<R>(write: () => R): R | Promise<R> {
      return inFlight === 0 ? write() : after(write);
    },
    async close() {
      if (closing) return;
      closing = true;
      if (gone) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.ref();
      // After every write sent before it: the thread answers them first, in order.
      worker.postMessage('stop');
      await exited;
    },
  };
}
