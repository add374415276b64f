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

test('a real binary market: probability as Yes, its complement as No, mana amounts, play money', (t) => {
  const r = parseManifold({ id: 'ygtnI8ZQ5n', payload: resolvedBinary }, ctx);
  const m = r.markets[0];
  t.is(r.markets.length, 1);
  t.is(m?.id, marketId('manifold', 'ygtnI8ZQ5n'));
  t.deepEqual(m?.outcomes, [
    { label: 'Yes', outcome_index: 0, price: 0.78 },
    { label: 'No', outcome_index: 1, price: 1 - 0.78 },
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

test('an open binary market whose close time has passed is closed', (t) => {
  const payload = { ...resolvedBinary, isResolved: false, closeTime: Date.parse(ctx.fetchedAt) - 1 };
  t.is(parseManifold({ id: 'x', payload }, ctx).markets[0]?.status, 'closed');
  const later = { ...resolvedBinary, isResolved: false, closeTime: Date.parse(ctx.fetchedAt) + 60_000 };
  t.is(parseManifold({ id: 'x', payload: later }, ctx).markets[0]?.status, 'open');
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
