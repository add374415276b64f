import test from 'ava';

/**
 * Says in the run's output, in the same words for every adapter, that a contract suite did not run here
 * because no server was reachable. Nothing is registered in the adapter's name, so nothing passes for it.
 */
export function reportContractNotRun(adapter: string, envVar: string, example: string): void {
  test.before(`${adapter} contract`, (t) => {
    t.log(`${adapter} contract NOT RUN: ${envVar} is unset, so the ${adapter} adapter was not exercised against the shared contract (run with ${envVar}=${example}).`);
  });
}
