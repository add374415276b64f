import test from 'ava';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectStreams, type StreamConnection } from '../../pipeline/streams/connection.ts';
import { provisionStreams } from '../../pipeline/streams/provision.ts';
import { STREAMS } from '../../shared/streams/subjects.ts';
import { silentLog } from '../support/nats.ts';

/**
 * The compose cluster profile's own config (deploy/nats/cluster.conf) run as three real nats-server
 * processes on this machine, host names and ports moved to loopback: the nodes form a JetStream
 * cluster, Concord provisions every stream with STREAM_REPLICAS=3 over a comma-separated NATS_URL,
 * and the streams keep taking writes after one node is killed.
 */
const NAMES = ['nats', 'nats-2', 'nats-3'] as const;

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

interface Node {
  readonly name: string;
  readonly client: number;
  readonly http: number;
  proc?: ChildProcess;
}

let dir: string;
const nodes: Node[] = [];
let conn: StreamConnection | undefined;

async function healthy(node: Node, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${node.http}/healthz`);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'concord-cluster-'));
  const template = readFileSync(new URL('../../deploy/nats/cluster.conf', import.meta.url), 'utf8');
  const routes = new Map<string, number>();
  for (const name of NAMES) {
    nodes.push({ name, client: await freePort(), http: await freePort() });
    routes.set(name, await freePort());
  }
  for (const node of nodes) {
    let conf = template
      .replace('port: 4222', `port: ${node.client}`)
      .replace('http_port: 8222', `http_port: ${node.http}`)
      .replace('listen: 0.0.0.0:6222', `listen: 127.0.0.1:${routes.get(node.name)}`)
      .replace('store_dir: /data', `store_dir: ${JSON.stringify(join(dir, node.name))}`);
    for (const [name, port] of routes) conf = conf.replace(`nats://${name}:6222`, `nats://127.0.0.1:${port}`);
    const file = join(dir, `${node.name}.conf`);
    writeFileSync(file, conf);
    node.proc = spawn('nats-server', ['-c', file], { env: { ...process.env, SERVER_NAME: node.name }, stdio: 'ignore' });
  }
});

test.after.always(async () => {
  await conn?.close();
  for (const node of nodes) node.proc?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

test.serial('the three nodes of deploy/nats/cluster.conf form a JetStream cluster', async (t) => {
  for (const node of nodes) t.true(await healthy(node, 30_000), `${node.name} reports healthy (JetStream meta leader found)`);
});

test.serial('streams provisioned with STREAM_REPLICAS=3 keep a copy on every node and survive the loss of one', async (t) => {
  const url = nodes.map((n) => `nats://127.0.0.1:${n.client}`).join(',');
  conn = await connectStreams(url, silentLog, 'cluster-test');
  await provisionStreams(conn.jsm, silentLog, { replicas: 3 });
  for (const def of Object.values(STREAMS)) {
    const info = await conn.jsm.streams.info(def.name);
    t.is(info.config.num_replicas, 3, def.name);
    t.is(info.cluster?.replicas?.length, 2, `${def.name}: a leader and two replicas`);
  }
  const subject = STREAMS.usage.subjects[0]!;
  t.truthy((await conn.js.publish(subject, new TextEncoder().encode('{}'))).seq);
  const victim = nodes.find((n) => n.name === 'nats-3')!;
  victim.proc!.kill('SIGKILL');
  let published = false;
  for (let i = 0; i < 50 && !published; i++) {
    try {
      await conn.js.publish(subject, new TextEncoder().encode('{}'), { timeout: 2_000 });
      published = true;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  t.true(published, 'two of three nodes keep the quorum and take writes');
});

test.serial('deploy/nats/single.conf runs JetStream on its own (the default compose NATS)', async (t) => {
  const node: Node = { name: 'single', client: await freePort(), http: await freePort() };
  const conf = readFileSync(new URL('../../deploy/nats/single.conf', import.meta.url), 'utf8')
    .replace('port: 4222', `port: ${node.client}`)
    .replace('http_port: 8222', `http_port: ${node.http}`)
    .replace('store_dir: /data', `store_dir: ${JSON.stringify(join(dir, 'single'))}`);
  writeFileSync(join(dir, 'single.conf'), conf);
  node.proc = spawn('nats-server', ['-c', join(dir, 'single.conf')], { env: { ...process.env, SERVER_NAME: 'nats' }, stdio: 'ignore' });
  nodes.push(node);
  t.true(await healthy(node, 30_000));
  const single = await connectStreams(`nats://127.0.0.1:${node.client}`, silentLog, 'single-test');
  try {
    await provisionStreams(single.jsm, silentLog, { replicas: 1 });
    t.is((await single.jsm.streams.info(STREAMS.raw.name)).config.num_replicas, 1);
  } finally {
    await single.close();
  }
});
