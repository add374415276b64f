import type { OpportunityChange } from '../../shared/arbitrage/lifecycle.ts';
import type { ArbitrageOpportunity } from '../../shared/arbitrage/types.ts';
import type { ScannerOpportunity } from './state.ts';

/**
 * Every opportunity the scanner has published and not yet removed (the lifecycle's memory), held in
 * memory by question so a pass reads none of it from the store. The store copy (`arb_scan_opportunities`)
 * is what a restart loads; `apply` runs only after a pass's batched write landed there.
 */
export class OpportunitySet {
  readonly #byQuestion = new Map<string, Map<string, ArbitrageOpportunity>>();
  readonly #live = new Map<string, ArbitrageOpportunity>();
  readonly #resolved = new Map<string, ArbitrageOpportunity>();

  load(docs: readonly ScannerOpportunity[]): void {
    for (const { _id: _ignored, ...o } of docs) this.#set(o as ArbitrageOpportunity);
  }

  /** The question's opportunities in any state (resolved ones until they expire). */
  ofQuestion(questionId: string): ArbitrageOpportunity[] {
    const m = this.#byQuestion.get(questionId);
    return m ? [...m.values()] : [];
  }

  hasAny(questionId: string): boolean {
    return (this.#byQuestion.get(questionId)?.size ?? 0) > 0;
  }

  /** Whether the question has an active or stale opportunity. */
  hasLive(questionId: string): boolean {
    const m = this.#byQuestion.get(questionId);
    if (m) for (const o of m.values()) if (o.status !== 'resolved') return true;
    return false;
  }

  /** Active or stale: what the stats cover. */
  live(): IterableIterator<ArbitrageOpportunity> {
    return this.#live.values();
  }

  resolved(): IterableIterator<ArbitrageOpportunity> {
    return this.#resolved.values();
  }

  /** Questions with a live opportunity (a full pass rescans them even if no longer multi-venue). */
  liveQuestionIds(): Set<string> {
    const out = new Set<string>();
    for (const o of this.#live.values()) out.add(o.canonical_question_id);
    return out;
  }

  apply(changes: readonly OpportunityChange[]): void {
    for (const c of changes) {
      if (c.change === 'removed') this.#delete(c.opportunity);
      else this.#set(c.opportunity);
    }
  }

  #set(o: ArbitrageOpportunity): void {
    let m = this.#byQuestion.get(o.canonical_question_id);
    if (!m) this.#byQuestion.set(o.canonical_question_id, (m = new Map()));
    m.set(o.id, o);
    if (o.status === 'resolved') {
      this.#live.delete(o.id);
      this.#resolved.set(o.id, o);
    } else {
      this.#resolved.delete(o.id);
      this.#live.set(o.id, o);
    }
  }

  #delete(o: ArbitrageOpportunity): void {
    const m = this.#byQuestion.get(o.canonical_question_id);
    m?.delete(o.id);
    if (m && m.size === 0) this.#byQuestion.delete(o.canonical_question_id);
    this.#live.delete(o.id);
    this.#resolved.delete(o.id);
  }
}
