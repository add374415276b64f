import test from 'ava';
import { Wallet, type Signer } from 'ethers';
import { SiweMessage } from 'siwe';
import { startApi, cookiesOf, register, type TestApi } from './harness.ts';

let api: TestApi;
test.before(async () => {
  api = await startApi({ env: { PUBLIC_ORIGIN: 'http://concord.test' } });
});
test.after.always(async () => {
  await api.close();
});

interface SignOptions {
  domain?: string;
  chainId?: number;
  expirationTime?: string;
}

async function getNonce(binding?: string): Promise<{ nonce: string; binding: string }> {
  const reply = await api.request('GET', '/api/v1/siwe/nonce', binding ? { cookies: { svc_siwe_nonce: binding } } : {});
  if (reply.status !== 200) throw new Error(`nonce failed ${reply.status}`);
  return { nonce: reply.body.data.nonce as string, binding: cookiesOf(reply).svc_siwe_nonce ?? binding ?? '' };
}

async function signedMessage(wallet: Signer & { address: string }, nonce: string, o: SignOptions = {}) {
  const message = new SiweMessage({
    domain: o.domain ?? 'concord.test',
    address: wallet.address,
    statement: 'Sign in to Concord',
    uri: 'http://concord.test/login',
    version: '1',
    chainId: o.chainId ?? 1,
    nonce,
    issuedAt: new Date().toISOString(),
    ...(o.expirationTime ? { expirationTime: o.expirationTime } : {}),
  }).prepareMessage();
  return { message, signature: await wallet.signMessage(message) };
}

test('a wallet signs the nonce into an EIP-4361 message and gets the svc_siwe session cookie', async (t) => {
  const wallet = Wallet.createRandom();
  const { nonce, binding } = await getNonce();
  t.regex(nonce, /^[A-Za-z0-9]{8,}$/);
  const body = await signedMessage(wallet, nonce);
  const reply = await api.request('POST', '/api/v1/siwe/verify', { body, cookies: { svc_siwe_nonce: binding } });
  t.is(reply.status, 200);
  t.is(reply.body.data.address, wallet.address);
  t.is(reply.body.data.chain_id, 1);
  const session = reply.setCookies.find((c) => c.startsWith('svc_siwe='));
  t.regex(session ?? '', /httponly/i);
  // Signing in again with the same wallet reaches the same account.
  const again = await getNonce(binding);
  const second = await api.request('POST', '/api/v1/siwe/verify', { body: await signedMessage(wallet, again.nonce), cookies: { svc_siwe_nonce: binding } });
  t.is(second.body.data.id, reply.body.data.id);
});

test('a nonce works once: replaying the same signed message is refused', async (t) => {
  const wallet = Wallet.createRandom();
  const { nonce, binding } = await getNonce();
  const body = await signedMessage(wallet, nonce);
  t.is((await api.request('POST', '/api/v1/siwe/verify', { body, cookies: { svc_siwe_nonce: binding } })).status, 200);
  const replay = await api.request('POST', '/api/v1/siwe/verify', { body, cookies: { svc_siwe_nonce: binding } });
  t.is(replay.status, 401);
  t.regex(replay.body.message, /nonce/);
});

test('a nonce is bound to the session that asked for it', async (t) => {
  const wallet = Wallet.createRandom();
  const { nonce } = await getNonce();
  const other = await getNonce();
  const reply = await api.request('POST', '/api/v1/siwe/verify', { body: await signedMessage(wallet, nonce), cookies: { svc_siwe_nonce: other.binding } });
  t.is(reply.status, 401);
  const noCookie = await api.request('POST', '/api/v1/siwe/verify', { body: await signedMessage(wallet, nonce) });
  t.is(noCookie.status, 401);
});

test('a message for another domain, an expired message, a wrong chain or a forged signature is refused', async (t) => {
  const wallet = Wallet.createRandom();
  const a = await getNonce();
  const wrongDomain = await api.request('POST', '/api/v1/siwe/verify', { body: await signedMessage(wallet, a.nonce, { domain: 'evil.test' }), cookies: { svc_siwe_nonce: a.binding } });
  t.is(wrongDomain.status, 401);
  t.regex(wrongDomain.body.message, /[Dd]omain/);

  const b = await getNonce();
  const expired = await api.request('POST', '/api/v1/siwe/verify', {
    body: await signedMessage(wallet, b.nonce, { expirationTime: new Date(Date.now() - 60_000).toISOString() }),
    cookies: { svc_siwe_nonce: b.binding },
  });
  t.is(expired.status, 401);
  t.regex(expired.body.message, /[Ee]xpired/);

  const c = await getNonce();
  const chain = await api.request('POST', '/api/v1/siwe/verify', { body: await signedMessage(wallet, c.nonce, { chainId: 999_999 }), cookies: { svc_siwe_nonce: c.binding } });
  t.is(chain.status, 401);
  t.regex(chain.body.message, /Chain ID 999999/);

  const d = await getNonce();
  const signed = await signedMessage(wallet, d.nonce);
  const forged = await signedMessage(Wallet.createRandom(), d.nonce);
  const mismatch = await api.request('POST', '/api/v1/siwe/verify', { body: { message: signed.message, signature: forged.signature }, cookies: { svc_siwe_nonce: d.binding } });
  t.is(mismatch.status, 401);
  t.regex(mismatch.body.message, /[Ss]ignature/);
});

test('malformed verification bodies are 400 INVALID_REQUEST', async (t) => {
  const { binding } = await getNonce();
  const notSiwe = await api.request('POST', '/api/v1/siwe/verify', { body: { message: 'hello', signature: `0x${'ab'.repeat(65)}` }, cookies: { svc_siwe_nonce: binding } });
  t.is(notSiwe.status, 400);
  t.regex(notSiwe.body.message, /'message'/);
  const badSig = await api.request('POST', '/api/v1/siwe/verify', { body: { message: 'x', signature: 42 }, cookies: { svc_siwe_nonce: binding } });
  t.is(badSig.status, 400);
  t.regex(badSig.body.message, /'signature'/);
});

test('a wallet session works on watchlists and alerts but never becomes an email session: console and me refuse it, and the accounts stay apart', async (t) => {
  const wallet = Wallet.createRandom();
  const { nonce, binding } = await getNonce();
  const reply = await api.request('POST', '/api/v1/siwe/verify', { body: await signedMessage(wallet, nonce), cookies: { svc_siwe_nonce: binding } });
  const walletCookie = cookiesOf(reply).svc_siwe ?? '';
  const asWallet = { cookies: { svc_siwe: walletCookie } };

  // The routes that take a wallet session do take it, and scope to the wallet account.
  const list = await api.request('POST', '/api/v1/watchlists', { ...asWallet, body: { name: 'From my wallet' } });
  t.is(list.status, 201);
  t.deepEqual((await api.request('GET', '/api/v1/watchlists', asWallet)).body.data.map((w: { name: string }) => w.name), ['From my wallet']);
  t.is((await api.request('GET', '/api/v1/alerts', asWallet)).status, 200);
  t.is((await api.request('POST', '/api/v1/alerts/webhook-secret', asWallet)).status, 201);

  // Everything of the console and the email account refuses it.
  t.is((await api.request('GET', '/api/v1/auth/me', asWallet)).status, 401);
  const keys = await api.request('GET', '/api/v1/console/keys', asWallet);
  t.is(keys.status, 401);
  t.regex(keys.body.message, /^Wallet sessions \(svc_siwe\) are not accepted on \/api\/v1\/console\/keys: it needs an email account's session/);
  t.is((await api.request('POST', '/api/v1/console/keys', { ...asWallet, body: { name: 'wallet key' } })).status, 401);
  t.is((await api.request('GET', '/api/v1/console/stats?api_key_id=00000000-0000-4000-8000-000000000000', asWallet)).status, 401);
  t.is((await api.request('POST', '/api/v1/auth/change-password', { ...asWallet, body: { current_password: 'x', new_password: 'long enough pw' } })).status, 401);

  const email = await register(api, 'wallet-owner@example.com');
  t.not(email.id, reply.body.data.id);
  t.is(await api.store.collection('accounts').count({ _id: reply.body.data.id }), 0);
  t.deepEqual((await api.request('GET', '/api/v1/watchlists', { bearer: email.access })).body.data, [], 'the email account sees none of the wallet account');
});
