import test from 'ava';
import { easternTimeToIso, easternWallClockToIso } from './easternTime.ts';

// New York is UTC-5 in winter (EST) and UTC-4 in summer (EDT); in 2026 summer time runs from 2026-03-08 02:00
// to 2026-11-01 02:00 local. The offset is looked up once per UTC hour: these cases sit on both sides of each
// switch within the same UTC day, in an order where a lookup cached for too long a span would answer wrong.
test('wall-clock Eastern times around both 2026 switches, in one UTC day each', (t) => {
  const cases: Array<[string, string]> = [
    ['2026-03-08T00:15:00', '2026-03-08T05:15:00.000Z'],
    ['2026-03-08T01:59:59', '2026-03-08T06:59:59.000Z'],
    ['2026-03-08T03:00:00', '2026-03-08T07:00:00.000Z'],
    ['2026-03-08T18:00:00', '2026-03-08T22:00:00.000Z'],
    ['2026-11-01T00:30:00', '2026-11-01T04:30:00.000Z'],
    ['2026-11-01T02:30:00', '2026-11-01T07:30:00.000Z'],
    ['2026-11-01T18:00:00', '2026-11-01T23:00:00.000Z'],
    ['2026-01-31T13:10:26.3247098', '2026-01-31T18:10:26.324Z'],
    ['2026-07-04T12:00', '2026-07-04T16:00:00.000Z'],
    ['1900-06-01T12:00:00', '1900-06-01T17:00:00.000Z'],
  ];
  for (const [wall, utc] of cases) t.is(easternWallClockToIso(wall), utc, wall);
  t.is(easternTimeToIso('11/01/2026 01:00:00 PM (ET)'), '2026-11-01T18:00:00.000Z');
  t.is(easternWallClockToIso('not a time'), null);
});
