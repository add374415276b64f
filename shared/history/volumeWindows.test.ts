import test from 'ava';
import { DAY, HOUR } from './series.ts';
import { ledgerWindow, marketWindows, recordVolume, decodeLedger, encodeLedger, LEDGER_SNAPSHOTS_MAX, type VolumeLedger } from './volumeWindows.ts';

/** A time on a 12-hour boundary, so the ledger's buckets line up with the script (41667 * 43200). */
const T0 = 41_667 * 12 * HOUR;

function script(snapshots: ReadonlyArray<readonly [t: number, v24: number | null, vt: number | null]>): VolumeLedger {
  let ledger: VolumeLedger | null = null;
  for (const [t, v24, vt] of snapshots) ledger = recordVolume(ledger, t, v24, vt);
  return ledger as VolumeLedger;
}

// Lifetime-only venue (Limitless): lifetime volume 1000 + 100k at T0 + 6h*k, k = 0..40 (10 days).
const lifetime = script(Array.from({ length: 41 }, (_, k) => [T0 + 6 * HOUR * k, null, 1000 + 100 * k] as const));
const L = T0 + 240 * HOUR;

test('lifetime-only volume: windows are differences of the lifetime volume (hand-computed)', (t) => {
  const w = marketWindows({ ledger: lifetime, volume24h: null, createdAt: null });
  t.is(w.basis, 'lifetime');
  // 24h: V(L) - V(L - 24h) = 5000 - V(k=36) = 5000 - 4600.
  t.deepEqual(w['24h'], { volume: 400, complete: true });
  // 7d: V(L - 168h) = V(k=12) = 2200, kept at 3-hour resolution.
  t.deepEqual(w['7d'], { volume: 2800, complete: true });
  // 30d: snapshots start 10 days back: warm-up. k=0 and k=1 share a 12-hour bucket, whose close (k=1, 1100) is kept.
  t.deepEqual(w['30d'], { volume: 3900, complete: false });
  // The 24 hours before: V(k=36) - V(k=32) = 4600 - 4200.
  t.deepEqual(w.previous_24h, { volume: 400, complete: true });
});

test('lifetime-only volume: a market created inside the window has all its volume in it (complete during warm-up)', (t) => {
  const w = marketWindows({ ledger: lifetime, volume24h: null, createdAt: T0 - HOUR });
  t.deepEqual(w['30d'], { volume: 5000, complete: true });
  t.deepEqual(ledgerWindow({ ledger: lifetime, volume24h: null, createdAt: null }, L, 30 * DAY), { volume: 3900, complete: false });
});

test('a venue 24-hour figure is used as is for 24h; 7d and 30d still come from lifetime differences', (t) => {
  const both = script(Array.from({ length: 41 }, (_, k) => [T0 + 6 * HOUR * k, 77, 1000 + 100 * k] as const));
  const w = marketWindows({ ledger: both, volume24h: 77, createdAt: null });
  t.deepEqual(w['24h'], { volume: 77, complete: true });
  t.deepEqual(w['7d'], { volume: 2800, complete: true });
});

test('a 7d or 30d window is never below the venue\'s own 24-hour volume it contains', (t) => {
  // Predict.fun-like: 24h volume 120,400.5 reported, lifetime total flat over the two snapshots seen so far.
  const flat = script([[T0, 120_400.5, 500_000], [T0 + 6 * HOUR, 120_400.5, 500_000]]);
  const w = marketWindows({ ledger: flat, volume24h: 120_400.5, createdAt: null });
  t.deepEqual(w['24h'], { volume: 120_400.5, complete: true });
  t.deepEqual(w['7d'], { volume: 120_400.5, complete: false }, 'the floor, still marked as warming up');
  t.deepEqual(w['30d'], { volume: 120_400.5, complete: false });
});

// 24-hour-only venue (Drift): 24-hour volume 100(k+1) at T0 + 12h*k, k = 0..16 (8 days).
const rolling = script(Array.from({ length: 17 }, (_, k) => [T0 + 12 * HOUR * k, 100 * (k + 1), null] as const));

test('24-hour-only volume: 7d and 30d are rolling sums of daily samples (hand-computed)', (t) => {
  const w = marketWindows({ ledger: rolling, volume24h: 1700, createdAt: null });
  t.is(w.basis, 'rolling_24h');
  t.deepEqual(w['24h'], { volume: 1700, complete: true });
  // Samples at L, L-24h, ..., L-144h are k = 16, 14, ..., 4: 1700+1500+1300+1100+900+700+500.
  t.deepEqual(w['7d'], { volume: 7700, complete: true });
  // 30 samples wanted; 9 exist (k = 16 ... 0): 8100 so far, still warming up.
  t.deepEqual(w['30d'], { volume: 8100, complete: false });
  t.deepEqual(w.previous_24h, { volume: 1500, complete: true });
});

test('no reported volume gives null windows, never 0', (t) => {
  const none = script([[T0, null, null]]);
  const w = marketWindows({ ledger: none, volume24h: null, createdAt: null });
  t.deepEqual(w['7d'], { volume: null, complete: false });
  t.deepEqual(w['24h'], { volume: null, complete: false });
});

test('a falling lifetime volume (venue correction) never gives a negative window', (t) => {
  const ledger = script([
    [T0, null, 500],
    [T0 + DAY, null, 450],
  ]);
  t.deepEqual(ledgerWindow({ ledger, volume24h: null, createdAt: null }, T0 + DAY, DAY), { volume: 0, complete: true });
});

test('switching basis restarts the ledger, and the ledger stays bounded', (t) => {
  const switched = recordVolume(lifetime, L + HOUR, 50, null);
  t.is(switched.basis, 'rolling_24h');
  t.is(switched.snapshots.length, 1);
  const long = script(Array.from({ length: 24 * 60 }, (_, h) => [T0 + h * HOUR, null, h] as const));
  t.true(long.snapshots.length <= LEDGER_SNAPSHOTS_MAX, `${long.snapshots.length} snapshots`);
  t.deepEqual(decodeLedger(encodeLedger(long)), long);
});
