import test from 'ava';
import {
  addObservation,
  DAILY_POINTS_MAX,
  DAY,
  decodePoints,
  decodePointsShared,
  downsample,
  encodePoints,
  HOUR,
  mergeBackfill,
  resample,
  SERIES_POINTS_MAX,
  type Point,
  type SeriesState,
} from './series.ts';

/** A time on a day boundary (1_800_000_000 is 20833.33 days; 20834 days is 1_800_057_600). */
const T0 = 20_834 * DAY;
const feed = (obs: ReadonlyArray<readonly [number, number]>): SeriesState =>
  obs.reduce<SeriesState>((s, [t, p]) => addObservation(s, t, p), { latest: null, points: [] });

test('one-minute observations keep one point per 5-minute bucket: the last one seen in it', (t) => {
  const obs = Array.from({ length: 20 }, (_, k) => [T0 + 60 * k, k / 100] as const);
  const s = feed(obs);
  t.deepEqual(s.points, [
    [T0 + 240, 0.04],
    [T0 + 540, 0.09],
    [T0 + 840, 0.14],
    [T0 + 1140, 0.19],
  ]);
  t.is(s.latest, T0 + 1140);
});

test('points older than 7 days fold into hourly closes, older than 90 days into daily closes', (t) => {
  const first = feed(Array.from({ length: 20 }, (_, k) => [T0 + 60 * k, k / 100] as const));
  const week = addObservation(first, T0 + 8 * DAY, 0.5);
  t.deepEqual(week.points, [
    [T0 + 1140, 0.19],
    [T0 + 8 * DAY, 0.5],
  ], 'the four 5-minute points of the first hour are now that hour\'s close');
  // Two hourly points of day 0 (hours 0 and 5) become one daily point once older than 90 days.
  const hourly = addObservation(week, T0 + 5 * HOUR, 0.3);
  t.is(hourly.points.length, 3);
  const quarter = addObservation(hourly, T0 + 91 * DAY, 0.7);
  t.deepEqual(quarter.points, [
    [T0 + 5 * HOUR, 0.3],
    [T0 + 8 * DAY, 0.5],
    [T0 + 91 * DAY, 0.7],
  ]);
});

test('daily points beyond 90 days are capped at DAILY_POINTS_MAX, oldest dropped', (t) => {
  const points: Point[] = Array.from({ length: 1200 }, (_, d) => [T0 + d * DAY, 0.5]);
  const out = downsample(points, T0 + 1199 * DAY);
  // Ages 0-7 days: days 1192-1199 (8 points); 7-90 days: days 1109-1191 (83); older: days 0-1108 (1109) -> 1000.
  t.is(DAILY_POINTS_MAX, 1000);
  t.is(out.length, 8 + 83 + 1000);
  t.is(out[0]?.[0], T0 + 109 * DAY);
});

test('a year of 5-minute observations stays within the documented bound', (t) => {
  const end = T0 + 400 * DAY;
  const points: Point[] = [];
  for (let time = T0; time <= end; time += 300) points.push([time, 0.42]);
  const out = downsample(points, end);
  // 7 days of 5-minute points (2017 with the boundary), 83 days hourly (1992 + boundary), 310 daily.
  t.true(out.length <= SERIES_POINTS_MAX);
  t.is(out.length, 2017 + 1992 + 310);
});

test('an observation that lands late does not replace the later close of its bucket, and repeats change nothing', (t) => {
  const s = feed([
    [T0 + 120, 0.2],
    [T0 + 60, 0.1],
  ]);
  t.deepEqual(s.points, [[T0 + 120, 0.2]]);
  const again = addObservation(s, T0 + 120, 0.2);
  t.is(again, s, 'same state object: callers skip the write');
  t.is(addObservation(s, T0 + 200, 0.2), s, 'the same price later in the same 5-minute bucket adds nothing to a step series');
  t.deepEqual(addObservation(s, T0 + 300, 0.2).points, [[T0 + 120, 0.2], [T0 + 300, 0.2]], 'a new bucket gets its own point');
  t.deepEqual(addObservation(s, T0 + 120, 0.25).points, [[T0 + 120, 0.25]], 'a corrected price at the same time replaces it');
});

test('prices are kept to 4 decimal places', (t) => {
  t.deepEqual(feed([[T0, 0.123456]]).points, [[T0, 0.1235]]);
});

test('resampling is a step function: the last price at or before each time, null before the first', (t) => {
  const points: Point[] = [
    [100, 0.1],
    [250, 0.2],
    [400, 0.3],
  ];
  t.deepEqual(resample(points, 500, 100, 5), [0.1, 0.1, 0.2, 0.3, 0.3]);
  t.deepEqual(resample(points, 300, 100, 4), [null, 0.1, 0.1, 0.2]);
  t.deepEqual(resample([], 300, 100, 2), [null, null]);
});

test('backfill fills the time before the first live point and never overrides live points', (t) => {
  const merged = mergeBackfill(
    [
      [T0, 0.1],
      [T0 + 3600, 0.2],
      [T0 + 7200, 0.3],
    ],
    [
      [T0 + 5400, 0.5],
      [T0 + 9000, 0.6],
    ],
  );
  t.deepEqual(merged, [
    [T0, 0.1],
    [T0 + 3600, 0.2],
    [T0 + 5400, 0.5],
    [T0 + 9000, 0.6],
  ]);
  t.deepEqual(mergeBackfill([], [[T0, 0.4]]), [[T0, 0.4]]);
});

test('the stored form round-trips and stores times as deltas', (t) => {
  const points: Point[] = [
    [T0, 0.1],
    [T0 + 300, 0.2],
    [T0 + 900, 0.25],
  ];
  const enc = encodePoints(points);
  // What is stored is the JSON text (the encoding also keeps its points under a symbol key, which JSON leaves out).
  t.is(JSON.stringify(enc), JSON.stringify({ t: [T0, 300, 600], p: [0.1, 0.2, 0.25] }));
  t.deepEqual(decodePoints(enc), points);
  t.deepEqual(decodePoints(JSON.parse(JSON.stringify(enc)) as typeof enc), points);
  t.is(decodePointsShared(enc), points, 'an encoding made here hands back the points it was made from');
});
