import { marketsProjection } from './markets/projection.ts';
import { fastMarketEvent } from './markets/fastDecode.ts';

type Decode = (value: unknown) => { ok: true; event: unknown } | { ok: false; reason: string };

/** Fast paths that accept only what a decoder accepts and return what it returns; anything else goes to the decoder. */
const FAST_PATHS = new Map<unknown, (value: unknown) => unknown>([[marketsProjection.decode, fastMarketEvent]]);

/** One fast-path decoder per decoder, so that consumers of one decoder still pass the same function. */
const withFast = new WeakMap<Decode, Decode>();

/**
 * `owner.decode` with its fast path in front, when it has one: the same verdicts and reasons (the decoder gives
 * both). MARKETS is decoded by the live projections, the linker, the scanner and the replay: zod's parse of
 * each snapshot was ~9% of a rebuild's CPU. The same decoder always gets the same function back (the decoder
 * itself when it has no fast path): the read models of one stream share a message's decode by the decoder's
 * identity (pipeline/streams/sharedDecodes.ts).
 */
export function withFastPath<D extends Decode>(owner: { decode: D }): D {
  const decode = owner.decode;
  const fast = FAST_PATHS.get(decode);
  if (!fast) return decode;
  let wrapped = withFast.get(decode);
  if (!wrapped) {
    wrapped = (value: unknown) => {
      const event = fast(value);
      return event === undefined ? decode(value) : { ok: true, event };
    };
    withFast.set(decode, wrapped);
  }
  return wrapped as D;
}
