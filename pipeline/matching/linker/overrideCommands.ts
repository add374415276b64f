import type { DocumentStore } from '../../../shared/ports/documentStore.ts';
import type { LinkRelation, MarketNormalized } from '../../../shared/events.ts';
import { isVenueSlug } from '../../../shared/venues/registry.ts';
import { isUuid, marketId } from '../../../shared/ids.ts';
import { subjects } from '../../../shared/streams/subjects.ts';
import { normalizedMarketSchema } from '../../../shared/types/marketSchema.ts';
import { getMarket } from '../../../projections/markets/queries.ts';
import type { Publisher } from '../../streams/publisher.ts';
import { LINK_OVERRIDES, RELINK_ITEM_PREFIX, overrideId, type LinkOverride } from './overrides.ts';

/** A market named by UUID or as `<venue>:<platform_market_id>` (what operators see on venues). */
export function resolveMarketRef(ref: string): { ok: true; id: string } | { ok: false; reason: string } {
  if (isUuid(ref)) return { ok: true, id: ref.toLowerCase() };
  const at = ref.indexOf(':');
  const venue = ref.slice(0, at);
  const platformId = ref.slice(at + 1);
  if (at > 0 && isVenueSlug(venue) && platformId) return { ok: true, id: marketId(venue, platformId) };
  return { ok: false, reason: `"${ref}" is neither a market UUID nor <venue>:<platform_market_id> with a known venue` };
}

/** Whether the markets read model holds the market (an override of an unseen one is usually a typo). */
export async function knownMarket(store: DocumentStore, id: string): Promise<boolean> {
  return (await getMarket(store, id)) !== null;
}

/**
 * Sends the market's current snapshot through the MARKETS stream again so the linker
 * re-places it under the new overrides (the markets projection sees the same content).
 */
export async function requestRelink(store: DocumentStore, publish: Publisher, id: string, reason: string): Promise<boolean> {
  const doc = await getMarket(store, id);
  if (!doc) return false;
  const market = normalizedMarketSchema.parse(doc);
  const event: MarketNormalized = {
    type: 'market_normalized',
    market,
    source: { item_id: `${RELINK_ITEM_PREFIX}${reason}`, content_hash: 'relink', fetched_at: doc.updated_at },
  };
  await publish(subjects.normalized(market.platform_slug), event);
  return true;
}

export async function setOverride(
  store: DocumentStore,
  a: string,
  b: string,
  action: 'pin' | 'forbid',
  relation: LinkRelation,
  note: string,
  now = new Date(),
): Promise<LinkOverride> {
  const doc: LinkOverride = { _id: overrideId(a, b), a, b, action, relation, note, created_at: now.toISOString() };
  await store.collection<LinkOverride>(LINK_OVERRIDES).put(doc);
  return doc;
}

export async function removeOverride(store: DocumentStore, a: string, b: string): Promise<boolean> {
  return store.collection<LinkOverride>(LINK_OVERRIDES).delete(overrideId(a, b));
}

export async function listOverrides(store: DocumentStore): Promise<LinkOverride[]> {
  return store.collection<LinkOverride>(LINK_OVERRIDES).find({}, { sort: [['created_at', 1]] });
}
