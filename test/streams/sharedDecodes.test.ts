import test from 'ava';
import { sharedDecodes } from '../../pipeline/streams/sharedDecodes.ts';
import type { Decoded } from '../../pipeline/streams/consume.ts';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** A decoder that counts its calls and accepts objects with a numeric `n`. */
function counting() {
  let calls = 0;
  const decode = (value: unknown): Decoded<{ n: number }> => {
    calls += 1;
    const n = (value as { n?: unknown }).n;
    return typeof n === 'number' ? { ok: true, event: { n } } : { ok: false, reason: 'no n' };
  };
  return { decode, calls: () => calls };
}

test('consumers of one stream with the same decoder parse each message once and get the same event', (t) => {
  const d = counting();
  const a = sharedDecodes('S1');
  const b = sharedDecodes('S1');
  const first = a.decode(1, bytes({ n: 10 }), d.decode);
  const second = b.decode(1, bytes({ n: 10 }), d.decode);
  t.deepEqual(first, { ok: true, event: { n: 10 } });
  t.is(second, first, 'the second consumer got the first one\'s decoded event');
  t.is(d.calls(), 1);
  // Poison is shared too: decided once.
  t.deepEqual(a.decode(2, bytes({ x: 1 }), d.decode), { ok: false, reason: 'no n' });
  t.deepEqual(b.decode(2, bytes({ x: 1 }), d.decode), { ok: false, reason: 'no n' });
  t.is(d.calls(), 2);
});

test('another stream, another decoder, or other bytes under the same sequence (a stream made again) are decoded afresh', (t) => {
  const d = counting();
  const other = counting();
  sharedDecodes('S2').decode(1, bytes({ n: 1 }), d.decode);
  t.deepEqual(sharedDecodes('S3').decode(1, bytes({ n: 2 }), d.decode), { ok: true, event: { n: 2 } });
  t.deepEqual(sharedDecodes('S2').decode(1, bytes({ n: 1 }), other.decode), { ok: true, event: { n: 1 } });
  t.deepEqual(sharedDecodes('S2').decode(1, bytes({ n: 3 }), d.decode), { ok: true, event: { n: 3 } }, 'same sequence, other bytes');
  t.is(d.calls(), 3);
  t.is(other.calls(), 1);
});

test('only the newest entries are kept: a consumer further behind decodes for itself', (t) => {
  const d = counting();
  const s = sharedDecodes('S4', 2);
  for (const seq of [1, 2, 3]) s.decode(seq, bytes({ n: seq }), d.decode);
  t.is(d.calls(), 3);
  s.decode(3, bytes({ n: 3 }), d.decode);
  s.decode(2, bytes({ n: 2 }), d.decode);
  t.is(d.calls(), 3, '2 and 3 were kept');
  t.deepEqual(s.decode(1, bytes({ n: 1 }), d.decode), { ok: true, event: { n: 1 } });
  t.is(d.calls(), 4, '1 had been evicted (capacity 2)');
});
