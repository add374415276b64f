import { AckPolicy, DeliverPolicy } from 'nats';
import type { LinkEvent } from '../../shared/events.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import { STREAMS, subjects, type StreamKey } from '../../shared/streams/subjects.ts';
import { startProjection } from '../../projections/runProjection.ts';
import { projectionDurable } from '../../projections/runProjection.ts';
import { marketsProjection } from '../../projections/markets/projection.ts';
import { questionsProjection } from '../../projections/questions/projection.ts';
import { marketRecentPricesProjection, questionRecentPricesProjection } from '../../projections/recentPrices/projection.ts';
import type { ConsumerLoop } from '../../pipeline/streams/consume.ts';
import { ALERTS_INDEX_DURABLE, ALERTS_MARKETS_DURABLE, startAlerts, type AlertsRole } from '../../pipeline/alerts/startAlerts.ts';
import { silentLog, startTestNats, type TestNats } from '../support/nats.ts';
import { startApi, type StartOptions, type TestApi } from '../auth/harness.ts';
import { tick, until } from './support.ts';

/**
 * The real parts of alert evaluation: a nats-server with the streams, the projectors that build the
 * read models the API reads, the app itself, and the alerts role, all over one SQLite store.
 */
export interface StreamHarness {
  readonly nats: TestNats;
  readonly api: TestApi;
  role: AlertsRole;
  /** Publishes a market snapshot with this Yes price; returns its MARKETS sequence. */
  price(m: NormalizedMarket, yes: number | null): Promise<number>;
  /** Publishes a question snapshot; returns its LINKS sequence. */
  link(event: LinkEvent): Promise<number>;
  /** Waits until the projections and the alerts role have handled the stream up to `seq`. */
  settled(stream: 'markets' | 'links', seq: number): Promise<void>;
  restartRole(): Promise<void>;
  /** Drops the role's durable on a stream and replays the whole stream through a new one. */
  replay(stream: 'markets' | 'links'): Promise<void>;
  close(): Promise<void>;
}

export async function startStreamHarness(options: StartOptions = {}): Promise<StreamHarness> {
  const nats = await startTestNats();
  const api = await startApi(options);
  const projections = [marketsProjection, questionsProjection, marketRecentPricesProjection, questionRecentPricesProjection] as const;
  const loops: ConsumerLoop[] = [];
  for (const p of projections) loops.push(await startProjection(nats.conn, api.store, p as never, silentLog));
  const start = () => startAlerts({ config: api.deps.config, conn: nats.conn, store: api.store, log: silentLog, pollMs: 50 });
  let clock = Date.parse('2026-05-01T00:00:00.000Z');
  const nextAt = () => new Date((clock += 60_000)).toISOString();

  const ackFloor = async (stream: StreamKey, durable: string) => (await nats.conn.jsm.consumers.info(STREAMS[stream].name, durable)).ack_floor.stream_seq;
  const harness: StreamHarness = {
    nats,
    api,
    role: await start(),
    async price(m, yes) {
      const outcomes = [
        { label: 'Yes', outcome_index: 0, price: yes },
        { label: 'No', outcome_index: 1, price: yes === null ? null : Math.round((1 - yes) * 1e6) / 1e6 },
      ];
      const ack = await nats.conn.js.publish(subjects.normalized(m.platform_slug), JSON.stringify(tick({ ...m, outcomes }, nextAt())));
      return ack.seq;
    },
    async link(event) {
      return (await nats.conn.js.publish(subjects.linked(), JSON.stringify(event))).seq;
    },
    async settled(stream, seq) {
      const durables =
        stream === 'markets'
          ? [projectionDurable(marketsProjection.name), projectionDurable(marketRecentPricesProjection.name), ALERTS_MARKETS_DURABLE]
          : [projectionDurable(questionsProjection.name), projectionDurable(questionRecentPricesProjection.name), ALERTS_INDEX_DURABLE];
      await until(async () => {
        for (const d of durables) if ((await ackFloor(stream, d)) < seq) return undefined;
        return true;
      }, `${stream} handled up to ${seq}`);
    },
    async restartRole() {
      await harness.role.stop();
      harness.role = await start();
    },
    async replay(stream) {
      const durable = stream === 'markets' ? ALERTS_MARKETS_DURABLE : ALERTS_INDEX_DURABLE;
      await harness.role.stop();
      await nats.conn.jsm.consumers.delete(STREAMS[stream].name, durable);
      await nats.conn.jsm.consumers.add(STREAMS[stream].name, { durable_name: durable, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, max_ack_pending: 1 });
      harness.role = await start();
      const last = (await nats.conn.jsm.streams.info(STREAMS[stream].name)).state.last_seq;
      await until(async () => ((await ackFloor(stream, durable)) >= last ? true : undefined), `the replay of ${stream}`);
    },
    async close() {
      await harness.role.stop();
      await Promise.all(loops.map((l) => l.stop()));
      await api.close();
      await nats.close();
    },
  };
  return harness;
}
