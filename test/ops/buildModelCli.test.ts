/**
 * `npm run build-model` answers like every operator command: --help prints its usage and exits 0, a bad option
 * prints the error with the usage and exits 2 (it logged a stack trace and exited 1). Neither builds anything.
 */
import test from 'ava';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const buildModel = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/buildEmbeddingModel.ts', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, DATA_DIR: '/nonexistent-concord-data' } });

test('build-model --help prints the usage and exits 0; a bad option exits 2 with the usage, no stack trace', (t) => {
  const help = buildModel('--help');
  t.is(help.status, 0, help.stderr);
  t.regex(help.stdout, /npm run build-model \[-- --out DIR\]/);
  const bad = buildModel('--bogus');
  t.is(bad.status, 2);
  t.regex(bad.stderr, /^error: Unknown option '--bogus'[\s\S]*npm run build-model/);
  t.notRegex(bad.stderr + bad.stdout, /"level":50|at main/);
});
