import test from 'ava';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { STREAMS } from '../../shared/streams/subjects.ts';
import { provisionDurable } from '../../pipeline/streams/provision.ts';
import { CHECKPOINTS } from '../../projections/applyEvent.ts';
import { PROJECTIONS } from '../../projections/index.ts';
import { projectionDurable } from '../../projections/runProjection.ts';
import { removeRetiredProjections, RETIRED_PROJECTIONS } from '../../projections/retired.ts';
import { silentLog, startTestNats } from '../support/nats.ts';

test('a deployment that ran the recent-prices read models loses their durables, documents and checkpoints on the next start, once', async (t) => {
  const nats = await startTestNats();
  const store = openSqliteStore({ file: ':memory:' });
  try {
    // What an older deployment left behind: both durables, a document each, the checkpoints.
    await provisionDurable(nats.conn.jsm, { stream: 'markets', durable: 'proj-market_recent_prices', maxAckPending: 1 });
    await provisionDurable(nats.conn.jsm, { stream: 'links', durable: 'proj-question_recent_prices', maxAckPending: 1 });
    await store.collection('market_recent_prices').put({ _id: 'polymarket:1', points: [[1, 0.5]], first_at: 1 });
    await store.collection('question_recent_prices').put({ _id: 'q', points: [[1, 0.5]], first_at: 1 });
    await store.collection(CHECKPOINTS).put({ _id: 'market_recent_prices', lastSeq: 9 });
    await store.collection(CHECKPOINTS).put({ _id: 'price_history', lastSeq: 9 });
    await provisionDurable(nats.conn.jsm, { stream: 'markets', durable: projectionDurable('price_history'), maxAckPending: 1 });

    t.deepEqual(await removeRetiredProjections(nats.conn, store, silentLog), ['market_recent_prices', 'question_recent_prices']);
    const durables = async (stream: 'markets' | 'links') => {
      const names: string[] = [];
      for await (const ci of nats.conn.jsm.consumers.list(STREAMS[stream].name)) names.push(ci.name);
      return names;
    };
    t.deepEqual(await durables('markets'), ['proj-price_history'], 'a live projection keeps its durable');
    t.deepEqual(await durables('links'), []);
    t.is(await store.collection('market_recent_prices').count(), 0);
    t.is(await store.collection('question_recent_prices').count(), 0);
    t.deepEqual((await store.collection<{ _id: string }>(CHECKPOINTS).find({})).map((c) => c._id), ['price_history']);
    t.deepEqual(await removeRetiredProjections(nats.conn, store, silentLog), [], 'nothing left: a second start removes nothing');
  } finally {
    await store.close();
    await nats.close();
  }
});

test('no live read model carries a retired name', (t) => {
  const live = new Set(PROJECTIONS.map((p) => p.name));
  t.deepEqual(RETIRED_PROJECTIONS.filter((r) => live.has(r.name)), []);
});
