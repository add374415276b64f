import type { Decoded } from './consume.ts';
import { decodeMessage } from './consume.ts';

/**
 * Decoded messages shared by the consumers of one stream in one process that validate with the same decoder
 * (the markets, price-history and platform-metrics read models all read MARKETS with the markets decoder):
 * the first consumer to reach a message parses and validates it, the others take the same event. Replay has
 * handed one decoded event to several read models since it decodes once per decoder; read models never
 * change an event.
 *
 * An entry is found by stream sequence and checked against the message's bytes, so a stream deleted and
 * created again (sequences restart) never answers with another message's event. The newest CAPACITY entries
 * per stream and decoder are kept; a consumer that falls further behind decodes for itself.
 */
export const CAPACITY = 4_096;

type Decoder<E> = (value: unknown) => Decoded<E>;
interface Entry {
  readonly data: Uint8Array;
  readonly decoded: Decoded<unknown>;
}

const caches = new WeakMap<Decoder<unknown>, Map<string, Map<number, Entry>>>();

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && Buffer.compare(a, b) === 0;

export interface SharedDecodes {
  decode<E>(seq: number, data: Uint8Array, decoder: Decoder<E>): Decoded<E>;
}

/** The shared decodes of one stream (its name), for every consumer passing the same decoder function. */
export function sharedDecodes(stream: string, capacity = CAPACITY): SharedDecodes {
  return {
    decode<E>(seq: number, data: Uint8Array, decoder: Decoder<E>): Decoded<E> {
      let byStream = caches.get(decoder as Decoder<unknown>);
      if (!byStream) {
        byStream = new Map();
        caches.set(decoder as Decoder<unknown>, byStream);
      }
      let entries = byStream.get(stream);
      if (!entries) {
        entries = new Map();
        byStream.set(stream, entries);
      }
      const hit = entries.get(seq);
      if (hit && sameBytes(hit.data, data)) return hit.decoded as Decoded<E>;
      const decoded = decodeMessage(data, decoder);
      entries.delete(seq);
      // A copy: a delivery's bytes are a view into the client's socket read, which a kept view would keep alive.
      entries.set(seq, { data: new Uint8Array(data), decoded });
      // Maps iterate in insertion order: the first key is the oldest entry.
      while (entries.size > capacity) entries.delete(entries.keys().next().value!);
      return decoded;
    },
  };
}
