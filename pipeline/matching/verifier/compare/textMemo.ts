/**
 * A memo for a pure function of a market's text. The linker compares one market with ~20 candidates and
 * every indexed market meets many newcomers, so the same text went through the same regular expressions
 * over and over (a fifth of a comparison's time in a profile). Results are shared: callers only read them.
 */
const MAX_ENTRIES = 20_000;

export function perText<T>(fn: (text: string) => T): (text: string) => T {
  let memo = new Map<string, T>();
  return (text) => {
    const hit = memo.get(text);
    if (hit !== undefined || memo.has(text)) return hit as T;
    const value = fn(text);
    // Dropping everything at the bound is cheaper than keeping an LRU order, and the working set refills quickly.
    if (memo.size >= MAX_ENTRIES) memo = new Map();
    memo.set(text, value);
    return value;
  };
}
