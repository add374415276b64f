/**
 * Diagnostic without a ceiling: CPU per API-key usage event from capture's hand-off to the stream's ack, through
 * the API's own outbox (api/middleware/usageOutbox.ts) and publisher (pipeline/streams/inboxPublisher.ts) against
 * a local nats-server, at a steady rate like bench:api's feed row. Prints the process's and nats-server's CPU per
 * event (each run also pays building the events, as the capture does).
 *   node --import tsx bench/usagePublish.ts [--rate 3000] [--seconds 5] [--floor]
 * (--floor: the events are built at the same rate and thrown away, for the cost of building them and of the timer.)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { startLocalNatsServer } from '../pipeline/system/localNatsServer.ts';
import { connectStreams } from '../pipeline/streams/connection.ts';
import { provisionStreams } from '../pipeline/streams/provision.ts';
import { inboxPublisher } from '../pipeline/streams/inboxPublisher.ts';
import { usageOutbox } from '../api/middleware/usageOutbox.ts';
import type { ApiRequestLogged } from '../shared/events.ts';

const { values } = parseArgs({ options: { rate: { type: 'string', default: '3000' }, seconds: { type: 'string', default: '5' }, floor: { type: 'boolean', default: false } } });
const FLOOR = values.floor;
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const TICK_MS = 5;

/** CPU (user + system) of a process so far, in ms. */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const log = pino({ level: 'warn' });
const dir = mkdtempSync(join(tmpdir(), 'concord-usage-publish-'));
const nats = await startLocalNatsServer(join(dir, 'nats'));
const conn = await connectStreams(nats.url, log, 'bench-usage');
await provisionStreams(conn.jsm, log);
const publisher = inboxPublisher(conn.nc);
const outbox = usageOutbox(publisher.publish, log);
const natsPid = nats.pid;

const event = (): ApiRequestLogged => ({
  type: 'api_request',
  id: randomUUID(),
  api_key_id: '0b0e2a8c-7f43-4d55-9a51-0f1c3c1a2b3c',
  account_id: '5d1f9c2e-8a4b-4c6d-9e0f-1a2b3c4d5e6f',
  method: 'GET',
  endpoint: '/api/v1/external/arbitrage/opportunities',
  status: 200,
  duration_ms: Math.round(Math.random() * 500) / 100,
  at: new Date().toISOString(),
});

const perTick = Math.max(1, Math.round((RATE * TICK_MS) / 1000));
const total = Math.round((RATE * SECONDS * 1000) / 1000);
let sent = 0;
const cpu0 = process.cpuUsage();
const nats0 = cpuMsOf(natsPid);
const t0 = performance.now();
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    for (let i = 0; i < perTick && sent < total; i++, sent++) {
      const e = event();
      if (!FLOOR) outbox.add(e);
    }
    if (sent >= total) {
      clearInterval(timer);
      resolve();
    }
  }, TICK_MS);
});
while (outbox.held > 0) await new Promise((r) => setTimeout(r, 5));
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const natsCpu = cpuMsOf(natsPid) - nats0;
const stored = (await conn.jsm.streams.info('USAGE')).state.messages;
console.log(
  `${total} events in ${(wall / 1000).toFixed(2)} s (${Math.round(total / (wall / 1000))}/s), ${stored} USAGE messages; ` +
    `CPU per event: process ${(((cpu.user + cpu.system) / total)).toFixed(1)} us, nats-server ${((natsCpu * 1000) / total).toFixed(1)} us`,
);
await outbox.close();
publisher.close();
await conn.close();
await nats.stop();
rmSync(dir, { recursive: true, force: true });
