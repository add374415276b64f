import test from 'ava';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { readModelVersion } from '../../api/http/readModelVersion.ts';
import { CHECKPOINTS } from '../../projections/applyEvent.ts';
import type { Collection, Doc, DocumentStore } from '../../shared/ports/documentStore.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A real in-memory store whose checkpoint reads are counted, and can be made to fail. */
function countingStore(): { store: DocumentStore; reads: () => number; failNext: () => void } {
  const inner = openSqliteStore({ file: ':memory:' });
  let reads = 0;
  let fail = false;
  const store: DocumentStore = {
    ...inner,
    collection<T extends Doc>(name: string): Collection<T> {
      const c = inner.collection<T>(name);
      if (name !== CHECKPOINTS) return c;
      return {
        ...c,
        async get(id: string) {
          reads += 1;
          if (fail) {
            fail = false;
            throw new Error('store down');
          }
          return c.get(id);
        },
      };
    },
  };
  return { store, reads: () => reads, failNext: () => (fail = true) };
}

async function setCheckpoint(store: DocumentStore, name: string, lastSeq: number): Promise<void> {
  await store.collection(CHECKPOINTS).put({ _id: name, lastSeq } as Doc);
}

test('requests handled in one event-loop turn share one checkpoint read per read model', async (t) => {
  const { store, reads } = countingStore();
  await setCheckpoint(store, 'questions', 7);
  await setCheckpoint(store, 'markets', 3);
  await nextTurn();
  const before = reads();
  const versions = await Promise.all([
    readModelVersion(store, 'questions'),
    readModelVersion(store, 'questions'),
    readModelVersion(store, 'markets'),
    readModelVersion(store, 'questions'),
  ]);
  t.deepEqual(versions, [7, 7, 3, 7]);
  t.is(reads() - before, 2);
});

test('a checkpoint written in an earlier turn is seen by the next turn’s read', async (t) => {
  const { store } = countingStore();
  await setCheckpoint(store, 'questions', 7);
  await nextTurn();
  t.is(await readModelVersion(store, 'questions'), 7);
  await setCheckpoint(store, 'questions', 8);
  await nextTurn();
  t.is(await readModelVersion(store, 'questions'), 8);
});

test('a read model with no checkpoint yet is at version 0', async (t) => {
  const { store } = countingStore();
  t.is(await readModelVersion(store, 'questions'), 0);
});

test('a failed read is not shared: the next request in the same turn reads again', async (t) => {
  const { store, reads, failNext } = countingStore();
  await setCheckpoint(store, 'questions', 5);
  await nextTurn();
  const before = reads();
  failNext();
  await t.throwsAsync(readModelVersion(store, 'questions'), { message: 'store down' });
  t.is(await readModelVersion(store, 'questions'), 5);
  t.is(reads() - before, 2);
});
