import type { Collection, Doc, DocumentStore } from '../../shared/ports/documentStore.ts';

/**
 * The store as it is, except that a put into `collection` throws `failure` whenever `fails(doc, n)` says so
 * (`n`: how many puts into it came before). A transient write error, or a process dying part-way.
 */
export function failingPuts(store: DocumentStore, collection: string, fails: (doc: Doc, n: number) => boolean, failure = 'write failure'): DocumentStore {
  let puts = 0;
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop !== 'collection') return Reflect.get(target, prop, receiver) as unknown;
      return (name: string) => {
        const c = target.collection<Doc>(name);
        if (name !== collection) return c;
        return new Proxy(c, {
          get(ct, p, r) {
            if (p !== 'put') return Reflect.get(ct, p, r) as unknown;
            return async (doc: Doc) => {
              if (fails(doc, puts++)) throw new Error(failure);
              return (ct as Collection<Doc>).put(doc);
            };
          },
        });
      };
    },
  });
}
