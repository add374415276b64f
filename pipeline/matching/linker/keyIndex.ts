/**
 * The linker's structural key index: which markets are filed under which structural key (a subject at
 * a level, a game's day). It proposes candidates the embedding's nearest neighbours can miss when one
 * venue lists hundreds of near-identical siblings; the verifier still decides every link.
 */
import type { Doc, DocumentStore } from '../../../shared/ports/documentStore.ts';

export const LINKER_KEYS = 'linker_keys';

/** Most markets read per key lookup: a key is narrow (one subject and level, or one day of games). */
export const KEYED_CANDIDATES = 64;

interface KeyDoc extends Doc {
  readonly _id: string;
  readonly key: string;
  readonly market_id: string;
  readonly venue: string;
}

export function createKeyIndex(store: DocumentStore) {
  const keys = store.collection<KeyDoc>(LINKER_KEYS);
  let indexed: Promise<void> | null = null;
  const ready = (): Promise<void> =>
    (indexed ??= keys.ensureIndexes([
      { name: 'by_key', fields: [['key', 1]] },
      { name: 'by_market', fields: [['market_id', 1]] },
    ]));

  return {
    /** Files the market under exactly these keys (its previous keys are dropped). */
    async file(marketId: string, venue: string, own: readonly string[]): Promise<void> {
      await ready();
      await keys.deleteMany({ market_id: marketId });
      if (own.length > 0) await keys.putMany([...new Set(own)].map((key) => ({ _id: `${key}\u241f${marketId}`, key, market_id: marketId, venue })));
    },
    /** Markets of other venues filed under any of the keys, at most KEYED_CANDIDATES. */
    async lookup(probe: readonly string[], notVenue: string): Promise<string[]> {
      if (probe.length === 0) return [];
      await ready();
      const found = await keys.find({ key: { $in: [...new Set(probe)] }, venue: { $ne: notVenue } }, { limit: KEYED_CANDIDATES });
      return [...new Set(found.map((d) => d.market_id))];
    },
  };
}

export type KeyIndex = ReturnType<typeof createKeyIndex>;
