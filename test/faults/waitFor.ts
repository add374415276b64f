/** Polls `fn` until it returns a value (not undefined), bounded by `timeoutMs`: waits on conditions, never fixed sleeps. */
export async function waitFor<T>(fn: () => Promise<T | undefined>, timeoutMs: number, what: string, everyMs = 300): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${last instanceof Error ? last.message : String(last)})` : ''}`);
}
