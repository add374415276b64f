import type { Doc, DocumentStore } from '../../../shared/ports/documentStore.ts';
import type { LinkRelation } from '../../../shared/events.ts';

/**
 * Operator decisions that win over the verifier: `pin` links two markets whatever the checks
 * say (match_method `manual`), `forbid` keeps them apart whatever the checks say.
 */
export interface LinkOverride extends Doc {
  readonly _id: string;
  readonly a: string;
  readonly b: string;
  readonly action: 'pin' | 'forbid';
  readonly relation: LinkRelation;
  readonly note: string;
  readonly created_at: string;
}

export const LINK_OVERRIDES = 'link_overrides';

export const overrideId = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

export interface OverrideLookup {
  /** The override between two markets, if any. */
  between(a: string, b: string): LinkOverride | undefined;
  /** Markets pinned to this one. */
  pinnedTo(id: string): LinkOverride[];
}

/** Reads overrides from the store, re-reading at most every `ttlMs` (operators edit them live). */
export function overrideSource(store: DocumentStore, ttlMs = 5_000): () => Promise<OverrideLookup> {
  let cached: { at: number; lookup: OverrideLookup } | undefined;
  return async () => {
    if (cached && Date.now() - cached.at < ttlMs) return cached.lookup;
    const all = await store.collection<LinkOverride>(LINK_OVERRIDES).find();
    const byPair = new Map(all.map((o) => [o._id, o]));
    const pins = new Map<string, LinkOverride[]>();
    for (const o of all) {
      if (o.action !== 'pin') continue;
      for (const id of [o.a, o.b]) pins.set(id, [...(pins.get(id) ?? []), o]);
    }
    const lookup: OverrideLookup = {
      between: (a, b) => byPair.get(overrideId(a, b)),
      pinnedTo: (id) => pins.get(id) ?? [],
    };
    cached = { at: Date.now(), lookup };
    return lookup;
  };
}
