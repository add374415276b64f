import test from 'ava';
import { unexplainedEventWords } from '../../pipeline/matching/verifier/compare/eventWords.ts';
import { compareProps, extractProposition, OPERATING_POINT, verifyPair } from '../../pipeline/matching/verifier/index.ts';
import { neighbourScore, neighboursLoaded } from '../../pipeline/matching/verifier/lexicon/wordNeighbours.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/types.ts';

const m = (venue: string, title: string, outcome = 'Yes', end: string | null = '2026-06-30', category = 'politics'): MarketRef => ({ venue, title, outcome, end_date: end, category });

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
    t.true(v.reasons.some((r) => r.startsWith('different event') || r.startsWith('nothing shared') || r.startsWith('an announcement vs the event')), v.reasons.join('; '));
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
  // "Winner" beside a contract label is scaffolding; "finish" is what the other market asks about.
  const a = extractProposition(m('polymarket', 'Premier League Top 4 Finish', 'Chelsea'));
  const b = extractProposition(m('polymarket', 'Premier League Winner', 'Chelsea'));
  const { onlyA, onlyB } = unexplainedEventWords(a, b);
  t.true(onlyA.includes('finish') && onlyB.length === 0, `${onlyA.join(',')} / ${onlyB.join(',')}`);
  const c = extractProposition(m('kalshi', 'Who will win the 2026 Colombian presidential election?', 'Iván Cepeda'));
  const d = extractProposition(m('polymarket', 'Colombia Presidential Election', 'Iván Cepeda'));
  t.deepEqual(unexplainedEventWords(c, d).onlyB, []);
});

test('office and election-type words are compared, not dropped: presidential vs parliamentary is no link', (t) => {
  const a = m('polymarket', 'Ukraine presidential election held in 2026?', 'Yes', '2026-12-31');
  const b = m('kalshi', 'Will Ukraine hold a parliamentary election before 2027?', 'Yes', '2026-12-31');
  const v = verifyPair(a, b);
  t.false(v.same);
  t.regex(v.reasons.join('; '), /presidential.*parliamentary/);
  // An office named on one side only is the setting: "leave office" meets "out as Homeland Security Secretary".
  t.true(verifyPair(m('predictit', 'Will Kristi Noem leave office before June 2026?', 'Yes', '2026-05-31'), m('polymarket', 'Noem out as Homeland Security Secretary by May 31?', 'Yes', '2026-05-31')).same);
});

test('a qualifier on one side only lowers confidence by the penalty, and a link needs the threshold', (t) => {
  const plain = extractProposition(m('polymarket', 'Canelo vs. Crawford', 'Terence Crawford', '2025-09-13', 'sports'));
  // "By knockout" is a stage (how the fight is won) and refuses outright; "convincingly" only qualifies.
  const ko = extractProposition(m('kalshi', 'Will Terence Crawford beat Canelo Alvarez convincingly?', 'Yes', '2025-09-13', 'sports'));
  const free = compareProps(plain, ko, { veto: 'both', oneSidedPenalty: 0, sameThreshold: 0 });
  const graded = compareProps(plain, ko, { veto: 'both', oneSidedPenalty: 0.3, sameThreshold: 0 });
  t.true(free.same && graded.same, 'the structure agrees');
  t.regex(graded.reasons.join('; '), /one side only: convincingly/);
  t.true(Math.abs(free.confidence - graded.confidence - 0.3) < 0.002, `${free.confidence} vs ${graded.confidence}`);
  t.false(compareProps(plain, ko, { veto: 'both', oneSidedPenalty: 0.3, sameThreshold: free.confidence - 0.1 }).same);
  t.deepEqual(verifyPair(plain.source, ko.source), compareProps(plain, ko, OPERATING_POINT), 'verifyPair runs at the chosen point');
  // Without the qualifier nothing is one-sided: "beat" is what a game title asks.
  const bare = extractProposition(m('kalshi', 'Will Terence Crawford beat Canelo Alvarez?', 'Yes', '2025-09-13', 'sports'));
  t.false(verifyPair(plain.source, bare.source).reasons.join(' ').includes('one side only'));
  t.true(verifyPair(plain.source, bare.source).same);
});

test('the either-side veto refuses any unexplained word', (t) => {
  const a = extractProposition(m('polymarket', 'Giannis Antetokounmpo traded by February 5?', 'Yes', '2026-02-05', 'sports'));
  const b = extractProposition(m('kalshi', 'Will Giannis Antetokounmpo be traded to a contender by February 5, 2026?', 'Yes', '2026-02-05', 'sports'));
  const v = compareProps(a, b, { veto: 'either', oneSidedPenalty: 0, sameThreshold: 0 });
  t.false(v.same);
  t.regex(v.reasons.join('; '), /different event: - vs contender/);
});

test('a rocket that flies is launched, a deal that closes is completed, an apostolic journey is a visit; being a member is not joining', (t) => {
  t.is(verifyPair(m('kalshi', 'How many Starship launches in 2027?', '10 or more', '2027-12-31', 'science'), m('polymarket', 'Will Starship fly at least 10 times in 2027?', 'Yes', '2027-12-31', 'science')).relation, 'identity');
  t.is(verifyPair(m('kalshi', 'Netflix closes Warner Bros acquisition by June 30, 2027?', 'Yes', '2027-06-30', 'finance'), m('polymarket', 'Will Netflix complete its acquisition of Warner Bros. before Jul 1, 2027?', 'Yes', '2027-06-30', 'finance')).relation, 'identity');
  t.is(verifyPair(m('kalshi', 'Will Pope Leo XIV make an apostolic journey to Argentina before 2028?', 'Yes', '2027-12-31', 'world'), m('polymarket', 'Will Pope Leo XIV visit Argentina by Dec 31, 2027?', 'Yes', '2027-12-31', 'world')).relation, 'identity');
  t.is(verifyPair(m('kalshi', 'Will Nikki Haley join the Trump Administration?'), m('polymarket', 'Will Nikki Haley be a member of the Trump administration?')).relation, 'different');
});

test('a series under its figure\'s other name is one series (checkpoint numbers / travelers screened, rain / precipitation, top / most-streamed), and a chart\'s region still counts', (t) => {
  const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;
  t.is(rel(m('kalshi', 'TSA checkpoint numbers on Dec 20, 2026?', 'Above 2,700,000', '2026-12-21'), m('polymarket', 'Will TSA screen at most 2.7 million travelers on December 20, 2026?', 'Yes', '2026-12-21')), 'complement');
  t.is(rel(m('kalshi', 'Rain in NYC (Central Park) in April 2026 above 4 inches?', 'Yes', '2026-04-30'), m('polymarket', 'Central Park April 2026 precipitation more than 4.00 inches?', 'Yes', '2026-04-30')), 'identity');
  const top = m('kalshi', 'Spotify Wrapped 2026: Top global artist?', 'Taylor Swift', '2026-12-05');
  t.is(rel(top, m('polymarket', "Will Taylor Swift be Spotify's most-streamed artist globally in 2026?", 'Yes', '2026-12-05')), 'identity');
  t.is(rel(top, m('polymarket', "Will Taylor Swift be Spotify's most-streamed artist in the US in 2026?", 'Yes', '2026-12-05')), 'different');
});
