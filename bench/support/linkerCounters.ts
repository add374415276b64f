/**
 * Counters for `bench/linkerDigest.ts --counters`: wraps what the linker is given (its store, vector index and
 * verifier) and counts, per market linked, the comparisons, the vector searches, the key index's rows read and
 * written, and the time spent in each (wall time of the awaited calls: the store and the index answer on this
 * thread, so it is their CPU on a free core). Changes nothing the linker decides; for finding what grows with the
 * catalogue.
 */
import type { Collection, Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import type { VectorIndex } from '../../shared/ports/vectorIndex.ts';
import type { VerifierFns } from '../../pipeline/matching/linker/verdict.ts';
import { LINKER_KEYS } from '../../pipeline/matching/linker/keyIndex.ts';

interface Tally {
  calls: number;
  items: number;
  ms: number;
}

export class LinkerCounters {
  readonly #tallies = new Map<string, Tally>();

  tally(name: string): Tally {
    let t = this.#tallies.get(name);
    if (!t) this.#tallies.set(name, (t = { calls: 0, items: 0, ms: 0 }));
    return t;
  }

  /** One line per counter: calls, items and ms per market, since the last `reset`. */
  lines(markets: number): string[] {
    return [...this.#tallies].map(
      ([name, t]) => `  ${name.padEnd(28)} calls ${(t.calls / markets).toFixed(2).padStart(7)}  items ${(t.items / markets).toFixed(2).padStart(8)}  ms ${(t.ms / markets).toFixed(3).padStart(7)}  per market`,
    );
  }

  reset(): void {
    for (const t of this.#tallies.values()) Object.assign(t, { calls: 0, items: 0, ms: 0 });
  }

  async #timed<R>(name: string, items: (r: R) => number, f: () => Promise<R>): Promise<R> {
    const t = this.tally(name);
    const started = performance.now();
    const r = await f();
    t.ms += performance.now() - started;
    t.calls++;
    t.items += items(r);
    return r;
  }

  verifier(v: VerifierFns): VerifierFns {
    const compare = this.tally('verifier.compare');
    return {
      ...v,
      compare: (a, b) => {
        const started = performance.now();
        const r = v.compare(a, b);
        compare.ms += performance.now() - started;
        compare.calls++;
        if (r.same && r.relation !== 'different') compare.items++;
        return r;
      },
    };
  }

  index(i: VectorIndex): VectorIndex {
    return new Proxy(i, {
      get: (target, prop, receiver) => {
        if (prop === 'search') return (vector: Float32Array, o: Parameters<VectorIndex['search']>[1]) => this.#timed('index.search', (r) => r.length, () => target.search(vector, o));
        if (prop === 'upsert') return (items: Parameters<VectorIndex['upsert']>[0]) => this.#timed('index.upsert', () => items.length, () => target.upsert(items));
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
  }

  /** The store, with the key index's finds, deletes and puts and the linker collections' reads counted. */
  store(s: DocumentStore): DocumentStore {
    return new Proxy(s, {
      get: (target, prop, receiver) => {
        if (prop !== 'collection') return Reflect.get(target, prop, receiver) as unknown;
        return <T extends Doc>(name: string): Collection<T> => this.collection(target.collection<T>(name));
      },
    });
  }

  collection<T extends Doc>(c: Collection<T>): Collection<T> {
    const name = c.name === LINKER_KEYS ? 'keys' : c.name;
    return new Proxy(c, {
      get: (target, prop, receiver) => {
        const real = Reflect.get(target, prop, receiver) as unknown;
        if (typeof real !== 'function') return real;
        const f = real as (...a: unknown[]) => Promise<unknown>;
        if (prop === 'find') return (...a: unknown[]) => this.#timed(`${name}.find`, (r) => (r as unknown[]).length, () => f.apply(target, a));
        if (prop === 'get') return (...a: unknown[]) => this.#timed(`${name}.get`, (r) => (r ? 1 : 0), () => f.apply(target, a));
        if (prop === 'getMany') return (...a: unknown[]) => this.#timed(`${name}.getMany`, (r) => (r as unknown[]).length, () => f.apply(target, a));
        if (prop === 'putMany') return (...a: unknown[]) => this.#timed(`${name}.putMany`, () => (a[0] as unknown[]).length, () => f.apply(target, a));
        if (prop === 'deleteMany') return (...a: unknown[]) => this.#timed(`${name}.deleteMany`, (r) => Number(r) || 0, () => f.apply(target, a));
        return f.bind(target);
      },
    });
  }
}
