import { headers as natsHeaders } from 'nats';
import type { StreamConnection } from '../streams/connection.ts';
import { RETRY_FOR_HEADER, RETRY_OF_HEADER } from '../streams/consume.ts';
import { STREAMS } from '../../shared/streams/subjects.ts';
import { readStream } from './streamReader.ts';

const DEADLETTER = STREAMS.deadLetter.name;

/** One dead letter as the consumer loop recorded it (pipeline/streams/consume.ts), with its id. */
export interface DeadLetter {
  /** The DEADLETTER stream sequence: what `--retry` takes. */
  readonly id: number;
  readonly durable: string;
  readonly reason: string;
  readonly stream: string;
  readonly subject: string;
  readonly stream_seq: number;
  readonly deliveries: number;
  readonly at: string;
  readonly bytes: number;
}

interface Record {
  reason?: unknown;
  durable?: unknown;
  stream?: unknown;
  subject?: unknown;
  stream_seq?: unknown;
  deliveries?: unknown;
  at?: unknown;
  data?: unknown;
}

function parse(id: number, data: Uint8Array): (DeadLetter & { readonly data: string }) | null {
  let r: Record;
  try {
    r = JSON.parse(new TextDecoder().decode(data)) as Record;
  } catch {
    return null;
  }
  if (typeof r.durable !== 'string' || typeof r.subject !== 'string' || typeof r.data !== 'string') return null;
  return {
    id,
    durable: r.durable,
    reason: typeof r.reason === 'string' ? r.reason : '',
    stream: typeof r.stream === 'string' ? r.stream : '',
    subject: r.subject,
    stream_seq: typeof r.stream_seq === 'number' ? r.stream_seq : 0,
    deliveries: typeof r.deliveries === 'number' ? r.deliveries : 0,
    at: typeof r.at === 'string' ? r.at : '',
    bytes: Math.floor((r.data.length * 3) / 4),
    data: r.data,
  };
}

/** Every dead letter still held, oldest first (optionally of one consumer). */
export async function listDeadLetters(conn: StreamConnection, durable?: string): Promise<DeadLetter[]> {
  const out: DeadLetter[] = [];
  await readStream(conn, DEADLETTER, {
    start: { kind: 'first' },
    ...(durable ? { filterSubject: `deadletter.${durable}` } : {}),
    batchSize: 500,
    onBatch: async (batch) => {
      for (const m of batch) {
        const d = parse(m.seq, m.data);
        if (d) {
          const { data: _data, ...rest } = d;
          out.push(rest);
        }
      }
    },
  });
  return out;
}

export interface RetryResult {
  readonly id: number;
  readonly durable: string;
  readonly subject: string;
  /** Sequence of the copy in the original stream. */
  readonly republished_seq: number;
}

/**
 * Sends a dead letter again, to its original subject, for its own consumer only (RETRY_FOR header: every
 * other consumer of the stream acks the copy unread), then removes it from the dead-letter stream. If it
 * fails again it comes back with a new id. A repeated retry of the same id is dropped by its msgID.
 */
export async function retryDeadLetter(conn: StreamConnection, id: number): Promise<RetryResult> {
  let stored;
  try {
    stored = await conn.jsm.streams.getMessage(DEADLETTER, { seq: id });
  } catch {
    throw new Error(`no dead letter with id ${id} (see npm run ops -- deadletters)`);
  }
  const d = parse(id, stored.data);
  if (!d) throw new Error(`dead letter ${id} is not a record this tool understands`);
  const h = natsHeaders();
  h.set(RETRY_FOR_HEADER, d.durable);
  h.set(RETRY_OF_HEADER, `${d.stream}:${d.stream_seq}`);
  const ack = await conn.js.publish(d.subject, Buffer.from(d.data, 'base64'), { headers: h, msgID: `retry:${d.durable}:${d.stream_seq}:${id}` });
  await conn.jsm.streams.deleteMessage(DEADLETTER, id, false);
  return { id, durable: d.durable, subject: d.subject, republished_seq: ack.seq };
}
