import test from 'ava';
import { addTotals, RISE_HOURS_KEPT, type PlatformTotalsDoc } from '../../projections/platformMetrics/apply.ts';
import type { TotalsDelta } from '../../projections/platformMetrics/marketContribution.ts';

const totals = (rises: Array<[number, number]>): PlatformTotalsDoc => ({
  _id: 'manifold',
  lastSeq: 1,
  latest_at: '2026-05-01T00:00:00.000Z',
  status: { open: 2 },
  all_vt: 0,
  all_vt_reporting: 0,
  open_v24: 0,
  open_v24_reporting: 0,
  open_vt: 0,
  open_vt_reporting: 0,
  open_liquidity: 0,
  open_liquidity_reporting: 0,
  open_lifetime_only_reporting: 0,
  rises,
});

const rise = (cents: number): TotalsDelta =>
  ({
    status: {},
    all_vt: 0,
    all_vt_reporting: 0,
    open_v24: 0,
    open_v24_reporting: 0,
    open_vt: 0,
    open_vt_reporting: 0,
    open_liquidity: 0,
    open_liquidity_reporting: 0,
    open_lifetime_only_reporting: 0,
    lifetime_only_rise: cents,
  }) as TotalsDelta;

const at = '2026-05-02T00:00:00.000Z';

test('a venue rise is added to its hour, a new hour is kept in order, and hours older than the kept window fall out', (t) => {
  t.is(RISE_HOURS_KEPT, 48);
  // Same hour: 7 + 3.
  t.deepEqual(addTotals(totals([[100, 5], [120, 7]]), rise(3), at, 120, 2).rises, [[100, 5], [120, 10]]);
  // An hour between two kept ones (a late snapshot) lands between them.
  t.deepEqual(addTotals(totals([[100, 5], [120, 7]]), rise(4), at, 110, 2).rises, [[100, 5], [110, 4], [120, 7]]);
  // Hour 160: the latest is 160, so hours up to 160 - 48 = 112 fall out (100 goes, 120 stays).
  t.deepEqual(addTotals(totals([[100, 5], [120, 7]]), rise(2), at, 160, 2).rises, [[120, 7], [160, 2]]);
  // No rise: nothing added, but the window still follows the event's hour (200 - 48 = 152: both go).
  t.deepEqual(addTotals(totals([[100, 5], [120, 7]]), rise(0), at, 200, 2).rises, []);
  // A late event's hour does not move the window back: the latest kept hour (120) rules, 72 > 120 - 48 is false.
  t.deepEqual(addTotals(totals([[100, 5], [120, 7]]), rise(9), at, 72, 2).rises, [[100, 5], [120, 7]]);
  t.deepEqual(addTotals(totals([[100, 5], [120, 7]]), rise(9), at, 73, 2).rises, [[73, 9], [100, 5], [120, 7]]);
});
