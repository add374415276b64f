import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService } from '../support/service.ts';
import { startTestNats } from '../support/nats.ts';
import { collectStatus } from '../../pipeline/ops/status.ts';

test('ops status names the Concord processes that answer, and none once the service has stopped while its nats-server lives on', async (t) => {
  const nats = await startTestNats();
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-ops-processes-'));
  try {
    const svc = await startTestService({ VENUES: 'manifold', ROLE: 'project' }, { nats, dataDir });
    const running = await collectStatus(nats.conn, null);
    t.is(running.processes.length, 1);
    t.is(running.processes[0]?.pid, process.pid, 'the service runs in this test process');
    t.deepEqual(running.processes[0]?.roles, ['project']);
    t.is(running.processes[0]?.state, 'running', 'its roles have all started');
    t.false(Number.isNaN(Date.parse(running.processes[0]?.started_at ?? '')));

    await svc.close();
    const stopped = await collectStatus(nats.conn, null);
    t.deepEqual(stopped.processes, [], 'the streams are still there, but nobody answers');
    t.true(stopped.streams.length > 0);
  } finally {
    await nats.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
