import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { createEmbeddedVectorIndex } from '../../adapters/vector/embeddedVectorIndex.ts';
import { createTransformersEmbedder } from '../../adapters/embedder/transformersEmbedder.ts';
import { createLinker, type LinkerDeps } from '../../pipeline/matching/linker/linker.ts';
import { overrideSource } from '../../pipeline/matching/linker/overrides.ts';
import { linkerCollections } from '../../pipeline/matching/linker/state.ts';
import { structuralVerifier } from '../../pipeline/matching/linker/structuralVerifier.ts';
import type { LinkEvent } from '../../shared/events.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import { silentLog } from './nats.ts';
import { TEST_MODEL } from './service.ts';

export interface TestLinkerOptions extends Partial<Pick<LinkerDeps, 'verifier' | 'embedChunk' | 'extractElsewhere' | 'propositions'>> {
  /** Sees each embedding call's titles before the real embedder answers it. */
  readonly onEmbed?: (texts: readonly string[]) => void;
}

/**
 * A linker on real parts (an in-memory SQLite store, the embedded vector index, the test embedding model) with the
 * structural verifier, its published link events collected in `published`.
 */
export async function openTestLinker(options: TestLinkerOptions = {}) {
  const { onEmbed, ...deps } = options;
  const store = openSqliteStore({ file: ':memory:' });
  const embedder = await createTransformersEmbedder({ model: TEST_MODEL, logger: silentLog });
  const index = createEmbeddedVectorIndex({ dimension: embedder.dimension, logger: silentLog });
  const published: LinkEvent[] = [];
  const linker = createLinker({
    store,
    index,
    embed: (texts) => {
      onEmbed?.(texts);
      return embedder.embed(texts);
    },
    verifier: structuralVerifier,
    publish: async (_subject, payload) => void published.push(payload as LinkEvent),
    overrides: overrideSource(store),
    log: silentLog,
    ...deps,
  });
  const questionOf = async (m: NormalizedMarket) => (await linkerCollections(store).markets.get(m.id))!.question_id;
  return { store, linker, published, questionOf, close: () => Promise.all([store.close(), embedder.close(), index.close()]) };
}
