import test from 'ava';
import pino from 'pino';
import { Wallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { startApi, cookiesOf, register, createKey, type TestApi } from '../auth/harness.ts';
import { createHttpClient } from '../../pipeline/http/httpClient.ts';
import { WALLET_MODULES } from '../../pipeline/wallets/index.ts';
import { createWalletTracker } from '../../pipeline/wallets/tracker.ts';
import { DEMO_AUTHORITY, PLACEHOLDER_WALLET, POLY_WALLET } from './fixtures.ts';
import { startVenueServer, type VenueServer } from './venueServer.ts';

let api: TestApi;
let server: VenueServer;
let access: string;

test.before(async () => {
  server = await startVenueServer();
  const log = pino({ level: 'silent' });
  const http = createHttpClient({ venues: Object.values(WALLET_MODULES).map((m) => m.descriptor), log, fetch: server.fetch, maxAttempts: 1 });
  const walletTracker = createWalletTracker({ http, log, modules: WALLET_MODULES, apiKeys: { predictfun: 'test-key' }, venueTimeoutMs: 30_000 });
  api = await startApi({ env: { PUBLIC_ORIGIN: 'http://concord.test' }, deps: { walletTracker } });
  access = (await register(api, 'wallets@example.com')).access;
});
test.after.always(async () => {
  await api?.close();
  await server?.close();
});

const POSITION_KEYS = ['avgPrice', 'currentPrice', 'currentValue', 'endDate', 'marketTitle', 'marketUrl', 'outcome', 'platform', 'pnl', 'pnlPercent', 'size', 'status'];
const HISTORY_KEYS = ['marketTitle', 'platform', 'price', 'side', 'size', 'status', 'timestamp', 'type'];

test.serial('the answer has the spec fields at top level, six venue entries and camelCase records', async (t) => {
  const reply = await api.request('GET', `/api/v1/wallet-tracker/${POLY_WALLET}?solana=${DEMO_AUTHORITY}&manifold=ian`, { bearer: access });
  t.is(reply.status, 200);
  const body = reply.body;
  t.false('data' in body);
  t.is(body.address, '0x6A72f61820b26b1fe4d956E17B6DC2A1Ea3033EE', 'checksummed');
  t.is(body.solanaAddress, DEMO_AUTHORITY);
  t.is(body.manifoldUser, 'ian');
  t.deepEqual(Object.keys(body.platforms).sort(), ['azuro', 'drift', 'limitless', 'manifold', 'polymarket', 'predictfun']);
  for (const [venue, entry] of Object.entries(body.platforms as Record<string, Record<string, unknown>>)) {
    t.true(Array.isArray(entry.positions) && Array.isArray(entry.history), venue);
    t.is(typeof entry.totalValue, 'number');
    t.is(typeof entry.totalPnL, 'number');
    t.true(Number.isInteger(entry.positionCount));
    for (const p of entry.positions as Array<Record<string, unknown>>) {
      t.true(Object.keys(p).every((k) => POSITION_KEYS.includes(k)), JSON.stringify(p));
      t.true(['open', 'closed', 'resolved'].includes(p.status as string));
      if (p.endDate !== undefined) t.regex(p.endDate as string, /^\d{4}-\d{2}-\d{2}$/);
    }
    for (const h of entry.history as Array<Record<string, unknown>>) {
      t.true(Object.keys(h).every((k) => HISTORY_KEYS.includes(k)), JSON.stringify(h));
      t.false(Number.isNaN(Date.parse(h.timestamp as string)));
    }
  }
  t.is(body.platforms.polymarket.positionCount, 5);
  t.is(body.platforms.polymarket.positions.length, 10, '5 held and 5 closed positions');
  t.is(body.platforms.manifold.positionCount, 1);
  // Manifold's mana stays out of the real-money totals: Polymarket 612395.001293 + Drift 204.1.
  t.is(body.summary.totalValue, 612599.101293);
  t.deepEqual(body.summary.playMoney, { currency: 'MANA', totalValue: 132936.841617, totalPnL: 69310.842263, totalPositions: 1 });
  t.is(body.summary.totalPositions, 9);
  t.is(body.summary.activePlatforms, 3);
  for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) t.truthy(reply.headers.get(h), h);
  t.is(reply.headers.get('x-ratelimit-limit'), '60', 'the authenticated-session tier');
});

test.serial('play_money_user is accepted as the alias of manifold', async (t) => {
  const reply = await api.request('GET', `/api/v1/wallet-tracker/${POLY_WALLET}?play_money_user=ian`, { bearer: access });
  t.is(reply.status, 200);
  t.is(reply.body.manifoldUser, 'ian');
  t.is(reply.body.platforms.manifold.positionCount, 1);
});

test.serial('without a session it is 401; an API key is not a session', async (t) => {
  const anonymous = await api.request('GET', `/api/v1/wallet-tracker/${POLY_WALLET}`);
  t.is(anonymous.status, 401);
  t.is(anonymous.body.status, 'UNAUTHORIZED');
  const { key } = await createKey(api, access);
  const keyed = await api.request('GET', `/api/v1/wallet-tracker/${POLY_WALLET}`, { apiKey: key });
  t.is(keyed.status, 401);
});

test.serial('a wallet (SIWE) session may use it too', async (t) => {
  const wallet = Wallet.createRandom();
  const nonceReply = await api.request('GET', '/api/v1/siwe/nonce');
  const binding = cookiesOf(nonceReply).svc_siwe_nonce ?? '';
  const message = new SiweMessage({
    domain: 'concord.test',
    address: wallet.address,
    statement: 'Sign in to Concord',
    uri: 'http://concord.test/login',
    version: '1',
    chainId: 1,
    nonce: nonceReply.body.data.nonce as string,
    issuedAt: new Date().toISOString(),
  }).prepareMessage();
  const verify = await api.request('POST', '/api/v1/siwe/verify', { body: { message, signature: await wallet.signMessage(message) }, cookies: { svc_siwe_nonce: binding } });
  t.is(verify.status, 200);
  const reply = await api.request('GET', `/api/v1/wallet-tracker/${PLACEHOLDER_WALLET}`, { cookies: { svc_siwe: cookiesOf(verify).svc_siwe ?? '' } });
  t.is(reply.status, 200);
  t.is(reply.body.platforms.limitless.positionCount, 2);
});

const BAD: Array<[path: string, param: string]> = [
  ['not-an-address', 'address'],
  ['0x6a72f61820b26b1fe4d956e17b6dc2a1ea3033e', 'address'],
  ['0x6a72f61820b26b1fe4d956e17b6dc2a1ea3033eg', 'address'],
  ['0x6A72f61820b26b1fe4d956E17B6DC2A1Ea3033Ee', 'address'],
  ['XE7338O073KYGTWWZN0F2WZ0R8PX5ZPPZS', 'address'],
  [`${POLY_WALLET}?solana=not-base58-0OIl`, 'solana'],
  [`${POLY_WALLET}?solana=${'1'.repeat(33)}`, 'solana'],
  [`${POLY_WALLET}?solana=${POLY_WALLET}`, 'solana'],
  [`${POLY_WALLET}?solana=${DEMO_AUTHORITY}&solana=${DEMO_AUTHORITY}`, 'solana'],
  [`${POLY_WALLET}?manifold=%40ian`, 'manifold'],
  [`${POLY_WALLET}?manifold=${'a'.repeat(26)}`, 'manifold'],
  [`${POLY_WALLET}?manifold=i%20an`, 'manifold'],
  [`${POLY_WALLET}?play_money_user=ian!`, 'play_money_user'],
  [`${POLY_WALLET}?manifold=ian&play_money_user=sylv`, 'play_money_user'],
  [`${POLY_WALLET}?wallet=0x1`, 'wallet'],
];

for (const [path, param] of BAD) {
  test.serial(`GET /wallet-tracker/${path} is 400 INVALID_REQUEST naming '${param}', before any venue is asked`, async (t) => {
    const before = server.requests.length;
    const reply = await api.request('GET', `/api/v1/wallet-tracker/${path}`, { bearer: access });
    t.is(reply.status, 400);
    t.is(reply.body.status, 'INVALID_REQUEST');
    t.true((reply.body.message as string).includes(`'${param}'`), reply.body.message);
    t.is(server.requests.length, before);
  });
}
