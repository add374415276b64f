/**
 * PredictIt stamps times in US Eastern time without a zone ("2026-01-31T13:10:26.3247098").
 * This turns such a wall-clock time into a UTC ISO string, DST included, using the ICU time
 * zone data Node ships with.
 */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/;

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** New York's offset from UTC at `instant`, in ms (-5 h in winter, -4 h in summer), from ICU (the oracle). */
export function newYorkOffsetFromIcu(instant: number): number {
  const parts = Object.fromEntries(formatter.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(instant / 1000) * 1000;
}

const HOUR_MS = 3_600_000;
/** From 1970 New York's offset is whole hours and changes only at 02:00 local time: on a UTC hour boundary. */
const WHOLE_HOURS_FROM = 0;
const offsetByHour = new Map<number, number>();
const OFFSETS_KEPT = 100_000;

/**
 * newYorkOffsetFromIcu, asked once per UTC hour: the ICU call (formatToParts and its parts) was ~1.5% of the
 * processor workers' time, every PredictIt date paying two.
 */
function newYorkOffsetMs(instant: number): number {
  if (!(instant >= WHOLE_HOURS_FROM)) return newYorkOffsetFromIcu(instant);
  const hour = Math.floor(instant / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = newYorkOffsetFromIcu(hour * HOUR_MS);
    if (offsetByHour.size >= OFFSETS_KEPT) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

export function easternWallClockToIso(text: string): string | null {
  const m = WALL_CLOCK.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac] = m;
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0;
  const asIfUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0), ms);
  if (!Number.isFinite(asIfUtc)) return null;
  // Second pass settles instants near a DST switch, where the first guess used the other offset.
  const firstGuess = asIfUtc - newYorkOffsetMs(asIfUtc);
  const utc = asIfUtc - newYorkOffsetMs(firstGuess);
  return new Date(utc).toISOString();
}

/** PredictIt's US-style contract end: "02/04/2026 11:00:00 AM (ET)" (month first, 12-hour clock). */
const US_STYLE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)(?:\s*\((?:ET|EST|EDT)\))?$/i;

/**
 * A PredictIt date in either form it sends (ISO wall clock or US style), read as US Eastern time;
 * null when it is neither (the caller keeps end_time unknown rather than guess).
 */
export function easternTimeToIso(text: string): string | null {
  const us = US_STYLE.exec(text.trim());
  if (!us) return easternWallClockToIso(text);
  const [, mo, d, y, h, mi, s, meridiem] = us;
  const hour12 = Number(h);
  if (hour12 < 1 || hour12 > 12 || Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31) return null;
  const hour = (hour12 % 12) + (meridiem?.toUpperCase() === 'PM' ? 12 : 0);
  const pad = (n: number | string) => String(n).padStart(2, '0');
  return easternWallClockToIso(`${y}-${pad(mo ?? '')}-${pad(d ?? '')}T${pad(hour)}:${mi}:${s ?? '00'}`);
}
