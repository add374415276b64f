import type Database from 'better-sqlite3';
import type { Logger } from 'pino';
import type { IndexSpec } from '../../shared/ports/documentStore.ts';
import { parseIndexes } from './queryModel.ts';
import { indexDdl, quoteName } from './sqliteQuery.ts';
import { addColumns, readColumns } from './sqliteColumns.ts';

/**
 * Creates the missing indexes of `table` under its own names and rebuilds one whose definition changed, after
 * giving it the indexed columns it lacks (sqliteColumns.ts). Call inside a write transaction: ensureIndexes runs
 * it on its own, replaceCollection inside the swap, so a rebuilt table gets its indexes once, under the live
 * names (SQLite cannot rename an index).
 */
export function buildIndexes(db: Database.Database, table: string, indexes: readonly IndexSpec[], log: Logger | undefined): void {
  const specs = parseIndexes(indexes);
  if (addColumns(db, table, specs.flatMap((spec) => spec.fields.map(([f]) => f)))) {
    log?.info({ collection: table }, 'indexed fields moved to columns');
  }
  const existing = db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`);
  const cols = readColumns(db, table);
  for (const spec of specs) {
    const stale = spec.unique ? [] : [`${table}__${spec.name}__q`];
    for (const { sqlName, sql } of indexDdl(table, spec, cols)) {
      const current = (existing.get(sqlName) as { sql: string } | undefined)?.sql;
      if (current === sql) continue;
      if (current !== undefined) {
        log?.info({ collection: table, index: spec.name }, 'index definition changed; rebuilding');
        db.exec(`DROP INDEX ${quoteName(sqlName)}`);
      }
      db.exec(sql);
    }
    for (const sqlName of stale) db.exec(`DROP INDEX IF EXISTS ${quoteName(sqlName)}`);
  }
}
