import test from 'ava';
import { addPoint, priceAt, type RecentPricesDoc } from '../../projections/recentPrices/projection.ts';

const H = 3_600_000;
const T0 = Date.parse('2026-05-01T00:00:00.000Z');

function build(points: Array<[number, number]>): RecentPricesDoc {
  let doc: RecentPricesDoc | null = null;
  for (const [t, p] of points) doc = addPoint(doc, 'm', t, p);
  return doc as RecentPricesDoc;
}

test('the price 24 hours ago is the last one observed at or before that moment', (t) => {
  const doc = build([
    [T0, 0.4],
    [T0 + 2 * H, 0.45],
    [T0 + 20 * H, 0.5],
    [T0 + 26 * H, 0.62],
  ]);
  // 24 h before T0+26h is T0+2h: 0.45 was observed exactly then.
  t.is(priceAt(doc, T0 + 2 * H), 0.45);
  // 24 h before T0+27h is T0+3h: still 0.45 (nothing newer until T0+20h).
  t.is(priceAt(doc, T0 + 3 * H), 0.45);
  t.is(priceAt(doc, T0 + 21 * H), 0.5);
});

test('before the first observation the price is unknown, not the first price', (t) => {
  const doc = build([[T0, 0.4]]);
  t.is(priceAt(doc, T0 - 1), null);
  t.is(priceAt(null, T0), null);
});

test('one point per 15-minute bucket (its last observation), and only the window plus the price that opened it are kept', (t) => {
  const doc = build([
    [T0, 0.1],
    [T0 + 60_000, 0.2],
    [T0 + 14 * 60_000, 0.3],
  ]);
  t.deepEqual(doc.points, [[T0 + 14 * 60_000, 0.3]]);
  t.is(doc.first_at, T0);

  const long = build([
    [T0, 0.1],
    [T0 + H, 0.2],
    [T0 + 2 * H, 0.3],
    [T0 + 27 * H, 0.4],
  ]);
  // Window: after T0+2h (25 h before T0+27h). T0+2h is the price that opened it; T0 and T0+1h go.
  t.deepEqual(long.points, [
    [T0 + 2 * H, 0.3],
    [T0 + 27 * H, 0.4],
  ]);
  t.is(priceAt(long, T0 + 3 * H), 0.3, 'every moment inside the window has its price');
});

test('a late, older observation only fills its own bucket and never replaces a newer one', (t) => {
  const doc = build([
    [T0 + 10 * 60_000, 0.5],
    [T0 + 5 * 60_000, 0.9],
    [T0 - H, 0.3],
  ]);
  t.deepEqual(doc.points, [
    [T0 - H, 0.3],
    [T0 + 10 * 60_000, 0.5],
  ]);
  t.is(doc.first_at, T0 - H);
});

test('a bounded document: a week of observations every 5 minutes keeps at most 101 points', (t) => {
  let doc: RecentPricesDoc | null = null;
  for (let i = 0; i < 7 * 24 * 12; i++) doc = addPoint(doc, 'm', T0 + i * 5 * 60_000, (i % 100) / 100);
  t.is((doc as RecentPricesDoc).points.length, 101);
});
