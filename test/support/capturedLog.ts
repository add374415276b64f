import pino, { type Logger } from 'pino';
import { Writable } from 'node:stream';

export interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly [key: string]: unknown;
}

/** A pino logger whose lines are kept, parsed, for a test to read. */
export function capturedLog(level = 'info'): { log: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { log: pino({ level }, stream), lines };
}
