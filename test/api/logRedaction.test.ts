import test from 'ava';
import { Writable } from 'node:stream';
import { createLogger } from '../../adapters/log/createLogger.ts';
import { redactLogLine } from '../../adapters/log/redact.ts';
import { startApi, register, createKey } from '../auth/harness.ts';

const PASSWORD = 'Pw-hunter2-xyzzy';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhYmMifQ.c2lnbmF0dXJlLXBhcnQ';
const API_KEY = `svc_${'Q'.repeat(43)}`;

function capture(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

test('a logged error with a raw body, headers, nested secrets and credential-shaped text comes out redacted, the rest intact', (t) => {
  const { lines, stream } = capture();
  const log = createLogger({ level: 'trace' }, stream).child({ component: 'test', session_token: JWT });
  const parseError = Object.assign(new SyntaxError(`Unexpected token } in JSON at position 30 "{"password":"${PASSWORD}"}"`), {
    status: 400,
    body: `{"email":"a@b.co","password":"${PASSWORD}"}`,
    rawPacket: Buffer.from(`GET / HTTP/1.1\r\nAuthorization: Bearer ${JWT}\r\n`),
  });
  log.error({ err: parseError, api_key_id: 'key-123', refresh_token_revoked: true }, 'unhandled error');
  log.info({ req: { headers: { authorization: `Bearer ${JWT}`, cookie: `svc_access=${JWT}`, 'x-api-key': API_KEY, host: 'concord.test' } } }, 'request');
  log.warn({ a: { b: { c: { d: { e: { password: PASSWORD, otp: '123456', reset_token: JWT, MAILGUN_API_KEY: 'key-mailgun-secret', new_password: PASSWORD } } } } } }, 'deep');
  log.info(`url https://venue.test/markets?api_key=${PASSWORD}&page=2 and key ${API_KEY} with Bearer ${JWT}`);
  log.info({ tokens: { access_token: JWT, refresh_token: JWT } }, 'issued');

  const all = lines.join('\n');
  for (const secret of [PASSWORD, JWT, API_KEY, '123456', 'key-mailgun-secret', 'c2lnbmF0dXJl']) t.false(all.includes(secret), `no ${secret.slice(0, 12)}… in the log`);
  const [errorLine, requestLine, , urlLine] = lines.map((l) => JSON.parse(l) as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any
  t.is(errorLine?.api_key_id, 'key-123', 'ids stay');
  t.is(errorLine?.refresh_token_revoked, true, 'booleans about secrets stay');
  t.is(errorLine?.err?.type, 'SyntaxError');
  t.regex(errorLine?.err?.message ?? '', /^Unexpected token \} in JSON at position 30/);
  t.is(errorLine?.err?.body, undefined, 'the body is dropped');
  t.is(requestLine?.req?.headers?.host, 'concord.test');
  t.regex(urlLine?.msg ?? '', /page=2/);
  t.is(lines.length, 5);
});

test('redactLogLine leaves ordinary lines byte for byte and masks sensitive keys at any depth', (t) => {
  const plain = '{"level":30,"msg":"request","method":"GET","path":"/api/v1/markets","status":200}\n';
  t.is(redactLogLine(plain), plain);
  const out = JSON.parse(redactLogLine(`{"x":[{"y":{"Password":"${PASSWORD}","X-Api-Key":"${API_KEY}","currentPassword":"${PASSWORD}"}}],"otp":123456}\n`));
  t.deepEqual(out, { x: [{ y: { Password: '[REDACTED]', 'X-Api-Key': '[REDACTED]', currentPassword: '[REDACTED]' } }], otp: '[REDACTED]' });
});

test('real requests carrying passwords, codes, tokens, keys and cookies leave none of them in the log, errors included', async (t) => {
  const failingPublish = async () => {
    throw Object.assign(new Error(`stream refused: Authorization: Bearer ${JWT}`), { body: `{"password":"${PASSWORD}"}` });
  };
  const api = await startApi({ publish: failingPublish, env: { RATE_LIMIT_MULTIPLIER: '20' } });
  try {
    const session = await register(api, 'logs@example.com', PASSWORD);
    const { key } = await createKey(api, session.access);
    const body = (b: unknown) => ({ body: b });
    await api.request('POST', '/api/v1/auth/login', body({ email: 'logs@example.com', password: PASSWORD }));
    await api.request('POST', '/api/v1/auth/login', body({ email: 'logs@example.com', password: `${PASSWORD}-wrong` }));
    await api.request('POST', '/api/v1/auth/login', { rawBody: `{"email":"logs@example.com","password":"${PASSWORD}","__proto__":{"x":1}}` });
    await api.request('POST', '/api/v1/auth/login', { rawBody: `{"email":"logs@example.com","password":"${PASSWORD}"` });
    await api.request('POST', '/api/v1/auth/verify-otp', body({ email: 'logs@example.com', otp: '654321' }));
    await api.request('POST', '/api/v1/auth/reset-password', body({ reset_token: JWT, password: PASSWORD }));
    await api.request('POST', '/api/v1/auth/change-password', { bearer: session.access, body: { current_password: PASSWORD, new_password: `${PASSWORD}-2` } });
    await api.request('GET', '/api/v1/external/markets', { apiKey: key });
    await api.request('GET', '/api/v1/auth/me', { cookies: { svc_access: session.access, svc_refresh: session.refresh } });
    await api.request('POST', '/api/v1/auth/refresh', { bearer: session.refresh });
    // The failed publish is logged after the response; wait for its line.
    for (let i = 0; i < 200 && !api.logLines.some((l) => l.msg === 'usage events are not being stored; holding them and retrying'); i += 1) await new Promise((r) => setTimeout(r, 10));
    t.true(api.logLines.some((l) => l.msg === 'usage events are not being stored; holding them and retrying'), 'an error line was written');
    t.true(api.logLines.filter((l) => l.msg === 'request').length >= 10, 'every request was logged');
    const all = api.logText.join('\n');
    for (const secret of [PASSWORD, '654321', JWT, key, session.access, session.refresh]) t.false(all.includes(secret), `no ${secret.slice(0, 14)}… in the log`);
  } finally {
    await api.close();
  }
});
