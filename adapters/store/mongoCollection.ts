import { MongoServerError } from 'mongodb';
import type { Collection as MongoCollection, Document, Filter as MongoFilter } from 'mongodb';
import type { Logger } from 'pino';
import { DuplicateKeyError, InvalidQueryError } from '../../shared/ports/documentStore.ts';
import type { Collection, Doc, Filter, TextIndexSpec } from '../../shared/ports/documentStore.ts';
import { checkPath, documentJson, parseFilter, parseFindOptions, parseIndexes, parseSearchFilter, parseTextIndex, parseUpdate } from './queryModel.ts';
import type { ParsedFindOptions, TextQuery } from './queryModel.ts';
import { MONGO_SCORE, scoreStage, specFromIndexes, textIndexDefinition, textPrefilter } from './mongoText.ts';
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

  // The text index definition, read back from the server (another process may have declared it) and cached.
  let textSpec: { spec: TextIndexSpec | null; at: number } | null = null;
  const TEXT_SPEC_TTL_MS = 60_000;
  const currentTextSpec = async (): Promise<TextIndexSpec | null> => {
    if (textSpec && Date.now() - textSpec.at < TEXT_SPEC_TTL_MS) return textSpec.spec;
    const indexes = await raw.listIndexes().toArray().catch(() => []);
    textSpec = { spec: specFromIndexes(indexes), at: Date.now() };
    return textSpec.spec;
  };
  /** A `$text` read as an aggregation: prefilter by index, score, then the rest of the filter on the score. */
  const textPipeline = async (text: TextQuery, rest: Document, o: ParsedFindOptions | null): Promise<Document[]> => {
    const spec = await currentTextSpec();
    if (!spec) throw new InvalidQueryError(`$text on '${name}' needs a text index: call ensureTextIndex first`);
    const stages: Document[] = [{ $match: textPrefilter(spec, text) }, scoreStage(spec, text), { $match: { $and: [{ [MONGO_SCORE]: { $ne: null } }, rest] } }];
    if (o?.sort) stages.push({ $sort: toMongoSort(o.sort) });
    if (o && o.skip > 0) stages.push({ $skip: o.skip });
    if (o?.limit !== undefined) stages.push({ $limit: o.limit });
    return stages;
  };
  const findText = async (text: TextQuery, rest: Document, o: ParsedFindOptions): Promise<T[]> => {
    const stages = [...(await textPipeline(text, rest, o)), { $project: { [MONGO_SCORE]: 0 } }];
    return (await raw.aggregate(stages).toArray()) as unknown as T[];
  };

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
    insertMany: (docs) =>
      run(async () => {
        if (docs.length === 0) return;
        await raw.insertMany(docs.map(toDocument), { ordered: true });
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
        const search = parseSearchFilter(filter);
        const o = parseFindOptions(options, search.text !== null);
        if (o.limit === 0) return [];
        if (search.text) return findText(search.text, toMongoFilter(search.condition), o);
        const f = filterOf(filter);
        let cursor = raw.find(f);
        if (o.sort) cursor = cursor.sort(toMongoSort(o.sort));
        if (o.skip > 0) cursor = cursor.skip(o.skip);
        if (o.limit !== undefined) cursor = cursor.limit(o.limit);
        return (await cursor.toArray()) as unknown as T[];
      }),
    findOne: (filter, options) =>
      run(async () => {
        const search = parseSearchFilter(filter);
        if (search.text) {
          const o = parseFindOptions({ ...options, limit: 1 }, true);
          return (await findText(search.text, toMongoFilter(search.condition), o))[0] ?? null;
        }
        const f = filterOf(filter);
        const o = parseFindOptions(options);
        return asT(await raw.findOne(f, { ...(o.sort ? { sort: toMongoSort(o.sort) } : {}), skip: o.skip }));
      }),
    count: (filter) =>
      run(async () => {
        const search = parseSearchFilter(filter);
        if (!search.text) return raw.countDocuments(filterOf(filter));
        const stages = [...(await textPipeline(search.text, toMongoFilter(search.condition), null)), { $count: 'n' }];
        const [row] = await raw.aggregate<{ n: number }>(stages).toArray();
        return row?.n ?? 0;
      }),
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
    // MongoDB keeps no per-index columns: the indexes are built once after the load, nothing to prepare.
    prepareBulkLoad: async () => undefined,
    ensureTextIndex: (spec) =>
      run(async () => {
        const parsed = parseTextIndex(spec);
        const { key, options } = textIndexDefinition(parsed);
        const indexes = await raw.listIndexes().toArray().catch(() => []);
        const existing = indexes.find((ix) => ix.textIndexVersion !== undefined);
        const current = specFromIndexes(indexes);
        const canonical = (fields: TextIndexSpec['fields']) => JSON.stringify([...fields].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
        const same = current && current.name === parsed.name && canonical(current.fields) === canonical(parsed.fields);
        if (!same) {
          // MongoDB allows one text index per collection: a changed definition replaces the old one.
          if (existing) {
            log?.info({ collection: name, index: parsed.name }, 'text index definition changed; rebuilding');
            await raw.dropIndex(String(existing.name));
          }
          await raw.createIndex(key, options);
        }
        textSpec = { spec: parsed, at: Date.now() };
      }),
    clear: () =>
      run(async () => {
        await raw.deleteMany({});
      }),
  };
}
