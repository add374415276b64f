import test from 'ava';
import { readFileSync } from 'node:fs';
import { startTestService, type TestService } from '../support/service.ts';
import { discoverQuestions } from '../../projections/questions/queries.ts';

/**
 * End to end on the recorded venues: ingest -> normalise -> link -> scan (books from the recorded and
 * composed captures) -> ARB stream -> projections -> the feed and the session route.
 */

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions read arbitrary response fields

let svc: TestService;
let key = '';
let narrowKey = '';
let bearer: Record<string, string> = {};
let feed: { status: number; headers: Headers; body: Json };
let opportunities: Json[] = [];
/** End of the recorded Bitcoin / Ethereum threshold markets (pipeline/venues/OVERLAP.md). */
const CRYPTO_END = '2027-01-01T05:00:00.000Z';

async function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: Json }> {
  return svc.get(path, headers) as Promise<{ status: number; headers: Headers; body: Json }>;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Json> {
  const res = await fetch(`${svc.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return res.json();
}

test.before(async () => {
  svc = await startTestService({});
  await svc.service.ingestOnce();
  await svc.settle();
  await svc.service.scanner!.scanNow(true);
  await svc.settle();
  const registered = await post('/api/v1/auth/register', { email: 'arb@example.com', password: 'correct horse battery', name: 'Arb' });
  bearer = { authorization: `Bearer ${registered.tokens.access_token}` };
  key = (await post('/api/v1/console/keys', { name: 'arb', permissions: '["read:arbitrage"]' }, bearer)).data.key;
  narrowKey = (await post('/api/v1/console/keys', { name: 'markets only', permissions: '["read:markets"]' }, bearer)).data.key;
  feed = await get('/api/v1/external/arbitrage/opportunities?min_score=0&limit=200', { 'x-api-key': key });
  opportunities = feed.body.data.opportunities;
});

test.after.always(async () => {
  await svc?.close();
});

const SPEC_FIELDS: Record<string, (v: unknown) => boolean> = {
  id: (v) => typeof v === 'string' && v.length > 0,
  canonical_question_id: (v) => typeof v === 'string' && /^[0-9a-f-]{36}$/.test(v),
  question_title: (v) => typeof v === 'string' && v.length > 0,
  question_slug: (v) => typeof v === 'string' && v.length > 0,
  category: (v) => typeof v === 'string',
  type: (v) => v === 'direct' || v === 'dutch_book',
  buy_platform: (v) => platformInfo(v),
  sell_platform: (v) => platformInfo(v),
  buy_price: (v) => typeof v === 'number' && v >= 0 && v <= 1,
  sell_price: (v) => typeof v === 'number' && v >= 0 && v <= 1,
  spread: (v) => typeof v === 'number',
  spread_bps: (v) => Number.isInteger(v),
  net_spread: (v) => typeof v === 'number',
  estimated_profit: (v) => typeof v === 'number',
  arbitrage_score: (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 100,
  classification: (v) => ['actionable', 'informational', 'noise'].includes(v as string),
  status: (v) => ['active', 'stale', 'resolved'].includes(v as string),
  liquidity: (v) => typeof v === 'number',
  volume24h: (v) => typeof v === 'number',
  risk_gate_state: (v) => ['allowed', 'degraded', 'blocked'].includes(v as string),
  guarantee: (v) => v === 'STRICT' || v === 'QUASI',
  detected_at: (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v)),
  fees: (v) => {
    const f = v as Record<string, unknown>;
    return typeof f === 'object' && f !== null && ['buy_fee', 'sell_fee', 'total_fees'].every((k) => typeof f[k] === 'number');
  },
};
function platformInfo(v: unknown): boolean {
  const p = v as Record<string, unknown>;
  return typeof p === 'object' && p !== null && typeof p.id === 'string' && /^[0-9a-f-]{36}$/.test(p.id) && typeof p.slug === 'string' && typeof p.name === 'string';
}
const STATS_FIELDS: Record<string, (v: unknown) => boolean> = {
  total_opportunities: Number.isInteger,
  actionable_count: Number.isInteger,
  informational_count: Number.isInteger,
  avg_spread: (v) => typeof v === 'number',
  max_profit: (v) => typeof v === 'number',
  platform_pairs: (v) => typeof v === 'object' && v !== null && Object.entries(v).every(([k, n]) => /^[a-z]+<->[a-z]+$/.test(k) && Number.isInteger(n)),
  scanned_questions: Number.isInteger,
  duration_ms: Number.isInteger,
  scanned_at: (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v)),
};

test('the feed serves every spec field of every opportunity and of the stats, typed as the spec says', (t) => {
  t.is(feed.status, 200);
  t.true(opportunities.length > 10, `${opportunities.length} opportunities on the recorded catalogue`);
  for (const o of opportunities) {
    for (const [field, ok] of Object.entries(SPEC_FIELDS)) t.true(field in o && ok(o[field]), `${field} = ${JSON.stringify(o[field])} on ${o.id}`);
    t.is(o.spread_bps, Math.round(o.spread * 10_000));
  }
  const stats = feed.body.data.stats;
  for (const [field, ok] of Object.entries(STATS_FIELDS)) t.true(field in stats && ok(stats[field]), `stats.${field} = ${JSON.stringify(stats[field])}`);
  t.deepEqual(Object.keys(feed.body.meta).sort(), ['count', 'limit', 'offset', 'source']);
  t.like(feed.body.meta, { count: opportunities.length, offset: 0, limit: 200, source: 'database' });
  t.truthy(feed.headers.get('x-ratelimit-limit'));
});

test('stats summarise the whole latest scan, not the returned page', async (t) => {
  const stats = feed.body.data.stats;
  const live = opportunities.filter((o) => o.status !== 'resolved');
  t.is(stats.total_opportunities, live.length);
  t.is(stats.actionable_count, live.filter((o) => o.classification === 'actionable').length);
  t.is(stats.informational_count, live.filter((o) => o.classification === 'informational').length);
  const page = await get('/api/v1/external/arbitrage/opportunities?limit=1', { 'x-api-key': key });
  t.is(page.body.data.opportunities.length, 1);
  t.deepEqual(page.body.data.stats, stats, 'the same stats whatever the filters');
  t.is(stats.scanned_questions >= new Set(opportunities.map((o) => o.canonical_question_id)).size, true);
});

test('real opportunities from the recorded catalogue: the 2028 nominations and the crypto thresholds, some actionable and STRICT', (t) => {
  const titles = new Set(opportunities.map((o) => o.question_title));
  t.true([...titles].some((q) => /2028 Democratic presidential nomination/.test(q)));
  t.true([...titles].some((q) => /2028 Republican presidential nomination/.test(q)));
  // The recorded crypto thresholds end 2027-01-01T05:00Z; from then the end-time rule closes them.
  const cryptoOpen = Date.now() < Date.parse(CRYPTO_END);
  t.is([...titles].some((q) => /Bitcoin reach \$150,000/.test(q)), cryptoOpen);
  t.is([...titles].some((q) => /Ethereum reach \$5,000/.test(q)), cryptoOpen);
  const actionable = opportunities.filter((o) => o.classification === 'actionable');
  t.true(actionable.length >= 1);
  for (const o of actionable) {
    t.true(o.arbitrage_score >= 70 && o.net_spread > 0 && o.liquidity > 500, o.id);
    t.is(o.status, 'active');
    t.is(o.risk_gate_state, 'allowed');
    t.deepEqual(o.actionable_blockers, []);
    t.true(o.legs.every((l: Json) => l.price_source !== 'probability'), 'actionable only on executable prices');
  }
  // Polymarket buys the Newsom nomination at its 0.311 ask and Predict.fun's book bids 0.355 for it.
  const newsom = opportunities.find((o) => /Gavin Newsom win the 2028 Democratic/.test(o.question_title) && o.buy_platform.slug === 'polymarket' && o.sell_platform.slug === 'predictfun');
  t.truthy(newsom);
  t.like(newsom, { buy_price: 0.311, sell_price: 0.355, spread: 0.044, classification: 'actionable', guarantee: 'STRICT' });
  // Predict.fun's fee on selling at 0.355: 0.02 x 0.355 = 0.0071; net 0.044 - 0.0071 = 0.0369.
  t.is(newsom.net_spread, 0.0369);
  t.true(newsom.max_size > 0 && newsom.max_capital > 0, 'the books carry size');
});

/** The recorded Kalshi book of a market, read straight from its file: both ladders are bids, ascending. */
function kalshiBookTop(ticker: string, outcomeIndex: number, side: 'buy' | 'sell'): { price: number; size: number } | null {
  const file = ticker === 'KXELONMARS-99' ? 'markets-ticker-orderbook.synpath.json' : `orderbook.${ticker}.composed.json`;
  const book = JSON.parse(readFileSync(new URL(`../../pipeline/venues/kalshi/recorded/${file}`, import.meta.url), 'utf8')).orderbook_fp as Record<string, [string, string][] | null>;
  const best = (ladder: [string, string][] | null) => {
    const last = ladder?.at(-1);
    return last ? { price: Number(last[0]), size: Number(last[1]) } : null;
  };
  // Selling an outcome hits its own best bid; buying it takes the other outcome's best bid at 1 - q.
  const own = best(book[outcomeIndex === 0 ? 'yes_dollars' : 'no_dollars'] ?? null);
  const other = best(book[outcomeIndex === 0 ? 'no_dollars' : 'yes_dollars'] ?? null);
  if (side === 'sell') return own;
  return other && { price: Math.round((1 - other.price) * 1e6) / 1e6, size: other.size };
}

test('Kalshi trades in the feed where the recorded links include it: priced from its recorded book, its fee per share, STRICT only as the policy allows', async (t) => {
  // Which questions link a Kalshi market is the matcher's finding on the recorded catalogue (the 2028
  // nominations and winner, the party, the Fed chair, Ethereum $5,000 when this was written): read it from
  // the questions read model rather than assume it.
  const { items } = await discoverQuestions(svc.service.store, { limit: 200, offset: 0 });
  const linksKalshi = new Set(items.filter((q) => q.members.some((m) => m.platform_slug === 'kalshi')).map((q) => q.id));
  t.true(linksKalshi.size > 0, 'the recorded catalogue links Kalshi to other venues');
  const viaKalshi = opportunities.filter((o) => o.legs.some((l: Json) => l.platform.slug === 'kalshi'));
  t.true(viaKalshi.length > 0, 'and the scanner trades through it');
  t.true(Object.keys(feed.body.data.stats.platform_pairs).some((k) => k.includes('kalshi')));
  for (const o of viaKalshi) {
    t.true(linksKalshi.has(o.canonical_question_id), `${o.question_title} links Kalshi`);
    const leg = o.legs.find((l: Json) => l.platform.slug === 'kalshi');
    t.is(leg.price_source, 'order_book', `${leg.platform_market_id} trades on its recorded book`);
    t.deepEqual({ price: leg.price, size: leg.size }, kalshiBookTop(leg.platform_market_id, leg.outcome_index, leg.side), leg.platform_market_id);
    // Kalshi's taker fee per contract: 0.07 x p x (1 - p) on the general schedule every recorded series uses.
    t.is(leg.fee_per_share, Math.round(0.07 * leg.price * (1 - leg.price) * 1e6) / 1e6, leg.platform_market_id);
    // The policy: STRICT only with both legs identity-linked at 0.9 or more, executable prices on both, and the gate open.
    const strictAllowed = o.risk_gate_state === 'allowed' && o.legs.every((l: Json) => l.relation === 'identity' && l.link_confidence >= 0.9 && l.price_source !== 'probability');
    t.is(o.guarantee, strictAllowed ? 'STRICT' : 'QUASI', `${o.question_title}: ${o.buy_platform.slug} -> ${o.sell_platform.slug}`);
    if (leg.link_confidence < 0.9) t.true(o.actionable_blockers.includes('link_confidence_below_0.9:kalshi'));
  }
  t.true(viaKalshi.some((o) => o.guarantee === 'STRICT'), 'identity links at 0.9+ with two books are STRICT');
  // Newsom for the 2028 Democratic nomination: buy on Kalshi at its 0.31 ask (its book's best No bid is 0.69),
  // sell into Predict.fun's 0.355 bid. Spread 0.045; Kalshi's fee 0.07 x 0.31 x 0.69 = 0.014973, Predict.fun's
  // 0.02 x 0.355 = 0.0071; net 0.045 - 0.014973 - 0.0071 = 0.022927. Its guarantee follows the policy above: the Kalshi
  // link's confidence (0.85 or 0.9+) depends on which member's market the question was founded on, which the order the
  // venues' first pages arrive in decides.
  const newsom = viaKalshi.find((o) => /Gavin Newsom win the 2028 Democratic/.test(o.question_title) && o.buy_platform.slug === 'kalshi' && o.sell_platform.slug === 'predictfun');
  t.like(newsom, { buy_price: 0.31, sell_price: 0.355, spread: 0.045, net_spread: 0.022927, classification: 'informational' });
  t.true(newsom?.max_size > 0 && newsom?.max_capital > 0, 'both books carry size');
});

test('nothing that play money, fees or stale quotes rule out is actionable', (t) => {
  const manifold = opportunities.filter((o) => o.buy_platform.slug === 'manifold' || o.sell_platform.slug === 'manifold');
  t.true(manifold.length > 0);
  for (const o of manifold) {
    t.not(o.classification, 'actionable');
    t.is(o.risk_gate_state, 'blocked');
    t.true(o.actionable_blockers.includes('play_money:manifold'));
  }
  // The composed Polymarket book of "Bitcoin $150,000" is 15 minutes older than the rest of its recording.
  const stale = opportunities.filter((o) => o.legs.some((l: Json) => l.platform.slug === 'polymarket' && /Bitcoin reach \$150,000/.test(l.market_title)));
  t.is(stale.length > 0, Date.now() < Date.parse(CRYPTO_END), 'present until the recorded market ends');
  for (const o of stale) {
    t.is(o.status, 'stale');
    t.true(['degraded', 'blocked'].includes(o.risk_gate_state), 'degraded, or blocked when the other leg is play money');
    t.not(o.classification, 'actionable');
    t.true(o.actionable_blockers.includes('stale_quote:polymarket'));
  }
  // PredictIt's 10% profit share and 5% withdrawal fee eat every recorded spread.
  const predictit = opportunities.filter((o) => o.legs.some((l: Json) => l.platform.slug === 'predictit'));
  t.true(predictit.length > 0);
  for (const o of predictit) {
    t.true(o.net_spread < o.spread, 'fees are taken off');
    if (o.net_spread <= 0) t.not(o.classification, 'actionable');
  }
  t.false(opportunities.some((o) => o.classification === 'actionable' && (o.net_spread <= 0 || !o.fees_known || o.status !== 'active')));
});

test('every classification is the spec rule applied to the score, net spread and liquidity served beside it', (t) => {
  // Spec: actionable when score >= 70, net spread positive and liquidity above 500; informational when 40-69 or
  // liquidity low at any score; noise under 40 (the open case, 70+ without a positive net spread: informational).
  const rule = (o: Json) =>
    o.arbitrage_score >= 70 && o.net_spread > 0 && o.liquidity > 500 ? 'actionable' : o.liquidity <= 500 || o.arbitrage_score >= 40 ? 'informational' : 'noise';
  t.true(opportunities.length > 0);
  for (const o of opportunities) t.is(o.classification, rule(o), `${o.id}: score ${o.arbitrage_score}, net ${o.net_spread}, liquidity ${o.liquidity}`);
  // What the policy rules out scores under the actionable bound, and says why.
  for (const o of opportunities.filter((x) => x.actionable_blockers.length > 0)) t.true(o.arbitrage_score <= 69, o.id);
});

test('a second identical request within the cache window is served from the cache; nothing matched is empty', async (t) => {
  const path = '/api/v1/external/arbitrage/opportunities?min_score=0&limit=100';
  const first = await get(path, { 'x-api-key': key });
  const again = await get(path, { 'x-api-key': key });
  t.true(['database', 'cache'].includes(first.body.meta.source));
  t.is(again.body.meta.source, 'cache');
  t.deepEqual(again.body.data, first.body.data);
  const none = await get('/api/v1/external/arbitrage/opportunities?min_score=100&classification=noise', { 'x-api-key': key });
  t.is(none.status, 200);
  t.deepEqual(none.body.data.opportunities, []);
  t.like(none.body.meta, { count: 0, source: 'empty' });
});

test('filters select: min_score, classification, status, guarantee, risk_gate and category', async (t) => {
  const list = async (q: string): Promise<Json[]> => (await get(`/api/v1/external/arbitrage/opportunities?${q}&limit=200`, { 'x-api-key': key })).body.data.opportunities as Json[];
  const defaults = await list('');
  t.deepEqual(defaults.map((o) => o.id), opportunities.filter((o) => o.arbitrage_score >= 40).map((o) => o.id), 'min_score defaults to 40, best first');
  t.true((await list('classification=actionable&min_score=0')).every((o) => o.classification === 'actionable'));
  t.true((await list('status=stale&min_score=0')).every((o) => o.status === 'stale'));
  t.true((await list('guarantee=STRICT&min_score=0')).every((o) => o.guarantee === 'STRICT'));
  const blocked = await list('risk_gate=blocked&min_score=0');
  t.true(blocked.length > 0 && blocked.every((o) => o.risk_gate_state === 'blocked'));
  const politics = await list('category=politics&min_score=0');
  t.true(politics.length > 0 && politics.every((o) => o.category === 'politics'));
  t.true((await list('category=crypto&min_score=0')).every((o) => o.category === 'crypto'));
  t.deepEqual((await list('category=all')).map((o) => o.id), defaults.map((o) => o.id), 'category=all (the spec default) filters nothing');
  const scores = defaults.map((o) => o.arbitrage_score);
  t.deepEqual(scores, [...scores].sort((a, b) => b - a));
});

test('every bad filter is 400 INVALID_REQUEST naming the parameter', async (t) => {
  const cases: Array<[string, RegExp]> = [
    ['min_score=101', /'min_score'/],
    ['min_score=-1', /'min_score'/],
    ['min_score=4.5', /'min_score'/],
    ['classification=great', /'classification'/],
    ['category=weather', /'category'/],
    ['status=open', /'status'/],
    ['guarantee=strict', /'guarantee'/],
    ['risk_gate=maybe', /'risk_gate'/],
    ['limit=0', /'limit'/],
    ['limit=201', /'limit'/],
    ['offset=-3', /'offset'/],
    ['platform=polymarket', /'platform'/],
    ['min_score=1&min_score=2', /'min_score'/],
  ];
  for (const [q, message] of cases) {
    const res = await get(`/api/v1/external/arbitrage/opportunities?${q}`, { 'x-api-key': key });
    t.is(res.status, 400, q);
    t.is(res.body.status, 'INVALID_REQUEST', q);
    t.regex(res.body.message, message, q);
  }
});

test('scopes: a key without read:arbitrage gets 403 FORBIDDEN; no key or a bad key 401 INVALID_API_KEY', async (t) => {
  const forbidden = await get('/api/v1/external/arbitrage/opportunities', { 'x-api-key': narrowKey });
  t.is(forbidden.status, 403);
  t.is(forbidden.body.status, 'FORBIDDEN');
  t.regex(forbidden.body.message, /read:arbitrage/);
  const stream = await get('/api/v1/external/arbitrage/stream', { 'x-api-key': narrowKey });
  t.is(stream.status, 403);
  const none = await get('/api/v1/external/arbitrage/opportunities');
  t.deepEqual([none.status, none.body], [401, { status: 'INVALID_API_KEY', message: 'Authentication required' }]);
  const bad = await get('/api/v1/external/arbitrage/opportunities', { 'x-api-key': 'svc_not_a_key' });
  t.is(bad.status, 401);
});

test('the session route serves the same shape with a session, one opportunity by id, and refuses API keys', async (t) => {
  const list = await get('/api/v1/arbitrage/opportunities?min_score=0&limit=200', bearer);
  t.is(list.status, 200);
  t.deepEqual(list.body.data, feed.body.data);
  t.is(list.headers.get('x-ratelimit-limit'), '60', 'the session tier');
  const one = await get(`/api/v1/arbitrage/opportunities/${opportunities[0].id}`, bearer);
  t.is(one.status, 200);
  t.deepEqual(one.body.data, opportunities[0]);
  const missing = await get('/api/v1/arbitrage/opportunities/00000000-0000-4000-8000-000000000000', bearer);
  t.deepEqual([missing.status, missing.body.status], [404, 'NOT_FOUND']);
  const malformed = await get('/api/v1/arbitrage/opportunities/not-an-id', bearer);
  t.deepEqual([malformed.status, malformed.body.status], [400, 'INVALID_REQUEST']);
  t.is((await get('/api/v1/arbitrage/opportunities')).status, 401);
  t.is((await get('/api/v1/arbitrage/opportunities', { 'x-api-key': key })).status, 401);
});

test('the same opportunity keeps its id and detected_at over a second full scan that changes nothing', async (t) => {
  const before = new Map(opportunities.map((o) => [o.id, o]));
  const report = await svc.service.scanner!.scanNow(true);
  t.is(report.changes, 0, 'an unchanged catalogue publishes no opportunity event');
  await svc.settle();
  const after = (await get('/api/v1/external/arbitrage/opportunities?min_score=0&limit=200&offset=0&status=active', { 'x-api-key': key })).body.data.opportunities as Json[];
  for (const o of after) t.is(o.detected_at, before.get(o.id)?.detected_at);
});
