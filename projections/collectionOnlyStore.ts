import type { Collection, Doc, DocumentStore } from '../shared/ports/documentStore.ts';

/**
 * A DocumentStore whose only working method is `collection(name)`, answered by `view(name)` once per name
 * (applyEvent asks for its collections on every event). Any other store method throws `refusal(method)`: the
 * overlays that batch a replay or hold a rebuild's documents cannot honour them.
 */
export function collectionOnlyStore(kind: DocumentStore['kind'], view: (name: string) => Collection<Doc>, refusal: (method: string) => string): DocumentStore {
  const views = new Map<string, Collection<Doc>>();
  const collection = <T extends Doc>(name: string): Collection<T> => {
    let v = views.get(name);
    if (!v) {
      v = view(name);
      views.set(name, v);
    }
    return v as unknown as Collection<T>;
  };
  return refuseOthers({ kind, collection } as unknown as DocumentStore, refusal);
}

/**
 * `target` as it is, except that any method it lacks throws `refusal(method)` when called (symbols and `then`
 * read as absent, so it is not taken for a promise): an overlay's view refuses loudly what would bypass it.
 */
export function refuseOthers<T extends object>(target: T, refusal: (method: string) => string): T {
  return new Proxy(target, {
    get(t, prop) {
      if (prop in t) return t[prop as keyof T];
      if (typeof prop === 'symbol' || prop === 'then') return undefined;
      return () => {
        throw new Error(refusal(prop));
      };
    },
  });
}
