import test from 'ava';
import { createKey, startApi, register, type TestApi } from '../auth/harness.ts';
import { buildOpenApiDocument } from '../../api/openapi/document.ts';
import { createApp } from '../../api/app.ts';

/**
 * The document promises, per operation, who may call it and which query values are accepted. These
 * tests hold the running app to each promise, so a contract that drifts from its guard or its schema
 * fails here: every secured operation refuses an anonymous call with a documented 401, and every
 * bounded query parameter refuses the first value past each bound with a 400 that names it.
 */
type Param = { name: string; in: string; required: boolean; schema: { type?: string; minimum?: number; maximum?: number; enum?: string[]; format?: string } };
type Op = { security: Array<Record<string, string[]>>; parameters: Param[]; responses: Record<string, { content?: Record<string, { schema: { properties?: { status?: { enum?: string[] } } } }> }> };

let api: TestApi;
let ops: Array<{ method: string; path: string; op: Op }>;
let session: Record<string, string>;
let apiKey: Record<string, string>;
const SOME_UUID = '00000000-0000-4000-8000-000000000000';

function concretePath(path: string, op: Op): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const p = op.parameters.find((x) => x.in === 'path' && x.name === name);
    if (p?.schema.enum) return p.schema.enum[0]!;
    return p?.schema.format === 'uuid' ? SOME_UUID : name === 'address' ? '0x0000000000000000000000000000000000000001' : 'x';
  });
}

test.before(async () => {
  // This walk sends many requests in a row and must never be throttled: short windows and raised limits (fast
  // answers can fit a burst limit inside even a 50 ms window).
  api = await startApi({ env: { RATE_LIMIT_WINDOW_MS: '100', RATE_LIMIT_BURST_WINDOW_MS: '50', RATE_LIMIT_MULTIPLIER: '1000', LOG_LEVEL: 'silent' } });
  const doc = buildOpenApiDocument(createApp(api.deps)).document;
  ops = Object.entries(doc.paths as Record<string, Record<string, Op>>).flatMap(([path, item]) => Object.entries(item).map(([m, op]) => ({ method: m.toUpperCase(), path, op })));
  const account = await register(api, 'contracts@example.com');
  session = { authorization: `Bearer ${account.access}` };
  apiKey = { 'x-api-key': (await createKey(api, account.access)).key };
});
test.after.always(async () => {
  await api?.close();
});

test('every operation that declares a credential refuses an anonymous call with a documented 401', async (t) => {
  const secured = ops.filter((o) => o.op.security.length > 0);
  t.true(secured.length >= 12);
  for (const { method, path, op } of secured) {
    const res = await api.request(method, concretePath(path, op), method === 'GET' || method === 'DELETE' ? {} : { body: {} });
    t.is(res.status, 401, `${method} ${path}`);
    const documented = op.responses['401']?.content?.['application/json']?.schema.properties?.status?.enum ?? [];
    t.true(documented.includes(res.body.status), `${method} ${path}: ${res.body.status} is documented for 401 (${documented.join(', ')})`);
  }
});

test('every operation documented as open answers without credentials (no 401 or 403)', async (t) => {
  for (const { method, path, op } of ops.filter((o) => o.op.security.length === 0 && o.method === 'GET')) {
    const res = await api.request(method, concretePath(path, op));
    t.false(res.status === 401 || res.status === 403, `${method} ${path} answered ${res.status}`);
  }
});

test('every bounded or enumerated query parameter refuses the first value outside what the document allows, naming it', async (t) => {
  let checked = 0;
  for (const { path, op } of ops.filter((o) => o.method === 'GET')) {
    const headers = op.security.some((s) => 'apiKeyHeader' in s) ? apiKey : op.security.length > 0 ? session : {};
    const base = new URLSearchParams();
    for (const p of op.parameters) if (p.in === 'query' && p.required) base.set(p.name, p.schema.format === 'uuid' ? SOME_UUID : 'x');
    for (const p of op.parameters.filter((x) => x.in === 'query')) {
      const bad: string[] = [];
      if (p.schema.maximum !== undefined) bad.push(String(p.schema.maximum + 1));
      if (p.schema.minimum !== undefined) bad.push(String(p.schema.minimum - 1));
      if (p.schema.enum) bad.push('not-one-of-them');
      for (const value of bad) {
        const q = new URLSearchParams(base);
        q.set(p.name, value);
        const res = await api.request('GET', `${concretePath(path, op)}?${q}`, { headers });
        t.is(res.status, 400, `${path}?${p.name}=${value}`);
        t.regex(String(res.body.message), new RegExp(`'${p.name}'`), `${path}?${p.name}=${value}: ${res.body.message}`);
        checked += 1;
      }
      // The bounds themselves are accepted (past validation: anything but a 400 naming the parameter).
      for (const value of [p.schema.minimum, p.schema.maximum, p.schema.enum?.[0]].filter((v) => v !== undefined)) {
        const q = new URLSearchParams(base);
        q.set(p.name, String(value));
        const res = await api.request('GET', `${concretePath(path, op)}?${q}`, { headers });
        t.false(res.status === 400 && new RegExp(`'${p.name}'`).test(String(res.body.message)), `${path}?${p.name}=${value} is accepted`);
      }
    }
  }
  t.true(checked >= 15, `checked ${checked} out-of-bound values`);
});
