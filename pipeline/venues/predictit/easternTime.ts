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

/** New York's offset from UTC at `instant`, in ms (-5 h in winter, -4 h in summer). */
function newYorkOffsetMs(instant: number): number {
  const parts = Object.fromEntries(formatter.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(instant / 1000) * 1000;
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
