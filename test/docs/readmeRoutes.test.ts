import test from 'ava';
import { readFileSync } from 'node:fs';
import { createApp } from '../../api/app.ts';
import { buildOpenApiDocument } from '../../api/openapi/document.ts';
import { loadConfig } from '../../shared/config.ts';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { silentLog } from '../support/nats.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The README section "API reference and console", and the paths its route table lists (under /api/v1). */
function referenceSection(): { text: string; tablePaths: string[] } {
  const start = readme.indexOf('\n## API reference and console');
  const end = readme.indexOf('\n## ', start + 5);
  const text = readme.slice(start, end);
  const rows = text.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Group') && !l.startsWith('|---'));
  const tablePaths = rows.flatMap((row) => [...(row.split('|')[2] ?? '').matchAll(/`(\/[^`\s]+)`/g)].map((m) => m[1]!));
  return { text, tablePaths };
}

/** Paths the app serves, as its OpenAPI document lists them. */
function servedPaths(): string[] {
  const app = createApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), log: silentLog, store: openSqliteStore({ file: ':memory:' }), checkDependencies: async () => [], publish: async () => undefined });
  return Object.keys(buildOpenApiDocument(app).document.paths as object);
}

test('the README route table lists every path the app serves under /api/v1, and the root paths are named in its section', (t) => {
  const { text, tablePaths } = referenceSection();
  const paths = servedPaths();
  t.true(paths.length >= 40);
  const missing = paths.filter((p) => (p.startsWith('/api/v1/') ? !tablePaths.includes(p.slice('/api/v1'.length)) : !text.includes(p)));
  t.deepEqual(missing, [], 'add these to the route table in README.md "API reference and console"');
});

test('every path in the README route table is one the app serves', (t) => {
  const served = new Set(servedPaths());
  const { tablePaths } = referenceSection();
  t.true(tablePaths.length >= 30);
  for (const p of tablePaths) t.true(served.has(`/api/v1${p}`), `README lists ${p}, which the app does not serve`);
});
