import test from 'ava';
import { outboxFor } from '../../adapters/mail/outboxMailer.ts';
import { startApi, register, type TestApi } from './harness.ts';

let api: TestApi;
test.before(async () => {
  api = await startApi({ env: { RATE_LIMIT_MULTIPLIER: '50' } });
});
test.after.always(async () => {
  await api.close();
});

const NFC = 'caf\u00e9@example.com';
const NFD = 'cafe\u0301@example.com';

test('an address typed in NFC or NFD, or with another case or an IDNA domain, is one account on register, login and forgot-password', async (t) => {
  t.not(NFC, NFD);
  const first = await register(api, NFC, 'a long password');
  const again = await api.request('POST', '/api/v1/auth/register', { body: { email: NFD, password: 'a long password', name: 'Twin' } });
  t.is(again.status, 409, 'NFD is the same address');

  const login = await api.request('POST', '/api/v1/auth/login', { body: { email: 'CAFE\u0301@EXAMPLE.COM', password: 'a long password' } });
  t.is(login.status, 200);
  t.is(login.body.data.id, first.id);
  t.is(login.body.data.email, NFC, 'stored and shown in NFC, lower-case');

  t.is((await api.request('POST', '/api/v1/auth/forgot-password', { body: { email: NFD } })).status, 200);
  for (let i = 0; i < 200 && (await outboxFor(api.store, NFC)).length === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
  t.is((await outboxFor(api.store, NFC)).length, 1, 'the code goes to the account found through the NFD form');

  await register(api, 'owner@caf\u00e9.test');
  const idna = await api.request('POST', '/api/v1/auth/register', { body: { email: 'Owner@xn--caf-dma.test', password: 'a long password' } });
  t.is(idna.status, 409, 'xn--caf-dma.test is café.test');
});

test('the local part is compared without case but kept otherwise: dots and +tags make other addresses', async (t) => {
  await register(api, 'First.Last+news@Example.org');
  const login = await api.request('POST', '/api/v1/auth/login', { body: { email: 'first.last+news@example.org', password: 'correct horse battery' } });
  t.is(login.status, 200);
  t.is(login.body.data.email, 'first.last+news@example.org');
  t.is((await api.request('POST', '/api/v1/auth/login', { body: { email: 'firstlast+news@example.org', password: 'correct horse battery' } })).status, 401);
});

test('emails with controls, invisible or bidi characters, or a lone surrogate are 400 on every route that takes one', async (t) => {
  const bad = ['a\u0000b@example.com', 'ab@example.com\u202e', 'a\u200bb@example.com', 'a\ud800b@example.com', 'ab@exa mple.com', 'ab@-example.com'];
  for (const email of bad) {
    for (const [path, extra] of [
      ['/api/v1/auth/register', { password: 'a long password' }],
      ['/api/v1/auth/login', { password: 'a long password' }],
      ['/api/v1/auth/forgot-password', {}],
      ['/api/v1/auth/verify-otp', { otp: '123456' }],
    ] as const) {
      const reply = await api.request('POST', path, { body: { email, ...extra } });
      t.is(reply.status, 400, `${path} ${JSON.stringify(email)}`);
      t.regex(reply.body.message, /'email'/);
    }
  }
});

test('names refuse NUL and other controls, lone surrogates, bidi overrides and isolates, and are stored in NFC', async (t) => {
  const cases: Array<[string, RegExp]> = [
    ['Eve\u0000', /control character U\+0000/],
    ['Eve\nAdmin', /control character U\+000A/],
    ['Eve\u001b[31m', /control character U\+001B/],
    ['Eve\u0085', /control character U\+0085/],
    ['\ud800Eve', /lone surrogate/],
    ['Eve\udfff', /lone surrogate/],
    ['gpj.\u202Eexe', /bidirectional formatting character U\+202E/],
    ['Eve\u2067x', /bidirectional formatting character U\+2067/],
    ['Eve\u2028', /U\+2028/],
  ];
  for (const [name, message] of cases) {
    const reply = await api.request('POST', '/api/v1/auth/register', { body: { email: `n${cases.findIndex(([n]) => n === name)}@example.com`, password: 'a long password', name } });
    t.is(reply.status, 400, JSON.stringify(name));
    t.regex(reply.body.message, /'name'/);
    t.regex(reply.body.message, message, JSON.stringify(name));
  }
  const ok = await register(api, 'nfc-name@example.com', 'a long password', 'Zoe\u0308 \ud83d\udc69\u200d\ud83d\udcbb');
  const me = await api.request('GET', '/api/v1/auth/me', { bearer: ok.access });
  t.is(me.body.data.name, 'Zo\u00eb \ud83d\udc69\u200d\ud83d\udcbb', 'NFC; an emoji joined with ZWJ is fine');

  const keyName = await api.request('POST', '/api/v1/console/keys', { bearer: ok.access, body: { name: 'prod\u202Ekey' } });
  t.is(keyName.status, 400);
  t.regex(keyName.body.message, /'name'.*U\+202E/);
});

test('a new password must be valid Unicode (a lone surrogate would hash like U+FFFD)', async (t) => {
  const reply = await api.request('POST', '/api/v1/auth/register', { body: { email: 'surrogate-pw@example.com', password: 'long password \ud800' } });
  t.is(reply.status, 400);
  t.regex(reply.body.message, /'password'.*lone surrogate/);
});
