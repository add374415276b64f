import test from 'ava';
import { unexplainedEventWords } from '../../pipeline/matching/verifier/eventWords.ts';
import { verifyPair, extractProposition } from '../../pipeline/matching/verifier/index.ts';
import { neighbourScore, neighboursLoaded } from '../../pipeline/matching/verifier/wordNeighbours.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/types.ts';

const m = (venue: string, title: string, outcome = 'Yes', end: string | null = '2026-06-30'): MarketRef => ({ venue, title, outcome, end_date: end, category: 'politics' });

test('the word-neighbour table is loaded and symmetric in use', (t) => {
  t.true(neighboursLoaded());
  t.true(neighbourScore('agreement', 'deal') >= 0.75);
  t.is(neighbourScore('agreement', 'deal'), neighbourScore('deal', 'agreement'));
  t.is(neighbourScore('orbit', 'catch'), 0);
});

test('same entities, a different event on each side: no link', (t) => {
  const pairs: [MarketRef, MarketRef][] = [
    [m('polymarket', "Will SpaceX's Starship reach orbit by June 30?"), m('kalshi', 'Will SpaceX catch a Starship upper stage before Jul 1, 2026?', 'Yes', '2026-07-01')],
    [m('polymarket', 'Taylor Swift announces new album by March 31?', 'Yes', '2026-03-31'), m('kalshi', 'Will Taylor Swift release a new album before Apr 1, 2026?', 'Yes', '2026-04-01')],
    [m('polymarket', 'Will Shohei Ohtani hit 50+ home runs in 2026?', 'Yes', '2026-09-28'), m('manifold', 'Will Shohei Ohtani steal 50+ bases in 2026?', 'Yes', '2026-09-28')],
  ];
  for (const [a, b] of pairs) {
    const v = verifyPair(a, b);
    t.false(v.same, `${a.title} <> ${b.title}`);
    t.true(v.reasons.some((r) => r.startsWith('different event') || r.startsWith('nothing shared')), v.reasons.join('; '));
  }
});

test('paraphrases are explained: synonyms, stems, word neighbours', (t) => {
  const pairs: [MarketRef, MarketRef][] = [
    [m('polymarket', 'Will Russia capture Kostiantynivka by June 30?'), m('kalshi', 'Will Russia take control of Kostiantynivka before Jul 1, 2026?', 'Yes', '2026-07-01')],
    [m('polymarket', 'US-Iran nuclear deal by June 30?'), m('kalshi', 'Will the US and Iran sign a nuclear agreement before Jul 1, 2026?', 'Yes', '2026-07-01')],
    [m('kalshi', 'Tesla deliveries in Q1 2026?', 'Above 400,000', '2026-04-02'), m('polymarket', 'Will Tesla deliver more than 400k vehicles in Q1 2026?', 'Yes', '2026-04-02')],
  ];
  for (const [a, b] of pairs) t.true(verifyPair(a, b).same, `${a.title} <> ${b.title}: ${verifyPair(a, b).reasons.join('; ')}`);
});

test('venue boilerplate, offices and title-cased group names leave no event words to explain', (t) => {
  const a = extractProposition(m('polymarket', 'Premier League Top 4 Finish', 'Chelsea'));
  const b = extractProposition(m('polymarket', 'Premier League Winner', 'Chelsea'));
  const { onlyA, onlyB } = unexplainedEventWords(a, b);
  t.true(onlyA.includes('finish') && onlyB.includes('winner'), `${onlyA.join(',')} / ${onlyB.join(',')}`);
  const c = extractProposition(m('kalshi', 'Who will win the 2026 Colombian presidential election?', 'Iván Cepeda'));
  const d = extractProposition(m('polymarket', 'Colombia Presidential Election', 'Iván Cepeda'));
  t.deepEqual(unexplainedEventWords(c, d).onlyB, []);
});
