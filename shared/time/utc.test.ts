import test from 'ava';
import { parseDate } from './utc.ts';

const same = (a: number, b: number): boolean => a === b || (Number.isNaN(a) && Number.isNaN(b));

test('parseDate equals Date.parse on toISOString text: every day of 1968-2032 at several times, and a spread of years 0-9999', (t) => {
  let checked = 0;
  const check = (ms: number) => {
    const text = new Date(ms).toISOString();
    if (text.length !== 24) return;
    t.is(parseDate(text), Date.parse(text), text);
    checked++;
  };
  for (let ms = Date.UTC(1968, 0, 1); ms < Date.UTC(2033, 0, 1); ms += 86_400_000) {
    check(ms);
    check(ms + 86_399_999);
    check(ms + 12 * 3_600_000 + 34 * 60_000 + 56_789);
  }
  for (let year = 0; year <= 9999; year += 7) {
    for (const month of [0, 1, 2, 11]) {
      const d = new Date(0);
      d.setUTCFullYear(year, month, 28);
      d.setUTCHours(23, 59, 59, 999);
      check(d.getTime());
      check(d.getTime() - 86_399_999);
    }
  }
  t.true(checked > 70_000);
});

test('parseDate hands every other form to Date.parse, and agrees with it on each', (t) => {
  const texts = [
    '2026-03-01T12:00:00Z',
    '2026-03-01T12:00:00.000+00:00',
    '2026-03-01T12:00:00.000z',
    '2026-03-01',
    '2026-03-01T12:00',
    '2026-02-29T00:00:00.000Z',
    '2024-02-29T00:00:00.000Z',
    '2026-04-31T00:00:00.000Z',
    '2026-01-31T23:59:59.999Z',
    '2026-03-01T24:00:00.000Z',
    '2026-03-01T23:60:00.000Z',
    '2026-03-01T23:59:60.000Z',
    '2026-13-01T00:00:00.000Z',
    '2026-00-01T00:00:00.000Z',
    '2026-03-00T00:00:00.000Z',
    '2026-03-0xT00:00:00.000Z',
    '2026-03-01T12:00:00.0a0Z',
    ' 026-03-01T12:00:00.000Z',
    '+2026-03-01T12:00:00.000Z',
    '-000001-01-01T00:00:00.000Z',
    '+275760-09-13T00:00:00.000Z',
    '2026/03/01T12:00:00.000Z',
    'Sun, 01 Mar 2026 12:00:00 GMT',
    'not a date at all, 24 chars',
    '',
  ];
  for (const text of texts) t.true(same(parseDate(text), Date.parse(text)), text);
});
