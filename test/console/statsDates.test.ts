import test from 'ava';
import { periodRange, periodStart, shiftPeriod } from '../../projections/usage/periods.ts';
import { parseIsoInstant, utcMs } from '../../shared/time/utc.ts';
import { startApi, register, createKey, type TestApi } from '../auth/harness.ts';

let api: TestApi;
let session: { access: string };
let keyId: string;
test.before(async () => {
  api = await startApi();
  session = await register(api, 'stats-dates@example.com');
  keyId = (await createKey(api, session.access)).id;
});
test.after.always(async () => {
  await api.close();
});

const iso = (ms: number) => new Date(ms).toISOString();

test('periods in years 0-99 stay in those years (Date.UTC would move them to the 1900s)', (t) => {
  const at = Date.parse('0050-03-15T13:45:00Z');
  t.is(iso(periodStart(at, 'hourly')), '0050-03-15T13:00:00.000Z');
  t.is(iso(periodStart(at, 'daily')), '0050-03-15T00:00:00.000Z');
  t.is(iso(periodStart(at, 'monthly')), '0050-03-01T00:00:00.000Z');
  t.is(iso(shiftPeriod(periodStart(at, 'monthly'), 'monthly', 10)), '0051-01-01T00:00:00.000Z');
  t.is(iso(shiftPeriod(periodStart(at, 'daily'), 'daily', -15)), '0050-02-28T00:00:00.000Z');
  t.is(iso(utcMs(1, 0, 1)), '0001-01-01T00:00:00.000Z');
  t.deepEqual(periodRange('monthly', 2, 0, Date.parse('2026-01-31T23:00:00Z')).map(iso), ['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z']);
});

test('ISO instants are read strictly: real calendar days only, no offset means UTC, offsets are applied', (t) => {
  t.is(parseIsoInstant('2026-03-01'), Date.parse('2026-03-01T00:00:00Z'));
  t.is(parseIsoInstant('2026-03-01T12:30:00'), Date.parse('2026-03-01T12:30:00Z'));
  t.is(parseIsoInstant('2026-03-01T12:30:00+02:00'), Date.parse('2026-03-01T10:30:00Z'));
  t.is(parseIsoInstant('2026-03-01T12:30:00.250Z'), Date.parse('2026-03-01T12:30:00.250Z'));
  t.is(parseIsoInstant('2024-02-29'), Date.parse('2024-02-29T00:00:00Z'));
  for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-03-01T24:00', '2026-03-01T12:60', 'yesterday', '+002026-03-01', '2026-3-1']) {
    t.is(parseIsoInstant(bad), null, bad);
  }
});

const stats = (query: string) => api.request('GET', `/api/v1/console/stats?api_key_id=${keyId}&${query}`, { bearer: session.access });

test('stats refuse a start before 2000-01-01 or from 2100 on with 400 naming the range', async (t) => {
  for (const start of ['0001-01-01', '1901-01-01', '1999-12-31T23:59:59Z', '2100-01-01', '9999-12-31']) {
    const reply = await stats(`start=${start}`);
    t.is(reply.status, 400, start);
    t.is(reply.body.status, 'INVALID_REQUEST');
    t.regex(reply.body.message, /'start': must be from 2000-01-01 up to \(not including\) 2100-01-01/, start);
  }
  const impossible = await stats('start=2026-02-30');
  t.is(impossible.status, 400);
  t.regex(impossible.body.message, /'start': must be an ISO 8601 date/);
});

test('stats from the floor start in 2000, and a start without an offset is read as UTC', async (t) => {
  const floor = await stats('start=2000-01-01&granularity=monthly&limit=2');
  t.is(floor.status, 200);
  t.deepEqual(floor.body.data.map((p: { period_start: string }) => p.period_start), ['2000-01-01T00:00:00.000Z', '2000-02-01T00:00:00.000Z']);
  const hourly = await stats('start=2026-03-01T23:30:00&granularity=hourly&limit=2');
  t.deepEqual(hourly.body.data.map((p: { period_start: string }) => p.period_start), ['2026-03-01T23:00:00.000Z', '2026-03-02T00:00:00.000Z']);
});
