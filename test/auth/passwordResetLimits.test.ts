import test from 'ava';
import { startApi, register, type TestApi } from './harness.ts';
import { outboxFor } from '../../adapters/mail/outboxMailer.ts';

// Each test has its own app and clock (the clock is moved; tests in a file run side by side).
async function withApi(run: (api: TestApi, clock: { ms: number }) => Promise<void>): Promise<void> {
  const clock = { ms: Date.parse('2026-03-01T10:00:00Z') };
  const api = await startApi({ auth: { now: () => clock.ms } });
  try {
    await run(api, clock);
  } finally {
    await api.close();
  }
}

/** Mails in the outbox for an address, newest first, once `count` have arrived (mail goes out after the response). */
async function mails(api: TestApi, email: string, count: number): Promise<string[]> {
  for (let i = 0; i < 300; i += 1) {
    const found = await outboxFor(api.store, email);
    if (found.length >= count) return found.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1] ?? '');
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`expected ${count} mails for ${email}`);
}

/** The outbox after anything still on its way had time to land. */
async function settledMailCount(api: TestApi, email: string): Promise<number> {
  await new Promise((r) => setTimeout(r, 150));
  return (await outboxFor(api.store, email)).length;
}

const forgot = (api: TestApi, email: string) => api.request('POST', '/api/v1/auth/forgot-password', { body: { email } });
const guess = (api: TestApi, email: string, otp: string) => api.request('POST', '/api/v1/auth/verify-otp', { body: { email, otp } });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

test('one reset mail a minute: asking again within the minute answers 200 and mails nothing', async (t) => {
  await withApi(async (api, clock) => {
    await register(api, 'minute@example.com');
    t.is((await forgot(api, 'minute@example.com')).status, 200);
    await mails(api, 'minute@example.com', 1);
    clock.ms += 59_000;
    t.is((await forgot(api, 'minute@example.com')).status, 200);
    t.is(await settledMailCount(api, 'minute@example.com'), 1);
    clock.ms += 1_000;
    await forgot(api, 'minute@example.com');
    t.is((await mails(api, 'minute@example.com', 2)).length, 2);
  });
});

test('the cooldown holds across a burnt code: five wrong guesses, then forgot-password mails nothing until the minute is over', async (t) => {
  await withApi(async (api, clock) => {
    await register(api, 'burn@example.com');
    await forgot(api, 'burn@example.com');
    const [code = ''] = await mails(api, 'burn@example.com', 1);
    for (let i = 0; i < 5; i += 1) t.is((await guess(api, 'burn@example.com', wrong(code))).status, 400);
    clock.ms += 10_000;
    await forgot(api, 'burn@example.com');
    t.is(await settledMailCount(api, 'burn@example.com'), 1, 'no new code while the minute lasts, although the old one is burnt');
    clock.ms += 50_000;
    await forgot(api, 'burn@example.com');
    const [fresh = ''] = await mails(api, 'burn@example.com', 2);
    t.is((await guess(api, 'burn@example.com', fresh)).status, 200);
  });
});

test('at most 20 guesses per account per UTC day across codes; the right code fails after that until the next day', async (t) => {
  await withApi(async (api, clock) => {
    await register(api, 'daily@example.com');
    let mailed = 0;
    let code = '';
    // Four codes, five wrong guesses each: 20 guesses.
    for (let round = 0; round < 4; round += 1) {
      await forgot(api, 'daily@example.com');
      mailed += 1;
      [code = ''] = await mails(api, 'daily@example.com', mailed);
      for (let i = 0; i < 5; i += 1) await guess(api, 'daily@example.com', wrong(code));
      clock.ms += 60_000;
    }
    await forgot(api, 'daily@example.com');
    mailed += 1;
    [code = ''] = await mails(api, 'daily@example.com', mailed);
    const refused = await guess(api, 'daily@example.com', code);
    t.is(refused.status, 400, 'the 21st guess of the day fails even with the right code');
    const ghost = await guess(api, 'ghost@example.com', code);
    t.deepEqual(refused.body, ghost.body, 'and it looks like any other failure');

    clock.ms = Date.parse('2026-03-02T00:00:30Z');
    await forgot(api, 'daily@example.com');
    mailed += 1;
    [code = ''] = await mails(api, 'daily@example.com', mailed);
    t.is((await guess(api, 'daily@example.com', code)).status, 200, 'a new UTC day allows guesses again');
  });
});

test('at most 10 codes are mailed to an account per UTC day', async (t) => {
  await withApi(async (api, clock) => {
    await register(api, 'flood@example.com');
    for (let i = 0; i < 12; i += 1) {
      t.is((await forgot(api, 'flood@example.com')).status, 200);
      clock.ms += 61_000;
    }
    t.is(await settledMailCount(api, 'flood@example.com'), 10);
  });
});
