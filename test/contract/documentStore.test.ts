import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { DuplicateKeyError } from '../../shared/ports/documentStore.ts';
import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import { registerStoreContract } from '../support/storeContract.ts';

const dir = mkdtempSync(join(tmpdir(), 'concord-store-'));
const opened: DocumentStore[] = [];
const open = (file: string): DocumentStore => {
  const store = openSqliteStore({ file });
  opened.push(store);
  return store;
};
const fileStore = open(join(dir, 'contract.db'));
const memoryStore = open(':memory:');

test.after.always(async () => {
  for (const s of opened) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

registerStoreContract('sqlite file', async () => fileStore);
registerStoreContract('sqlite in-memory', async () => memoryStore);

interface Account extends Doc {
  readonly email?: string;
  readonly n?: number;
}

test('sqlite file: documents, indexes and uniqueness survive close and reopen', async (t) => {
  const file = join(dir, 'reopen.db');
  const first = open(file);
  const c = first.collection<Account>('accounts');
  await c.ensureIndexes([{ name: 'email_u', fields: [['email', 1]], unique: true }]);
  await c.putMany([{ _id: 'a', email: 'a@x', n: 1 }, { _id: 'b', email: 'b@x', n: 2 }]);
  await first.close();
  await t.throwsAsync(first.ping());
  await t.throwsAsync(c.get('a'));

  const second = open(file);
  const again = second.collection<Account>('accounts');
  t.deepEqual(await again.find({}, { sort: [['n', -1]] }), [{ _id: 'b', email: 'b@x', n: 2 }, { _id: 'a', email: 'a@x', n: 1 }]);
  await t.throwsAsync(again.insert({ _id: 'c', email: 'a@x' }), { instanceOf: DuplicateKeyError });
  await second.ping();
  t.is(second.kind, 'sqlite');
});
