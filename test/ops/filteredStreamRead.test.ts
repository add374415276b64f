import test from 'ava';
import { startTestNats } from '../support/nats.ts';
import { readStream } from '../../pipeline/ops/streamReader.ts';
import { listDeadLetters } from '../../pipeline/ops/deadLetters.ts';

/** Rejects when `promise` has not settled within `ms` (the bug was a read that never returned). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not return within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const letter = (durable: string, seq: number) => JSON.stringify({ reason: `failed ${seq}`, durable, stream: 'RAW', subject: 'ticks.raw.manifold', stream_seq: seq, deliveries: 5, at: '2026-01-01T00:00:00.000Z', data: 'e30=' });

test('a read of one subject returns on nats-server 2.9: `ops deadletters --consumer` lists that consumer\'s letters instead of hanging, and a filtered read sees only its subject in order', async (t) => {
  const nats = await startTestNats();
  try {
    await nats.conn.js.publish('deadletter.processor', letter('processor', 1));
    await nats.conn.js.publish('deadletter.linker', letter('linker', 2));
    await nats.conn.js.publish('deadletter.processor', letter('processor', 3));

    const processor = await within(listDeadLetters(nats.conn, 'processor'), 10_000, 'listDeadLetters(processor)');
    t.deepEqual(processor.map((l) => [l.id, l.durable, l.stream_seq]), [[1, 'processor', 1], [3, 'processor', 3]]);
    const linker = await within(listDeadLetters(nats.conn, 'linker'), 10_000, 'listDeadLetters(linker)');
    t.deepEqual(linker.map((l) => l.id), [2]);
    t.deepEqual(await within(listDeadLetters(nats.conn, 'scanner'), 10_000, 'listDeadLetters(scanner)'), [], 'a consumer with no letters');

    const seen: Array<[string, number]> = [];
    const result = await within(
      readStream(nats.conn, 'DEADLETTER', { start: { kind: 'seq', seq: 2 }, filterSubject: 'deadletter.processor', batchSize: 10, onBatch: async (batch) => void seen.push(...batch.map((m) => [m.subject, m.seq] as [string, number])) }),
      10_000,
      'readStream from seq 2',
    );
    t.deepEqual(seen, [['deadletter.processor', 3]]);
    t.deepEqual(result, { read: 1, lastSeq: 3 });
  } finally {
    await nats.close();
  }
});
