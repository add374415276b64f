/**
 * match-pairs: JSON lines on stdin, each {"a": market, "b": market}; exactly one verdict line
 * {"same","confidence","relation","reasons"} per input line on stdout, in order. Streams, so
 * thousands of lines flow without being held in memory; a bad line gets an "invalid input" verdict.
 */
import { createInterface } from 'node:readline';
import { verifyPairLine } from '../pipeline/matching/verifier/pairLine.ts';

async function main(): Promise<void> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let buffer: string[] = [];
  const flush = async (): Promise<void> => {
    if (buffer.length === 0) return;
    const chunk = buffer.join('');
    buffer = [];
    // Respect back-pressure so a slow reader never makes us buffer the whole output.
    if (!process.stdout.write(chunk)) await new Promise<void>((resolve) => process.stdout.once('drain', () => resolve()));
  };
  for await (const line of lines) {
    buffer.push(`${JSON.stringify(verifyPairLine(line))}\n`);
    if (buffer.length >= 256) await flush();
  }
  await flush();
}

main().catch((err: unknown) => {
  console.error(`match-pairs failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
