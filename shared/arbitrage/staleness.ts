import type { ScanClock, ScanMember } from './types.ts';

const ms = (iso: string | null | undefined): number => (iso ? Date.parse(iso) : Number.NaN);

/**
 * How old a leg's quote is (docs/arbitrage.md, "Staleness"), in ms, never negative.
 * - A venue-stamped quote (PredictIt's timeStamp, a book's own timestamp) is aged against the venue's
 *   reference time: the scan's wall clock when live; in recorded mode the newest stamp in that venue's
 *   recording, so a recording is judged as of when it was made.
 * - A quote stamped with our fetch time is confirmed by every later successful fetch of its venue
 *   (unchanged items are not re-published), so it is as old as the venue's last success, aged against
 *   the wall clock in both modes.
 */
export function quoteAgeMs(member: ScanMember, fromBook: boolean, clock: ScanClock): number {
  const now = ms(clock.now);
  const reference = ms(clock.reference[member.platform_slug] ?? clock.now);
  let age: number;
  if (fromBook && member.book) {
    age = (member.book.stamped ? reference : now) - ms(member.book.quoted_at);
  } else if (member.quoted_at !== member.fetched_at) {
    age = reference - ms(member.quoted_at);
  } else {
    const success = ms(member.venue.last_success_at);
    const confirmed = Number.isFinite(success) ? Math.max(ms(member.quoted_at), success) : ms(member.quoted_at);
    age = now - confirmed;
  }
  return Number.isFinite(age) ? Math.max(0, age) : Number.POSITIVE_INFINITY;
}

/** Stale: the quote is older than the bound, or the venue's latest fetch failed. */
export function isStale(member: ScanMember, fromBook: boolean, clock: ScanClock): boolean {
  return member.venue.failing || quoteAgeMs(member, fromBook, clock) > clock.staleAfterMs;
}
