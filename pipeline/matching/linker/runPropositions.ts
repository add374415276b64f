/**
 * A run's propositions read off the linker's thread (finding 57): the markets the run will place are sent in
 * chunks, all at once, to a thread that extracts them while the linker places the markets before them, the way
 * their embeddings are asked (runEmbeddings.ts). Extraction is pure and deterministic, and a proposition is plain
 * data, so the copy that comes back compares as the one read here would (bench/support/verdictDigest.ts --cloned).
 * A market the run did not ask for, or whose chunk failed, is read on the linker's thread as before.
 */
import type { LinkerMarketRef } from './marketRef.ts';

/** One market a run will place with a new proposition: its id, its match key and what the verifier reads. */
export interface PropositionRequest {
  readonly id: string;
  readonly key: string;
  readonly ref: LinkerMarketRef;
}

export interface RunPropositions {
  /** The proposition read elsewhere for the market at this match key; undefined when not asked or its chunk failed. */
  propOf(id: string, key: string): Promise<unknown> | undefined;
  /** Whether a chunk is still out (the linker yields to the event loop meanwhile, as for embeddings). */
  readonly pending: boolean;
  /** Resolves once every chunk has settled. */
  settled(): Promise<void>;
}

export const NO_RUN_PROPOSITIONS: RunPropositions = { propOf: () => undefined, pending: false, settled: async () => {} };

export function extractInChunks(
  requests: readonly PropositionRequest[],
  extract: (refs: LinkerMarketRef[]) => Promise<unknown[]>,
  chunk: number,
  onError: (err: unknown) => void,
): RunPropositions {
  const where = new Map<string, { call: Promise<unknown[] | null>; at: number }>();
  const calls: Promise<unknown>[] = [];
  let outstanding = 0;
  const size = Math.max(1, Math.floor(chunk));
  const unique = [...new Map(requests.map((r) => [`${r.id}\u0000${r.key}`, r])).entries()];
  for (let i = 0; i < unique.length; i += size) {
    const part = unique.slice(i, i + size);
    outstanding++;
    const call = extract(part.map(([, r]) => r.ref)).then(
      (props) => {
        outstanding--;
        return props.length === part.length ? props : null;
      },
      (err: unknown) => {
        outstanding--;
        onError(err);
        return null;
      },
    );
    calls.push(call);
    part.forEach(([k], at) => where.set(k, { call, at }));
  }
  return {
    propOf: (id, key) => {
      const w = where.get(`${id}\u0000${key}`);
      return w?.call.then((props) => (props ? props[w.at] : undefined));
    },
    get pending() {
      return outstanding > 0;
    },
    settled: async () => {
      await Promise.all(calls);
    },
  };
}
