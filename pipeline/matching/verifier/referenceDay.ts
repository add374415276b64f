/**
 * The day the verifier reads a pair on. Some questions are one question only from a given day on: "in 2027"
 * and "before 2028" agree once 2027 has begun, and differ before it (the rest of this year counts for one of
 * them). The wall clock's UTC day by default; a test or a replay of a past comparison pins it.
 */
let pinned: string | null = null;

/** YYYY-MM-DD. */
export function referenceDay(): string {
  return pinned ?? new Date().toISOString().slice(0, 10);
}

/** Reads every later pair as of `day` (YYYY-MM-DD); null goes back to the wall clock. */
export function pinReferenceDay(day: string | null): void {
  if (day !== null && !/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`reference day must be YYYY-MM-DD, got ${day}`);
  pinned = day;
}
