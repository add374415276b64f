import type { Logger } from 'pino';
import { StoreUnavailableError, isStoreUnavailable } from '../../shared/ports/documentStore.ts';
import type { Collection, Doc, DocumentStore } from '../../shared/ports/documentStore.ts';

/** SQLite result codes that mean "cannot reach or write the file now", not "this query is wrong". */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|READONLY|IOERR|FULL|CANTOPEN|PROTOCOL|PERM|NOLFS)/;

/** MongoDB driver errors that mean the server (or the primary) cannot be reached now. */
const MONGO_UNAVAILABLE_NAMES = new Set([
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  'MongoWriteConcernError',
]);
/** Server codes: HostUnreachable, HostNotFound, NetworkTimeout, ShutdownInProgress, PrimarySteppedDown, NotWritablePrimary, InterruptedAtShutdown, NotPrimaryNoSecondaryOk, NotPrimaryOrSecondary. */
const MONGO_UNAVAILABLE_CODES = new Set([6, 7, 89, 91, 189, 10107, 11600, 13435, 13436]);

/** Whether an error thrown by a store adapter means the store is unavailable (transient), per adapter kind. */
export function isUnavailableError(kind: DocumentStore['kind'], err: unknown): boolean {
  if (isStoreUnavailable(err)) return true;
  const e = err as { code?: unknown; name?: unknown; hasErrorLabel?: (label: string) => boolean } | null;
  if (!e || typeof e !== 'object') return false;
  if (kind === 'sqlite') return typeof e.code === 'string' && SQLITE_UNAVAILABLE.test(e.code);
  if (typeof e.name === 'string' && MONGO_UNAVAILABLE_NAMES.has(e.name)) return true;
  if (typeof e.code === 'number' && MONGO_UNAVAILABLE_CODES.has(e.code)) return true;
  return typeof e.hasErrorLabel === 'function' && (e.hasErrorLabel('RetryableWriteError') || e.hasErrorLabel('ResetPool'));
}

/** Collection methods that only read: with SQLite in WAL mode they still work while another process holds the write lock. */
const READS = new Set(['get', 'getText', 'getMany', 'find', 'findOne', 'count', 'distinct']);

export interface AvailabilityOptions {
  readonly log?: Logger;
  /** While the store is known down, calls fail at once; one probe per this interval checks whether it is back. */
  readonly probeIntervalMs?: number;
  readonly now?: () => number;
}

/**
 * Wraps a store so an outage is answered fast and uniformly: the first failing call marks the store down and
 * rejects with StoreUnavailableError; later calls reject at once (no call waits on a lock or a server
 * selection timeout again) until a probe (`ping`) succeeds. better-sqlite3 blocks the event loop while it waits
 * for a lock, so without this every request would stall the whole process during an outage.
 */
export function withAvailability(store: DocumentStore, options: AvailabilityOptions = {}): DocumentStore {
  const now = options.now ?? Date.now;
  const probeEvery = options.probeIntervalMs ?? 1_000;
  const log = options.log?.child({ component: 'store-availability' });
  let down: { since: number; reason: string; nextProbeAt: number } | null = null;

  const markDown = (err: unknown): StoreUnavailableError => {
    const reason = err instanceof Error ? err.message : String(err);
    if (!down) {
      log?.error({ err, store: store.kind }, 'document store unavailable');
      down = { since: now(), reason, nextProbeAt: now() + probeEvery };
    } else {
      down = { ...down, reason, nextProbeAt: now() + probeEvery };
    }
    return isStoreUnavailable(err) ? err : new StoreUnavailableError(`the ${store.kind} document store is unavailable: ${reason}`, { cause: err });
  };
  const markUp = (): void => {
    if (!down) return;
    log?.info({ store: store.kind, down_ms: now() - down.since }, 'document store available again');
    down = null;
  };
  /**
   * Before a call: fail fast while down, except when a probe is due and succeeds. SQLite reads go through
   * (WAL readers never wait for the writer); a MongoDB outage fails reads as well as writes.
   */
  const admit = async (read: boolean): Promise<void> => {
    if (!down || (read && store.kind === 'sqlite')) return;
    if (now() < down.nextProbeAt) throw new StoreUnavailableError(`the ${store.kind} document store is unavailable: ${down.reason}`);
    down = { ...down, nextProbeAt: now() + probeEvery };
    try {
      await store.ping();
    } catch (err) {
      throw markDown(err);
    }
    markUp();
  };
  const guard = async <R>(call: () => Promise<R>, read = false): Promise<R> => {
    await admit(read);
    try {
      return await call();
    } catch (err) {
      if (isUnavailableError(store.kind, err)) throw markDown(err);
      throw err;
    }
  };

  const wrapped = new Map<string, Collection<Doc>>();
  const wrapCollection = <T extends Doc>(name: string): Collection<T> => {
    let c = wrapped.get(name);
    if (!c) {
      // Creating a collection handle may itself touch the file (SQLite creates the table).
      const inner = store.collection<Doc>(name);
      c = new Proxy(inner, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver) as unknown;
          if (typeof value !== 'function') return value;
          const read = typeof prop === 'string' && READS.has(prop);
          return (...args: unknown[]) => guard(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args), read);
        },
      });
      wrapped.set(name, c);
    }
    return c as unknown as Collection<T>;
  };

  return {
    kind: store.kind,
    collection<T extends Doc>(name: string): Collection<T> {
      try {
        return wrapCollection<T>(name);
      } catch (err) {
        if (isUnavailableError(store.kind, err)) throw markDown(err);
        throw err;
      }
    },
    async ping() {
      try {
        await store.ping();
      } catch (err) {
        if (isUnavailableError(store.kind, err)) throw markDown(err);
        throw err;
      }
      markUp();
    },
    replaceCollection: (source, target) =>
      guard(async () => {
        await store.replaceCollection(source, target);
        wrapped.delete(source);
      }),
    dropCollection: (name) =>
      guard(async () => {
        await store.dropCollection(name);
        wrapped.delete(name);
      }),
    close: () => store.close(),
  };
}
