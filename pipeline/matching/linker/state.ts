import type { DocumentStore, Doc } from '../../../shared/ports/documentStore.ts';
import type { LinkRelation, MatchMethod, QuestionMember } from '../../../shared/events.ts';
import type { Category } from '../../../shared/types/market.ts';
import type { LinkerMarketRef } from './marketRef.ts';

/** A move of a market between questions, kept so users can see why links changed. */
export interface LinkMove {
  readonly from: string | null;
  readonly to: string | null;
  readonly reason: string;
  readonly at: string;
}

/** The linker's memory of one market: its match inputs, vector and current link. */
export interface LinkedMarketState extends Doc {
  readonly _id: string;
  readonly ref: LinkerMarketRef;
  readonly match_key: string;
  /** Base64 of the Float32 embedding (to rebuild an in-process vector index on restart). */
  readonly vector: string | null;
  readonly question_id: string;
  readonly relation: LinkRelation;
  readonly confidence: number;
  readonly match_method: MatchMethod;
  readonly reasons: readonly string[];
  readonly member: QuestionMember;
  /** Fetch time of the snapshot `member` reflects; older snapshots arriving late are ignored. */
  readonly fetched_at: string;
  readonly group_title: string | null;
  /** The market's end time: a question ends when its title member does (absent in states written before it was kept). */
  readonly end_time?: string | null;
  /** Overrides naming this market when it was placed; a change re-places it. */
  readonly override_fp: string;
  readonly moves: readonly LinkMove[];
}

export interface QuestionState extends Doc {
  readonly _id: string;
  readonly anchor_market_id: string;
  readonly category: Category;
  readonly end_time: string | null;
  /** Member market ids in joining order (anchor first). */
  readonly member_ids: readonly string[];
}

export const LINKER_MARKETS = 'linker_markets';
export const LINKER_QUESTIONS = 'linker_questions';
export const MAX_MOVES = 10;

export function linkerCollections(store: DocumentStore) {
  return {
    markets: store.collection<LinkedMarketState>(LINKER_MARKETS),
    questions: store.collection<QuestionState>(LINKER_QUESTIONS),
  };
}

export function vectorToBase64(v: Float32Array): string {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
}

export function vectorFromBase64(s: string): Float32Array {
  const buf = Buffer.from(s, 'base64');
  const copy = new Uint8Array(buf.byteLength);
  copy.set(buf);
  return new Float32Array(copy.buffer);
}
