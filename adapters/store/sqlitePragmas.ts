import type Database from 'better-sqlite3';

/** Bounded so ad-hoc query shapes cannot grow the cache without limit; the steady state is a few dozen shapes. */
export const STATEMENT_CACHE_MAX = 500;
/**
 * How long one statement waits for another connection's lock. better-sqlite3 is synchronous: the wait blocks
 * the event loop, so it is kept short enough for the API to stay responsive (the availability guard answers
 * 503 fast once the store is known locked) and long enough for the other writers we run (a replay batch, a
 * swap, the store's own writer thread) to finish.
 */
export const BUSY_TIMEOUT_MS = 2_000;
/** Page cache per connection, KiB (SQLite's default is 2,000). */
export const PAGE_CACHE_KIB = 65_536;

/** The settings every connection of the store opens with: the store's own and its writer thread's. */
export function openPragmas(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // A statement that can fire triggers (a text-indexed collection's) keeps a statement journal: the page
  // images it needs to undo itself alone. SQLite spills that journal to a temporary file once it passes
  // 64 KiB, which one document update with the markets' 15 indexes does, so every such write paid ~40
  // pwrite calls to a file deleted when the statement ended (half of a market update's CPU: bench/README.md
  // finding 34). In memory it is freed with the statement. A sort too big for the page cache then keeps its
  // runs in memory too: the API's pages are top-N sorts (LIMIT), and a full sorted read holds no more than the
  // rows its caller takes back anyway.
  db.pragma('temp_store = MEMORY');
  // SQLite's default page cache is 2 MiB per connection. The markets read model's 15 indexes put each new market
  // into ~16 B-trees at positions spread over the whole tree, so past ~10k markets most of those pages had been
  // evicted since their last write and were read back from the file (pread) for every insert: at 30-40k markets
  // ~100 KiB read per document written. 64 MiB holds the indexes' upper levels and most of their leaves at that
  // size (bench/README.md finding 44). It is a ceiling, not an allocation: a small database never fills it.
  db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
}
