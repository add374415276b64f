import test from 'ava';
import { startApi, register, type TestApi } from '../auth/harness.ts';
import { DEMO_AUTHORITY, PLACEHOLDER_WALLET, POLY_WALLET } from './fixtures.ts';

let api: TestApi;
let access: string;
test.before(async () => {
  api = await startApi({ env: { VENUE_SOURCE: 'recorded' } });
  access = (await register(api, 'recorded@example.com')).access;
});
test.after.always(async () => {
  await api?.close();
});

test('VENUE_SOURCE=recorded answers offline from the payloads recorded for these identities', async (t) => {
  const reply = await api.request('GET', `/api/v1/wallet-tracker/${POLY_WALLET}?solana=${DEMO_AUTHORITY}&manifold=ian`, { bearer: access });
  t.is(reply.status, 200);
  const p = reply.body.platforms;
  t.is(p.polymarket.positionCount, 5);
  t.is(p.polymarket.history.length, 10);
  t.is(p.drift.positionCount, 3);
  t.is(p.manifold.positionCount, 1);
  t.is(p.manifold.history.length, 0, 'no bets were recorded for ian: the venue would answer an empty list');
  // Nothing recorded for this address on the other venues: as for a live wallet that never used them.
  for (const venue of ['limitless', 'predictfun', 'azuro']) t.deepEqual(p[venue], { positions: [], history: [], totalValue: 0, totalPnL: 0, positionCount: 0 }, venue);
  t.deepEqual(reply.body.summary, {
    totalValue: 612599.101293,
    totalPnL: 20331.013893,
    totalPositions: 9,
    activePlatforms: 3,
    playMoney: { currency: 'MANA', totalValue: 132936.841617, totalPnL: 69310.842263, totalPositions: 1 },
  });
});

test('the placeholder wallet of the Limitless capture carries the composed Predict.fun and Azuro payloads', async (t) => {
  const reply = await api.request('GET', `/api/v1/wallet-tracker/${PLACEHOLDER_WALLET}`, { bearer: access });
  t.is(reply.status, 200);
  t.is(reply.body.platforms.limitless.positionCount, 2);
  t.is(reply.body.platforms.predictfun.positionCount, 2);
  t.is(reply.body.platforms.azuro.positionCount, 5);
  t.is(reply.body.platforms.polymarket.positionCount, 0);
});

test('a malformed percent-encoding in the path is a 4xx, not a crash', async (t) => {
  const reply = await api.request('GET', '/api/v1/wallet-tracker/%E0%A4%A', { bearer: access });
  t.true(reply.status >= 400 && reply.status < 500, String(reply.status));
  t.truthy(reply.body.status);
});
