import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../../shared/errors.ts';
import { canonicalUuid, isUuid } from '../../shared/ids.ts';
import { parseInput, singleValuedQuery } from '../http/validate.ts';
import { parseJsonText } from '../http/jsonText.ts';
import { displayNameField } from '../http/textFields.ts';
import { enumParam, intParam, isoInstantParam, limitParam, offsetParam } from '../http/queryFields.ts';
import { authContextFor } from '../auth/authContext.ts';
import { apiKeyView, MAX_ACTIVE_KEYS } from '../auth/apiKeys.ts';
import { requireSession, sessionCaller } from '../auth/guards.ts';
import { isScope, SCOPES, type Scope } from '../auth/scopes.ts';
import { GRANULARITIES } from '../../projections/usage/periods.ts';
import { requestLogs, usageStats } from '../../projections/usage/queries.ts';
import { contract } from '../openapi/contract.ts';
import * as out from '../openapi/schemas/console.ts';

export const DEFAULT_KEY_RATE_LIMIT = 60;

const PERMISSIONS_HINT = `a JSON-encoded array of scopes from ${SCOPES.join(', ')}, e.g. "[\\"read:markets\\"]"`;

/** A value as a short phrase for an error message: never walks it (it may be deep or huge). */
function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (Array.isArray(value)) return 'an array';
  return value === null ? 'null' : `a ${typeof value}`;
}

/** `permissions` as the spec gives it (a JSON-encoded array); a plain JSON array is accepted too. */
const permissionsField = z.unknown().transform((value, ctx): Scope[] => {
  let list: unknown = value;
  if (typeof value === 'string') {
    // Bounded like a request body: the string is JSON inside JSON, so it gets the same depth limit.
    const parsed = parseJsonText(value);
    list = parsed.ok ? parsed.value : undefined;
  }
  if (!Array.isArray(list) || list.length === 0) {
    ctx.addIssue({ code: 'custom', message: `must be ${PERMISSIONS_HINT}` });
    return z.NEVER;
  }
  const unknown = list.find((s) => !isScope(s));
  if (unknown !== undefined) {
    ctx.addIssue({ code: 'custom', message: `unknown scope ${describe(unknown)}; known scopes: ${SCOPES.join(', ')}` });
    return z.NEVER;
  }
  return SCOPES.filter((s) => (list as unknown[]).includes(s));
});

// Strict: a misspelled field ("ratelimit", "scopes") would otherwise make a key with every scope and the
// default rate, silently; it is refused naming the field.
const createKeyBody = z
  .object({
    name: displayNameField(1, 100),
    permissions: permissionsField.optional(),
    rate_limit: z.number({ error: 'must be an integer from 1 to 10000' }).int('must be an integer from 1 to 10000').min(1, 'must be an integer from 1 to 10000').max(10_000, 'must be an integer from 1 to 10000').optional(),
  })
  .strict();

const keyIdParam = z.string({ error: 'is required' }).refine(isUuid, 'must be an API key UUID (see GET /api/v1/console/keys)').overwrite(canonicalUuid);

/** Usage data cannot predate 2000 (Concord did not exist); the bound keeps period arithmetic in sane years. */
export const STATS_START_MIN = '2000-01-01';
export const STATS_START_MAX = '2100-01-01';

const statsQuery = z
  .object({
    api_key_id: keyIdParam,
    granularity: enumParam(GRANULARITIES).default('daily'),
    limit: intParam(1, 90, 30),
    start: isoInstantParam(STATS_START_MIN, STATS_START_MAX).optional(),
  })
  .strict();

const logsQuery = z.object({ api_key_id: keyIdParam, limit: limitParam, offset: offsetParam }).strict();

const KEY_ID_DOCS = { api_key_id: { format: 'uuid', description: 'id of one of your keys (GET /api/v1/console/keys)' } };
/** OpenAPI contracts of the routes below (api/openapi/contract.ts). */
const CONTRACT = {
  createKey: contract({
    summary: 'Create an API key (shown once)',
    tags: ['Console'],
    auth: 'session',
    body: createKeyBody,
    fieldDocs: {
      permissions: {
        description: `JSON-encoded array of scopes (a plain array is accepted too); all of ${SCOPES.join(', ')} when left out`,
        anyOf: [{ type: 'string', examples: ['["read:markets","read:arbitrage"]'] }, { type: 'array', items: { enum: [...SCOPES] }, minItems: 1 }],
      },
      rate_limit: { default: DEFAULT_KEY_RATE_LIMIT, description: 'requests per minute for this key' },
    },
    responses: { 201: { description: 'The key, in `data.key`, returned this once', schema: out.createdKeyResponse } },
    errors: ['CONFLICT'],
  }),
  listKeys: contract({ summary: "The account's API keys (revoked ones included)", tags: ['Console'], auth: 'session', responses: { 200: out.keyListResponse } }),
  revokeKey: contract({ summary: 'Revoke an API key at once', tags: ['Console'], auth: 'session', params: z.object({ id: z.string().meta({ format: 'uuid', description: 'API key UUID' }) }), responses: { 200: out.revokedKeyResponse }, errors: ['NOT_FOUND'] }),
  stats: contract({
    summary: "Usage statistics of one key per period, oldest first",
    tags: ['Console'],
    auth: 'session',
    query: statsQuery,
    fieldDocs: { ...KEY_ID_DOCS, start: { format: 'date-time', description: 'first period to include (ISO 8601); default: the last `limit` periods up to now' } },
    responses: { 200: out.usageStatsResponse },
    errors: ['NOT_FOUND'],
  }),
  logs: contract({ summary: "One key's request log, newest first", tags: ['Console'], auth: 'session', query: logsQuery, fieldDocs: KEY_ID_DOCS, responses: { 200: out.requestLogResponse }, errors: ['NOT_FOUND'] }),
};

/** /api/v1/console: API keys, usage statistics and request logs of the signed-in account. */
export function consoleRouter(deps: AppDeps): Router {
  const auth = authContextFor(deps);
  const router = new Router({ prefix: '/console' });
  router.use(requireSession());

  const ownedKey = async (accountId: string, id: string) => {
    const key = await auth.apiKeys.getOwned(id, accountId);
    if (!key) throw new AppError('NOT_FOUND', `No API key with id ${id} in this account.`);
    return key;
  };

  router.post('/keys', CONTRACT.createKey, async (ctx) => {
    const caller = sessionCaller(ctx.state);
    const body = parseInput(createKeyBody, ctx.request.body, 'body field');
    const created = await auth.apiKeys.createWithinCap(
      {
        accountId: caller.accountId,
        name: body.name,
        scopes: body.permissions ?? [...SCOPES],
        rateLimit: body.rate_limit ?? DEFAULT_KEY_RATE_LIMIT,
        now: new Date(auth.now()),
      },
      MAX_ACTIVE_KEYS,
    );
    if (!created) {
      throw new AppError('CONFLICT', `This account already has ${MAX_ACTIVE_KEYS} active API keys; revoke one before creating another.`);
    }
    const { doc, key } = created;
    ctx.status = 201;
    ctx.body = {
      data: { ...apiKeyView(doc), key },
      message: 'Store this API key now: it will not be displayed again. If you lose it, revoke it and create a new one.',
    };
  });

  router.get('/keys', CONTRACT.listKeys, async (ctx) => {
    const caller = sessionCaller(ctx.state);
    const keys = await auth.apiKeys.listFor(caller.accountId);
    ctx.body = { data: keys.map(apiKeyView), meta: { count: keys.length } };
  });

  router.delete('/keys/:id', CONTRACT.revokeKey, async (ctx) => {
    const caller = sessionCaller(ctx.state);
    const id = parseInput(z.object({ id: keyIdParam }), { id: ctx.params.id }, 'path parameter').id;
    const revoked = await auth.apiKeys.revoke(id, caller.accountId, new Date(auth.now()));
    if (!revoked) throw new AppError('NOT_FOUND', `No API key with id ${id} in this account.`);
    ctx.body = { data: apiKeyView(revoked), message: 'API key revoked; requests made with it are refused from now on.' };
  });

  router.get('/stats', CONTRACT.stats, async (ctx) => {
    const caller = sessionCaller(ctx.state);
    const q = parseInput(statsQuery, singleValuedQuery(ctx.query), 'query parameter');
    await ownedKey(caller.accountId, q.api_key_id);
    const records = await usageStats(deps.store, {
      apiKeyId: q.api_key_id,
      granularity: q.granularity,
      limit: q.limit,
      nowMs: auth.now(),
      ...(q.start !== undefined ? { startMs: q.start } : {}),
    });
    ctx.body = { data: records, meta: { granularity: q.granularity, count: records.length } };
  });

  router.get('/logs', CONTRACT.logs, async (ctx) => {
    const caller = sessionCaller(ctx.state);
    const q = parseInput(logsQuery, singleValuedQuery(ctx.query), 'query parameter');
    await ownedKey(caller.accountId, q.api_key_id);
    const page = await requestLogs(deps.store, { apiKeyId: q.api_key_id, limit: q.limit, offset: q.offset });
    ctx.body = { data: page.items, meta: { count: page.items.length, total: page.total, offset: q.offset, limit: q.limit } };
  });

  return router;
}
