/**
 * A run's titles embedded in chunks that are all asked at once, so the linker places the run's first markets
 * while the embed pool (another thread) still works on the later chunks. Asking for the whole run in one call
 * kept the linker's thread idle for the whole embedding (a third of a run's time in a profile). The vectors
 * do not depend on the chunking: the model embeds each text on its own (padding is masked out of the mean),
 * so a text gets the same bits in any batch.
 */

/** Titles per embedding call of a run: the ONNX batch the embedder runs (so no call pads a half batch). */
export const EMBED_CHUNK = 64;

export interface RunEmbeddings {
  /** The vector of a text the run asked for (undefined for any other text). */
  vectorOf(text: string): Promise<Float32Array> | undefined;
  /** Whether a chunk is still being embedded (the linker yields to the event loop meanwhile, see below). */
  readonly pending: boolean;
  /** Resolves once every chunk has settled, failed or not. */
  settled(): Promise<void>;
}

export function embedInChunks(
  texts: readonly string[],
  embed: (texts: string[]) => Promise<Float32Array[]>,
  chunk: number = EMBED_CHUNK,
): RunEmbeddings {
  const where = new Map<string, { call: Promise<Float32Array[]>; at: number }>();
  const calls: Promise<unknown>[] = [];
  let outstanding = 0;
  const size = Math.max(1, Math.floor(chunk));
  for (let i = 0; i < texts.length; i += size) {
    const part = texts.slice(i, i + size);
    outstanding++;
    const call = embed(part);
    const done = call.then(
      () => void outstanding--,
      () => void outstanding--,
    );
    calls.push(done);
    part.forEach((text, at) => where.set(text, { call, at }));
  }
  return {
    vectorOf: (text) => {
      const w = where.get(text);
      return w?.call.then((vectors) => vectors[w.at]!);
    },
    get pending() {
      return outstanding > 0;
    },
    settled: async () => {
      await Promise.all(calls);
    },
  };
}
