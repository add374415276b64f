import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';

/**
 * `--scale <f>` (or BENCH_SCALE) multiplies every size of a bench: 1 is the size, 0.01 a smoke run.
 * Other flags of the bench pass through `extra`.
 */
export function benchArgs<T extends Record<string, { type: 'string' | 'boolean'; default?: string | boolean }>>(extra: T = {} as T) {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: process.env.BENCH_SCALE ?? '1' }, ...extra }, allowPositionals: false, strict: false });
  const scale = Number(values.scale);
  if (!(scale > 0)) throw new Error(`--scale must be a positive number, got ${String(values.scale)}`);
  return { scale, values: values as Record<string, string | boolean | undefined> };
}

export const scaled = (n: number, scale: number, min = 1): number => Math.max(min, Math.round(n * scale));

/** Peak resident set of this process (node's maxRSS, KiB) in MiB. */
export const peakRssMiB = (): number => process.resourceUsage().maxRSS / 1024;

/** Peak resident set of another process (VmHWM), in MiB; null when it cannot be read. */
export function peakRssOfPid(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export const load = (): string => loadavg().map((x) => x.toFixed(2)).join(' ');

/** Prints rows as an aligned table. */
export function table(rows: ReadonlyArray<readonly (string | number)[]>): void {
  const cells = rows.map((r) => r.map((c) => (typeof c === 'number' ? fmt(c) : c)));
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  for (const r of cells) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
}

export function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (Math.abs(x) >= 100) return Math.round(x).toLocaleString('en-US');
  if (Math.abs(x) >= 1) return x.toFixed(1);
  return x.toFixed(3);
}

/** The last line every bench prints (CI and the smoke test read it). */
export function ratioLine(name: string, value: number, target: number): void {
  console.log(`ratio ${name}: ${value.toFixed(3)} (target >= ${target})`);
}

export async function waitFor(cond: () => Promise<boolean> | boolean, label: string, timeoutMs = 1_800_000, everyMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${label}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
