import type { StreamConnection } from '../../pipeline/streams/connection.ts';
import { STREAMS, type StreamKey } from '../../shared/streams/subjects.ts';

/**
 * Waits until every listed durable consumer has nothing pending or unacked, twice in a row
 * (a processed message may publish new ones downstream). Bounded: rejects after `timeoutMs`.
 */
export async function waitForQuiet(
  conn: StreamConnection,
  durables: ReadonlyArray<{ stream: StreamKey; durable: string }>,
  // Generous: a bound on a wait, not a timing claim. Eight recorded venues through embedding and linking take
  // well over a minute on two loaded cores.
  timeoutMs = 240_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietRounds = 0;
  let busyNames: string[] = [];
  while (Date.now() < deadline) {
    busyNames = [];
    for (const d of durables) {
      try {
        const info = await conn.jsm.consumers.info(STREAMS[d.stream].name, d.durable);
        if (info.num_pending > 0 || info.num_ack_pending > 0) busyNames.push(`${d.durable} (pending ${info.num_pending}, unacked ${info.num_ack_pending})`);
      } catch {
        busyNames.push(`${d.durable} (no consumer)`);
      }
    }
    const busy = busyNames.length > 0;
    quietRounds = busy ? 0 : quietRounds + 1;
    if (quietRounds >= 3) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`consumers still busy after ${timeoutMs} ms: ${busyNames.join(', ')}`);
}
