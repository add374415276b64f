import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * A nats-server left running by an earlier `npm start` that was killed outright (SIGKILL, the OOM killer)
 * keeps serving the JetStream store under DATA_DIR. A second server started on the same store writes the
 * same files (nats-server 2.9 does not lock its store directory), so the orphan is stopped first; a store
 * served for a live process (another Concord on the same DATA_DIR) is refused with a message instead.
 * Read from /proc: where there is none (not Linux) nothing is checked.
 */

export interface StoreHolder {
  readonly pid: number;
  readonly ppid: number;
}

function readProc(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** State and parent of a process from /proc/<pid>/stat (the command name may hold spaces and parentheses). */
function statOf(pid: number): { state: string; ppid: number } | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', ppid: Number(fields[1]) };
}

const commandOf = (pid: number): string[] => (readProc(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean);

/** Running nats-server processes whose store directory (`-sd`) is `storeDir`. */
export function natsServersOnStore(storeDir: string): StoreHolder[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const wanted = path.resolve(storeDir);
  const out: StoreHolder[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    const args = commandOf(pid);
    if (!args[0] || !path.basename(args[0]).startsWith('nats-server')) continue;
    const at = args.findIndex((a) => a === '-sd' || a === '--store_dir');
    const dir = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('--store_dir='))?.slice('--store_dir='.length);
    if (!dir || path.resolve(dir) !== wanted) continue;
    const stat = statOf(pid);
    if (!stat || stat.state === 'Z') continue;
    out.push({ pid, ppid: stat.ppid });
  }
  return out;
}

/** Whether the holder's parent is a live Node process other than this one's supervisor chain (another Concord). */
function heldForLiveProcess(h: StoreHolder): boolean {
  if (h.ppid <= 1 || h.ppid === process.pid) return false;
  const parent = commandOf(h.ppid);
  return parent.some((a) => path.basename(a) === 'node' || path.basename(a).startsWith('node'));
}

const alive = (pid: number): boolean => {
  const stat = statOf(pid);
  return stat !== null && stat.state !== 'Z';
};

/**
 * Stops every orphaned nats-server serving `storeDir` (SIGTERM, so it writes its state, then SIGKILL after
 * `graceMs`); throws when one is still run by a live Node process. Returns the pids stopped.
 */
export async function freeNatsStore(storeDir: string, log?: Logger, graceMs = 10_000): Promise<number[]> {
  const holders = natsServersOnStore(storeDir);
  const owned = holders.find(heldForLiveProcess);
  if (owned) {
    throw new Error(
      `nats-server pid ${owned.pid} (started by process ${owned.ppid}) already serves ${path.resolve(storeDir)}: another Concord is running on this DATA_DIR. Stop it, or give this one its own DATA_DIR or a NATS_URL.`,
    );
  }
  for (const h of holders) {
    log?.warn({ pid: h.pid, storeDir }, 'a nats-server left by an earlier run still serves the store; stopping it before starting ours');
    try {
      process.kill(h.pid, 'SIGTERM');
    } catch {
      continue;
    }
    const deadline = Date.now() + graceMs;
    while (alive(h.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (alive(h.pid)) {
      try {
        process.kill(h.pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
      while (alive(h.pid)) await new Promise((r) => setTimeout(r, 20));
    }
  }
  return holders.map((h) => h.pid);
}
