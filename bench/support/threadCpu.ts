import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds (user + system) of every thread of this process, by thread id, from /proc/self/task (Linux; empty
 * elsewhere). The main thread's id is the process id. Threads are not named by Node (all are `node`), so a
 * bench can tell the main thread from the rest, and the busiest others apart by their share.
 */
export function threadCpuSeconds(): Map<number, number> {
  const out = new Map<number, number>();
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime and stime (fields 14 and 15 of stat, counted here from the state, field 3), in ticks of 1/100 s.
      out.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/** The CPU each thread used between two readings (threads that started in between count from zero), busiest first. */
export function threadCpuSince(before: Map<number, number>, after = threadCpuSeconds()): Array<{ tid: number; seconds: number }> {
  return [...after].map(([tid, s]) => ({ tid, seconds: s - (before.get(tid) ?? 0) })).sort((a, b) => b.seconds - a.seconds);
}

/** CPU seconds a process has used (user + system, every thread), from /proc; null where there is none. */
export function cpuSecondsOfPid(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat, counted from the state (field 3) here; clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
