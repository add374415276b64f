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
  return new Proxy({ kind, collection } as unknown as DocumentStore, {
    get(target, prop) {
      if (prop === 'collection' || prop === 'kind') return target[prop];
      if (typeof prop === 'symbol' || prop === 'then') return undefined;
      return () => {
        throw new Error(refusal(prop));
      };
    },
  });
}
