import test from 'ava';
import { readFileSync } from 'node:fs';
import { configSchema } from '../../shared/config.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The Configuration section of the README: its table's first column, one or more `NAME`s per row. */
function documentedVariables(): string[] {
  const start = readme.indexOf('\n## Configuration');
  const end = readme.indexOf('\n## ', start + 5);
  const section = readme.slice(start, end);
  return section
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .flatMap((l) => [...l.split('|')[1]!.matchAll(/`([A-Z0-9_*]+)`/g)].map((m) => m[1]!));
}

test('every setting shared/config.ts reads has a row in the README configuration table', (t) => {
  const documented = documentedVariables();
  const wildcards = documented.filter((d) => d.endsWith('*')).map((d) => d.slice(0, -1));
  const missing = Object.keys(configSchema.shape).filter((k) => !documented.includes(k) && !wildcards.some((w) => k.startsWith(w)));
  t.deepEqual(missing, [], 'add these to the table in README.md "Configuration"');
});

test('every variable in the README configuration table is a setting shared/config.ts reads', (t) => {
  const keys = Object.keys(configSchema.shape);
  for (const name of documentedVariables()) {
    const known = name.endsWith('*') ? keys.some((k) => k.startsWith(name.slice(0, -1))) : keys.includes(name);
    t.true(known, `README documents ${name}, which shared/config.ts does not read`);
  }
});
