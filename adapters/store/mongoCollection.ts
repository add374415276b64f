import { MongoServerError } from 'mongodb';
import type { Collection as MongoCollection, Document, Filter as MongoFilter } from 'mongodb';
import type { Logger } from 'pino';
import { DuplicateKeyError, InvalidQueryError } from '../../shared/ports/documentStore.ts';
import type { Collection, Doc, Filter } from '../../shared/ports/documentStore.ts';
import { checkPath, documentJson, parseFilter, parseFindOptions, parseIndexes, parseUpdate } from './queryModel.ts';
import { toMongoFilter, toMongoSort, toMongoUpdate } from './mongoQuery.ts';
import { sortedDistinct } from './scalarOrder.ts';

const DUPLICATE_KEY = 11000;
/** Server codes for updates the port also refuses client-side: PathNotViable, TypeMismatch. */
const REFUSED_UPDATE = new Set([28, 14]);
/** IndexOptionsConflict, IndexKeySpecsConflict: an index of that name exists with another definition. */
const INDEX_CONFLICT = new Set([85, 86]);
const ID_CHUNK = 1000;

/** What the driver sees: port documents always carry a string `_id`. */
export interface StoredDoc extends Document {
  _id: string;
}

function filterOf(filter: Filter | undefined): MongoFilter<StoredDoc> {
  return toMongoFilter(parseFilter(filter)) as MongoFilter<StoredDoc>;
}

function toDocument(doc: Doc): StoredDoc {
  return JSON.parse(documentJson(doc)) as StoredDoc;
}

function checkId(id: unknown): string {
  if (typeof id !== 'string') throw new InvalidQueryError(`a document id must be a string, got ${typeof id}`);
  return id;
}

export function mongoCollection<T extends Doc>(raw: MongoCollection<StoredDoc>, assertOpen: () => void, log: Logger | undefined): Collection<T> {
  const name = raw.collectionName;
  const translate = (err: unknown): unknown => {
    if (!(err instanceof MongoServerError)) return err;
    if (err.code === DUPLICATE_KEY) {
      const index = /index: (\S+) dup key/.exec(err.message)?.[1] ?? '_id_';
      return new DuplicateKeyError(name, index);
    }
    if (typeof err.code === 'number' && REFUSED_UPDATE.has(err.code)) return new InvalidQueryError(err.message);
    return err;
  };
  /** Every call checks the store is open (the driver would silently reconnect) and maps server errors. */
  const run = async <R>(fn: () => Promise<R>): Promise<R> => {
    assertOpen();
    try {
      return await fn();
    } catch (err) {
      throw translate(err);
    }
  };
  const asT = (doc: StoredDoc | null): T | null => doc as unknown as T | null;

  return {
    name,
    get: (id) => run(async () => asT(await raw.findOne({ _id: checkId(id) }))),
    getMany: (ids) =>
      run(async () => {
        const wanted = [...new Set(ids.map(checkId))];
        const found = new Map<string, T>();
        for (let i = 0; i < wanted.length; i += ID_CHUNK) {
          const chunk = wanted.slice(i, i + ID_CHUNK);
          for (const d of await raw.find({ _id: { $in: chunk } }).toArray()) found.set(d._id, d as unknown as T);
        }
        return wanted.flatMap((id) => found.get(id) ?? []);
      }),
    insert: (doc) =>
      run(async () => {
        await raw.insertOne(toDocument(doc));
      }),
    put: (doc) =>
      run(async () => {
        await raw.replaceOne({ _id: doc._id }, toDocument(doc), { upsert: true });
      }),
    putMany: (docs) =>
      run(async () => {
        if (docs.length === 0) return;
        const ops = docs.map((doc) => ({ replaceOne: { filter: { _id: doc._id }, replacement: toDocument(doc), upsert: true } }));
        await raw.bulkWrite(ops, { ordered: true });
      }),
    updateOne: (filter, ops) =>
      run(async () => {
        const f = filterOf(filter);
        const update = toMongoUpdate(parseUpdate(ops));
        if (!update) return asT(await raw.findOne(f));
        return asT(await raw.findOneAndUpdate(f, update, { returnDocument: 'after' }));
      }),
    updateMany: (filter, ops) =>
      run(async () => {
        const f = filterOf(filter);
        const update = toMongoUpdate(parseUpdate(ops));
        return update ? (await raw.updateMany(f, update)).modifiedCount : 0;
      }),
    takeOne: (filter) => run(async () => asT(await raw.findOneAndDelete(filterOf(filter)))),
    delete: (id) => run(async () => (await raw.deleteOne({ _id: checkId(id) })).deletedCount > 0),
    deleteMany: (filter) => run(async () => (await raw.deleteMany(filterOf(filter))).deletedCount),
    find: (filter, options) =>
      run(async () => {
        const f = filterOf(filter);
        const o = parseFindOptions(options);
        if (o.limit === 0) return [];
        let cursor = raw.find(f);
        if (o.sort) cursor = cursor.sort(toMongoSort(o.sort));
        if (o.skip > 0) cursor = cursor.skip(o.skip);
        if (o.limit !== undefined) cursor = cursor.limit(o.limit);
        return (await cursor.toArray()) as unknown as T[];
      }),
    findOne: (filter, options) =>
      run(async () => {
        const f = filterOf(filter);
        const o = parseFindOptions(options);
        return asT(await raw.findOne(f, { ...(o.sort ? { sort: toMongoSort(o.sort) } : {}), skip: o.skip }));
      }),
    count: (filter) => run(() => raw.countDocuments(filterOf(filter))),
    distinct: (field, filter) =>
      run(async () => {
        checkPath(field);
        // Not the distinct command: with an index it reports null for documents missing the field (SERVER-14832).
        const pipeline = [{ $match: { $and: [filterOf(filter), { [field]: { $exists: true } }] } }, { $group: { _id: `$${field}` } }];
        const groups = await raw.aggregate<{ _id: unknown }>(pipeline).toArray();
        return sortedDistinct(groups.map((g) => g._id));
      }),
    ensureIndexes: (indexes) =>
      run(async () => {
        for (const spec of parseIndexes(indexes)) {
          const index = { key: toMongoSort(spec.fields), name: spec.name, unique: spec.unique === true };
          try {
            await raw.createIndexes([index]);
          } catch (err) {
            if (!(err instanceof MongoServerError) || typeof err.code !== 'number' || !INDEX_CONFLICT.has(err.code)) throw err;
            log?.info({ collection: name, index: spec.name }, 'index definition changed; rebuilding');
            await raw.dropIndex(spec.name);
            await raw.createIndexes([index]);
          }
        }
      }),
    clear: () =>
      run(async () => {
        await raw.deleteMany({});
      }),
  };
}
