import test from 'ava';
import { startTestApp } from '../support/app.ts';
import { applyEvent } from '../../projections/applyEvent.ts';
import { marketsProjection } from '../../projections/markets/projection.ts';
import { marketId } from '../../shared/ids.ts';
import type { MarketNormalized } from '../../shared/events.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;
let seq = 0;
const HOUR = 3_600_000;

function market(id: string, title: string, endTime: string | null, over: Partial<NormalizedMarket> = {}): NormalizedMarket {
  return {
    id: marketId('polymarket', id),
    platform_slug: 'polymarket',
    platform_market_id: id,
    title,
    slug: id,
    description: null,
    url: null,
    category: 'crypto',
    status: 'open',
    end_time: endTime,
    created_at: null,
    outcomes: [
      { label: 'Yes', outcome_index: 0, price: 0.5 },
      { label: 'No', outcome_index: 1, price: 0.5 },
    ],
    group: null,
    volume24h: 100,
    volume_total: 100,
    liquidity: 10,
    currency: 'USDC',
    play_money: false,
    fee: { kind: 'unknown', reason: 'test' },
    quoted_at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

async function add(m: NormalizedMarket): Promise<void> {
  const event: MarketNormalized = { type: 'market_normalized', market: m, source: { item_id: m.platform_market_id, content_hash: m.platform_market_id, fetched_at: '2026-01-01T00:00:00.000Z' } };
  await applyEvent(app.deps.store, marketsProjection, event, ++seq);
}

const ids = async (query: string) => {
  const res = await app.request(`/api/v1/markets?${query}`);
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { data: Array<{ platform_market_id: string }> }).data.map((m) => m.platform_market_id);
};

test.before(async () => {
  app = await startTestApp();
  // End times are an hour or more from the moment the test runs, far from any race with the clock.
  const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
  await add(market('ended-long-ago', 'Will it rain in Paris on New Year 2020?', '2020-01-01T00:00:00.000Z'));
  await add(market('ended-an-hour-ago', 'Will the Fed cut rates this hour?', at(-1)));
  await add(market('ends-in-2h', 'Will bitcoin close above 100k today?', at(2)));
  await add(market('ends-in-1h', 'Will ether close above 5k today?', at(1)));
  await add(market('ends-in-a-week', 'Will the senate pass the budget bill this week?', at(24 * 7)));
  await add(market('no-end', 'Will humans land on mars?', null));
  await add(market('long-title', 'Will the big red bus from London reach the old Paris station before noon tomorrow?', at(5)));
  // A live game the venue has closed, with no end time (an Azuro condition): it has ended, undated or not.
  await add(market('closed-no-end', 'Will the home side win the match in progress?', null, { status: 'closed' }));
  await add(market('created-2025', 'Will the river freeze over this winter?', at(24 * 30), { created_at: '2025-12-01T00:00:00.000Z' }));
  await add(market('created-2024', 'Will the old bridge reopen this spring?', at(24 * 60), { created_at: '2024-03-01T00:00:00.000Z' }));
});
test.after.always(async () => {
  await app?.close();
});

test('ending_soon lists only markets still to end, soonest first; undated ones come last', async (t) => {
  t.deepEqual(await ids('sort=ending_soon'), ['ends-in-1h', 'ends-in-2h', 'long-title', 'ends-in-a-week', 'created-2025', 'created-2024', 'no-end']);
  t.deepEqual((await ids('sort=ending_soon&limit=2')), ['ends-in-1h', 'ends-in-2h']);
  const all = await ids('sort=newest&limit=200');
  t.true(all.includes('ended-an-hour-ago') && all.includes('ended-long-ago') && all.includes('closed-no-end'), 'ended markets are still listed by the other sorts');
});

test('newest orders by the venue\'s creation date; markets whose venue gives none come after every dated one', async (t) => {
  const all = await ids('sort=newest&limit=200');
  t.deepEqual(all.slice(0, 2), ['created-2025', 'created-2024']);
  t.is(all.length, 10);
});

test('q holds every word case-insensitively, up to 8 words: words after the eighth do not narrow the result', async (t) => {
  const eight = 'BIG red bus London reach old Paris station';
  t.deepEqual(await ids(`q=${encodeURIComponent(eight)}`), ['long-title']);
  t.deepEqual(await ids(`q=${encodeURIComponent(`${eight} zeppelin`)}`), ['long-title'], 'the ninth word is not applied');
  t.deepEqual(await ids(`q=${encodeURIComponent(`zeppelin ${eight}`)}`), [], 'as the first word it is');
  t.deepEqual(await ids(`q=${encodeURIComponent('close today')}`).then((x) => x.sort()), ['ends-in-1h', 'ends-in-2h']);
  t.deepEqual(await ids(`q=${encodeURIComponent('close today bitcoin')}`), ['ends-in-2h']);
  t.deepEqual(await ids(`q=${encodeURIComponent('paris paris PARIS')}`).then((x) => x.sort()), ['ended-long-ago', 'long-title'], 'repeated words count once');
});
