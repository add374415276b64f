import test from 'ava';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import type { Doc, IndexSpec } from '../../shared/ports/documentStore.ts';

/**
 * An update of a text-indexed collection fires triggers, so SQLite keeps a statement journal for it; with many
 * indexes that journal passes SQLite's 64 KiB spill size and, unless temporary storage is in memory, is
 * written to a temporary file on every statement (adapters/store/sqliteStore.ts). What the writing thread
 * writes to files is read from Linux's /proc/thread-self/io (`wchar`), so the store's checkpointing thread is
 * not counted.
 */
const THREAD_IO = '/proc/thread-self/io';
const FIELDS = 16;

interface Row extends Doc {
  readonly title: string;
  readonly [field: string]: unknown;
}

const bytesWritten = (): number => Number(/^wchar: (\d+)$/m.exec(readFileSync(THREAD_IO, 'utf8'))![1]);

/** 300 documents with 16 indexed fields and a 1.5 KB body; `round` moves every indexed value, never a title. */
function rows(round: number): Row[] {
  return Array.from({ length: 300 }, (_, i) => ({
    _id: `m${i}`,
    title: `Will team ${i} win the cup?`,
    ...Object.fromEntries(Array.from({ length: FIELDS }, (_, j) => [`f${j}`, (i * 7919 + j * 31 + round) % 1000])),
    body: 'x'.repeat(1500),
  }));
}

(existsSync(THREAD_IO) ? test : test.skip)('an update with a text index writes about what the same update without one writes: the statement journal stays in memory', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'concord-stmt-journal-'));
  const store = openSqliteStore({ file: join(dir, 'store.db') });
  t.teardown(() => void store.close().then(() => rmSync(dir, { recursive: true, force: true })));
  const indexes: IndexSpec[] = Array.from({ length: FIELDS }, (_, j) => ({ name: `by_f${j}`, fields: [[`f${j}`, -1], ['_id', 1]] }));
  const written: Record<string, number> = {};
  for (const name of ['plain', 'searchable']) {
    const c = store.collection<Row>(name);
    await c.ensureIndexes(indexes);
    if (name === 'searchable') await c.ensureTextIndex({ name: 'search', fields: [['title', 1]] });
    await c.putMany(rows(0));
    const before = bytesWritten();
    await c.putMany(rows(1));
    written[name] = bytesWritten() - before;
  }
  // Both commit the same changed pages to the WAL (the titles are unchanged, so the text index is not
  // rewritten); a spilled statement journal wrote ~26 times the plain collection's bytes here.
  t.true(written.searchable! > 0 && written.plain! > 0);
  t.true(written.searchable! < written.plain! * 1.5, `with a text index ${written.searchable} bytes, without ${written.plain}`);
});
