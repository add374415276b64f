import cliProgress from 'cli-progress';
import type { Logger } from 'pino';

export interface ProgressReporter {
  /** `done` of `total` units for one task (a stream, a venue); a new task label starts a new bar. */
  update(task: string, done: number, total: number): void;
  stop(): void;
}

const LOG_EVERY_MS = 5_000;

/**
 * Progress for long operator work: a bar on a terminal (done/total, rate, ETA), or, when stderr is not a
 * terminal (scripts, CI, logs), a structured log line every 5 s with the same numbers.
 */
export function progressReporter(log: Logger, unit: string, enabled = true): ProgressReporter {
  const tty = enabled && process.stderr.isTTY === true;
  let bar: cliProgress.SingleBar | null = null;
  let task = '';
  let startedAt = Date.now();
  let lastLog = 0;
  const rateOf = (done: number) => {
    const s = (Date.now() - startedAt) / 1000;
    return s > 0 ? done / s : 0;
  };
  return {
    update(name, done, total) {
      if (name !== task) {
        bar?.stop();
        bar = null;
        task = name;
        startedAt = Date.now();
        lastLog = 0;
      }
      if (!enabled) return;
      const rate = rateOf(done);
      if (tty) {
        if (!bar) {
          bar = new cliProgress.SingleBar(
            { format: `${name} [{bar}] {value}/{total} ${unit} | {rate}/s | ETA {eta_formatted}`, stream: process.stderr, hideCursor: true, etaBuffer: 50 },
            cliProgress.Presets.shades_classic,
          );
          bar.start(total, done, { rate: '0' });
        }
        bar.setTotal(total);
        bar.update(done, { rate: Math.round(rate).toLocaleString('en-US') });
        return;
      }
      const now = Date.now();
      if (now - lastLog >= LOG_EVERY_MS || done >= total) {
        lastLog = now;
        const eta = rate > 0 ? Math.round((total - done) / rate) : null;
        log.info({ task: name, done, total, unit, rate_per_s: Math.round(rate), eta_s: eta }, 'progress');
      }
    },
    stop() {
      bar?.stop();
      bar = null;
    },
  };
}
