import type { ArbitrageOpportunityEvent } from '../arbitrage/schema.ts';

/** One `arbitrage.opportunity` event with its stream sequence (the SSE event id). */
export interface ArbitrageFeedEvent {
  readonly seq: number;
  readonly event: ArbitrageOpportunityEvent;
}

/**
 * ArbitrageFeed port: the ARB stream's opportunity events, in order, from any sequence still
 * retained. The API's SSE route reads it; the JetStream adapter is pipeline/streams/arbitrageFeed.ts.
 */
export interface ArbitrageFeed {
  /** First and last sequence the stream holds now (first > last when it holds nothing). */
  bounds(): Promise<{ readonly first: number; readonly last: number }>;
  /**
   * Calls `onEvent` for every opportunity event from `fromSeq` on, in order, waiting for new ones,
   * until `signal` aborts (then resolves). Rejects when the stream cannot be read.
   */
  follow(fromSeq: number, onEvent: (e: ArbitrageFeedEvent) => Promise<void>, signal: AbortSignal): Promise<void>;
}
