import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import { VENUE_SLUGS, VENUES, type VenueSlug } from '../../shared/venues/registry.ts';
import { countMarkets } from '../markets/queries.ts';
import { emptyStatus, platformStatusProjection, type PlatformStatusDoc } from './projection.ts';

export type VenueState = 'ok' | 'degraded' | 'failing' | 'disabled' | 'never_synced';

/**
 * Health state: disabled (no key) wins; failing when the last attempt failed; degraded when it
 * succeeded but some items were skipped for schema drift; never_synced before any success.
 */
export function venueState(doc: PlatformStatusDoc): VenueState {
  if (doc.disabled_reason) return 'disabled';
  const lastErrorAt = doc.last_error ? Date.parse(doc.last_error.at) : -Infinity;
  const lastSuccessAt = doc.last_success_at ? Date.parse(doc.last_success_at) : -Infinity;
  if (doc.consecutive_failures > 0 && lastErrorAt >= lastSuccessAt) return 'failing';
  if (!doc.last_success_at) return 'never_synced';
  return doc.drift_warnings.length > 0 ? 'degraded' : 'ok';
}

export async function platformStatuses(store: DocumentStore, only?: readonly VenueSlug[]) {
  const docs = await store.collection<PlatformStatusDoc>(platformStatusProjection.collection).find();
  const bySlug = new Map(docs.map((d) => [d.slug, d]));
  const slugs = only ?? VENUE_SLUGS;
  return Promise.all(
    slugs.map(async (slug) => {
      const doc = bySlug.get(slug) ?? emptyStatus(slug);
      const info = VENUES[slug];
      return {
        id: info.id,
        slug,
        name: info.name,
        state: venueState(doc),
        last_synced_at: doc.last_success_at,
        last_success_at: doc.last_success_at,
        markets_count: await countMarkets(store, slug),
        open_markets_count: await countMarkets(store, slug, 'open'),
        last_fetch: {
          item_count: doc.last_item_count,
          changed_count: doc.last_changed_count,
          duration_ms: doc.last_duration_ms,
        },
        last_error: doc.last_error,
        consecutive_failures: doc.consecutive_failures,
        disabled_reason: doc.disabled_reason,
        skipped_items_total: doc.skipped_items_total,
        schema_drift_warnings: doc.drift_warnings,
      };
    }),
  );
}
