import test from 'ava';
import { startTestService, type TestService } from '../support/service.ts';
import { computeIndex } from '../../shared/questions/indexMath.ts';
import { getQuestion } from '../../projections/questions/queries.ts';
import { questionDetailView } from '../../api/views/questionView.ts';
import { questionsProjection, type QuestionDoc } from '../../projections/questions/projection.ts';

interface DiscoverItem {
  id: string;
  title: string;
  slug: string;
  category: string;
  end_time: string | null;
  market_count: number;
  platform_slugs: string[];
  index_price: number | null;
  divergence: number | null;
  divergence_category: string | null;
  best_buy_price: number | null;
  best_buy_platform: string | null;
  spread_bps: number | null;
}
interface QuestionMarket {
  id: string;
  status: string;
  title: string;
  platform_slug: string;
  volume24h: number | null;
  confidence: number;
  match_method: string;
  relation: 'identity' | 'complement';
  play_money: boolean;
  outcomes: { label: string; outcome_index: number; price: number | null }[];
}
interface QuestionDetail {
  id: string;
  title: string;
  markets: QuestionMarket[];
  index: Record<string, unknown> & { platform_prices: Record<string, number>; index_price: number | null; platform_count: number };
}

let svc: TestService;
let auth: Record<string, string>;
let all: DiscoverItem[];
/** Every canonical question of the read model, listed or not (discover lists only those open on two venues). */
let linked: QuestionDoc[];
const details = new Map<string, QuestionDetail>();

test.before(async () => {
  svc = await startTestService({});
  await svc.service.ingestOnce();
  await svc.settle();
  const res = await fetch(`${svc.baseUrl}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'analyst@example.com', password: 'correct horse battery', name: 'Analyst' }),
  });
  const body = (await res.json()) as { tokens: { access_token: string } };
  auth = { authorization: `Bearer ${body.tokens.access_token}` };
  all = ((await svc.get('/api/v1/discover?limit=200', auth)).body as { data: DiscoverItem[] }).data;
  // Details straight from the read model through the route's own view (the session tier allows
  // 60 requests a minute); one test below checks the HTTP route returns exactly this.
  linked = await svc.service.store.collection<QuestionDoc>(questionsProjection.collection).find({});
  for (const q of all) details.set(q.id, questionDetailView((await getQuestion(svc.service.store, q.id))!) as unknown as QuestionDetail);
});
test.after.always(async () => {
  await svc?.close();
});

const questionOf = (venue: string, title: RegExp): QuestionDetail | undefined =>
  [...details.values()].find((q) => q.markets.some((m) => m.platform_slug === venue && title.test(m.title)));

test('discover and question detail need a session', async (t) => {
  const anonymous = await svc.get('/api/v1/discover');
  t.is(anonymous.status, 401);
  t.is((anonymous.body as { status: string }).status, 'UNAUTHORIZED');
  t.is((await svc.get(`/api/v1/questions/${all[0]!.id}`)).status, 401);
});

test('the same 2028 nomination contract on six venues is one canonical question', (t) => {
  const q = questionOf('predictit', /2028 Democratic presidential nomination\? — Gavin Newsom$/);
  t.truthy(q);
  t.deepEqual([...new Set(q!.markets.map((m) => m.platform_slug))].sort(), ['kalshi', 'limitless', 'manifold', 'polymarket', 'predictfun', 'predictit']);
  t.true(q!.markets.every((m) => /Newsom/.test(m.title)), 'no other candidate is linked in');
});

test('Kalshi joins the recorded cross-venue questions: nominations, the winner, chamber control, the Fed chair, a crypto threshold', (t) => {
  // Linking is asked of the read model, not of /discover: the end-time rule closes recorded markets once
  // their end passes (the 2026 chambers after election day), and discover lists only questions open on two venues.
  const joins = (kalshiTitle: RegExp, venues: string[]) => {
    const q = linked.find((x) => x.members.some((m) => m.platform_slug === 'kalshi' && kalshiTitle.test(m.title)));
    const have = new Set<string>(q?.members.map((m) => m.platform_slug));
    t.true(['kalshi', ...venues].every((v) => have.has(v)), `${String(kalshiTitle)}: ${[...have].join(', ')}`);
  };
  // the winner's markets share one question and name the candidate only in yes_sub_title: read as group + label
  joins(/^2028 U\.S\. Presidential Election winner\? — JD Vance$/, ['polymarket', 'predictit', 'manifold', 'limitless', 'predictfun', 'drift']);
  joins(/^Will JD Vance be the Republican Presidential nominee in 2028\?$/, ['polymarket', 'predictit', 'manifold', 'limitless', 'predictfun']);
  joins(/^Will Democrats win the House in 2026\?$/, ['polymarket', 'predictit']);
  joins(/^Which party will win the Senate in 2026\? — Republican party$/, ['polymarket', 'predictit']);
  joins(/^Who will Trump nominate as Fed Chair\? — Kevin Warsh$/, ['polymarket', 'predictit']);
  joins(/^Will Ethereum be above \$5,000\.00 by Dec 31, 2026/, ['polymarket']);
  const hassett = linked.find((x) => x.members.some((m) => m.platform_slug === 'kalshi' && /Fed Chair\? — Kevin Hassett$/.test(m.title)));
  t.true(hassett!.members.every((m) => /Hassett/.test(m.title)), 'no other nominee is linked in');
});

test('a Drift BET symbol and a Polymarket threshold on the same date land in one question', (t) => {
  const q = questionOf('drift', /Bitcoin reach \$150,000/);
  t.truthy(q);
  t.true(q!.markets.some((m) => m.platform_slug === 'polymarket' && /Bitcoin reach \$150,000 by December 31, 2026/.test(m.title)));
  t.false(q!.markets.some((m) => /\$100,000|\$200,000/.test(m.title)), 'other thresholds stay out');
});

test('near misses stay apart: a close-price comparator on one day is not "reach by"', (t) => {
  const reach = questionOf('polymarket', /^Will Bitcoin reach \$100,000 by December 31, 2026\?$/);
  t.truthy(reach);
  t.false(reach!.markets.some((m) => /above \$100,000 on December 31/.test(m.title)));
  t.false(reach!.markets.some((m) => /February/.test(m.title)));
});

test('every discover item is listed on at least two venues and its fields follow the spec', (t) => {
  t.true(all.length >= 10);
  for (const q of all) {
    t.true(q.market_count >= 2);
    t.is(q.platform_slugs.length, q.market_count);
    t.regex(q.slug, /^[a-z0-9-]+$/);
    t.true(q.index_price === null || (q.index_price >= 0 && q.index_price <= 1));
    if (q.divergence === null) t.is(q.divergence_category, null);
    else t.is(q.divergence_category, q.divergence < 0.02 ? 'low' : q.divergence > 0.05 ? 'high' : 'medium');
    t.is(Object.keys(q).sort().join(','), 'best_buy_platform,best_buy_price,category,divergence,divergence_category,end_time,id,index_price,market_count,platform_slugs,slug,spread_bps,title');
  }
});

test('category, limit and offset select and page the list, with meta', async (t) => {
  const politics = (await svc.get('/api/v1/discover?category=politics&limit=200', auth)).body as { data: DiscoverItem[]; meta: Record<string, number> };
  t.true(politics.data.length > 0);
  t.true(politics.data.every((q) => q.category === 'politics'));
  t.deepEqual(politics.meta, { count: politics.data.length, total: politics.data.length, offset: 0, limit: 200 });
  const crypto = (await svc.get('/api/v1/discover?category=crypto', auth)).body as { data: DiscoverItem[] };
  t.true(crypto.data.length > 0 && crypto.data.every((q) => q.category === 'crypto'));
  const page = (await svc.get('/api/v1/discover?limit=2&offset=3', auth)).body as { data: DiscoverItem[]; meta: Record<string, number> };
  t.deepEqual(page.data.map((q) => q.id), all.slice(3, 5).map((q) => q.id));
  t.deepEqual(page.meta, { count: 2, total: all.length, offset: 3, limit: 2 });
  for (const bad of ['limit=0', 'limit=201', 'offset=-1', 'category=weather', 'limit=abc']) {
    const res = await svc.get(`/api/v1/discover?${bad}`, auth);
    t.is(res.status, 400, bad);
    t.is((res.body as { status: string }).status, 'INVALID_REQUEST');
  }
});

test('each question index recomputes from its markets: volume-weighted, complements as 1 - p', (t) => {
  for (const q of details.values()) {
    const inputs = q.markets.filter((m) => m.status === 'open').map((m) => {
      const own = m.outcomes[0]?.price ?? null;
      return {
        platform_slug: m.platform_slug as never,
        yes_price: own === null ? null : m.relation === 'complement' ? Math.round((1 - own) * 1e6) / 1e6 : own,
        volume24h: m.volume24h,
        play_money: m.play_money,
      };
    });
    const expected = computeIndex(inputs);
    t.is(q.index.index_price, expected.index_price, q.title);
    t.deepEqual(q.index.platform_prices, expected.platform_prices);
    t.is(q.index.platform_count, new Set(q.markets.filter((m) => m.status === 'open').map((m) => m.platform_slug)).size);
    for (const m of q.markets) {
      t.true(m.confidence > 0 && m.confidence <= 1);
      t.true(['exact', 'semantic', 'manual'].includes(m.match_method));
    }
  }
});

test('GET /api/v1/questions/{id} serves the question detail', async (t) => {
  const q = questionOf('predictit', /2028 Democratic presidential nomination\? — Gavin Newsom$/)!;
  const res = await svc.get(`/api/v1/questions/${q.id}`, auth);
  t.is(res.status, 200);
  t.deepEqual((res.body as { data: QuestionDetail }).data, q);
});

test('an unknown question is 404 QUESTION_NOT_FOUND and a malformed id is 400', async (t) => {
  const missing = await svc.get('/api/v1/questions/00000000-0000-4000-8000-000000000000', auth);
  t.is(missing.status, 404);
  t.is((missing.body as { status: string }).status, 'QUESTION_NOT_FOUND');
  t.is((await svc.get('/api/v1/questions/nope', auth)).status, 400);
});
