import type { Msg, NatsConnection, Subscription } from 'nats';
import { collectReplies } from './coreReplies.ts';
import type { Logger } from 'pino';
import { ConsumerStopping } from '../streams/consumerStopping.ts';

/**
 * Pause and resume of a live projection by an operator tool (replay): while paused, the projection applies
 * nothing, so the tool is the single writer of its read model (it catches up to the stream's end, swaps a
 * rebuilt collection in, moves the checkpoint), and no lock is needed in either store. Core NATS
 * request/reply, outside every stream. A pause is a lease: the tool renews it, and a projection whose lease
 * runs out (the tool died) resumes by itself.
 */
export const controlSubject = (projection: string, verb: 'pause' | 'resume' | 'holder' | 'count'): string => `concord.ops.projection.${projection}.${verb}`;

export interface PauseReply {
  readonly projection: string;
  readonly paused: boolean;
  readonly pid: number;
}

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const decode = (m: Msg): unknown => {
  try {
    return JSON.parse(new TextDecoder().decode(m.data));
  } catch {
    return null;
  }
};

/** The live side, inside a projection's consumer loop. */
export interface ProjectionGate {
  /**
   * Runs `work` (applying one message) once the projection is not paused, keeping the held message alive
   * meanwhile. A pause is answered only when no work is in flight.
   */
  run<R>(work: () => Promise<R>, keepAlive: () => void): Promise<R>;
  close(): void;
}

export async function projectionGate(nc: NatsConnection, projection: string, log: Logger): Promise<ProjectionGate> {
  let pausedUntil = 0;
  let closed = false;
  let inFlight: Promise<unknown> | null = null;
  let wake: (() => void) | null = null;
  const resumed = () => {
    wake?.();
    wake = null;
  };
  const pause = (leaseMs: number, by: string) => {
    if (pausedUntil === 0) log.info({ projection, by, lease_ms: leaseMs }, 'projection paused by an operator tool');
    pausedUntil = Date.now() + Math.min(Math.max(leaseMs, 1_000), 10 * 60_000);
  };
  const subs: Subscription[] = [];
  // Answered at once, whatever the gate is doing: how many processes run this projection (the tool then waits
  // for exactly that many pause confirmations instead of a silence after the last one).
  subs.push(nc.subscribe(controlSubject(projection, 'count'), { callback: (_err, m) => m.respond(encode({ projection, pid: process.pid })) }));
  subs.push(
    nc.subscribe(controlSubject(projection, 'pause'), {
      callback: (_err, m) => {
        const body = decode(m) as { lease_ms?: number; by?: string } | null;
        pause(body?.lease_ms ?? 60_000, body?.by ?? 'unknown');
        void Promise.resolve(inFlight)
          .catch(() => undefined)
          .then(() => m.respond(encode({ projection, paused: true, pid: process.pid } satisfies PauseReply)));
      },
    }),
  );
  subs.push(
    nc.subscribe(controlSubject(projection, 'resume'), {
      callback: (_err, m) => {
        if (pausedUntil !== 0) log.info({ projection }, 'projection resumed');
        pausedUntil = 0;
        resumed();
        m.respond(encode({ projection, paused: false, pid: process.pid } satisfies PauseReply));
      },
    }),
  );
  // A tool that holds a lease answers here: a projection starting meanwhile begins paused.
  try {
    const reply = await nc.request(controlSubject(projection, 'holder'), encode({ pid: process.pid }), { timeout: 1_000 });
    const body = decode(reply) as { lease_ms?: number; by?: string } | null;
    if (body?.lease_ms) pause(body.lease_ms, body.by ?? 'unknown');
  } catch {
    // No responders or no answer: nobody holds it.
  }

  const whenRunning = async (keepAlive: () => void) => {
    while (pausedUntil !== 0 && !closed) {
      const left = pausedUntil - Date.now();
      if (left <= 0) {
        log.warn({ projection }, 'operator pause lease ran out; resuming');
        pausedUntil = 0;
        break;
      }
      keepAlive();
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, Math.min(left, 5_000));
      });
    }
  };

  return {
    async run(work, keepAlive) {
      for (;;) {
        await whenRunning(keepAlive);
        // Stopping while paused: apply nothing (the message stays unacked and is delivered again later).
        if (closed) throw new ConsumerStopping(`projection ${projection}`);
        // No await between this check and taking the in-flight slot: a pause cannot slip in between.
        if (pausedUntil !== 0) continue;
        const p = work();
        inFlight = p;
        try {
          return await p;
        } finally {
          if (inFlight === p) inFlight = null;
        }
      }
    },
    close() {
      for (const s of subs) s.unsubscribe();
      closed = true;
      resumed();
    },
  };
}

/** The tool's side: a held pause of some projections, renewed until released. */
export interface HeldPause {
  /** Live projection processes that confirmed the pause, per projection. */
  readonly confirmed: ReadonlyMap<string, number>;
  release(): Promise<void>;
}

/** How many processes answered: `expected` of them, or those before `jitterMs` of silence (coreReplies.ts). */
async function collect(nc: NatsConnection, subject: string, body: unknown, maxWaitMs: number, expected: number | null, jitterMs = 250): Promise<number> {
  return (await collectReplies(nc, subject, encode(body), maxWaitMs, expected, jitterMs)).length;
}

/**
 * Pauses the named projections in every live process and keeps them paused (lease renewed every third of
 * it) until release(). Resolves once every process that answered has finished the message it was applying.
 */
export async function holdProjections(nc: NatsConnection, projections: readonly string[], by: string, leaseMs = 60_000): Promise<HeldPause> {
  const body = { lease_ms: leaseMs, by };
  const holders = projections.map((p) =>
    nc.subscribe(controlSubject(p, 'holder'), { callback: (_err, m) => m.respond(encode(body)) }),
  );
  // The projections are paused side by side: each waits for its own processes only.
  const confirmed = new Map<string, number>(
    await Promise.all(
      projections.map(async (p) => {
        // Counting answers come straight from the subscription callback, so a short silence ends the count.
        const n = await collect(nc, controlSubject(p, 'count'), {}, 2_000, null);
        // A pause is confirmed once the process's message in flight is applied: wait for each process's answer. None
        // counted: a process of an older version (no count) may still answer the pause; no responders returns at once.
        return [p, await collect(nc, controlSubject(p, 'pause'), body, 30_000, n === 0 ? null : n, n === 0 ? 1_500 : undefined)] as const;
      }),
    ),
  );
  const renew = setInterval(() => {
    for (const p of projections) nc.publish(controlSubject(p, 'pause'), encode(body));
  }, Math.max(1_000, Math.floor(leaseMs / 3)));
  renew.unref();
  return {
    confirmed,
    async release() {
      clearInterval(renew);
      for (const h of holders) h.unsubscribe();
      await Promise.all(
        projections.map(async (p) => {
          const n = confirmed.get(p) ?? 0;
          // Nobody confirmed (a process started meanwhile still honours the lease): a resume without waiting.
          if (n === 0) nc.publish(controlSubject(p, 'resume'), encode({ by }));
          else await collect(nc, controlSubject(p, 'resume'), { by }, 5_000, n);
        }),
      );
    },
  };
}
