import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Another process holding the SQLite file's write lock (an open IMMEDIATE transaction), as a stuck tool or a
 * backup job would. release() commits nothing and closes; kill() is for cleanup.
 */
export async function lockSqlite(file: string): Promise<{ release(): Promise<void>; child: ChildProcess }> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.pragma('busy_timeout = 30000');
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    process.stdin.on('data', () => { db.exec('ROLLBACK'); db.close(); process.exit(0); });
  `;
  const child = spawn(process.execPath, ['-e', script, file], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (b: Buffer) => b.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`locker exited with ${code}`)));
  });
  return {
    child,
    release: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.stdin?.write('release\n');
      await exited;
    },
  };
}
