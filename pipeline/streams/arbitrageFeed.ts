import { DeliverPolicy } from 'nats';
import type { ArbitrageFeed } from '../../shared/ports/arbitrageFeed.ts';
import { decodeArbitrageEvent } from '../../shared/arbitrage/schema.ts';
import { STREAMS, subjects } from '../../shared/streams/subjects.ts';
import type { StreamConnection } from './connection.ts';

/**
 * The ARB stream as an ArbitrageFeed: an ordered (ephemeral, flow-controlled) consumer per follower,
 * starting at the requested sequence, filtered to opportunity events. A malformed message is skipped,
 * never sent to a client.
 */
export function jetStreamArbitrageFeed(conn: StreamConnection): ArbitrageFeed {
  return {
    async bounds() {
      const info = await conn.jsm.streams.info(STREAMS.arbitrage.name);
      return { first: info.state.first_seq, last: info.state.last_seq };
    },
    async follow(fromSeq, onEvent, signal) {
      if (signal.aborted) return;
      const consumer = await conn.js.consumers.get(STREAMS.arbitrage.name, {
        // A string, not an array: nats-server 2.9 knows filter_subject only (filter_subjects is 2.10).
        filterSubjects: subjects.arbitrageOpportunity(),
        deliver_policy: DeliverPolicy.StartSequence,
        opt_start_seq: Math.max(1, fromSeq),
      });
      const messages = await consumer.consume({ max_messages: 256 });
      const stop = () => messages.stop();
      // A follower that left while the consumer was being set up: an abort listener added now would never fire,
      // and the ordered consumer (its timers, its flow control) would run on for a client that is gone.
      if (signal.aborted) {
        stop();
        return;
      }
      signal.addEventListener('abort', stop, { once: true });
      try {
        for await (const m of messages) {
          if (signal.aborted) break;
          let value: unknown;
          try {
            value = JSON.parse(Buffer.from(m.data).toString('utf8'));
          } catch {
            continue;
          }
          const decoded = decodeArbitrageEvent(value);
          if (!decoded.ok || decoded.event.type !== 'arbitrage_opportunity') continue;
          await onEvent({ seq: m.seq, event: decoded.event });
        }
      } finally {
        signal.removeEventListener('abort', stop);
        messages.stop();
      }
    },
  };
}
