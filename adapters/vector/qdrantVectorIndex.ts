import { QdrantClient } from '@qdrant/js-client-rest';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  type SearchOptions, type VectorIndex, VectorIndexError, type VectorItem, type VectorMatch, type VectorPayload,
} from '../../shared/ports/vectorIndex.ts';
import { INDEXED_FIELDS, collectionName, toQdrantFilter } from './qdrantFilter.ts';
import { checkItems, checkSearch } from './validateVectorInput.ts';

export interface QdrantVectorIndexOptions {
  readonly url: string;
  readonly apiKey?: string;
  readonly modelId: string;
  readonly dimension: number;
  readonly logger: Logger;
  /** Overrides the derived `markets_<model>_<dim>` name. */
  readonly collection?: string;
  /** Points per upsert request. */
  readonly batchSize?: number;
  readonly timeoutMs?: number;
}

const payloadSchema = z
  .object({ venue: z.string(), category: z.string(), end_time_ms: z.number().nullable() })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]));
const scoredPointSchema = z.object({ id: z.union([z.string(), z.number()]), score: z.number(), payload: payloadSchema });
const queryResultSchema = z.object({ points: z.array(scoredPointSchema) });
const collectionInfoSchema = z.object({
  config: z.object({ params: z.object({ vectors: z.object({ size: z.number(), distance: z.string() }).passthrough() }).passthrough() }).passthrough(),
}).passthrough();

function statusOf(err: unknown): number | undefined {
  const status = (err as { status?: unknown } | null)?.status;
  if (typeof status === 'number') return status;
  const match = /Unexpected Response: (\d{3})/.exec(err instanceof Error ? err.message : '');
  return match ? Number(match[1]) : undefined;
}

/** Qdrant puts its reason in `status.error` of the body; the client keeps the body on `data`. */
const errorBodySchema = z.object({ status: z.object({ error: z.string() }) });

function backendError(action: string, err: unknown): VectorIndexError {
  if (err instanceof VectorIndexError) return err;
  const status = statusOf(err);
  const body = errorBodySchema.safeParse((err as { data?: unknown } | null)?.data);
  const reason = body.success ? body.data.status.error : err instanceof Error ? err.message.split('\n')[0] : String(err);
  const code = status === undefined || status >= 500 ? 'BACKEND_UNAVAILABLE' : 'BACKEND_ERROR';
  const where = status === undefined ? '' : ` (HTTP ${status})`;
  return new VectorIndexError(code, `Qdrant ${action} failed${where}: ${reason}`, { cause: err });
}

/**
 * VectorIndex on Qdrant. The collection (cosine distance, payload indexes on venue, category and
 * end_time_ms) is created on first use; market ids are UUIDs, which Qdrant accepts as point ids.
 */
export function createQdrantVectorIndex(options: QdrantVectorIndexOptions): VectorIndex {
  const { dimension } = options;
  const name = options.collection ?? collectionName(options.modelId, dimension);
  const log = options.logger.child({ component: 'vector-index', kind: 'qdrant', collection: name });
  const client = new QdrantClient({
    url: options.url,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    timeout: options.timeoutMs ?? 30_000,
    checkCompatibility: false,
  });
  const batchSize = options.batchSize ?? 256;
  let ready: Promise<void> | null = null;
  let closed = false;

  async function createOrCheck(): Promise<void> {
    let info: unknown;
    try {
      info = await client.getCollection(name);
    } catch (err) {
      if (statusOf(err) !== 404) throw backendError(`reading collection ${name}`, err);
      info = null;
    }
    if (info !== null) {
      const parsed = collectionInfoSchema.safeParse(info);
      const size = parsed.success ? parsed.data.config.params.vectors.size : undefined;
      if (size !== dimension) {
        throw new VectorIndexError('BACKEND_ERROR', `Qdrant collection ${name} holds ${size ?? 'unnamed or unknown'}-d vectors, expected ${dimension}`);
      }
      return;
    }
    try {
      await client.createCollection(name, { vectors: { size: dimension, distance: 'Cosine' } });
      for (const index of INDEXED_FIELDS) {
        await client.createPayloadIndex(name, { wait: true, field_name: index.field_name, field_schema: index.field_schema });
      }
    } catch (err) {
      throw backendError(`creating collection ${name}`, err);
    }
    log.info({ dimension }, 'created Qdrant collection');
  }

  function ensureCollection(): Promise<void> {
    if (closed) return Promise.reject(new VectorIndexError('CLOSED', 'vector index is closed'));
    // A failed attempt is forgotten so the next call retries (Qdrant may come up later).
    ready ??= createOrCheck().catch((err: unknown) => {
      ready = null;
      throw err;
    });
    return ready;
  }

  return {
    kind: 'qdrant',
    dimension,
    async upsert(items: readonly VectorItem[]) {
      checkItems(items, dimension);
      await ensureCollection();
      for (let i = 0; i < items.length; i += batchSize) {
        const points = items.slice(i, i + batchSize).map((item) => ({
          id: item.id,
          vector: Array.from(item.vector),
          payload: { ...item.payload },
        }));
        try {
          await client.upsert(name, { wait: true, points });
        } catch (err) {
          throw backendError('upsert', err);
        }
      }
    },
    async remove(ids: readonly string[]) {
      if (ids.length === 0) return;
      await ensureCollection();
      try {
        await client.delete(name, { wait: true, points: [...ids] });
      } catch (err) {
        throw backendError('delete', err);
      }
    },
    async search(vector: Float32Array, searchOptions: SearchOptions): Promise<VectorMatch[]> {
      checkSearch(vector, searchOptions, dimension);
      await ensureCollection();
      let result: unknown;
      try {
        const filter = toQdrantFilter(searchOptions.filter);
        result = await client.query(name, {
          query: Array.from(vector),
          limit: searchOptions.k,
          with_payload: true,
          ...(filter ? { filter } : {}),
        });
      } catch (err) {
        throw backendError('query', err);
      }
      const parsed = queryResultSchema.safeParse(result);
      if (!parsed.success) {
        throw new VectorIndexError('BACKEND_ERROR', `Qdrant query returned an unexpected shape: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      }
      return parsed.data.points.map((p) => ({ id: String(p.id), score: p.score, payload: p.payload as VectorPayload }));
    },
    async count() {
      await ensureCollection();
      try {
        const result = await client.count(name, { exact: true });
        return z.object({ count: z.number() }).parse(result).count;
      } catch (err) {
        throw backendError('count', err);
      }
    },
    async close() {
      closed = true;
    },
  };
}
