import test from 'ava';
import { openSqliteStore } from '../../adapters/store/sqliteStore.ts';
import { ApiKeyRepository, KEY_LOOKUP_CACHE_MS } from '../../api/auth/apiKeys.ts';

/**
 * Active keys are looked up once per KEY_LOOKUP_CACHE_MS (2 s) per process. Two repositories over one store
 * stand for two API processes; their clocks are moved by hand.
 */
async function setup() {
  const store = openSqliteStore({ file: ':memory:' });
  let clock = Date.UTC(2026, 0, 1);
  const now = () => clock;
  const here = new ApiKeyRepository(store, now);
  const elsewhere = new ApiKeyRepository(store, now);
  await here.ensureIndexes();
  const { doc, key } = await here.create({ accountId: 'acc-1', name: 'k', scopes: ['read:arbitrage'], rateLimit: 600, now: new Date(clock) });
  return { store, here, elsewhere, doc, key, advance: (ms: number) => (clock += ms) };
}

test('a key revoked through this process stops working at the next lookup, even while cached', async (t) => {
  const { store, here, doc, key } = await setup();
  try {
    t.is((await here.findActive(key))?._id, doc._id);
    t.is((await here.findActive(key))?._id, doc._id);
    await here.revoke(doc._id, 'acc-1', new Date());
    t.is(await here.findActive(key), null);
  } finally {
    await store.close();
  }
});

test('a key revoked through another process stops working once the lookup bound has passed, not later', async (t) => {
  const { store, here, elsewhere, doc, key, advance } = await setup();
  try {
    t.is((await here.findActive(key))?._id, doc._id, 'looked up and kept at t = 0');
    await elsewhere.revoke(doc._id, 'acc-1', new Date());
    advance(KEY_LOOKUP_CACHE_MS - 1);
    t.is((await here.findActive(key))?._id, doc._id, 'within the documented bound the other process may still accept it');
    advance(1);
    t.is(await here.findActive(key), null, 'at the bound it is read again and refused');
    advance(60_000);
    t.is(await here.findActive(key), null, 'and stays refused: revoked keys are never kept');
  } finally {
    await store.close();
  }
});
