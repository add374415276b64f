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

/** Item id prefix of the market snapshots the links CLI re-sends after changing overrides. */
export const RELINK_ITEM_PREFIX = 'relink:';

export const overrideId = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

export interface OverrideLookup {
  /** The override between two markets, if any. */
  between(a: string, b: string): LinkOverride | undefined;
  /** Markets pinned to this one. */
  pinnedTo(id: string): LinkOverride[];
  /** Changes whenever an override naming this market is added, changed or removed. */
  fingerprint(id: string): string;
}

export interface OverrideSource {
  (): Promise<OverrideLookup>;
  /** Forget the cached overrides (a relink request from the links CLI says they changed). */
  invalidate(): void;
}

/** Reads overrides from the store, re-reading at most every `ttlMs` unless invalidated. */
export function overrideSource(store: DocumentStore, ttlMs = 5_000): OverrideSource {
  let cached: { at: number; lookup: OverrideLookup } | undefined;
  const source = async () => {
    if (cached && Date.now() - cached.at < ttlMs) return cached.lookup;
    const all = await store.collection<LinkOverride>(LINK_OVERRIDES).find();
    const byPair = new Map(all.map((o) => [o._id, o]));
    const pins = new Map<string, LinkOverride[]>();
    const touching = new Map<string, string[]>();
    for (const o of [...all].sort((x, y) => (x._id < y._id ? -1 : 1))) {
      for (const id of [o.a, o.b]) touching.set(id, [...(touching.get(id) ?? []), `${o._id}:${o.action}:${o.relation}`]);
      if (o.action !== 'pin') continue;
      for (const id of [o.a, o.b]) pins.set(id, [...(pins.get(id) ?? []), o]);
    }
    const lookup: OverrideLookup = {
      between: (a, b) => byPair.get(overrideId(a, b)),
      pinnedTo: (id) => pins.get(id) ?? [],
      fingerprint: (id) => (touching.get(id) ?? []).join(','),
    };
    cached = { at: Date.now(), lookup };
    return lookup;
  };
  return Object.assign(source, {
    invalidate: () => {
      cached = undefined;
    },
  });
}
