import type { NatsConnection, Subscription } from 'nats';
import { collectReplies } from './coreReplies.ts';

/**
 * Which Concord processes are alive on a NATS server: each one answers a core-NATS ping with who it is, so
 * `ops status` can tell a running service from streams an orphaned nats-server still holds after the service died.
 */
export const PING_SUBJECT = 'concord.ops.ping';

export interface ProcessInfo {
  readonly pid: number;
  readonly roles: readonly string[];
  readonly started_at: string;
  readonly host: string;
  /** 'starting' while its roles start (a first start builds the embedding model), then 'running'. */
  readonly state: 'starting' | 'running';
}

/** The service's side: answers every ping with what `info()` says now, until unsubscribed. */
export function answerPings(nc: NatsConnection, info: () => ProcessInfo): Subscription {
  return nc.subscribe(PING_SUBJECT, { callback: (_err, m) => m.respond(new TextEncoder().encode(JSON.stringify(info()))) });
}

/** Every process that answers within `waitMs` (the answers of local processes take a millisecond or two). */
export async function pingProcesses(nc: NatsConnection, waitMs = 1_000): Promise<ProcessInfo[]> {
  const found: ProcessInfo[] = [];
  for (const data of await collectReplies(nc, PING_SUBJECT, new Uint8Array(), waitMs, null, 300)) {
    try {
      found.push(JSON.parse(new TextDecoder().decode(data)) as ProcessInfo);
    } catch {
      // Not one of ours.
    }
  }
  return found.sort((a, b) => a.pid - b.pid);
}
