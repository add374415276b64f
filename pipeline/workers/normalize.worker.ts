import { VENUE_MODULES } from '../venues/index.ts';
import type { ParseResult } from '../venues/types.ts';
import { isVenueSlug } from '../../shared/venues/registry.ts';
import { applyEndTimeRule } from '../../shared/markets/endTimeRule.ts';
import { prepareEach, prepareRaw, type PrepareOutcome, type RawPrepared } from '../process/prepareMarkets.ts';

export interface NormalizeTask {
  readonly venue: string;
  readonly item_id: string;
  readonly payload: unknown;
  readonly fetched_at: string;
}

/**
 * Piscina task: runs the venue's pure parser on one raw item, off the event loop, then the one
 * end-time rule every venue shares (a market past its end time is closed as of the fetch).
 */
export default function normalize(task: NormalizeTask): ParseResult {
  if (!isVenueSlug(task.venue)) throw new Error(`unknown venue "${task.venue}"`);
  const module = VENUE_MODULES[task.venue];
  if (!module) throw new Error(`no connector registered for venue "${task.venue}"`);
  const result = module.parse({ id: task.item_id, payload: task.payload }, { fetchedAt: task.fetched_at });
  return { ...result, markets: result.markets.map((m) => applyEndTimeRule(m, task.fetched_at)) };
}

export type NormalizeOutcome = { readonly ok: true; readonly result: ParseResult } | { readonly ok: false; readonly error: string };

/**
 * Several items in one task (pipeline/process/normalizeBatcher.ts): one hop to the worker and back for many
 * items. An item whose parser throws fails alone.
 */
export function normalizeBatch(tasks: readonly NormalizeTask[]): NormalizeOutcome[] {
  return tasks.map((task) => {
    try {
      return { ok: true, result: normalize(task) };
    } catch (err) {
      return { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
  });
}

/** The processor's task: one RAW message's bytes decoded, parsed, validated, serialised and id'd here, off the event loop. */
export function prepare(data: Uint8Array): RawPrepared {
  return prepareRaw(data, normalize);
}

/** Several RAW messages in one task (pipeline/process/normalizeBatcher.ts); one whose parser throws fails alone. */
export function prepareBatch(messages: readonly Uint8Array[]): PrepareOutcome[] {
  return prepareEach(messages, normalize);
}
