import type Koa from 'koa';
import { z, type ZodType } from 'zod';
import { API_VERSION } from '../deps.ts';
import type { ResponseSpec, RouteContract } from './contract.ts';
import { registeredRoutes, type RegisteredRoute } from './routeWalk.ts';
import { SchemaCollector, type JsonSchema } from './jsonSchema.ts';
import { byHttpStatus, COMMON_HEADERS, errorCodesFor, RETRY_AFTER, SECURITY_SCHEMES, securityFor, TAG_DESCRIPTIONS, tierFor } from './common.ts';

export interface OpenApiBuild {
  readonly document: Record<string, unknown>;
  /** Routes the app serves whose registration declared no contract() (the test fails on any). */
  readonly undocumented: readonly RegisteredRoute[];
  readonly routes: readonly RegisteredRoute[];
}

export interface BuildOptions {
  /** Keep `additionalProperties: false` on response objects (tests validate real responses this way). */
  readonly strict?: boolean;
  /** Absolute base URL for `servers` (PUBLIC_ORIGIN); relative `/` otherwise. */
  readonly serverUrl?: string;
}

const isZod = (v: unknown): v is ZodType => v instanceof z.ZodType;

function normalize(r: ZodType | ResponseSpec): ResponseSpec {
  return isZod(r) ? { schema: r } : r;
}

function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/v1\//, '/')
    .split('/')
    .filter(Boolean)
    .map((seg) => (seg.startsWith('{') ? `By-${seg.slice(1, -1)}` : seg))
    .flatMap((seg) => seg.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  return method.toLowerCase() + words.join('');
}

function headersOf(extra: ResponseSpec['headers'] = {}, retry = false): Record<string, unknown> {
  const refs: Record<string, unknown> = {};
  for (const name of Object.keys(COMMON_HEADERS)) refs[name] = { $ref: `#/components/headers/${name}` };
  if (retry) refs['Retry-After'] = { $ref: '#/components/headers/Retry-After' };
  for (const [name, h] of Object.entries(extra)) refs[name] = { description: h.description, schema: h.schema ?? { type: 'string' } };
  return refs;
}

/** Query or path parameters from a zod object schema (its input side: what a client sends). */
type FieldDocs = RouteContract['fieldDocs'];

/** Merges a contract's fieldDocs into the properties of a converted object schema. */
function withFieldDocs(json: JsonSchema, docs: FieldDocs): JsonSchema {
  if (!docs || typeof json.properties !== 'object' || json.properties === null) return json;
  const props = { ...(json.properties as Record<string, JsonSchema>) };
  for (const [name, extra] of Object.entries(docs)) if (props[name]) props[name] = { ...props[name], ...extra };
  return { ...json, properties: props };
}

function parametersFrom(schema: ZodType | undefined, where: 'query' | 'path', schemas: SchemaCollector, pathNames: readonly string[], docs: FieldDocs): unknown[] {
  const out: unknown[] = [];
  const json = withFieldDocs(schema ? schemas.convert(schema, 'input') : { properties: {} }, docs);
  const props = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  const names = where === 'path' ? [...new Set([...pathNames, ...Object.keys(props)])] : Object.keys(props);
  for (const name of names) {
    const prop = props[name] ?? { type: 'string' };
    const { description, ...rest } = prop;
    out.push({
      name,
      in: where,
      required: where === 'path' ? true : required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    });
  }
  return out;
}

function responseObject(spec: ResponseSpec, status: number, schemas: SchemaCollector): Record<string, unknown> {
  const description = spec.description ?? (status === 201 ? 'Created' : 'Success');
  const headers = headersOf(spec.headers);
  if (spec.contentType === 'text/event-stream') {
    const events = Object.fromEntries(Object.entries(spec.events ?? {}).map(([name, s]) => [name, schemas.convert(s, 'output')]));
    return {
      description,
      headers,
      content: {
        'text/event-stream': {
          schema: { type: 'string', description: 'Server-Sent Events: `id:`, `event:` and `data:` lines; `data` is JSON, see x-sse-events.' },
          'x-sse-events': events,
        },
      },
    };
  }
  if (!spec.schema) return { description, headers };
  const schema = spec.contentType && spec.contentType !== 'application/json' ? { type: 'string' } : schemas.convert(spec.schema, 'output');
  return { description, headers, content: { [spec.contentType ?? 'application/json']: { schema } } };
}

function operationFor(route: RegisteredRoute, c: RouteContract, schemas: SchemaCollector): Record<string, unknown> {
  const pathNames = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const responses: Record<string, unknown> = {};
  for (const [status, r] of Object.entries(c.responses)) responses[status] = responseObject(normalize(r), Number(status), schemas);
  for (const [status, codes] of byHttpStatus(errorCodesFor(c, pathNames.length > 0))) {
    if (responses[String(status)]) continue;
    responses[String(status)] = {
      description: codes.join(', '),
      headers: headersOf(undefined, status === 429),
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { status: { type: 'string', enum: codes }, message: { type: 'string', description: 'What went wrong and what to do, for a person.' } },
            required: ['status', 'message'],
            additionalProperties: false,
          },
        },
      },
    };
  }
  const op: Record<string, unknown> = {
    operationId: c.operationId ?? operationIdOf(route.method, route.path),
    summary: c.summary,
    ...(c.description ? { description: c.description } : {}),
    tags: [...c.tags],
    security: securityFor(c.auth),
    'x-rate-limit-tier': tierFor(c.auth, route.path),
    parameters: [...parametersFrom(c.params, 'path', schemas, pathNames, c.fieldDocs), ...(c.query ? parametersFrom(c.query, 'query', schemas, [], c.fieldDocs) : [])],
    responses,
  };
  if (c.body) {
    op.requestBody = { required: !c.bodyOptional, content: { 'application/json': { schema: withFieldDocs(schemas.convert(c.body, 'input'), c.fieldDocs) } } };
  }
  return op;
}

/**
 * The OpenAPI 3.1 document of an app, built by walking the routes it registered and reading the
 * contract each one declared (api/openapi/contract.ts). A route without a contract still appears,
 * marked `x-undocumented`, and is reported in `undocumented`.
 */
export function buildOpenApiDocument(app: Koa, options: BuildOptions = {}): OpenApiBuild {
  const routes = registeredRoutes(app);
  const schemas = new SchemaCollector(options.strict ?? false);
  const paths: Record<string, Record<string, unknown>> = {};
  const tags: string[] = [];
  const undocumented: RegisteredRoute[] = [];
  for (const route of routes) {
    const c = route.contract;
    if (c?.hidden) continue;
    const item = (paths[route.path] ??= {});
    if (!c) {
      undocumented.push(route);
      item[route.method.toLowerCase()] = { summary: 'Undocumented route', 'x-undocumented': true, responses: { default: { description: 'Not documented yet.' } } };
      continue;
    }
    for (const t of c.tags) if (!tags.includes(t)) tags.push(t);
    item[route.method.toLowerCase()] = operationFor(route, c, schemas);
  }
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Concord API',
      version: API_VERSION,
      summary: 'Prediction-market aggregation: venue markets, cross-venue questions, accounts and API keys.',
      description:
        'Success bodies are `{data, …}` (the wallet tracker answers at top level); errors are `{status, message}`. ' +
        'Every response carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset. ' +
        'Three credentials: a session (Bearer access token or the svc_access cookie), a wallet session (svc_siwe cookie) and an API key (X-API-Key).',
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    tags: tags.map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas.components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: SECURITY_SCHEMES,
      headers: { ...COMMON_HEADERS, 'Retry-After': RETRY_AFTER },
    },
  };
  return { document, undocumented, routes };
}
