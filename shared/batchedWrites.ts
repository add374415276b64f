import type { Collection, Doc } from './ports/documentStore.ts';

/**
 * put() for many concurrent callers, written together: the puts made in one turn of the event loop go to
 * the store as one putMany (one SQLite transaction, one MongoDB bulk write); each caller's promise settles
 * with that write. Same-id puts in one batch keep the last (as sequential puts would).
 */
export function batchedPut<T extends Doc>(collection: Collection<T>): (doc: T) => Promise<void> {
  let queue: Array<{ doc: T; resolve: () => void; reject: (e: unknown) => void }> = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const items = queue;
    queue = [];
    const byId = new Map(items.map((i) => [i.doc._id, i.doc]));
    collection.putMany([...byId.values()]).then(
      () => items.forEach((i) => i.resolve()),
      (err: unknown) => items.forEach((i) => i.reject(err)),
    );
  };
  return (doc) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ doc, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
