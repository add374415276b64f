import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * Hostile inputs sent to every route by hostileInputs.test.ts. Field and parameter names are the
 * ones Concord's routes use (and the spec names for routes still to come), so a route added later is
 * hit where it reads its input without anyone listing it here.
 */

export const UUID = '00000000-0000-4000-8000-000000000000';

/** Values put in place of each path parameter (already URL-encoded where needed). */
export const PATH_VALUES: readonly string[] = [
  UUID,
  'not-a-uuid',
  'a'.repeat(5_000),
  '%00',
  'x%00y',
  '%F0%9F%92%A9%E2%80%AE',
  '%ED%A0%80',
  '%E0%A4%A',
  '%',
  '..%2F..%2Fetc%2Fpasswd',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '%20',
  "'%20OR%201%3D1--",
  '%7B%22%24gt%22%3A%22%22%7D',
  '__proto__',
  'constructor',
  '0x',
  `0x${'f'.repeat(40)}`,
  `0x${'G'.repeat(40)}`,
];

/** Query strings appended to a route's plain path. */
export const QUERIES: readonly string[] = [
  'limit=NaN',
  'limit=Infinity',
  'limit=-Infinity',
  'limit=1e309',
  'limit=-1',
  'limit=0',
  'limit=99999999999999999999999',
  'limit=0x10',
  'limit=1.5',
  'limit=%00',
  'limit=',
  'limit=1&limit=2',
  'limit[]=1',
  'limit[0]=1&limit[1]=2',
  'offset=-1',
  'offset=1e400',
  'offset=9007199254740993',
  '__proto__=x',
  '__proto__[admin]=1',
  'constructor[prototype][admin]=1',
  'q=%ED%A0%80',
  'q=%F0%9F%92%A9%E2%80%AE%00',
  `q=${'word%20'.repeat(300)}`,
  'category=%E0%A4%A',
  'category[]=crypto',
  'sort=__proto__',
  'window=toString',
  'platform=constructor',
  'cursor=%00',
  `cursor=${'x'.repeat(600)}`,
  'cursor=eyJhIjoxfQ',
  'api_key_id=not-a-uuid',
  `api_key_id=${UUID}&start=0001-01-01`,
  `api_key_id=${UUID}&start=2026-02-30`,
  `api_key_id=${UUID}&granularity=weekly&limit=91`,
  `ids=${','.repeat(2_000)}`,
  `ids=${Array.from({ length: 300 }, () => UUID).join(',')}`,
  'ids=not-a-uuid',
  'days=NaN',
  'days=-5',
  'days=100000',
  'min_score=1e309',
  'min_score=-1',
  'classification=__proto__',
  'solana=%00',
  `manifold=${'m'.repeat(3_000)}`,
  'play_money_user=%E2%80%AE',
  'zzz=1',
  '=&&=&',
  'a=%',
];

/** Field names bodies carry on Concord's routes and the spec's. */
export const FIELDS: readonly string[] = [
  'email', 'password', 'name', 'otp', 'reset_token', 'refresh_token', 'current_password', 'new_password',
  'permissions', 'rate_limit', 'message', 'signature', 'type', 'condition', 'is_active',
  'canonical_question_id', 'market_id', 'watchlist_id', 'address', 'solana', 'manifold', 'limit', 'offset', 'ids', 'items',
];

/** A plausible body for any route, so a hostile value in one field is judged with the others valid. */
export const BASE_BODY: Readonly<Record<string, unknown>> = {
  email: 'hostile@example.com',
  password: 'a long password 1',
  name: 'Hostile',
  type: 'price_threshold',
  condition: { field: 'index_price', operator: 'above', value: 0.5 },
  canonical_question_id: UUID,
  market_id: UUID,
  is_active: true,
  permissions: '["read:markets"]',
  rate_limit: 10,
};

let deepObject: unknown = 'leaf';
for (let i = 0; i < 20; i += 1) deepObject = { nested: deepObject };

/** Values of the wrong type, size or content, for every field at once and for each field alone. */
export const FIELD_VALUES: ReadonlyArray<readonly [string, unknown]> = [
  ['huge number', 1e308],
  ['negative', -1],
  ['zero', 0],
  ['fraction', 0.5],
  ['unsafe integer', Number.MAX_SAFE_INTEGER + 2],
  ['"NaN" string', 'NaN'],
  ['"Infinity" string', 'Infinity'],
  ['true', true],
  ['null', null],
  ['empty array', []],
  ['array for a scalar', ['a@example.com']],
  ['nested arrays', [[['x']]]],
  ['empty object', {}],
  ['operator object', { $gt: '' }],
  ['20-deep object', deepObject],
  ['10k string', 'x'.repeat(10_000)],
  ['NUL', '\u0000'],
  ['lone surrogate', 'a\ud800b'],
  ['bidi override', 'abc\u202Edef'],
  ['emoji and ZWJ', '\ud83d\udc69\u200d\ud83d\udcbb'],
  ['400-digit string', '9'.repeat(400)],
  ['-0', -0],
  ['empty string', ''],
  ['whitespace', ' \t '],
];

/** The subset tried one field at a time (each field alone, the others plausible). */
export const SINGLE_FIELD_VALUES = FIELD_VALUES.filter(([label]) =>
  ['huge number', 'null', 'array for a scalar', 'operator object', 'lone surrogate'].includes(label),
);

function nested(depth: number): string {
  return '['.repeat(depth) + '1' + ']'.repeat(depth);
}

export interface RawBody {
  readonly label: string;
  readonly body: Buffer | string;
  readonly headers: Record<string, string>;
}

const json = { 'content-type': 'application/json' };

/** Bodies that are broken as a whole: syntax, shape, size, encoding, content type. */
export const RAW_BODIES: readonly RawBody[] = [
  { label: '__proto__', body: '{"__proto__":{"admin":true},"email":"a@example.com"}', headers: json },
  { label: 'escaped __proto__', body: '{"\\u005f_proto__":{"admin":true}}', headers: json },
  { label: 'constructor.prototype', body: '{"constructor":{"prototype":{"admin":true}}}', headers: json },
  { label: 'truncated JSON', body: '{"email": "a@example.com", ', headers: json },
  { label: 'NaN literal', body: '{"rate_limit": NaN}', headers: json },
  { label: 'trailing comma', body: '{"name": "x",}', headers: json },
  { label: 'null', body: 'null', headers: json },
  { label: 'array', body: '[]', headers: json },
  { label: 'string', body: '"text"', headers: json },
  { label: 'number', body: '1', headers: json },
  { label: 'duplicate keys', body: '{"name":"a","name":{"x":1}}', headers: json },
  { label: '1e309', body: '{"rate_limit":1e309,"limit":-1e309}', headers: json },
  { label: 'array nested 5,000 deep', body: `{"permissions":${nested(5_000)}}`, headers: json },
  { label: 'object nested 5,000 deep', body: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`, headers: json },
  { label: '200 kB', body: JSON.stringify({ name: 'x'.repeat(200_000) }), headers: json },
  { label: 'invalid UTF-8', body: Buffer.from([0x7b, 0x22, 0x6e, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), headers: json },
  { label: 'BOM', body: '\ufeff{"name":"x"}', headers: json },
  { label: 'whitespace only', body: '   ', headers: json },
  { label: 'gzip that is not', body: 'plain text', headers: { ...json, 'content-encoding': 'gzip' } },
  { label: 'br that is not', body: 'plain text', headers: { ...json, 'content-encoding': 'br' } },
  { label: 'deflate that is not', body: 'plain text', headers: { ...json, 'content-encoding': 'deflate' } },
  { label: 'unknown encoding', body: '{}', headers: { ...json, 'content-encoding': 'zstd' } },
  { label: 'stacked encodings', body: gzipSync(gzipSync('{}')), headers: { ...json, 'content-encoding': 'gzip, gzip' } },
  { label: 'gzip bomb', body: gzipSync(Buffer.alloc(3_000_000, 0x20)), headers: { ...json, 'content-encoding': 'gzip' } },
  { label: 'real brotli', body: brotliCompressSync('{"name":"x"}'), headers: { ...json, 'content-encoding': 'br' } },
  { label: 'text/plain', body: '{"name":"x"}', headers: { 'content-type': 'text/plain' } },
  { label: 'form', body: 'email=a%40example.com&password=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  { label: 'multipart', body: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n', headers: { 'content-type': 'multipart/form-data; boundary=b' } },
  { label: 'UTF-16 charset', body: '{}', headers: { 'content-type': 'application/json; charset=utf-16' } },
  { label: 'no content type', body: '{"name":"x"}', headers: {} },
  { label: 'bogus content type', body: '{"name":"x"}', headers: { 'content-type': '%%%/;;;' } },
  { label: '+json type', body: '{"name":"x"}', headers: { 'content-type': 'application/merge-patch+json' } },
];

const NONE_JWT = 'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ4IiwidHlwIjoiYWNjZXNzIiwiaXNzIjoiY29uY29yZCJ9.';

/** Credential headers that are present but wrong. */
export const BAD_CREDENTIALS: ReadonlyArray<readonly [string, Record<string, string>]> = [
  ['empty bearer', { authorization: 'Bearer ' }],
  ['junk bearer', { authorization: 'Bearer x' }],
  ['alg none JWT', { authorization: `Bearer ${NONE_JWT}` }],
  ['8 kB bearer', { authorization: `Bearer ${'a'.repeat(8_000)}` }],
  ['basic auth', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
  ['junk api key', { 'x-api-key': 'svc_junk' }],
  ['latin-1 api key', { 'x-api-key': 'svc_\u00e9\u00e8' }],
  ['long api key', { 'x-api-key': `svc_${'k'.repeat(4_000)}` }],
  ['broken cookies', { cookie: 'svc_access=%%%; svc_siwe=%E0%A4%A; svc_refresh=' }],
  ['alg none cookie', { cookie: `svc_access=${NONE_JWT}; svc_siwe=${NONE_JWT}` }],
  ['hostile request id', { 'x-request-id': '../../etc/passwd\u00e9' }],
  ['accept html', { accept: 'text/html' }],
  ['forwarded junk', { 'x-forwarded-for': 'not-an-ip, ::::', 'x-forwarded-host': 'evil.test' }],
];
