import test from 'ava';
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKSTOP_PAGES, sqliteCheckpointer, START_BYTES } from '../../adapters/store/sqliteCheckpointer.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import type { Doc } from '../../shared/ports/documentStore.ts';

const dir = mkdtempSync(join(tmpdir(), 'concord-sqlite-checkpoint-'));
test.after.always(() => rmSync(dir, { recursive: true, force: true }));

const until = async (cond: () => boolean, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
};

test.serial('the WAL is checkpointed by the worker thread once it passed 4 MiB, with the writer never checkpointing itself', async (t) => {
  const file = join(dir, 'worker.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // The writer never checkpoints on its own here: whatever reaches the main file was copied by the worker.
  db.pragma('wal_autocheckpoint = 0');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const cp = sqliteCheckpointer(db, file);
  const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
  const body = 'x'.repeat(4_000);

  insert.run(body);
  cp.wrote();
  t.false(cp.running, 'a small WAL starts no thread');

  // 1,500 rows of 4,000 bytes: ~6 MB of WAL (one 4 KiB page and an overflow page per row), past START_BYTES.
  db.transaction(() => {
    for (let i = 0; i < 1_500; i++) insert.run(body);
  })();
  t.true(statSync(`${file}-wal`).size >= START_BYTES);
  const mainBefore = statSync(file).size;
  t.true(mainBefore < 1_000_000, 'the rows are in the WAL, not yet in the main file');
  cp.wrote();
  t.true(cp.running);
  t.is(db.pragma('wal_autocheckpoint', { simple: true }), BACKSTOP_PAGES, 'the writer checkpoints only at the backstop');

  // The worker copies the WAL into the main file: 1,501 rows of 4,000 bytes make it at least 6,004,000 bytes.
  await until(() => statSync(file).size >= 1_501 * 4_000);
  t.pass();

  await cp.stop();
  t.false(cp.running);
  t.is(db.pragma('wal_autocheckpoint', { simple: true }), 0, "the writer's own setting is back");
  t.is((db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n, 1_501);
  db.close();
});

test.serial('a store that wrote past the threshold closes (its worker stopped), leaves no WAL behind and reopens with every document', async (t) => {
  const file = join(dir, 'store.db');
  let store = openSqliteStore({ file });
  const c = store.collection<Doc & { n: number; body: string }>('docs');
  const body = 'y'.repeat(3_000);
  for (let batch = 0; batch < 4; batch++) {
    await c.putMany(Array.from({ length: 500 }, (_, i) => ({ _id: `d${batch * 500 + i}`, n: batch * 500 + i, body })));
  }
  // 2,000 documents of over 3,000 bytes each: about 6 MB written, past START_BYTES.
  await store.close();
  t.false(existsSync(`${file}-wal`) && statSync(`${file}-wal`).size > 0, 'the WAL was folded into the main file');

  store = openSqliteStore({ file });
  const again = store.collection<Doc & { n: number }>('docs');
  t.is(await again.count(), 2_000);
  t.is((await again.get('d1999'))?.n, 1_999);
  await store.close();
});
