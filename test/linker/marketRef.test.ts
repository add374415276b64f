import test from 'ava';
import { toMarketRef } from '../../pipeline/matching/linker/marketRef.ts';
import { linkerMarket } from '../support/linkerMarket.ts';

test('the verifier is handed what dates a venue\'s game beyond its close: a Kalshi ticker, a Polymarket slug', (t) => {
  const kalshi = linkerMarket('kalshi', 'KXNBAGAME-25NOV30HOUUTA-HOU', 'Houston vs Utah', 0.5);
  t.is(toMarketRef(kalshi).ticker, 'KXNBAGAME-25NOV30HOUUTA-HOU');
  t.is(toMarketRef(kalshi).slug, undefined);
  const poly = { ...linkerMarket('polymarket', '677404', 'Rockets vs. Jazz', 0.5), slug: 'nba-hou-uta-2025-11-30' };
  t.is(toMarketRef(poly).slug, 'nba-hou-uta-2025-11-30');
  t.is(toMarketRef(poly).ticker, undefined);
  // A market without a slug of its own carries its id as slug (the parser's fallback): that says nothing.
  t.is(toMarketRef(linkerMarket('polymarket', '677405', 'Rockets vs. Jazz', 0.5)).slug, undefined);
});
