import test from 'ava';
import { ExactNeighbours, recallOf } from '../../bench/support/candidateRecall.ts';

const v = (...xs: number[]) => Float32Array.from(xs);

test("bench:linking's exact-scan oracle ranks by cosine, skips the query's venue, and counts recall with ties at the boundary", (t) => {
  const exact = new ExactNeighbours();
  exact.add('a', v(1, 0), 'x');
  exact.add('b', v(0, 2), 'y');
  exact.add('c', v(3, 3), 'y');
  exact.add('d', v(-1, 0), 'y');
  exact.add('e', v(0, 5), 'y'); // same direction as b: a tie
  const q = v(1, 0.1);
  const top = exact.top(q, 2, 'x');
  // cos(q, c) = 1.1 / (sqrt(2) * sqrt(1.01)) = 0.7740; cos(q, b) = cos(q, e) = 0.1 / sqrt(1.01) = 0.0995; a is venue x.
  t.deepEqual(top.map((n) => n.id).slice(0, 1), ['c']);
  t.true(['b', 'e'].includes(top[1]!.id));
  t.is(Math.round(top[0]!.score * 1e4) / 1e4, 0.774);
  t.is(Math.round(top[1]!.score * 1e4) / 1e4, 0.0995);
  const scored = (ids: string[]) => ids.map((id) => ({ id, score: exact.similarity(id, q) }));
  t.is(recallOf(scored(['c', 'd']), top, 2), 0.5, 'd is not among the two nearest');
  t.is(recallOf(scored(['e', 'c']), top, 2), 1, 'b and e tie at the boundary: either counts');
  t.is(recallOf(scored(['d']), top, 1), 0);
  t.is(exact.similarity('zz', q), Number.NEGATIVE_INFINITY);
});
