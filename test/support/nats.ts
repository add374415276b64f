import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { startLocalNatsServer, type LocalNatsServer } from '../../pipeline/system/localNatsServer.ts';
import { connectStreams, type StreamConnection } from '../../pipeline/streams/connection.ts';
import { provisionStreams } from '../../pipeline/streams/provision.ts';

export const silentLog = pino({ level: 'silent' });

export interface TestNats {
  readonly server: LocalNatsServer;
  readonly conn: StreamConnection;
  readonly dir: string;
  close(): Promise<void>;
}

/** A real nats-server with JetStream in a temp dir, streams provisioned, and a connection. */
export async function startTestNats(): Promise<TestNats> {
  const dir = mkdtempSync(join(tmpdir(), 'concord-nats-'));
  const server = await startLocalNatsServer(join(dir, 'js'));
  const conn = await connectStreams(server.url, silentLog, 'concord-test');
  await provisionStreams(conn.jsm, silentLog);
  return {
    server,
    conn,
    dir,
    close: async () => {
      await conn.close();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
