import test from 'ava';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { registeredRoutes } from '../../api/http/routeTable.ts';
import { jsonNestingDepth, MAX_JSON_DEPTH, parseJsonText } from '../../api/http/jsonText.ts';
import { startApi, register, type TestApi } from '../auth/harness.ts';
import { httpRequest } from './rawHttp.ts';

let api: TestApi;
let access: string;
test.before(async () => {
  api = await startApi({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  access = (await register(api, 'bodies@example.com')).access;
});
test.after.always(async () => {
  await api.close();
});

const post = (path: string, body: Buffer | string, headers: Record<string, string> = {}) =>
  httpRequest(api.url, 'POST', path, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), authorization: `Bearer ${access}`, ...headers }, body);

function nested(depth: number, inner = '"read:markets"'): string {
  return '['.repeat(depth) + inner + ']'.repeat(depth);
}

test('a literal __proto__ key (or constructor.prototype, or an escaped __proto__) is 400 INVALID_REQUEST on every route that takes a body', async (t) => {
  const bodyRoutes = registeredRoutes(api.app).flatMap((r) => r.methods.filter((m) => ['POST', 'PUT', 'PATCH'].includes(m)).map((m) => [m, r.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000')] as const));
  t.true(bodyRoutes.length >= 10, `found ${bodyRoutes.length} body routes`);
  const bodies = [
    '{"email":"a@example.com","password":"hunter2hunter2","__proto__":{"admin":true}}',
    '{"name":"k","constructor":{"prototype":{"admin":true}}}',
    '{"name":"k","\\u005f_proto__":{"admin":true}}',
  ];
  for (const [method, path] of bodyRoutes) {
    for (const body of bodies) {
      const reply = await httpRequest(api.url, method, path, { 'content-type': 'application/json', authorization: `Bearer ${access}` }, body);
      t.is(reply.status, 400, `${method} ${path} ${body}`);
      t.is(reply.json?.status, 'INVALID_REQUEST');
      t.regex(String(reply.json?.message), /__proto__/);
    }
  }
});

test('a body that says gzip (or deflate, or br) but is not is 400; a real one is read', async (t) => {
  for (const encoding of ['gzip', 'deflate', 'br']) {
    const reply = await post('/api/v1/auth/login', 'this is not compressed', { 'content-encoding': encoding });
    t.is(reply.status, 400, encoding);
    t.is(reply.json?.status, 'INVALID_REQUEST');
    t.regex(String(reply.json?.message), new RegExp(`not valid ${encoding} data`));
  }
  const login = JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' });
  for (const [encoding, data] of [['gzip', gzipSync(login)], ['x-gzip', gzipSync(login)], ['deflate', deflateSync(login)], ['br', brotliCompressSync(login)], ['identity', Buffer.from(login)]] as const) {
    const reply = await post('/api/v1/auth/login', data, { 'content-encoding': encoding });
    t.is(reply.status, 401, `${encoding}: decoded, so the login itself is judged`);
  }
  const chunked = await httpRequest(api.url, 'POST', '/api/v1/auth/login', { 'content-type': 'application/json' }, login);
  t.is(chunked.status, 401, 'a chunked body (no Content-Length) is read too');
  const truncated = gzipSync(login).subarray(0, 12);
  t.is((await post('/api/v1/auth/login', truncated, { 'content-encoding': 'gzip' })).status, 400, 'a truncated gzip stream');
});

test('an unknown or stacked Content-Encoding is 415 with a message naming what is accepted', async (t) => {
  const unknown = await post('/api/v1/auth/login', '{}', { 'content-encoding': 'zstd' });
  t.is(unknown.status, 415);
  t.is(unknown.json?.status, 'UNSUPPORTED_MEDIA_TYPE');
  t.regex(String(unknown.json?.message), /Content-Encoding 'zstd' is not supported; send the body with one of: identity, gzip, x-gzip, deflate, br/);
  const stacked = await post('/api/v1/auth/login', gzipSync(gzipSync('{}')), { 'content-encoding': 'gzip, gzip' });
  t.is(stacked.status, 415);
  t.truthy(stacked.headers['x-ratelimit-limit']);
});

test('the 100 kB limit applies after decompression: a gzip bomb is 413', async (t) => {
  const bomb = gzipSync(Buffer.from(`{"name":"${'a'.repeat(5_000_000)}"}`));
  t.true(bomb.length < 100 * 1024, 'small on the wire');
  const reply = await post('/api/v1/console/keys', bomb, { 'content-encoding': 'gzip' });
  t.is(reply.status, 413);
  t.is(reply.json?.status, 'PAYLOAD_TOO_LARGE');
});

test('permissions nested 5,000 deep in POST /console/keys are 400, as a JSON array or as a JSON-encoded string', async (t) => {
  const asArray = await post('/api/v1/console/keys', `{"name":"deep","permissions":${nested(5000)}}`);
  t.is(asArray.status, 400);
  t.regex(String(asArray.json?.message), /nest at most 32 levels/);
  const asString = await post('/api/v1/console/keys', JSON.stringify({ name: 'deep', permissions: nested(5000) }));
  t.is(asString.status, 400);
  t.regex(String(asString.json?.message), /'permissions'/);
  const justOver = await post('/api/v1/console/keys', `{"name":"deep","permissions":${nested(MAX_JSON_DEPTH)}}`);
  t.is(justOver.status, 400, 'the object plus 32 arrays is 33 levels');
  t.regex(String(justOver.json?.message), /nest at most 32 levels/);
  const within = await post('/api/v1/console/keys', `{"name":"deep","permissions":${nested(MAX_JSON_DEPTH - 1)}}`);
  t.is(within.status, 400);
  t.regex(String(within.json?.message), /'permissions': unknown scope an array/, 'within the bound the schema judges it');
});

test('the depth is counted on the text, strings and escapes skipped', (t) => {
  t.is(jsonNestingDepth('{"a":[1,{"b":"[[[[{{{{"}],"c":"\\"[["}'), 3);
  t.is(jsonNestingDepth('[]'), 1);
  t.is(jsonNestingDepth('"[[["'), 0);
  t.like(parseJsonText(nested(40)), { ok: false, reason: 'too_deep' });
  t.like(parseJsonText('{"__proto__":1}'), { ok: false, reason: 'forbidden_key' });
  t.like(parseJsonText('{"a":'), { ok: false, reason: 'syntax' });
  t.deepEqual(parseJsonText('{"a":[1,2]}'), { ok: true, value: { a: [1, 2] } });
});

test('bodies that are not a JSON object, not UTF-8, not JSON or not declared as JSON are refused with the envelope', async (t) => {
  for (const [body, message] of [['[]', /must be a JSON object, got an array/], ['null', /got null/], ['"text"', /got a string/], ['42', /got a number/], ['{"a":', /not valid JSON/]] as const) {
    const reply = await post('/api/v1/auth/login', body);
    t.is(reply.status, 400, body);
    t.regex(String(reply.json?.message), message);
  }
  const latin1 = await post('/api/v1/auth/login', Buffer.from([0x7b, 0x22, 0x61, 0xe9, 0x22, 0x3a, 0x31, 0x7d]));
  t.is(latin1.status, 400);
  t.regex(String(latin1.json?.message), /not valid UTF-8/);
  const charset = await post('/api/v1/auth/login', '{}', { 'content-type': 'application/json; charset=iso-8859-1' });
  t.is(charset.status, 415);
  const plain = await post('/api/v1/auth/login', '{}', { 'content-type': 'text/plain' });
  t.is(plain.status, 415);
  t.regex(String(plain.json?.message), /Content-Type: application\/json/);
  const form = await post('/api/v1/auth/login', 'email=a&password=b', { 'content-type': 'application/x-www-form-urlencoded' });
  t.is(form.status, 415);
});
