import test from 'ava';
import { DeadlineHeap } from '../../pipeline/scan/deadlineHeap.ts';

/** The heap the scan result cache finds due results with: checked against a sorted array. */

test('items come out earliest first, only those due, and compaction keeps exactly the live ones in order', (t) => {
  const heap = new DeadlineHeap<number>();
  // A fixed pseudo-random sequence (LCG), duplicates included.
  let x = 7;
  const times: number[] = [];
  for (let i = 0; i < 500; i++) {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    times.push(x % 1_000);
  }
  times.forEach((at, i) => heap.push(at, `k${i}`, i));
  const sorted = [...times].sort((a, b) => a - b);
  const firstPart = heap.popWhile((at) => at < 300);
  t.deepEqual(firstPart.map((i) => i.at), sorted.filter((at) => at < 300));
  t.is(heap.size, sorted.filter((at) => at >= 300).length);
  // Keep the items with an even token, then drain: the even ones at or after 300, in order.
  heap.compact((item) => item.token % 2 === 0);
  const rest = heap.popWhile(() => true);
  const expected = times.map((at, i) => ({ at, i })).filter((e) => e.at >= 300 && e.i % 2 === 0).map((e) => e.at).sort((a, b) => a - b);
  t.deepEqual(rest.map((i) => i.at), expected);
  t.is(heap.size, 0);
});
