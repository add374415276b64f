import test from 'ava';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { RunOverlay, WarmDocs } from '../../pipeline/matching/linker/runOverlay.ts';
import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';

interface Item extends Doc {
  readonly _id: string;
  readonly v: number;
}

/**
 * The SQLite store with its reads counted, and its next putMany made to fail on demand after it has written (a
 * bulk write that reports an error though part of it was applied, as a MongoDB bulk write can).
 */
function countingStore() {
  const store = openSqliteStore({ file: ':memory:' });
  const counts = { reads: 0 };
  const failing = { next: false };
  const wrapped: DocumentStore = new Proxy(store, {
    get(target, prop, receiver) {
      if (prop !== 'collection') return Reflect.get(target, prop, receiver) as unknown;
      return (name: string) => {
        const c = target.collection<Item>(name);
        return new Proxy(c, {
          get(ct, p, r) {
            if (p === 'get' || p === 'getMany') {
              return async (arg: string | string[]) => {
                counts.reads += Array.isArray(arg) ? arg.length : 1;
                return p === 'get' ? ct.get(arg as string) : ct.getMany(arg as string[]);
              };
            }
            if (p === 'putMany') {
              return async (docs: Item[]) => {
                await ct.putMany(docs);
                if (failing.next) {
                  failing.next = false;
                  throw new Error('connection reset');
                }
              };
            }
            return Reflect.get(ct, p, r) as unknown;
          },
        });
      };
    },
  });
  return { store, wrapped, counts, failing };
}

test('warm documents answer later runs without a store read; what a run writes is warm once the store has it, and a failed write leaves nothing warm', async (t) => {
  const { store, wrapped, counts, failing } = countingStore();
  try {
    await store.collection<Item>('c').putMany([{ _id: 'a', v: 1 }, { _id: 'b', v: 1 }]);
    const warm = new Map([['c', new WarmDocs(10)]]);

    const run1 = new RunOverlay(wrapped, warm);
    t.deepEqual(await run1.collection<Item>('c').get('a'), { _id: 'a', v: 1 });
    t.is(counts.reads, 1);
    await run1.collection<Item>('c').put({ _id: 'b', v: 2 });
    await run1.flush(['c']);

    const run2 = new RunOverlay(wrapped, warm);
    const c2 = run2.collection<Item>('c');
    t.deepEqual(await c2.get('a'), { _id: 'a', v: 1 }, 'read in an earlier run');
    t.deepEqual(await c2.get('b'), { _id: 'b', v: 2 }, 'written by an earlier run');
    t.deepEqual(await c2.getMany(['a', 'b']), [{ _id: 'a', v: 1 }, { _id: 'b', v: 2 }]);
    t.is(counts.reads, 1, 'no read reached the store');
    t.deepEqual(await store.collection<Item>('c').get('b'), { _id: 'b', v: 2 }, 'the store holds what is warm');

    await c2.put({ _id: 'a', v: 3 });
    failing.next = true;
    await t.throwsAsync(() => run2.flush(['c']), { message: 'connection reset' });
    const run3 = new RunOverlay(wrapped, warm);
    t.deepEqual(await run3.collection<Item>('c').get('a'), { _id: 'a', v: 3 }, 'after a write that failed, the store is read again, not the older warm copy');
    t.is(counts.reads, 2);

    await run3.collection<Item>('c').delete('b');
    await run3.flush(['c']);
    t.is(await new RunOverlay(wrapped, warm).collection<Item>('c').get('b'), null, 'a deleted document is not served from memory');
  } finally {
    await store.close();
  }
});

test('warm documents are bounded by count, the oldest written going first', (t) => {
  const warm = new WarmDocs(2);
  warm.set({ _id: 'a' });
  warm.set({ _id: 'b' });
  warm.set({ _id: 'a' }); // rewritten: now the newest
  warm.set({ _id: 'c' });
  t.is(warm.size, 2);
  t.is(warm.get('b'), undefined);
  t.truthy(warm.get('a'));
  t.truthy(warm.get('c'));
  const none = new WarmDocs(0);
  none.set({ _id: 'x' });
  t.is(none.size, 0, 'a bound of 0 keeps nothing');
});
