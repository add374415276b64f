/** Polls `cond` every 25 ms until it holds, failing after `ms`: waits on conditions, never fixed sleeps. */
export async function until(cond: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
