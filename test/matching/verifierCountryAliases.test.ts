/**
 * A country written two ways ("the US" / "the United States", "the UK" / "the United Kingdom") is one
 * place to the entity check, and a country written as an abbreviation still differs from another
 * country named in full. Labels by reading the pairs: the same question about the same country is an
 * identity; two countries are two questions.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, end_date: string, category = 'politics'): MarketRef => ({ venue, title, outcome: 'Yes', end_date, category });
const rel = (a: string, b: string, end = '2026-12-31', category = 'politics'): string => verifyPair(m('polymarket', a, end, category), m('kalshi', b, end, category)).relation;

test('an abbreviated country and its full name are one place', (t) => {
  t.is(rel('Will the US confirm that aliens exist before 2027?', 'Will the United States confirm that aliens exist before 2027?'), 'identity');
  t.is(rel('US recession in 2026?', 'Will the United States enter a recession in 2026?', '2026-12-31', 'economics'), 'identity');
  t.is(rel('Will the UK rejoin the EU before 2030?', 'Will the United Kingdom rejoin the European Union before 2030?', '2029-12-31'), 'identity');
  t.is(rel('Will Trump meet with Xi in the US in 2026?', 'Will Trump meet Xi Jinping in the United States in 2026?'), 'identity');
});

test('a country written as an abbreviation is not another country named in full', (t) => {
  t.is(rel('Will the US win the 2026 FIFA World Cup?', 'Will Mexico win the 2026 FIFA World Cup?', '2026-07-19', 'sports'), 'different');
  t.is(rel('Will Trump meet with Xi in the US in 2026?', 'Will Trump meet Xi Jinping in China in 2026?'), 'different');
  t.is(rel('Will the US strike Iran by June 30, 2026?', 'Will the United Kingdom strike Iran by June 30, 2026?', '2026-06-30'), 'different');
  t.regex(verifyPair(m('polymarket', 'Will the US win the 2026 FIFA World Cup?', '2026-07-19', 'sports'), m('kalshi', 'Will Mexico win the 2026 FIFA World Cup?', '2026-07-19', 'sports')).reasons.join('; '), /place differs: Mexico vs United States/);
});

test('the pronoun "us" is no country', (t) => {
  t.is(rel('Will Mexico join us in the 2026 trade pact?', 'Will Mexico join the 2026 trade pact?'), rel('Will Mexico join the 2026 trade pact?', 'Will Mexico join the 2026 trade pact?'));
});

test('a national side under its other name is that side: Czechia, Holland, Türkiye, Côte d\'Ivoire', (t) => {
  const side = (venue: string, title: string, pick: string): MarketRef => ({ venue, title, outcome: pick, end_date: '2027-03-27', category: 'sports' });
  t.is(verifyPair(side('azuro', 'Czechia vs Slovakia', 'Czechia'), side('sxbet', 'Czech Republic vs Slovakia', 'Czech Republic')).relation, 'identity');
  t.is(verifyPair(side('azuro', "Côte d'Ivoire vs Ghana", "Côte d'Ivoire"), side('sxbet', 'Ivory Coast vs Ghana', 'Ivory Coast')).relation, 'identity');
  t.is(verifyPair(side('polymarket', 'Will Holland beat Germany on March 27, 2027?', 'Yes'), side('azuro', 'Netherlands vs Germany', 'Netherlands')).relation, 'identity');
  t.is(rel('Will Recep Tayyip Erdoğan leave office as President of Türkiye before 2028?', 'Will Erdogan leave office as President of Turkey before 2028?', '2027-12-31'), 'identity');
  t.is(verifyPair(side('azuro', 'Czechia vs Slovakia', 'Czechia'), side('sxbet', 'Czech Republic vs Slovakia', 'Slovakia')).relation, 'different');
});
