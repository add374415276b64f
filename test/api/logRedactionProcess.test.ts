import test from 'ava';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../pipeline/system/freePort.ts';
import { startTestNats } from '../support/nats.ts';
import { rawSocket } from './rawHttp.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'Process-pw-9f3k2-secret';

test('the running service (bin/concord.ts, API role) writes no password, token or key to its log, at trace level', async (t) => {
  const nats = await startTestNats();
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-logs-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/concord.ts', '--role', 'api'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NATS_URL: nats.server.url, LOG_LEVEL: 'trace', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (b: Buffer) => (output += b.toString('utf8')));
  child.stderr.on('data', (b: Buffer) => (output += b.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 900 && !output.includes('api listening') && child.exitCode === null; i += 1) await new Promise((r) => setTimeout(r, 100));
    t.true(output.includes('api listening'), `the API started; output: ${output.slice(-1500)}`);
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const registered = await post('/api/v1/auth/register', JSON.stringify({ email: 'proc@example.com', password: PASSWORD, name: 'Proc' }));
    t.is(registered.status, 201);
    const { tokens } = (await registered.json()) as { tokens: { access_token: string; refresh_token: string } };
    await post('/api/v1/auth/login', `{"email":"proc@example.com","password":"${PASSWORD}","__proto__":{"admin":true}}`);
    await post('/api/v1/auth/login', `{"email":"proc@example.com","password":"${PASSWORD}"`);
    await post('/api/v1/auth/login', JSON.stringify({ email: 'proc@example.com', password: `${PASSWORD}!` }));
    await post('/api/v1/auth/login', 'not gzip at all', { 'content-encoding': 'gzip' });
    await post('/api/v1/auth/refresh', '', { authorization: `Bearer ${tokens.refresh_token}` });
    await fetch(`${base}/api/v1/auth/me`, { headers: { cookie: `svc_access=${tokens.access_token}` } });
    await rawSocket(base, `GET /api/v1/auth/me?password=${PASSWORD}&${'x'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${tokens.access_token}\r\n\r\n`);
    await new Promise((r) => setTimeout(r, 300));
    t.true(output.split('\n').filter((l) => l.includes('"msg":"request"')).length >= 7, 'the requests were logged');
    for (const secret of [PASSWORD, tokens.access_token, tokens.refresh_token]) t.false(output.includes(secret), `no ${secret.slice(0, 16)}… in the output`);
  } finally {
    child.kill('SIGTERM');
    await exited;
    await nats.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
