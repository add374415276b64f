import test from 'ava';
import { pino } from 'pino';
import { VENUE_MODULES } from '../../pipeline/venues/index.ts';
import type { ParseResult, VenueModule } from '../../pipeline/venues/types.ts';
import { createRecordedHttpClient } from '../../pipeline/http/recordedHttpClient.ts';
import { CATEGORIES, MARKET_STATUSES, type NormalizedMarket } from '../../shared/types/market.ts';
import { VENUES, type VenueSlug } from '../../shared/venues/registry.ts';
import { isUuid, marketId } from '../../shared/ids.ts';

/**
 * How far Yes + No of one market may sit from 1, per venue. `price` is the venue's probability on
 * every venue (docs/prices.md), so only rounding separates the two; Polymarket's outcomePrices are
 * the venue's own rounded strings. Bid/ask spreads live in best_bid / best_ask, never in price.
 */
const YES_NO_TOLERANCE: Partial<Record<VenueSlug, number>> = {
  polymarket: 0.02,
};
const DEFAULT_TOLERANCE = 1e-6;

const log = pino({ level: 'silent' });
const modules = Object.entries(VENUE_MODULES) as Array<[VenueSlug, VenueModule]>;
const http = createRecordedHttpClient({ connectors: modules.map(([, m]) => m.connector) });
const fetchedAt = '2026-01-31T18:10:00.000Z';

async function parseRecordedCatalogue(module: VenueModule): Promise<{ items: number; results: ParseResult[] }> {
  const results: ParseResult[] = [];
  let items = 0;
  // Recorded mode sends nothing to the venue, so a key-gated connector gets a placeholder key.
  const apiKey = module.connector.descriptor.apiKeyEnv ? 'recorded-mode-placeholder-key' : undefined;
  for await (const page of module.connector.fetchCatalog({ http, log, signal: AbortSignal.timeout(60_000), ...(apiKey ? { apiKey } : {}) })) {
    for (const item of page) {
      items += 1;
      results.push(module.parse(item, { fetchedAt }));
    }
  }
  return { items, results };
}

function violations(slug: VenueSlug, m: NormalizedMarket): string[] {
  const out: string[] = [];
  const info = VENUES[slug];
  const fail = (what: string): number => out.push(`${m.platform_market_id}: ${what}`);
  if (!isUuid(m.id) || m.id !== marketId(slug, m.platform_market_id)) fail(`id ${m.id} is not marketId(slug, platform_market_id)`);
  if (!m.platform_market_id) fail('empty platform_market_id');
  if (m.platform_slug !== slug) fail(`platform_slug ${m.platform_slug}`);
  if (!m.title.trim()) fail('empty title');
  if (m.outcomes.length !== 2) fail(`${m.outcomes.length} outcomes; markets are binary after splitting`);
  m.outcomes.forEach((o, i) => {
    if (o.outcome_index !== i) fail(`outcome ${o.label} has index ${o.outcome_index} at position ${i}`);
    if (!o.label.trim()) fail(`outcome ${i} has no label`);
    if (o.price !== null && !(Number.isFinite(o.price) && o.price >= 0 && o.price <= 1)) fail(`price ${o.price} outside 0-1`);
    for (const [side, q] of [['best_bid', o.best_bid], ['best_ask', o.best_ask]] as const) {
      if (q === undefined) fail(`outcome ${o.label} lacks ${side} (null when unknown)`);
      else if (q !== null && !(Number.isFinite(q) && q > 0 && q <= 1)) fail(`${side} ${q} outside (0, 1]`);
    }
    if (o.best_bid != null && o.best_ask != null && o.best_bid > o.best_ask + 1e-9) fail(`outcome ${o.label} bid ${o.best_bid} above ask ${o.best_ask}`);
    if (m.status !== 'open' && (o.best_bid != null || o.best_ask != null)) fail(`a ${m.status} market quotes ${o.label}`);
  });
  if (new Set(m.outcomes.map((o) => o.label)).size !== m.outcomes.length) fail('duplicate outcome labels');
  const [yes, no] = m.outcomes;
  const tolerance = YES_NO_TOLERANCE[slug] ?? DEFAULT_TOLERANCE;
  if (yes?.price != null && no?.price != null && Math.abs(yes.price + no.price - 1) > tolerance + 1e-9) {
    fail(`Yes ${yes.price} + No ${no.price} is more than ${tolerance} away from 1`);
  }
  if (m.end_time !== null && Number.isNaN(Date.parse(m.end_time))) fail(`end_time ${m.end_time} does not parse`);
  if (m.created_at !== null && Number.isNaN(Date.parse(m.created_at))) fail(`created_at ${m.created_at} does not parse`);
  if (Number.isNaN(Date.parse(m.quoted_at))) fail(`quoted_at ${m.quoted_at} does not parse`);
  if (!(CATEGORIES as readonly string[]).includes(m.category)) fail(`category ${m.category}`);
  if (!(MARKET_STATUSES as readonly string[]).includes(m.status)) fail(`status ${m.status}`);
  if (m.currency !== info.currency) fail(`currency ${m.currency}, registry says ${info.currency}`);
  if (m.play_money !== info.playMoney) fail(`play_money ${m.play_money}, registry says ${info.playMoney}`);
  if (!m.fee || typeof m.fee.kind !== 'string') fail('fee kind missing');
  if (info.playMoney && m.fee.kind !== 'none') fail('a play-money market must not carry a real fee');
  for (const [field, v] of [['volume24h', m.volume24h], ['volume_total', m.volume_total], ['liquidity', m.liquidity]] as const) {
    if (v !== null && !(Number.isFinite(v) && v >= 0)) fail(`${field} ${v} is not a non-negative number or null`);
  }
  if (m.group && (!m.group.id || !m.group.title || !m.group.outcome_label)) fail('group without id, title or outcome_label');
  return out;
}

for (const [slug, module] of modules) {
  test(`${slug}: every market parsed from the recorded catalogue holds the invariants`, async (t) => {
    const { items, results } = await parseRecordedCatalogue(module);
    const markets = results.flatMap((r) => r.markets);
    const skipped = results.flatMap((r) => r.skipped);
    t.true(items > 0, 'the recorded catalogue yields raw items');
    t.true(markets.length > 0, 'and parses into markets');
    const problems = markets.flatMap((m) => violations(slug, m));
    t.deepEqual(problems.slice(0, 20), [], `${problems.length} invariant violations`);
    t.is(new Set(markets.map((m) => m.id)).size, markets.length, 'market ids are unique within the venue');
    for (const s of skipped) t.true(s.reason.length > 0 && s.platform_market_id.length > 0, 'a skip names the item and the reason');
  });
}
