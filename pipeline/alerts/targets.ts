import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import { marketYesPrice, questionObservedAt } from '../../shared/watchedPrices.ts';
import { getMarket } from '../../projections/markets/queries.ts';
import { getQuestion } from '../../projections/questions/queries.ts';
import type { ProjectionMetadata } from '../../projections/projection.ts';
import type { EvalState, TargetKind } from './model.ts';

/**
 * What an alert or a watchlist item points at, as the read models see it now: whether it exists,
 * its title and price, and the stream position that becomes an alert's baseline.
 */
export interface TargetNow {
  readonly kind: TargetKind;
  readonly id: string;
  readonly title: string;
  readonly price: number | null;
  readonly url: string | null;
  /** Where the read model stands in the target's stream: the alert's baseline. */
  readonly baseline: EvalState;
}

type WithMeta = { readonly _metadata?: ProjectionMetadata };

/** The read-model state of a target, or null when it does not exist. */
export async function readTarget(store: DocumentStore, kind: TargetKind, id: string): Promise<TargetNow | null> {
  if (kind === 'market') {
    const m = (await getMarket(store, id)) as (Awaited<ReturnType<typeof getMarket>> & WithMeta) | null;
    if (!m) return null;
    const price = marketYesPrice(m);
    return { kind, id, title: m.title, price, url: m.url, baseline: { seq: m._metadata?.lastSeq ?? 0, price, at: m.updated_at } };
  }
  const q = (await getQuestion(store, id)) as (Awaited<ReturnType<typeof getQuestion>> & WithMeta) | null;
  if (!q) return null;
  return { kind, id, title: q.title, price: q.index.index_price, url: null, baseline: { seq: q._metadata?.lastSeq ?? 0, price: q.index.index_price, at: questionObservedAt(q.members) } };
}
