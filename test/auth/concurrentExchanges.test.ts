import test from 'ava';
import { startApi, register, type TestApi } from './harness.ts';
import { outboxFor } from '../../adapters/mail/outboxMailer.ts';
import { rotateSession } from '../../api/auth/sessions.ts';
import { resetPassword, verifyPasswordOtp } from '../../api/auth/passwordReset.ts';

/** The mail goes out after the response: poll the outbox (bounded) for the code. */
async function codeMailedTo(api: TestApi, email: string): Promise<string> {
  for (let i = 0; i < 500; i += 1) {
    const match = /\b(\d{6})\b/.exec((await outboxFor(api.store, email))[0]?.text ?? '');
    if (match?.[1]) return match[1];
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no code mailed to ${email}`);
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const statuses = (replies: Array<{ status: number }>) => replies.map((r) => r.status).sort((a, b) => a - b);

test('ten concurrent exchanges of one refresh token: exactly one gets a new pair', async (t) => {
  const api = await startApi();
  try {
    const s = await register(api, 'refresh-race@example.com');
    const replies = await Promise.all(Array.from({ length: 10 }, () => api.request('POST', '/api/v1/auth/refresh', { bearer: s.refresh })));
    t.deepEqual(statuses(replies), [200, 401, 401, 401, 401, 401, 401, 401, 401, 401]);
    const winner = replies.find((r) => r.status === 200)!;
    t.not(winner.body.tokens.refresh_token, s.refresh);
    for (const loser of replies.filter((r) => r.status === 401)) t.is(loser.body.status, 'UNAUTHORIZED');
  } finally {
    await api.close();
  }
});

test('five concurrent verify-otp calls with the right code: exactly one reset token, and ten concurrent reset-password calls with it: one password change', async (t) => {
  const api = await startApi();
  try {
    await register(api, 'otp-race@example.com', 'the old password');
    await api.request('POST', '/api/v1/auth/forgot-password', { body: { email: 'otp-race@example.com' } });
    const code = await codeMailedTo(api, 'otp-race@example.com');
    // Five: as many tries as a code allows, so every one of them spends an attempt and checks the code.
    const verified = await Promise.all(Array.from({ length: 5 }, () => api.request('POST', '/api/v1/auth/verify-otp', { body: { email: 'otp-race@example.com', otp: code } })));
    t.deepEqual(statuses(verified), [200, 400, 400, 400, 400]);
    const resetToken = verified.find((r) => r.status === 200)!.body.data.reset_token as string;

    const resets = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api.request('POST', '/api/v1/auth/reset-password', { body: { reset_token: resetToken, password: `new password number ${i}` } })),
    );
    t.deepEqual(statuses(resets), [200, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
    const winner = resets.findIndex((r) => r.status === 200);
    const login = await api.request('POST', '/api/v1/auth/login', { body: { email: 'otp-race@example.com', password: `new password number ${winner}` } });
    t.is(login.status, 200, 'the password is the one the winning request set');
  } finally {
    await api.close();
  }
});

test('ten concurrent wrong guesses spend the five attempts and burn the code: the right code then fails too', async (t) => {
  const api = await startApi();
  try {
    await register(api, 'otp-guess@example.com');
    await api.request('POST', '/api/v1/auth/forgot-password', { body: { email: 'otp-guess@example.com' } });
    const code = await codeMailedTo(api, 'otp-guess@example.com');
    const guesses = await Promise.all(Array.from({ length: 10 }, () => api.request('POST', '/api/v1/auth/verify-otp', { body: { email: 'otp-guess@example.com', otp: wrong(code) } })));
    t.deepEqual(statuses(guesses), Array(10).fill(400));
    t.deepEqual(await api.store.collection('password_otps').find(), [], 'the code is gone');
    const right = await api.request('POST', '/api/v1/auth/verify-otp', { body: { email: 'otp-guess@example.com', otp: code } });
    t.is(right.status, 400);
  } finally {
    await api.close();
  }
});

// The same races one level down, started in one tick: every await of the exchange (read, check, write) is a
// point where the others can run, as they would against a networked store. HTTP requests arrive too far
// apart on an in-process SQLite store to overlap there.
test('exchanges started in the same tick: one refresh token rotates once, one code verifies once (attempts spent and the code taken atomically), one reset token resets once', async (t) => {
  const api = await startApi();
  try {
    const s = await register(api, 'tick-race@example.com', 'the old password');
    const rotations = await Promise.all(Array.from({ length: 10 }, () => rotateSession(api.auth, s.refresh)));
    t.is(rotations.filter((r) => r.ok).length, 1, 'refresh');

    await api.request('POST', '/api/v1/auth/forgot-password', { body: { email: 'tick-race@example.com' } });
    const code = await codeMailedTo(api, 'tick-race@example.com');
    const verified = await Promise.all(Array.from({ length: 5 }, () => verifyPasswordOtp(api.auth, 'tick-race@example.com', code)));
    t.is(verified.filter((r) => r.ok).length, 1, 'verify-otp');

    // The two steps the code's single use rests on: attempts are spent atomically, and one caller takes the code.
    const otpHash = 'argon2-hash-stand-in';
    await api.auth.resets.putOtp(s.id, otpHash, Date.now(), Date.now() + 600_000);
    const spent = await Promise.all(Array.from({ length: 10 }, () => api.auth.resets.spendAttempt(s.id, 5, Date.now())));
    t.deepEqual(spent.filter((x) => x !== null).map((x) => x!.attempts).sort(), [1, 2, 3, 4, 5]);
    const taken = await Promise.all(Array.from({ length: 10 }, () => api.auth.resets.takeOtp(s.id, otpHash)));
    t.is(taken.filter(Boolean).length, 1, 'take the code');

    const token = verified.find((r) => r.ok)!;
    if (!token.ok) return;
    const resets = await Promise.all(Array.from({ length: 10 }, (_, i) => resetPassword(api.auth, token.resetToken, `new password number ${i}`)));
    t.is(resets.filter((r) => r.ok).length, 1, 'reset-password');
  } finally {
    await api.close();
  }
});
