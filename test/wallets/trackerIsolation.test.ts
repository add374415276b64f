import test from 'ava';
import pino from 'pino';
import { createHttpClient } from '../../pipeline/http/httpClient.ts';
import { WALLET_MODULES } from '../../pipeline/wallets/index.ts';
import { createWalletTracker, type WalletTrackerOptions } from '../../pipeline/wallets/tracker.ts';
import type { WalletIdentity } from '../../pipeline/wallets/types.ts';
import { DEMO_AUTHORITY, PLACEHOLDER_WALLET, POLY_WALLET } from './fixtures.ts';
import { gate, recordedReply, startVenueServer, type VenueServer } from './venueServer.ts';

const log = pino({ level: 'silent' });
const EVERYTHING: WalletIdentity = { address: PLACEHOLDER_WALLET, solana: DEMO_AUTHORITY, manifold: 'ian' };

function trackerFor(server: VenueServer, extra: Partial<WalletTrackerOptions> = {}) {
  const http = createHttpClient({ venues: Object.values(WALLET_MODULES).map((m) => m.descriptor), log, fetch: server.fetch, maxAttempts: 1 });
  return createWalletTracker({ http, log, modules: WALLET_MODULES, apiKeys: { predictfun: 'test-key' }, venueTimeoutMs: 30_000, ...extra });
}

test('one venue failing and one slower than its time budget leave errors in their entries only', async (t) => {
  const manifoldHeld = gate();
  const server = await startVenueServer((req) => {
    if (req.venue === 'polymarket') return { status: 503, body: { error: 'maintenance' } };
    if (req.venue === 'manifold') return manifoldHeld.promise.then(() => recordedReply(req));
    return recordedReply(req);
  });
  t.teardown(() => server.close());
  // Manifold gets a short budget and never answers within it; the others keep a budget no loaded machine exhausts.
  const answer = await trackerFor(server, { venueTimeoutOverridesMs: { manifold: 500 } }).track(EVERYTHING);
  // Manifold is still holding its request: the answer came back on the time budget, not the server.
  t.like(answer.platforms.polymarket, { positions: [], history: [], totalValue: 0, totalPnL: 0, positionCount: 0, error: 'Polymarket is unavailable (HTTP 503).' });
  t.like(answer.platforms.manifold, { positions: [], positionCount: 0, error: 'Manifold did not answer within 500 ms.' });
  for (const venue of ['limitless', 'predictfun', 'azuro', 'drift'] as const) t.is(answer.platforms[venue].error, undefined, venue);
  t.is(answer.platforms.limitless.positionCount, 2);
  t.is(answer.platforms.predictfun.positionCount, 2);
  t.is(answer.platforms.azuro.positionCount, 5);
  t.is(answer.platforms.drift.positionCount, 3);
  // Sums of the four venues that answered (values from the parser tests): 0 + 149.098 + 131.461538 + 204.1.
  t.deepEqual(answer.summary, {
    totalValue: 484.659538,
    totalPnL: 13.628783, // −5.685955 + 43.7532 + 6.461538 − 30.9
    totalPositions: 12,
    activePlatforms: 4,
    playMoney: { currency: 'MANA', totalValue: 0, totalPnL: 0, totalPositions: 0 },
  });
  manifoldHeld.open();
});

test('identical requests share one upstream fetch while it is under way (single flight)', async (t) => {
  const held = gate();
  let seen!: () => void;
  const limitlessAsked = new Promise<void>((resolve) => (seen = resolve));
  const server = await startVenueServer((req) => {
    if (req.venue !== 'limitless') return recordedReply(req);
    seen();
    return held.promise.then(() => recordedReply(req));
  });
  t.teardown(() => server.close());
  const tracker = trackerFor(server);
  const calls = Array.from({ length: 5 }, () => tracker.track({ address: PLACEHOLDER_WALLET }));
  await limitlessAsked;
  t.is(server.hits('limitless'), 1);
  held.open();
  const answers = await Promise.all(calls);
  t.is(server.hits('limitless'), 1);
  t.is(server.hits('polymarket'), 3, 'positions, closed positions and activity, once');
  for (const a of answers) t.deepEqual(a, answers[0]);
  t.is(answers[0]!.platforms.limitless.positionCount, 2);
});

test('answers are cached 60 s per (address, solana, username), with their age', async (t) => {
  const server = await startVenueServer();
  t.teardown(() => server.close());
  let clock = Date.UTC(2026, 9, 20, 12, 0, 0);
  const tracker = trackerFor(server, { now: () => clock });
  const first = await tracker.track({ address: POLY_WALLET });
  const asked = server.requests.length;
  t.is(first.ageSeconds, 0);
  clock += 30_000;
  const cached = await tracker.track({ address: POLY_WALLET.toUpperCase().replace('0X', '0x') });
  t.is(server.requests.length, asked, 'no venue asked again within 60 s (address case does not matter)');
  t.is(cached.ageSeconds, 30);
  t.is(cached.fetchedAt, first.fetchedAt);
  t.deepEqual(cached.platforms, first.platforms);
  await tracker.track({ address: POLY_WALLET, solana: DEMO_AUTHORITY });
  t.true(server.hits('drift') > 0, 'another identity is its own cache entry');
  const afterDrift = server.requests.length;
  clock += 31_000;
  const fresh = await tracker.track({ address: POLY_WALLET });
  t.true(server.requests.length > afterDrift, 'asked again after 60 s');
  t.is(fresh.ageSeconds, 0);
});

test('a failed refresh serves the last good data, marked stale with its age; too old, it is an error only', async (t) => {
  const server = await startVenueServer();
  t.teardown(() => server.close());
  let clock = Date.UTC(2026, 9, 20, 12, 0, 0);
  const tracker = trackerFor(server, { now: () => clock, staleForMs: 600_000 });
  const good = await tracker.track({ address: POLY_WALLET });
  t.is(good.platforms.polymarket.positionCount, 5);
  server.setRoute((req) => (req.venue === 'polymarket' ? { status: 500, body: 'oops' } : recordedReply(req)));
  clock += 61_000;
  const stale = await tracker.track({ address: POLY_WALLET });
  t.like(stale.platforms.polymarket, { stale: true, ageSeconds: 61, error: 'Polymarket is unavailable (HTTP 500).', positionCount: 5 });
  t.deepEqual(stale.platforms.polymarket.positions, good.platforms.polymarket.positions);
  t.is(stale.summary.totalValue, good.summary.totalValue, 'the stale data still counts, marked');
  t.is(stale.ageSeconds, 0);
  t.false('stale' in stale.platforms.limitless);
  // Failed answers are kept 15 s, not 60: the venue is asked again soon.
  const before = server.hits('polymarket');
  clock += 16_000;
  const again = await tracker.track({ address: POLY_WALLET });
  t.true(server.hits('polymarket') > before);
  t.is(again.platforms.polymarket.ageSeconds, 77, 'the age counts from when the data was fetched');
  clock += 600_000;
  const expired = await tracker.track({ address: POLY_WALLET });
  t.deepEqual(
    { ...expired.platforms.polymarket },
    { positions: [], history: [], totalValue: 0, totalPnL: 0, positionCount: 0, error: 'Polymarket is unavailable (HTTP 500).' },
  );
});

test('venues not asked for say so and are not called; Predict.fun without a key says what is missing', async (t) => {
  const server = await startVenueServer();
  t.teardown(() => server.close());
  const http = createHttpClient({ venues: Object.values(WALLET_MODULES).map((m) => m.descriptor), log, fetch: server.fetch, maxAttempts: 1 });
  const tracker = createWalletTracker({ http, log, modules: WALLET_MODULES });
  const answer = await tracker.track({ address: PLACEHOLDER_WALLET });
  t.is(answer.platforms.drift.error, 'Not requested: add ?solana=<Solana wallet address> to include Drift.');
  t.is(answer.platforms.manifold.error, 'Not requested: add ?manifold=<Manifold username> to include Manifold.');
  t.regex(answer.platforms.predictfun.error ?? '', /PREDICTFUN_API_KEY/);
  t.is(server.hits('drift') + server.hits('manifold') + server.hits('predictfun'), 0);
  t.false('solanaAddress' in answer);
  t.false('manifoldUser' in answer);
});

test('a venue answering in another shape is an error in its entry (schema drift), never zeros', async (t) => {
  const server = await startVenueServer((req) => (req.venue === 'polymarket' && req.url.pathname === '/positions' ? { status: 200, body: { positions: [] } } : recordedReply(req)));
  t.teardown(() => server.close());
  const answer = await trackerFor(server).track({ address: POLY_WALLET });
  t.is(answer.platforms.polymarket.error, 'Polymarket answered in an unexpected format; its data is left out until the connector is updated.');
  t.is(answer.platforms.polymarket.positions.length, 0);
});

test('an unknown Manifold username is named in its entry', async (t) => {
  const server = await startVenueServer();
  t.teardown(() => server.close());
  const answer = await trackerFor(server).track({ address: PLACEHOLDER_WALLET, manifold: 'nobody_here' });
  t.is(answer.platforms.manifold.error, "Manifold has no user named 'nobody_here'.");
});

test('the cache keeps at most maxEntries identities, dropping the least recently used', async (t) => {
  const server = await startVenueServer();
  t.teardown(() => server.close());
  const tracker = trackerFor(server, { maxEntries: 2 });
  for (const suffix of ['1', '2', '3']) await tracker.track({ address: `0x${'0'.repeat(39)}${suffix}` });
  t.is(tracker.size, 2);
});
