import test from 'ava';
import { describeHistoryCounts } from '../../bin/cli/historyCounts.ts';

test('the backfill text summary words the price-history outcomes and leaves out those that did not happen', (t) => {
  t.is(
    describeHistoryCounts({ not_applicable: 0, already: 2, done: 5, empty: 1, unavailable: 181, failed: 0 }),
    'price history of 189 markets: 5 published, 2 already published, 1 no history at the venue, 181 unusable or refused by the venue',
  );
  t.is(describeHistoryCounts({ not_applicable: 0, already: 0, done: 1, empty: 0, unavailable: 0, failed: 0 }), 'price history of 1 market: 1 published');
  t.is(describeHistoryCounts({ not_applicable: 0, already: 0, done: 0, empty: 0, unavailable: 0, failed: 0 }), 'price history of 0 markets: nothing to do');
  t.is(describeHistoryCounts({ skipped: 'manifold keeps no price history' }), 'price history: manifold keeps no price history');
});
