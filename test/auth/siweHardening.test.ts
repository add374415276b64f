import test from 'ava';
import { connect } from 'node:net';
import { Wallet, type Signer } from 'ethers';
import { SiweMessage } from 'siwe';
import { ConfigError, loadConfig } from '../../shared/config.ts';
import { startApi, cookiesOf, type TestApi } from './harness.ts';

/** The time the shared apps see (the nonce-expiry test moves a clock of its own). */
const nowMs = Date.parse('2026-03-01T12:00:00Z');
const clock = () => nowMs;

let withOrigin: TestApi;
let withoutOrigin: TestApi;
test.before(async () => {
  withOrigin = await startApi({ env: { PUBLIC_ORIGIN: 'https://concord.test' }, auth: { now: clock } });
  withoutOrigin = await startApi({ auth: { now: clock } });
});
test.after.always(async () => {
  await withOrigin.close();
  await withoutOrigin.close();
});

interface MessageOptions {
  domain?: string;
  uri?: string;
  scheme?: string;
  chainId?: number;
  notBefore?: string;
}

async function nonceFor(api: TestApi): Promise<{ nonce: string; binding: string }> {
  const reply = await api.request('GET', '/api/v1/siwe/nonce');
  return { nonce: reply.body.data.nonce as string, binding: cookiesOf(reply).svc_siwe_nonce ?? '' };
}

async function sign(wallet: Signer & { address: string }, nonce: string, o: MessageOptions = {}) {
  const message = new SiweMessage({
    ...(o.scheme ? { scheme: o.scheme } : {}),
    domain: o.domain ?? 'concord.test',
    address: wallet.address,
    statement: 'Sign in to Concord',
    uri: o.uri ?? 'https://concord.test/login',
    version: '1',
    chainId: o.chainId ?? 1,
    nonce,
    issuedAt: new Date(nowMs).toISOString(),
    ...(o.notBefore ? { notBefore: o.notBefore } : {}),
  }).prepareMessage();
  return { message, signature: await wallet.signMessage(message) };
}

const verify = (api: TestApi, body: unknown, binding: string, headers: Record<string, string> = {}) =>
  api.request('POST', '/api/v1/siwe/verify', { body, cookies: { svc_siwe_nonce: binding }, headers });

test('production refuses to start without PUBLIC_ORIGIN, and the message names the variable', (t) => {
  const err = t.throws(() => loadConfig({ NODE_ENV: 'production' }), { instanceOf: ConfigError });
  t.regex(err?.message ?? '', /PUBLIC_ORIGIN: must be set when NODE_ENV=production/);
  t.is(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://concord.test' }).PUBLIC_ORIGIN, 'https://concord.test');
  t.throws(() => loadConfig({ PUBLIC_ORIGIN: 'https://concord.test/app' }), { message: /PUBLIC_ORIGIN: must be an origin/ });
});

test('with PUBLIC_ORIGIN set, a message for another domain is refused even when the Host header names that domain', async (t) => {
  const wallet = Wallet.createRandom();
  const { nonce, binding } = await nonceFor(withOrigin);
  const reply = await verify(withOrigin, await sign(wallet, nonce, { domain: 'evil.test', uri: 'https://evil.test/login' }), binding, { host: 'evil.test' });
  t.is(reply.status, 401);
  t.regex(reply.body.message, /domain evil\.test, not concord\.test/);
});

test("a message whose URI or scheme is on another origin is refused even when its domain is right", async (t) => {
  const wallet = Wallet.createRandom();
  const a = await nonceFor(withOrigin);
  const uri = await verify(withOrigin, await sign(wallet, a.nonce, { uri: 'https://evil.test/login' }), a.binding);
  t.is(uri.status, 401);
  t.regex(uri.body.message, /URI https:\/\/evil\.test\/login is not on https:\/\/concord\.test/);
  const b = await nonceFor(withOrigin);
  const scheme = await verify(withOrigin, await sign(wallet, b.nonce, { scheme: 'http', uri: 'https://concord.test/' }), b.binding);
  t.is(scheme.status, 401);
  t.regex(scheme.body.message, /scheme http, not https/);
  const c = await nonceFor(withOrigin);
  const right = await verify(withOrigin, await sign(wallet, c.nonce, { scheme: 'https', uri: 'https://concord.test/app?x=1' }), c.binding);
  t.is(right.status, 200);
});

/** A raw HTTP/1.0 request without a Host header (fetch always sends one). */
function http10WithoutHost(api: TestApi, path: string, body: string, cookie: string): Promise<{ status: number; body: Record<string, string> }> {
  const { hostname, port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`POST ${path} HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCookie: ${cookie}\r\n\r\n${body}`);
    });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', payload = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(payload) as Record<string, string> });
    });
  });
}

test('without PUBLIC_ORIGIN, a request with an absent or empty Host is refused and the nonce it named is spent', async (t) => {
  const wallet = Wallet.createRandom();
  const { nonce, binding } = await nonceFor(withoutOrigin);
  const evil = await sign(wallet, nonce, { domain: 'evil.test', uri: 'http://evil.test/' });
  const absent = await http10WithoutHost(withoutOrigin, '/api/v1/siwe/verify', JSON.stringify(evil), `svc_siwe_nonce=${binding}`);
  t.is(absent.status, 400);
  t.regex(absent.body.message ?? '', /no usable Host/);
  // Same nonce again, now with a proper Host and a proper message: already spent.
  const local = new URL(withoutOrigin.url).host;
  const honest = await sign(wallet, nonce, { domain: local, uri: `http://${local}/` });
  const again = await verify(withoutOrigin, honest, binding);
  t.is(again.status, 401);
  t.regex(again.body.message, /nonce/);

  const second = await nonceFor(withoutOrigin);
  const empty = await verify(withoutOrigin, await sign(wallet, second.nonce, { domain: 'evil.test', uri: 'http://evil.test/' }), second.binding, { host: '' });
  t.true(empty.status === 400 || empty.status === 401, `status ${empty.status}`);
});

test('without PUBLIC_ORIGIN (development), the Host the request came to is the domain to sign for', async (t) => {
  const wallet = Wallet.createRandom();
  const local = new URL(withoutOrigin.url).host;
  const a = await nonceFor(withoutOrigin);
  const ok = await verify(withoutOrigin, await sign(wallet, a.nonce, { domain: local, uri: `http://${local}/` }), a.binding);
  t.is(ok.status, 200);
  const b = await nonceFor(withoutOrigin);
  const other = await verify(withoutOrigin, await sign(wallet, b.nonce, { domain: 'evil.test', uri: 'http://evil.test/' }), b.binding);
  t.is(other.status, 401);
});

test('a chain-id refusal spends the nonce: the corrected message with the same nonce is refused', async (t) => {
  const wallet = Wallet.createRandom();
  const { nonce, binding } = await nonceFor(withOrigin);
  const wrongChain = await verify(withOrigin, await sign(wallet, nonce, { chainId: 999_999 }), binding);
  t.is(wrongChain.status, 401);
  t.regex(wrongChain.body.message, /Chain ID 999999/);
  const corrected = await verify(withOrigin, await sign(wallet, nonce), binding);
  t.is(corrected.status, 401);
  t.regex(corrected.body.message, /nonce is unknown, expired, already used/);
});

test('a failed attempt (forged signature) spends the nonce: the genuine signature afterwards is refused', async (t) => {
  const wallet = Wallet.createRandom();
  const { nonce, binding } = await nonceFor(withOrigin);
  const genuine = await sign(wallet, nonce);
  const forged = { message: genuine.message, signature: (await sign(Wallet.createRandom(), nonce)).signature };
  t.is((await verify(withOrigin, forged, binding)).status, 401);
  const after = await verify(withOrigin, genuine, binding);
  t.is(after.status, 401);
  t.regex(after.body.message, /nonce/);
});

test('a nonce expires 10 minutes after it was issued', async (t) => {
  // Its own app and clock, so moving time here cannot disturb the tests running beside it.
  let ms = nowMs;
  const api = await startApi({ env: { PUBLIC_ORIGIN: 'https://concord.test' }, auth: { now: () => ms } });
  try {
    const wallet = Wallet.createRandom();
    const issuedAt = ms;
    const early = await nonceFor(api);
    const late = await nonceFor(api);
    ms = issuedAt + 10 * 60_000 - 1_000;
    t.is((await verify(api, await sign(wallet, early.nonce), early.binding)).status, 200, 'still valid just before 10 minutes');
    ms = issuedAt + 10 * 60_000 + 1;
    const reply = await verify(api, await sign(wallet, late.nonce), late.binding);
    t.is(reply.status, 401);
    t.regex(reply.body.message, /expired/);
  } finally {
    await api.close();
  }
});

test('a message whose notBefore is still ahead is refused, and its nonce is spent', async (t) => {
  const wallet = Wallet.createRandom();
  const { nonce, binding } = await nonceFor(withOrigin);
  const notBefore = new Date(nowMs + 5 * 60_000).toISOString();
  const early = await verify(withOrigin, await sign(wallet, nonce, { notBefore }), binding);
  t.is(early.status, 401);
  t.regex(early.body.message, /not valid yet/);
  const retried = await verify(withOrigin, await sign(wallet, nonce), binding);
  t.is(retried.status, 401);
  t.regex(retried.body.message, /nonce/);
  const fresh = await nonceFor(withOrigin);
  const due = await verify(withOrigin, await sign(wallet, fresh.nonce, { notBefore: new Date(nowMs - 1_000).toISOString() }), fresh.binding);
  t.is(due.status, 200, 'a notBefore already passed is fine');
});

test('logout ends the wallet session on the server: the old cookie stops authenticating at once', async (t) => {
  const wallet = Wallet.createRandom();
  const { nonce, binding } = await nonceFor(withOrigin);
  const signedIn = await verify(withOrigin, await sign(wallet, nonce), binding);
  const cookie = cookiesOf(signedIn).svc_siwe ?? '';
  t.not(cookie, '');
  // A wallet session is counted in the session tier (60/min); an anonymous caller in product read (120/min).
  const before = await withOrigin.request('GET', '/api/v1/platforms/status', { cookies: { svc_siwe: cookie } });
  t.is(before.headers.get('x-ratelimit-limit'), '60');
  const out = await withOrigin.request('POST', '/api/v1/siwe/logout', { cookies: { svc_siwe: cookie } });
  t.is(out.status, 200);
  t.deepEqual(out.body.data, { logged_out: true, session_revoked: true });
  t.is(cookiesOf(out).svc_siwe, '', 'the cookie is cleared');
  const after = await withOrigin.request('GET', '/api/v1/platforms/status', { cookies: { svc_siwe: cookie } });
  t.is(after.headers.get('x-ratelimit-limit'), '120', 'the replayed cookie is anonymous now');
  const twice = await withOrigin.request('POST', '/api/v1/siwe/logout', { cookies: { svc_siwe: cookie } });
  t.is(twice.body.data.session_revoked, false);
});
