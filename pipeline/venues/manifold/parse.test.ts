import test from 'ava';
import { readFileSync } from 'node:fs';
import { marketId } from '../../../shared/ids.ts';
import { parseManifold } from './parse.ts';

const FIX = new URL('../../../test/fixtures/venues/manifold/', import.meta.url);
const load = (name: string): unknown => JSON.parse(readFileSync(new URL(name, FIX), 'utf8')) as unknown;
const sample = load('v0-markets-sample.json') as Array<Record<string, unknown>>;
const twins = load('v0-market-mana-and-cash-pairs.futarchy-dev.json') as Array<Record<string, unknown>>;
const ctx = { fetchedAt: '2026-01-31T18:10:00.000Z' };

const first = (pred: (m: Record<string, unknown>) => boolean): Record<string, unknown> => {
  const found = sample.find(pred);
  if (!found) throw new Error('fixture lacks such a market');
  return found;
};
const resolvedBinary = first((m) => m.id === 'ygtnI8ZQ5n');

test('a real binary market resolved YES: Yes pays 1 and No 0 (not its last probability 0.78), mana amounts, play money', (t) => {
  const r = parseManifold({ id: 'ygtnI8ZQ5n', payload: resolvedBinary }, ctx);
  const m = r.markets[0];
  t.is(r.markets.length, 1);
  t.is(m?.id, marketId('manifold', 'ygtnI8ZQ5n'));
  t.deepEqual(m?.outcomes, [
    { label: 'Yes', outcome_index: 0, price: 1, best_bid: null, best_ask: null },
    { label: 'No', outcome_index: 1, price: 0, best_bid: null, best_ask: null },
  ]);
  t.is(m?.status, 'resolved');
  t.is(m?.volume_total, 479.26953036377193);
  t.is(m?.liquidity, 100);
  t.is(m?.currency, 'MANA');
  t.true(m?.play_money);
  t.deepEqual(m?.fee, { kind: 'none', reason: 'play_money', source: 'venue' });
  t.is(m?.end_time, new Date(1769881682350).toISOString());
  t.is(m?.url, 'https://manifold.markets/DogOdds/cblol-fur-beats-fx');
});

test('an open binary market is priced at its probability; its close time is its end_time (the shared end-time rule closes it)', (t) => {
  const open = { ...resolvedBinary, isResolved: false, resolution: null, closeTime: Date.parse(ctx.fetchedAt) + 60_000 };
  const m = parseManifold({ id: 'x', payload: open }, ctx).markets[0];
  t.is(m?.status, 'open');
  t.deepEqual(m?.outcomes.map((o) => o.price), [0.78, 0.22]);
  t.is(m?.end_time, new Date(Date.parse(ctx.fetchedAt) + 60_000).toISOString());
});

test('a multiple-choice full market splits into one binary market per answer, grouped', (t) => {
  const full = load('market-composed-dem-nominee-2028.json') as { id: string; answers: Array<{ id: string }> };
  const r = parseManifold({ id: full.id, payload: full }, ctx);
  t.is(r.markets.length, full.answers.length);
  const newsom = r.markets.find((m) => m.group?.outcome_label === 'Gavin Newsom');
  t.is(newsom?.title, 'Who will be the 2028 Democratic presidential nominee? — Gavin Newsom');
  t.is(newsom?.platform_market_id, `${full.id}:${full.answers[0]?.id}`);
  t.deepEqual(newsom?.group, { id: full.id, title: 'Who will be the 2028 Democratic presidential nominee?', outcome_label: 'Gavin Newsom' });
  t.is(newsom?.outcomes[0]?.price, 0.3);
  t.is(newsom?.category, 'politics');
  t.is(new Set(r.markets.map((m) => m.id)).size, r.markets.length);
});

test('a multiple-choice LiteMarket without answers is skipped with the reason, not priced', (t) => {
  const lite = first((m) => m.outcomeType === 'MULTIPLE_CHOICE');
  const r = parseManifold({ id: String(lite.id), payload: lite }, ctx);
  t.deepEqual(r.markets, []);
  t.regex(r.skipped[0]?.reason ?? '', /without answers/);
});

test('polls, numeric and date markets are skipped as having no Yes/No price', (t) => {
  for (const type of ['POLL', 'MULTI_NUMERIC', 'DATE']) {
    const raw = first((m) => m.outcomeType === type);
    const r = parseManifold({ id: String(raw.id), payload: raw }, ctx);
    t.deepEqual(r.markets, [], type);
    t.regex(r.skipped[0]?.reason ?? '', new RegExp(type));
  }
});

test('a legacy free-response market (docs example) is skipped, not misread', (t) => {
  const r = parseManifold({ id: 'docs', payload: load('docs-example.v0-market-by-id.json') }, ctx);
  t.deepEqual(r.markets, []);
  t.regex(r.skipped[0]?.reason ?? '', /FREE_RESPONSE/);
});

test('sweepcash CASH twins are skipped; their MANA twins parse with group-slug categories', (t) => {
  const cash = twins.find((m) => m.token === 'CASH');
  const mana = twins.find((m) => m.token === 'MANA' && Array.isArray(m.groupSlugs));
  const c = parseManifold({ id: 'c', payload: cash }, ctx);
  t.deepEqual(c.markets, []);
  t.regex(c.skipped[0]?.reason ?? '', /CASH/);
  const m = parseManifold({ id: 'm', payload: mana }, ctx).markets[0];
  t.truthy(m);
  t.is(m?.description, (mana?.textDescription as string).trim());
});

test('a binary market without probability is skipped with drift, never priced 0', (t) => {
  const { probability: _p, ...raw } = resolvedBinary;
  const r = parseManifold({ id: 'ygtnI8ZQ5n', payload: raw }, ctx);
  t.deepEqual(r.markets, []);
  t.deepEqual(r.skipped[0]?.drift, [{ field: 'probability', expected: 'number', got: 'missing' }]);
});

test('a probability that changed type to a string is reported as drift', (t) => {
  const r = parseManifold({ id: 'ygtnI8ZQ5n', payload: { ...resolvedBinary, probability: '0.78' } }, ctx);
  t.deepEqual(r.skipped[0]?.drift, [{ field: 'probability', expected: 'number', got: 'string' }]);
});

test('a missing id or question is drift on the whole item', (t) => {
  const { question: _q, ...raw } = resolvedBinary;
  const r = parseManifold({ id: 'ygtnI8ZQ5n', payload: raw }, ctx);
  t.deepEqual(r.skipped[0]?.drift, [{ field: 'question', expected: 'string', got: 'missing' }]);
});

// The recorded first page (real capture of 2026-01-31, recorded/markets-limit500.json).
const recordedPage = JSON.parse(readFileSync(new URL('./recorded/markets-limit500.json', import.meta.url), 'utf8')) as Array<Record<string, unknown>>;
const recordedItem = (id: string): Record<string, unknown> => {
  const found = recordedPage.find((m) => m.id === id);
  if (!found) throw new Error(`recorded page lacks ${id}`);
  return found;
};

test('a resolved binary market shows its resolution, not its last probability: NO is 0, MKT its resolution probability, CANCEL no price', (t) => {
  // 8tRgpILydp "test market": probability 0.85, resolution NO. Before: Yes 0.85. After: Yes 0, No 1.
  t.deepEqual(parseManifold({ id: '8tRgpILydp', payload: recordedItem('8tRgpILydp') }, ctx).markets[0]?.outcomes.map((o) => o.price), [0, 1]);
  // yZ2cS0hdI6 "Daily market": probability 0.498…, resolution MKT at resolutionProbability 0.25 -> Yes 0.25, No 1 - 0.25 = 0.75.
  t.deepEqual(parseManifold({ id: 'yZ2cS0hdI6', payload: recordedItem('yZ2cS0hdI6') }, ctx).markets[0]?.outcomes.map((o) => o.price), [0.25, 0.75]);
  // Qsys20dP9n "Will GTA VI be postponed again?": CANCEL -> no price (mana refunded), not 0.47.
  const cancelled = parseManifold({ id: 'Qsys20dP9n', payload: recordedItem('Qsys20dP9n') }, ctx).markets[0];
  t.deepEqual(cancelled?.outcomes.map((o) => o.price), [null, null]);
  t.is(cancelled?.status, 'resolved');
});

test('each answer of a multiple-choice market carries its own volume and liquidity, and no 24-hour volume', (t) => {
  // Composed full market: the market totals volume 5000 / liquidity 1000 / volume24Hours 120 over 9 answers;
  // Gavin Newsom's own pool has volume 500 and totalLiquidity 100. Before: every answer showed 5000 / 1000 / 120
  // (9 x 5000 = 45000 summed across answers, nine times the real total).
  const full = load('market-composed-dem-nominee-2028.json') as { id: string; volume: number; answers: Array<{ volume: number }> };
  const r = parseManifold({ id: full.id, payload: full }, ctx).markets;
  const newsom = r.find((m) => m.group?.outcome_label === 'Gavin Newsom');
  t.is(newsom?.volume_total, 500);
  t.is(newsom?.liquidity, 100);
  t.is(newsom?.volume24h, null);
  const summed = r.reduce((acc, m) => acc + (m.volume_total ?? 0), 0);
  t.is(summed, full.answers.reduce((acc, a) => acc + a.volume, 0), 'answers add up to their own volumes');
  t.true(summed <= full.volume);
});

test('a resolved multiple-choice market prices the winning answer 1 and the others 0', (t) => {
  const full = load('market-composed-dem-nominee-2028.json') as { id: string; answers: Array<{ id: string }> };
  const winner = full.answers[1]?.id ?? '';
  const resolved = { ...full, isResolved: true, resolution: winner };
  const r = parseManifold({ id: full.id, payload: resolved }, ctx).markets;
  t.true(r.every((m) => m.status === 'resolved'));
  t.deepEqual(r.map((m) => m.outcomes[0]?.price), full.answers.map((a) => (a.id === winner ? 1 : 0)));
});
