import test from 'ava';
import { evolveMarket, NO_END } from './projection.ts';
import type { MarketNormalized } from '../../shared/events.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import { marketId } from '../../shared/ids.ts';

const market = (yes: number, overrides: Partial<NormalizedMarket> = {}): NormalizedMarket => ({
  id: marketId('predictit', '1'),
  platform_slug: 'predictit',
  platform_market_id: '1',
  title: 'Which party will win the 2028 US presidential election? — Democratic',
  slug: 'x',
  description: null,
  url: null,
  category: 'politics',
  status: 'open',
  end_time: null,
  created_at: null,
  outcomes: [
    { label: 'Yes', outcome_index: 0, price: yes },
    { label: 'No', outcome_index: 1, price: 1 - yes },
  ],
  group: null,
  volume24h: null,
  volume_total: null,
  liquidity: null,
  currency: 'USD',
  play_money: false,
  fee: { kind: 'profit_share', profit_rate: 0.1, withdrawal_rate: 0.05, source: 'documentation' },
  quoted_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
const at = (m: NormalizedMarket, fetched_at: string): MarketNormalized => ({ type: 'market_normalized', market: m, source: { item_id: '1', content_hash: 'h', fetched_at } });

test('given a market, when a newer snapshot arrives, then prices and updated_at move but first_seen_at stays', (t) => {
  const first = evolveMarket(null, at(market(0.4), '2026-01-01T00:00:00.000Z'));
  const next = evolveMarket(first, at(market(0.45), '2026-01-01T00:01:00.000Z'));
  t.is(next.outcomes[0]?.price, 0.45);
  t.is(next.first_seen_at, '2026-01-01T00:00:00.000Z');
  t.is(next.updated_at, '2026-01-01T00:01:00.000Z');
});

test('given a market, when an older snapshot lands late, then the document is unchanged', (t) => {
  const newer = evolveMarket(null, at(market(0.45), '2026-01-01T00:01:00.000Z'));
  t.is(evolveMarket(newer, at(market(0.4), '2026-01-01T00:00:00.000Z')), newer);
});

test('unknown volumes and end times sort last, never as zero-valued data', (t) => {
  const doc = evolveMarket(null, at(market(0.4), '2026-01-01T00:00:00.000Z'));
  t.is(doc.volume24h, null);
  t.is(doc._sort.volume_24h, -1);
  t.is(doc._sort.ending_soon, NO_END);
});

test('search words follow the title and the outcome labels across snapshots (kept when unchanged, redone when changed)', (t) => {
  const first = evolveMarket(null, at(market(0.4), '2026-01-01T00:00:00.000Z'));
  t.deepEqual(first._search, { title: 'which party will win the 2028 us presidential election democratic', labels: 'yes no' });
  const same = evolveMarket(first, at(market(0.45), '2026-01-01T00:01:00.000Z'));
  t.deepEqual(same._search, first._search);
  const renamed = evolveMarket(same, at(market(0.45, { title: 'Wer gewinnt? Démocrates' }), '2026-01-01T00:02:00.000Z'));
  t.deepEqual(renamed._search, { title: 'wer gewinnt democrates', labels: 'yes no' });
  const relabelled = evolveMarket(renamed, at(market(0.45, { title: 'Wer gewinnt? Démocrates', outcomes: [{ label: 'Oui', outcome_index: 0, price: 0.45 }, { label: 'Non', outcome_index: 1, price: 0.55 }] }), '2026-01-01T00:03:00.000Z'));
  t.deepEqual(relabelled._search, { title: 'wer gewinnt democrates', labels: 'oui non' });
});
