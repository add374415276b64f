import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { cachedEmbedder } from '../../adapters/embedder/cachedEmbedder.ts';
import { storeEmbeddingCache } from '../../pipeline/matching/linker/poolEmbedder.ts';
import type { Embedder } from '../../shared/ports/embedder.ts';

/** An embedder that records every text it is asked to embed; vectors are made from the text. */
function countingEmbedder() {
  const seen: string[] = [];
  const embedder: Embedder = {
    modelId: 'counting',
    dimension: 3,
    async embed(texts) {
      seen.push(...texts);
      return texts.map((t) => new Float32Array([t.length, t.charCodeAt(0) / 7, -1.5]));
    },
    async close() {},
  };
  return { embedder, seen };
}

test('the SQLite-backed embedding cache survives a restart: the new process embeds only titles it has not seen, and gets the same bytes back', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'concord-embcache-'));
  const file = join(dir, 'concord.db');
  try {
    const first = countingEmbedder();
    const storeA = openSqliteStore({ file });
    const before = await cachedEmbedder(first.embedder, { store: storeEmbeddingCache(storeA) }).embed(['Will Bitcoin reach $150k?', 'Fed cuts in March']);
    t.deepEqual(first.seen, ['will bitcoin reach $150k?', 'fed cuts in march']);
    await storeA.close();

    // A new process: a fresh store handle on the same file, an empty in-memory cache, a new model instance.
    const second = countingEmbedder();
    const storeB = openSqliteStore({ file });
    const after = await cachedEmbedder(second.embedder, { store: storeEmbeddingCache(storeB) }).embed(['will BITCOIN reach $150k?', 'A new title', 'Fed cuts in March']);
    await storeB.close();
    t.deepEqual(second.seen, ['a new title'], 'only the unseen title reached the model');
    t.deepEqual(Buffer.from(after[0]!.buffer, after[0]!.byteOffset, 12), Buffer.from(before[0]!.buffer, before[0]!.byteOffset, 12));
    t.deepEqual(Array.from(after[2]!), Array.from(before[1]!));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
