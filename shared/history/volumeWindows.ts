import { DAY, HOUR } from './series.ts';

/**
 * Window volumes (24h, 7d, 30d, all) from a market's own volume snapshots, relative to its latest snapshot
 * (never the wall clock, so a replay computes the same numbers).
 *
 * Basis per market, from what its venue reports:
 *   - lifetime:    the venue reports lifetime volume V. Window volume = V(latest) − V(latest − window), where
 *                  V(x) is the last kept snapshot at or before x. Exact up to the ledger's bucket size.
 *   - rolling_24h: only a 24-hour volume is reported. Window volume = the rolling sum of the 24-hour volumes
 *                  sampled at latest, latest − 24 h, latest − 48 h, ... (7 samples for 7d, 30 for 30d).
 *   - none:        no volume at all (PredictIt): every window is null, never 0.
 * The 24h window is the venue's own 24-hour figure whenever it reports one.
 *
 * Warm-up: a window is `complete` when the snapshots reach back to its start, or when the market was created
 * inside the window (everything it ever traded then lies inside). Until then the value is a lower bound: the
 * volume since the first snapshot Concord kept.
 */

export type VolumeBasis = 'lifetime' | 'rolling_24h' | 'none';
export const WINDOW_NAMES = ['24h', '7d', '30d'] as const;
export type WindowName = (typeof WINDOW_NAMES)[number];
export const WINDOW_SECONDS: Readonly<Record<WindowName, number>> = { '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY };

export interface WindowVolume {
  readonly volume: number | null;
  readonly complete: boolean;
}

/** One kept snapshot: observation time (unix seconds) and the basis value (lifetime or 24-hour volume). */
export type VolumeSnapshot = readonly [t: number, v: number];

/** Kept resolution by age: hourly closes for 26 h, 3-hourly to 8 days, 12-hourly to 31 days, nothing older. */
const LEDGER_TIERS: ReadonlyArray<{ readonly bucket: number; readonly maxAge: number }> = [
  { bucket: HOUR, maxAge: 26 * HOUR },
  { bucket: 3 * HOUR, maxAge: 8 * DAY },
  { bucket: 12 * HOUR, maxAge: 31 * DAY },
];
/** Most snapshots a ledger keeps: 27 hourly (0-26 h), 56 three-hourly (26 h-8 d), 46 twelve-hourly (8-31 d), boundaries. */
export const LEDGER_SNAPSHOTS_MAX = 26 + 1 + 56 + 1 + 46 + 1;

export interface VolumeLedger {
  readonly basis: VolumeBasis;
  /** Ascending snapshots of the basis value. */
  readonly snapshots: readonly VolumeSnapshot[];
}

export function basisOf(volume24h: number | null, volumeTotal: number | null): VolumeBasis {
  if (volumeTotal !== null) return 'lifetime';
  if (volume24h !== null) return 'rolling_24h';
  return 'none';
}

const roundCents = (x: number) => Math.round(x * 100) / 100;

/**
 * Keeps one snapshot per (tier, bucket), in place: `snapshots` is recordVolume's own fresh array, and what it keeps
 * is a prefix of it (each kept snapshot lands at or before where it was read), so the ledger a document holds is
 * that array, allocated once at its size rather than grown by push (V8 grows an array from 0 to 17 slots) and copied.
 */
function compactLedgerInPlace(snapshots: VolumeSnapshot[], latest: number): VolumeSnapshot[] {
  // The (tier, bucket) of the last snapshot kept: a snapshot in the same one replaces it.
  let lastTier = -1;
  let lastBucket = 0;
  let n = 0;
  for (let i = 0; i < snapshots.length; i++) {
    const s = snapshots[i] as VolumeSnapshot;
    const age = latest - s[0];
    let tier = 0;
    while (tier < LEDGER_TIERS.length && age > (LEDGER_TIERS[tier] as { maxAge: number }).maxAge) tier++;
    if (tier === LEDGER_TIERS.length) continue;
    const bucket = Math.floor(s[0] / (LEDGER_TIERS[tier] as { bucket: number }).bucket);
    if (tier === lastTier && bucket === lastBucket) snapshots[n - 1] = s;
    else snapshots[n++] = s;
    lastTier = tier;
    lastBucket = bucket;
  }
  snapshots.length = n;
  return snapshots;
}

/**
 * Records a snapshot. A change of basis (a venue starting or stopping to report lifetime volume) restarts the
 * ledger, since the two bases are not comparable.
 */
export function recordVolume(ledger: VolumeLedger | null, t: number, volume24h: number | null, volumeTotal: number | null): VolumeLedger {
  const basis = basisOf(volume24h, volumeTotal);
  if (basis === 'none') return { basis, snapshots: [] };
  const value = roundCents(basis === 'lifetime' ? (volumeTotal as number) : (volume24h as number));
  const previous = ledger && ledger.basis === basis ? ledger.snapshots : [];
  const latest = previous.length > 0 ? Math.max(t, (previous[previous.length - 1] as VolumeSnapshot)[0]) : t;
  // The previous snapshots but one at time t, with [t, value] inserted after the last one not later than t: one
  // array of its final capacity, compacted in place (a filter, a splice and a compacted copy made three, each grown).
  const merged = new Array<VolumeSnapshot>(previous.length + 1);
  let n = 0;
  for (let j = 0; j < previous.length; j++) {
    const s = previous[j] as VolumeSnapshot;
    if (s[0] !== t) merged[n++] = s;
  }
  let i = n;
  while (i > 0 && (merged[i - 1] as VolumeSnapshot)[0] > t) {
    merged[i] = merged[i - 1] as VolumeSnapshot;
    i--;
  }
  merged[i] = [t, value];
  merged.length = n + 1;
  return { basis, snapshots: compactLedgerInPlace(merged, latest) };
}

/** The last snapshot at or before `at`, or undefined. */
function atOrBefore(snapshots: readonly VolumeSnapshot[], at: number): VolumeSnapshot | undefined {
  let found: VolumeSnapshot | undefined;
  for (const s of snapshots) {
    if (s[0] > at) break;
    found = s;
  }
  return found;
}

export interface WindowInputs {
  readonly ledger: VolumeLedger;
  /** The venue's own 24-hour volume in the latest snapshot, when it reports one. */
  readonly volume24h: number | null;
  /** Creation time on the venue (unix seconds), when known. */
  readonly createdAt: number | null;
}

/** Volume traded in (end − seconds, end], from the ledger alone. */
export function ledgerWindow(inputs: WindowInputs, end: number, seconds: number): WindowVolume {
  const { ledger, createdAt } = inputs;
  const snaps = ledger.snapshots;
  if (ledger.basis === 'none' || snaps.length === 0) return { volume: null, complete: false };
  const start = end - seconds;
  const bornInside = createdAt !== null && createdAt >= start;
  if (ledger.basis === 'lifetime') {
    const last = atOrBefore(snaps, end);
    if (!last) return { volume: null, complete: false };
    const first = atOrBefore(snaps, start);
    if (first) return { volume: roundCents(Math.max(0, last[1] - first[1])), complete: true };
    if (bornInside) return { volume: last[1], complete: true };
    return { volume: roundCents(Math.max(0, last[1] - (snaps[0] as VolumeSnapshot)[1])), complete: false };
  }
  // rolling_24h: one sample per 24 hours, each the 24-hour volume seen within the day before the sample time.
  let sum = 0;
  let complete = true;
  for (let at = end; at > start; at -= DAY) {
    const s = atOrBefore(snaps, at);
    if (s && s[0] > at - DAY) sum += s[1];
    else if (!(createdAt !== null && createdAt >= at - DAY)) complete = false;
  }
  return { volume: roundCents(sum), complete };
}

export interface MarketWindows {
  readonly basis: VolumeBasis;
  readonly '24h': WindowVolume;
  readonly '7d': WindowVolume;
  readonly '30d': WindowVolume;
  /** The 24 hours before the last 24 hours (for trending: did volume rise?). */
  readonly previous_24h: WindowVolume;
}

/** Every window as of the ledger's latest snapshot. */
export function marketWindows(inputs: WindowInputs): MarketWindows {
  const snaps = inputs.ledger.snapshots;
  const latest = snaps.length > 0 ? (snaps[snaps.length - 1] as VolumeSnapshot)[0] : 0;
  const day = inputs.volume24h !== null ? { volume: inputs.volume24h, complete: true } : ledgerWindow(inputs, latest, DAY);
  return {
    basis: inputs.ledger.basis,
    '24h': day,
    '7d': atLeastDay(ledgerWindow(inputs, latest, WINDOW_SECONDS['7d']), day),
    '30d': atLeastDay(ledgerWindow(inputs, latest, WINDOW_SECONDS['30d']), day),
    previous_24h: ledgerWindow(inputs, latest - DAY, DAY),
  };
}

/**
 * A longer window holds the last 24 hours: a venue's own 24-hour figure is a floor under a 7d or 30d difference of
 * lifetime volumes that has not seen that trading yet (warm-up, or a venue whose lifetime total lags its 24h one).
 * At module level rather than a closure in marketWindows: tsx (esbuild keepNames) names a nested function each time
 * it is made, a defineProperty per market snapshot.
 */
function atLeastDay(w: WindowVolume, day: WindowVolume): WindowVolume {
  return w.volume !== null && day.volume !== null && w.volume < day.volume ? { volume: day.volume, complete: w.complete } : w;
}

/** Stored form of a ledger (times as deltas, like price series). */
export interface EncodedLedger {
  readonly b: VolumeBasis;
  readonly t: readonly number[];
  readonly v: readonly number[];
}

/**
 * The ledger an encoding made in this process was made from, under a symbol key of the encoding itself. A document
 * held in memory (a rebuild holds its documents across batches) hands its own encoding back on the next snapshot:
 * decoding it again would only rebuild the same ledger. Ledgers are never mutated, so sharing one is safe; a parsed
 * document has no such key. A symbol key is invisible to JSON.stringify (the store, the API), for-in, Object.keys
 * and structured clones; it replaced a WeakMap, whose entry cost a few hundred ns per version in a rebuild.
 */
const MADE_FROM: unique symbol = Symbol('ledger this encoding was made from');

export function encodeLedger(l: VolumeLedger): EncodedLedger {
  // Allocated at their length (a rebuild holds every version's encoding), as encodePoints does.
  const snaps = l.snapshots;
  const t = new Array<number>(snaps.length);
  const v = new Array<number>(snaps.length);
  let prev = 0;
  for (let i = 0; i < snaps.length; i++) {
    const [time, value] = snaps[i] as VolumeSnapshot;
    t[i] = time - prev;
    v[i] = value;
    prev = time;
  }
  return { b: l.basis, t, v, [MADE_FROM]: l } as EncodedLedger;
}

export function decodeLedger(e: EncodedLedger | undefined): VolumeLedger | null {
  if (!e) return null;
  const known = (e as { readonly [MADE_FROM]?: VolumeLedger })[MADE_FROM];
  if (known) return known;
  let time = 0;
  const snapshots: VolumeSnapshot[] = e.t.map((dt, i) => {
    time += dt;
    return [time, e.v[i] as number];
  });
  return { basis: e.b, snapshots };
}
