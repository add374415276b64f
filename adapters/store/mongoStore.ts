import { MongoClient } from 'mongodb';
import type { Logger } from 'pino';
import type { Collection, Doc, DocumentStore } from '../../shared/ports/documentStore.ts';
import { mongoCollection } from './mongoCollection.ts';
import type { StoredDoc } from './mongoCollection.ts';
import { checkCollectionName } from './queryModel.ts';

export interface MongoStoreOptions {
  readonly uri: string;
  readonly dbName: string;
  readonly log?: Logger;
  /** How long to wait for a reachable server before giving up (default 10 s). */
  readonly serverSelectionTimeoutMS?: number;
}

/** The URI without credentials, for messages and logs. */
export function redactMongoUri(uri: string): string {
  return uri.replace(/\/\/[^@/]*@/, '//***@');
}

/** Connects and pings; rejects with a message naming the (redacted) URI when no server answers. */
export async function openMongoStore(options: MongoStoreOptions): Promise<DocumentStore> {
  const log = options.log?.child({ component: 'mongoStore' });
  const where = redactMongoUri(options.uri);
  const client = new MongoClient(options.uri, {
    ignoreUndefined: true,
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 10_000,
  });
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
  } catch (err) {
    await client.close().catch(() => undefined);
    throw new Error(`cannot reach MongoDB at ${where}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  log?.info({ uri: where, db: options.dbName }, 'mongodb document store connected');

  const db = client.db(options.dbName);
  let closed = false;
  const assertOpen = (): void => {
    if (closed) throw new Error('the MongoDB document store is closed');
  };
  const collections = new Map<string, Collection<Doc>>();

  return {
    kind: 'mongodb',
    collection<T extends Doc>(name: string): Collection<T> {
      assertOpen();
      let c = collections.get(name);
      if (!c) {
        c = mongoCollection<Doc>(db.collection<StoredDoc>(checkCollectionName(name)), assertOpen, log);
        collections.set(name, c);
      }
      return c as unknown as Collection<T>;
    },
    async ping() {
      assertOpen();
      await client.db('admin').command({ ping: 1 });
    },
    async replaceCollection(source, target, options) {
      assertOpen();
      const from = checkCollectionName(source);
      const to = checkCollectionName(target);
      if (from === to) throw new Error(`cannot replace collection ${to} by itself`);
      // MongoDB names indexes per collection and renames them with it: build them on the source first.
      if (options?.indexes) await mongoCollection<Doc>(db.collection<StoredDoc>(from), assertOpen, log).ensureIndexes(options.indexes);
      // One server-side rename: indexes move with the collection, readers see the old or the new one.
      await db.renameCollection(from, to, { dropTarget: true });
      collections.delete(from);
      collections.delete(to);
      log?.info({ source: from, target: to }, 'collection replaced');
    },
    async dropCollection(name) {
      assertOpen();
      const n = checkCollectionName(name);
      const found = await db.listCollections({ name: n }, { nameOnly: true }).toArray();
      if (found.length > 0) await db.dropCollection(n);
      collections.delete(n);
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
      log?.info({ uri: where }, 'mongodb document store closed');
    },
  };
}
