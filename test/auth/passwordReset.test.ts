import test from 'ava';
import { startApi, register, type TestApi } from './harness.ts';
import { outboxFor } from '../../adapters/mail/outboxMailer.ts';

let api: TestApi;
let clock = Date.now();
test.before(async () => {
  api = await startApi({ auth: { now: () => clock } });
});
test.after.always(async () => {
  await api.close();
});

/** The mail goes out after the response; wait for it to land in the outbox. */
async function codeMailedTo(email: string, count = 1): Promise<string> {
  for (let i = 0; i < 200; i += 1) {
    const mails = await outboxFor(api.store, email);
    if (mails.length >= count) {
      const match = /\b(\d{6})\b/.exec(mails[0]?.text ?? '');
      if (!match?.[1]) throw new Error('mail without a 6-digit code');
      return match[1];
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no mail for ${email}`);
}

const wrongCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

test.serial('forgot-password answers 200 with the same body whether or not the email is registered, and mails a code only to accounts', async (t) => {
  await register(api, 'reset-a@example.com', 'old-password');
  const known = await api.request('POST', '/api/v1/auth/forgot-password', { body: { email: 'Reset-A@example.com' } });
  const unknown = await api.request('POST', '/api/v1/auth/forgot-password', { body: { email: 'ghost@example.com' } });
  t.is(known.status, 200);
  t.is(unknown.status, 200);
  t.deepEqual(known.body, unknown.body);
  const code = await codeMailedTo('reset-a@example.com');
  t.regex(code, /^\d{6}$/);
  t.is((await outboxFor(api.store, 'ghost@example.com')).length, 0);
  const logged = JSON.stringify(api.logLines);
  t.false(logged.includes(code), 'the code never appears in the logs');
  t.true(api.logLines.some((l) => l.to === 'reset-a@example.com' && typeof l.outbox_id === 'string'), 'a log line says a mail is in the outbox');
  const stored = JSON.stringify(await api.store.collection('password_otps').find({}));
  t.false(stored.includes(code), 'the code is stored hashed');
});

test.serial('the full reset: verify-otp gives a single-use reset token; reset-password changes the password and ends every session', async (t) => {
  const s = await register(api, 'reset-b@example.com', 'old-password');
  await api.request('POST', '/api/v1/auth/forgot-password', { body: { email: 'reset-b@example.com' } });
  const code = await codeMailedTo('reset-b@example.com');
  const verified = await api.request('POST', '/api/v1/auth/verify-otp', { body: { email: 'reset-b@example.com', otp: code } });
  t.is(verified.status, 200);
  t.is(verified.body.data.expires_in, 300);
  const resetToken = verified.body.data.reset_token as string;
  t.is(resetToken.split('.').length, 3, 'a JWT');

  const codeAgain = await api.request('POST', '/api/v1/auth/verify-otp', { body: { email: 'reset-b@example.com', otp: code } });
  t.is(codeAgain.status, 400, 'the code is used up once exchanged');

  const reset = await api.request('POST', '/api/v1/auth/reset-password', { body: { reset_token: resetToken, password: 'brand-new-password' } });
  t.is(reset.status, 200);
  t.is(reset.body.data.email, 'reset-b@example.com');
  const reuse = await api.request('POST', '/api/v1/auth/reset-password', { body: { reset_token: resetToken, password: 'another-password' } });
  t.is(reuse.status, 400);
  t.is(reuse.body.status, 'INVALID_REQUEST');

  t.is((await api.request('POST', '/api/v1/auth/refresh', { bearer: s.refresh })).status, 401, 'refresh tokens are invalidated');
  t.is((await api.request('GET', '/api/v1/auth/me', { bearer: s.access })).status, 401, 'access tokens stop too');
  t.is((await api.request('POST', '/api/v1/auth/login', { body: { email: 'reset-b@example.com', password: 'old-password' } })).status, 401);
  t.is((await api.request('POST', '/api/v1/auth/login', { body: { email: 'reset-b@example.com', password: 'brand-new-password' } })).status, 200);
});

test.serial('five wrong codes burn the code: the right one fails afterwards', async (t) => {
  await register(api, 'reset-c@example.com', 'old-password');
  await api.request('POST', '/api/v1/auth/forgot-password', { body: { email: 'reset-c@example.com' } });
  const code = await codeMailedTo('reset-c@example.com');
  for (let i = 0; i < 5; i += 1) {
    const wrong = await api.request('POST', '/api/v1/auth/verify-otp', { body: { email: 'reset-c@example.com', otp: wrongCode(code) } });
    t.is(wrong.status, 400);
  }
  const right = await api.request('POST', '/api/v1/auth/verify-otp', { body: { email: 'reset-c@example.com', otp: code } });
  t.is(right.status, 400);
  t.regex(right.body.message, /forgot-password/);
  const unknown = await api.request('POST', '/api/v1/auth/verify-otp', { body: { email: 'ghost@example.com', otp: code } });
  t.deepEqual(unknown.body, right.body, 'an unknown email fails exactly like a burnt code');
});

test.serial('a code expires after 10 minutes and a reset token after 5', async (t) => {
  await register(api, 'reset-d@example.com', 'old-password');
  await api.request('POST', '/api/v1/auth/forgot-password', { body: { email: 'reset-d@example.com' } });
  const code = await codeMailedTo('reset-d@example.com');
  clock += 10 * 60_000 + 1_000;
  t.is((await api.request('POST', '/api/v1/auth/verify-otp', { body: { email: 'reset-d@example.com', otp: code } })).status, 400);

  await api.request('POST', '/api/v1/auth/forgot-password', { body: { email: 'reset-d@example.com' } });
  const second = await codeMailedTo('reset-d@example.com', 2);
  const verified = await api.request('POST', '/api/v1/auth/verify-otp', { body: { email: 'reset-d@example.com', otp: second } });
  t.is(verified.status, 200);
  clock += 5 * 60_000 + 1_000;
  const late = await api.request('POST', '/api/v1/auth/reset-password', { body: { reset_token: verified.body.data.reset_token, password: 'too-late-password' } });
  t.is(late.status, 400);
});

test.serial('verify-otp and reset-password validate their fields', async (t) => {
  const otp = await api.request('POST', '/api/v1/auth/verify-otp', { body: { email: 'x@example.com', otp: '12345' } });
  t.is(otp.status, 400);
  t.regex(otp.body.message, /'otp'/);
  const numeric = await api.request('POST', '/api/v1/auth/verify-otp', { body: { email: 'x@example.com', otp: 123456 } });
  t.is(numeric.status, 400);
  const garbage = await api.request('POST', '/api/v1/auth/reset-password', { body: { reset_token: 'not-a-jwt', password: 'long-enough-1' } });
  t.is(garbage.status, 400);
  const short = await api.request('POST', '/api/v1/auth/reset-password', { body: { reset_token: 'a.b.c', password: 'short' } });
  t.regex(short.body.message, /'password'/);
});
