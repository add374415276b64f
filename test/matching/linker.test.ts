import test from 'ava';
import { openTestLinker } from '../support/testLinker.ts';
import { linkerCollections } from '../../pipeline/matching/linker/state.ts';
import { compareProps, extractProposition, type MarketRef, type Proposition } from '../../pipeline/matching/verifier/index.ts';
import { linkerEvent as event, linkerMarket as market } from '../support/linkerMarket.ts';



function setup() {
  return openTestLinker({ verifier: { extract: (r) => extractProposition(r as MarketRef), compare: (a, b) => compareProps(a as Proposition, b as Proposition) } });
}

test('equivalent markets arriving one after another join one question; a rival threshold founds its own', async (t) => {
  const s = await setup();
  const poly = market('polymarket', 'p1', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.11, 5000);
  const lim = market('limitless', 'l1', 'Will BTC hit $150k by Dec 31, 2026?', 0.13, 1000);
  const pf = market('predictfun', 'f1', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.12, 0);
  const other = market('limitless', 'l2', 'Will Bitcoin reach $200,000 by December 31, 2026?', 0.04);
  for (const m of [poly, lim, pf, other]) await s.linker.handle(event(m), false);
  const q = await s.questionOf(poly);
  t.is(await s.questionOf(lim), q);
  t.is(await s.questionOf(pf), q);
  t.not(await s.questionOf(other), q);
  const last = s.published.filter((e) => e.type === 'question_snapshot' && e.question.id === q).at(-1);
  t.truthy(last);
  if (last?.type === 'question_snapshot') t.deepEqual(last.question.members.map((m) => m.platform_slug), ['polymarket', 'limitless', 'predictfun']);
  await s.close();
});

test('a title change that makes the market a different question moves it out and records why', async (t) => {
  const s = await setup();
  const poly = market('polymarket', 'p1', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.11);
  const lim = market('limitless', 'l1', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.13);
  await s.linker.handle(event(poly), false);
  await s.linker.handle(event(lim), false);
  const shared = await s.questionOf(poly);
  t.is(await s.questionOf(lim), shared);

  const renamed = { ...lim, title: 'Will Bitcoin reach $250,000 by December 31, 2026?' };
  await s.linker.handle(event(renamed, '2026-11-02T00:00:00.000Z'), false);
  t.not(await s.questionOf(renamed), shared);
  const state = await linkerCollections(s.store).markets.get(lim.id);
  t.is(state!.moves.length, 1);
  t.is(state!.moves[0]!.from, shared);
  t.regex(state!.moves[0]!.reason, /title "Will Bitcoin reach \$150,000.*" → "Will Bitcoin reach \$250,000/);
  const out = s.published.find((e) => e.type === 'question_snapshot' && e.cause.kind === 'moved_out');
  t.truthy(out, 'the old question is re-published without the market');
  if (out?.type === 'question_snapshot') t.deepEqual(out.question.members.map((m) => m.market_id), [poly.id]);
  await s.close();
});

test('a price-only update refreshes the question without re-matching', async (t) => {
  const s = await setup();
  const poly = market('polymarket', 'p1', 'Will Bitcoin reach $150,000 by December 31, 2026?', 0.11);
  await s.linker.handle(event(poly), false);
  const before = s.published.length;
  const q = await s.questionOf(poly);
  await s.linker.handle(event({ ...poly, outcomes: [{ label: 'Yes', outcome_index: 0, price: 0.2 }, { label: 'No', outcome_index: 1, price: 0.8 }] }), false);
  t.is(s.published.length, before + 1);
  const snap = s.published.at(-1)!;
  t.is(snap.type, 'question_snapshot');
  if (snap.type === 'question_snapshot') {
    t.is(snap.question.id, q);
    t.is(snap.cause.kind, 'updated');
    t.is(snap.question.members[0]!.yes_price, 0.2);
  }
  await s.linker.handle(event({ ...poly, outcomes: [{ label: 'Yes', outcome_index: 0, price: 0.2 }, { label: 'No', outcome_index: 1, price: 0.8 }] }), false);
  t.is(s.published.length, before + 1, 'nothing changed, nothing published');
  await s.close();
});

test('a complement (holding a role on a day against leaving before it) links with relation complement and enters the index as 1 - p', async (t) => {
  const s = await setup();
  const stays = { ...market('predictit', 'k9', 'Will Jerome Powell be Fed Chair on Jun 1, 2026?', 0.7), category: 'politics' as const, end_time: '2026-06-01T23:59:00.000Z' };
  const leaves = { ...market('polymarket', 'p9', 'Powell out as Fed Chair by May 31, 2026?', 0.28), category: 'politics' as const, end_time: '2026-05-31T23:59:00.000Z' };
  await s.linker.handle(event(stays), false);
  await s.linker.handle(event(leaves), false);
  t.is(await s.questionOf(leaves), await s.questionOf(stays));
  const state = await linkerCollections(s.store).markets.get(leaves.id);
  t.is(state!.relation, 'complement');
  t.is(state!.member.yes_price, 0.72);
  await s.close();
});

test('two parties of one race never join as complements: each party links by identity to its own markets', async (t) => {
  const s = await setup();
  const politics = { category: 'politics' as const };
  const demPoly = { ...market('polymarket', 'p10', 'Will the Democratic Party control the House after the 2026 Midterm elections?', 0.7), ...politics };
  const repPoly = { ...market('polymarket', 'p11', 'Will the Republican Party control the House after the 2026 Midterm elections?', 0.3), ...politics };
  const demMani = { ...market('manifold', 'm10', 'Will Democrats win the House in the 2026 midterm elections?', 0.68), ...politics, play_money: true };
  const repLim = { ...market('limitless', 'l10', 'Will the Republicans win the House in the 2026 midterms?', 0.31), ...politics };
  for (const m of [demPoly, repPoly, demMani, repLim]) await s.linker.handle(event(m), false);
  const dem = await s.questionOf(demPoly);
  const rep = await s.questionOf(repPoly);
  t.not(dem, rep, "one venue's two sides stay in two questions");
  t.is(await s.questionOf(demMani), dem);
  t.is(await s.questionOf(repLim), rep);
  const states = await linkerCollections(s.store).markets.getMany([demPoly.id, repPoly.id, demMani.id, repLim.id]);
  t.deepEqual(states.map((x) => x.relation), ['identity', 'identity', 'identity', 'identity']);
  await s.close();
});
