import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService, type TestService } from '../support/service.ts';
import { startTestNats } from '../support/nats.ts';
import { deleteDurable } from '../../pipeline/streams/provision.ts';
import { projectionDurable } from '../../projections/runProjection.ts';
import { resetProjection } from '../../projections/applyEvent.ts';
import { questionsProjection } from '../../projections/questions/projection.ts';
import { platformStatusProjection } from '../../projections/platformStatus/projection.ts';
import { usageHourlyProjection, usageProjection } from '../../projections/usage/projection.ts';
import type { Projection } from '../../projections/projection.ts';
import type { Doc, DocumentStore } from '../../shared/ports/documentStore.ts';

const REPLAYED = [questionsProjection, platformStatusProjection, usageProjection, usageHourlyProjection] as unknown as Array<Projection<unknown, Doc>>;
const ENV = { VENUES: 'polymarket,limitless' };
/** Restarts run the projectors only: a new ingest cycle would (rightly) move the venues' sync times. */
const PROJECT_ONLY = { ...ENV, ROLE: 'project' };

async function snapshot(store: DocumentStore): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const p of REPLAYED) out[p.collection] = JSON.stringify(await store.collection<Doc>(p.collection).find({}, { sort: [['_id', 1]] }));
  return out;
}

/** Requests made with an API key: they reach the usage read models through JetStream. */
async function useAnApiKey(svc: TestService): Promise<void> {
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(svc.baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return (await res.json()) as Record<string, Record<string, string>>;
  };
  const session = await post('/api/v1/auth/register', { email: 'replay@example.com', password: 'correct horse battery' });
  const key = (await post('/api/v1/console/keys', { name: 'replay' }, { authorization: `Bearer ${session.tokens!.access_token}` })).data!.key!;
  for (const path of ['/api/v1/external/markets?limit=3', '/api/v1/external/markets?platform=limitless', '/api/v1/external/nothing', '/api/v1/external/markets?sort=bad']) {
    await svc.get(path, { 'x-api-key': key });
  }
}

test('the questions, platform-status and usage read models are byte-for-byte the same after redelivery and after a rebuild', async (t) => {
  const nats = await startTestNats();
  const dataDir = mkdtempSync(join(tmpdir(), 'concord-replay-models-'));
  try {
    let svc = await startTestService(ENV, { nats, dataDir });
    await svc.service.ingestOnce();
    await svc.settle();
    await useAnApiKey(svc);
    await svc.settle();
    const original = await snapshot(svc.service.store);
    await svc.close();
    t.true(original.questions!.length > 1000, 'questions were linked');
    t.regex(original.platform_status!, /"polymarket"/);
    t.is((JSON.parse(original.api_request_logs!) as unknown[]).length, 4);
    t.regex(original.api_usage_hourly!, /"total_calls":4/);

    // Redelivery: each projection's consumer starts over from the first message of its stream.
    for (const p of REPLAYED) await deleteDurable(nats.conn.jsm, p.stream, projectionDurable(p.name));
    svc = await startTestService(PROJECT_ONLY, { nats, dataDir });
    await svc.settle();
    t.deepEqual(await snapshot(svc.service.store), original, 'replaying into the existing read models changes nothing');

    // Rebuild: drop the read models and their checkpoints, then replay the whole streams.
    for (const p of REPLAYED) await resetProjection(svc.service.store, p);
    await svc.close();
    for (const p of REPLAYED) await deleteDurable(nats.conn.jsm, p.stream, projectionDurable(p.name));
    svc = await startTestService(PROJECT_ONLY, { nats, dataDir });
    await svc.settle();
    t.deepEqual(await snapshot(svc.service.store), original, 'rebuilt read models equal the originals');
    await svc.close();
  } finally {
    await nats.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
