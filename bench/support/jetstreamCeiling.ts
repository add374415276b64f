/**
 * The honest two-hop JetStream ceiling: what the `nats` client and nats-server on this machine do at their
 * best for the pipeline's shape (publish → consume and republish → consume), with no work in between.
 *
 * Best practice of the tool, as its authors recommend for throughput:
 * - connection with `noAsyncTraces: true` (the async stack capture halves publish throughput);
 * - publishes are asynchronous, their acks awaited in batches of BATCH (never one round trip each);
 * - pull consumers (`consume`) buffering BATCH messages;
 * - acks batched: `AckPolicy.All`, the last message of every BATCH acked (hop 1 only after its republishes
 *   were acknowledged, so nothing is acked that was not carried on).
 * The stream is file-backed like Concord's streams; the messages are the given payloads, byte for byte.
 */
import { AckPolicy, DeliverPolicy, StorageType, connect, type JsMsg, type NatsConnection } from 'nats';

export const BATCH = 1_000;

export interface CeilingResult {
  readonly messages: number;
  readonly bytes: number;
  readonly seconds: number;
  readonly perSecond: number;
  /** Publishing alone (acks awaited in batches), messages/s. */
  readonly publishPerSecond: number;
}

async function publishAll(nc: NatsConnection, subject: string, payloads: readonly Uint8Array[]): Promise<void> {
  const js = nc.jetstream();
  for (let i = 0; i < payloads.length; i += BATCH) {
    const acks: Promise<unknown>[] = [];
    for (let j = i; j < Math.min(payloads.length, i + BATCH); j++) acks.push(js.publish(subject, payloads[j]!));
    await Promise.all(acks);
  }
}

export async function measureTwoHopCeiling(url: string, payloads: readonly Uint8Array[], tag = 'CEILING'): Promise<CeilingResult> {
  const nc = await connect({ servers: url, noAsyncTraces: true, name: 'bench-ceiling' });
  const jsm = await nc.jetstreamManager();
  const js = nc.jetstream();
  const stream = `BENCH_${tag}`;
  const s1 = `bench.${tag.toLowerCase()}.hop1`;
  const s2 = `bench.${tag.toLowerCase()}.hop2`;
  await jsm.streams.add({ name: stream, subjects: [s1, s2, `bench.${tag.toLowerCase()}.pub`], storage: StorageType.File });
  const consumer = async (name: string, subject: string) => {
    await jsm.consumers.add(stream, { durable_name: name, filter_subject: subject, ack_policy: AckPolicy.All, deliver_policy: DeliverPolicy.All, max_ack_pending: BATCH * 10 });
    return js.consumers.get(stream, name);
  };
  const n = payloads.length;
  const bytes = payloads.reduce((s, p) => s + p.length, 0);
  try {
    // Publishing alone first, on its own subject (a figure of its own, not part of the two hops).
    const p0 = performance.now();
    await publishAll(nc, `bench.${tag.toLowerCase()}.pub`, payloads);
    const publishPerSecond = n / ((performance.now() - p0) / 1000);

    const c1 = await consumer('hop1', s1);
    const c2 = await consumer('hop2', s2);
    const t0 = performance.now();
    const hop1 = (async () => {
      const msgs = await c1.consume({ max_messages: BATCH });
      let seen = 0;
      let pending: Promise<unknown>[] = [];
      let last: JsMsg | undefined;
      for await (const m of msgs) {
        pending.push(js.publish(s2, m.data));
        last = m;
        seen += 1;
        if (pending.length >= BATCH || seen === n) {
          await Promise.all(pending);
          pending = [];
          last.ack();
        }
        if (seen === n) break;
      }
      msgs.stop();
    })();
    const hop2 = (async () => {
      const msgs = await c2.consume({ max_messages: BATCH });
      let seen = 0;
      for await (const m of msgs) {
        seen += 1;
        if (seen % BATCH === 0 || seen === n) m.ack();
        if (seen === n) break;
      }
      msgs.stop();
    })();
    await publishAll(nc, s1, payloads);
    await Promise.all([hop1, hop2]);
    const seconds = (performance.now() - t0) / 1000;
    return { messages: n, bytes, seconds, perSecond: n / seconds, publishPerSecond };
  } finally {
    await jsm.streams.delete(stream).catch(() => undefined);
    await nc.close();
  }
}
