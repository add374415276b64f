import test from 'ava';
import jwt from 'jsonwebtoken';
import { startApi, register, cookiesOf, TEST_ENV, type TestApi } from './harness.ts';

let api: TestApi;
test.before(async () => {
  api = await startApi();
});
test.after.always(async () => {
  await api.close();
});

test('register normalises the email, answers 201 with profile and tokens, and sets httpOnly SameSite=Lax cookies', async (t) => {
  const reply = await api.request('POST', '/api/v1/auth/register', { body: { email: '  Alice@Example.COM ', password: 'password123', name: 'Alice' } });
  t.is(reply.status, 201);
  t.deepEqual(Object.keys(reply.body).sort(), ['data', 'tokens']);
  t.is(reply.body.data.email, 'alice@example.com');
  t.is(reply.body.data.name, 'Alice');
  t.truthy(reply.body.tokens.access_token);
  t.truthy(reply.body.tokens.refresh_token);
  const access = reply.setCookies.find((c) => c.startsWith('svc_access='));
  const refresh = reply.setCookies.find((c) => c.startsWith('svc_refresh='));
  t.regex(access ?? '', /httponly/i);
  t.regex(access ?? '', /samesite=lax/i);
  t.regex(access ?? '', /path=\//i);
  t.notRegex(access ?? '', /secure/i, 'plain http without an https PUBLIC_ORIGIN: not Secure');
  t.regex(refresh ?? '', /httponly/i);
  const again = await api.request('POST', '/api/v1/auth/register', { body: { email: 'alice@example.com', password: 'password123' } });
  t.is(again.status, 409);
  t.is(again.body.status, 'CONFLICT');
});

test('register refuses short passwords, bad emails and wrong types with 400 INVALID_REQUEST naming the field', async (t) => {
  const short = await api.request('POST', '/api/v1/auth/register', { body: { email: 'b@example.com', password: 'short' } });
  t.is(short.status, 400);
  t.deepEqual(short.body, { status: 'INVALID_REQUEST', message: "Invalid body field 'password': must be at least 8 characters" });
  const email = await api.request('POST', '/api/v1/auth/register', { body: { email: 'not-an-email', password: 'password123' } });
  t.is(email.status, 400);
  t.regex(email.body.message, /'email'/);
  const types = await api.request('POST', '/api/v1/auth/register', { body: { email: 'b@example.com', password: 12345678 } });
  t.is(types.status, 400);
  t.regex(types.body.message, /'password'/);
  const array = await api.request('POST', '/api/v1/auth/login', { body: ['x'] });
  t.is(array.status, 400);
  t.is(array.body.status, 'INVALID_REQUEST');
});

test('malformed JSON is 400 INVALID_REQUEST and an oversized body is 413 PAYLOAD_TOO_LARGE, both in the envelope with rate-limit headers', async (t) => {
  const bad = await api.request('POST', '/api/v1/auth/login', { rawBody: '{"email": "a@b.c", ' });
  t.is(bad.status, 400);
  t.is(bad.body.status, 'INVALID_REQUEST');
  t.regex(bad.body.message, /^Request body is not valid JSON: at character 19\.$/, 'says where parsing stopped');
  t.truthy(bad.headers.get('x-ratelimit-limit'));
  const big = await api.request('POST', '/api/v1/auth/login', { rawBody: JSON.stringify({ email: 'a@b.cd', password: 'x'.repeat(200_000) }) });
  t.is(big.status, 413);
  t.is(big.body.status, 'PAYLOAD_TOO_LARGE');
  t.truthy(big.headers.get('x-ratelimit-remaining'));
});

test('login returns data and tokens; a wrong password and an unknown email get the same 401', async (t) => {
  await register(api, 'carol@example.com', 'carols-password');
  const ok = await api.request('POST', '/api/v1/auth/login', { body: { email: 'CAROL@example.com', password: 'carols-password' } });
  t.is(ok.status, 200);
  t.is(ok.body.data.email, 'carol@example.com');
  t.truthy(cookiesOf(ok).svc_access);
  const wrong = await api.request('POST', '/api/v1/auth/login', { body: { email: 'carol@example.com', password: 'not-her-password' } });
  const unknown = await api.request('POST', '/api/v1/auth/login', { body: { email: 'nobody@example.com', password: 'whatever1' } });
  t.is(wrong.status, 401);
  t.deepEqual(wrong.body, unknown.body);
  t.deepEqual(wrong.body, { status: 'UNAUTHORIZED', message: 'Invalid email or password.' });
});

test('me accepts the access token as Bearer or as the svc_access cookie, and refuses nothing, tampered and expired tokens', async (t) => {
  const s = await register(api, 'dave@example.com');
  const viaBearer = await api.request('GET', '/api/v1/auth/me', { bearer: s.access });
  t.is(viaBearer.status, 200);
  t.deepEqual(viaBearer.body, { data: { id: s.id, email: 'dave@example.com', name: 'Test User' } });
  const viaCookie = await api.request('GET', '/api/v1/auth/me', { cookies: { svc_access: s.access } });
  t.is(viaCookie.status, 200);

  const none = await api.request('GET', '/api/v1/auth/me');
  t.is(none.status, 401);
  t.is(none.body.status, 'UNAUTHORIZED');

  const [h, p, sig] = s.access.split('.');
  const claims = JSON.parse(Buffer.from(p ?? '', 'base64url').toString()) as Record<string, unknown>;
  const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${sig}`;
  const tampered = await api.request('GET', '/api/v1/auth/me', { bearer: forged });
  t.is(tampered.status, 401);
  t.regex(tampered.body.message, /not valid/);

  const expiredToken = jwt.sign({ typ: 'access', sv: 0, iat: 1_000, exp: 2_000 }, TEST_ENV.JWT_ACCESS_SECRET, { subject: s.id, jwtid: 'x', issuer: 'concord' });
  const expired = await api.request('GET', '/api/v1/auth/me', { bearer: expiredToken });
  t.is(expired.status, 401);
  t.regex(expired.body.message, /expired/);

  const noneAlg = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
  t.is((await api.request('GET', '/api/v1/auth/me', { bearer: noneAlg })).status, 401);
});

test('an access token is refused as a refresh token and a refresh token is refused as an access token', async (t) => {
  const s = await register(api, 'erin@example.com');
  const refreshWithAccess = await api.request('POST', '/api/v1/auth/refresh', { bearer: s.access });
  t.is(refreshWithAccess.status, 401);
  const meWithRefresh = await api.request('GET', '/api/v1/auth/me', { bearer: s.refresh });
  t.is(meWithRefresh.status, 401);
  // Same signature secret would still be refused by the typ claim.
  const sameSecretWrongType = jwt.sign({ typ: 'refresh', sv: 0 }, TEST_ENV.JWT_ACCESS_SECRET, { subject: s.id, jwtid: 'y', issuer: 'concord', expiresIn: 60 });
  t.is((await api.request('GET', '/api/v1/auth/me', { bearer: sameSecretWrongType })).status, 401);
});

test('refresh rotates: the new pair works, the old refresh token is refused, and its reuse ends the whole family', async (t) => {
  const s = await register(api, 'frank@example.com');
  const first = await api.request('POST', '/api/v1/auth/refresh', { bearer: s.refresh });
  t.is(first.status, 200);
  t.truthy(first.body.tokens.access_token);
  t.not(first.body.tokens.refresh_token, s.refresh);
  t.is((await api.request('GET', '/api/v1/auth/me', { bearer: first.body.tokens.access_token })).status, 200);

  const reuse = await api.request('POST', '/api/v1/auth/refresh', { bearer: s.refresh });
  t.is(reuse.status, 401);
  t.regex(reuse.body.message, /no longer valid: it was already exchanged, signed out, or its sign-in was ended/);
  // The replay revoked the family, so the token issued by the legitimate rotation is dead too.
  const afterReuse = await api.request('POST', '/api/v1/auth/refresh', { bearer: first.body.tokens.refresh_token });
  t.is(afterReuse.status, 401);
});

test('refresh also accepts the svc_refresh cookie and sets new cookies', async (t) => {
  const s = await register(api, 'gina@example.com');
  const reply = await api.request('POST', '/api/v1/auth/refresh', { cookies: { svc_refresh: s.refresh } });
  t.is(reply.status, 200);
  const cookies = cookiesOf(reply);
  t.truthy(cookies.svc_access);
  t.truthy(cookies.svc_refresh);
  t.is((await api.request('POST', '/api/v1/auth/refresh')).status, 401);
});

test('logout revokes the presented refresh token and clears both cookies', async (t) => {
  const s = await register(api, 'hank@example.com');
  const out = await api.request('POST', '/api/v1/auth/logout', { cookies: { svc_refresh: s.refresh } });
  t.is(out.status, 200);
  t.deepEqual(out.body, { data: { logged_out: true, refresh_token_revoked: true } });
  const cleared = cookiesOf(out);
  t.is(cleared.svc_access, '');
  t.is(cleared.svc_refresh, '');
  t.is((await api.request('POST', '/api/v1/auth/refresh', { bearer: s.refresh })).status, 401);
});

test('change-password needs the current password, ends other sessions and returns a working new pair', async (t) => {
  const s = await register(api, 'ivy@example.com', 'first-password');
  const wrong = await api.request('POST', '/api/v1/auth/change-password', { bearer: s.access, body: { current_password: 'nope-nope', new_password: 'second-password' } });
  t.is(wrong.status, 400);
  t.regex(wrong.body.message, /current_password/);
  const ok = await api.request('POST', '/api/v1/auth/change-password', { bearer: s.access, body: { current_password: 'first-password', new_password: 'second-password' } });
  t.is(ok.status, 200);
  t.is((await api.request('GET', '/api/v1/auth/me', { bearer: s.access })).status, 401, 'the old access token stops at once');
  t.is((await api.request('POST', '/api/v1/auth/refresh', { bearer: s.refresh })).status, 401, 'the old refresh token is revoked');
  t.is((await api.request('GET', '/api/v1/auth/me', { bearer: ok.body.tokens.access_token })).status, 200);
  t.is((await api.request('POST', '/api/v1/auth/login', { body: { email: 'ivy@example.com', password: 'second-password' } })).status, 200);
  t.is((await api.request('POST', '/api/v1/auth/change-password', { body: { current_password: 'a', new_password: 'bbbbbbbbbb' } })).status, 401);
});
