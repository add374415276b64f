import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null, category = 'politics'): MarketRef => ({ venue, title, outcome, end_date, category });
const why = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).reasons.join('; ');

test('a shared place or person with a different recognised event is no link (TACO on Greenland tariffs vs purchase Greenland)', (t) => {
  const v = verifyPair(m('manifold', 'Will TACO on Greenland tariffs', 'Yes', '2026-03-01'), m('predictit', 'Will the US purchase Greenland in 2026?'));
  t.false(v.same);
  t.regex(v.reasons.join('; '), /nothing shared about what happens/);
  t.false(verifyPair(m('manifold', 'Kylie Jenner and Timothée Chalamet engagement announced in 2026?', 'Yes', '2026-12-31'), m('polymarket', 'Will Kylie Jenner and Timothée Chalamet break up in 2026?', 'Yes', '2026-12-31')).same);
  // Synonyms without a recognised event are left to the overlap: still linked.
  t.true(verifyPair(m('manifold', 'Will GTA VI be postponed again?', 'Yes', '2026-11-19'), m('polymarket', 'GTA VI delayed again?', 'Yes', '2026-11-19')).same);
});

test('a comparison with another time is not a level or bucket on a day (approval higher than in his first term vs RCP bucket)', (t) => {
  const a = m('manifold', "Will Trump's approval rating be higher on election day (Nov. 3, 2026) than it was in his first term (Nov. 6, 2018)?");
  const v = verifyPair(a, m('predictit', "What will President Trump's RCP job approval rating be on Feb. 4?", '41.6% or lower'));
  t.false(v.same);
  t.regex(v.reasons.join('; '), /comparison with another time/);
});

test('a year-less day on a market without an end date is read in its partner year', (t) => {
  const v = verifyPair(m('predictit', 'When will Trump sign a bill to end or avert the shutdown?', '2/4-2/6'), m('kalshi', 'When will the government shutdown end?', 'Feb 7 to Feb 9', '2026-02-09'));
  t.false(v.same);
  t.regex(v.reasons.join('; '), /(?:date|deadline|period) differs/);
});

test('game contracts: a draw, the other side, another day, an over/under line', (t) => {
  const s = 'sports';
  t.true(verifyPair(m('polymarket', 'Will Arsenal win on 2026-02-01?', 'Yes', '2026-02-01', s), m('azuro', 'Arsenal vs Manchester United', 'Arsenal', '2026-02-01', s)).same);
  t.regex(why(m('polymarket', 'Will Arsenal win on 2026-02-01?', 'Yes', '2026-02-01', s), m('azuro', 'Arsenal vs Manchester United', 'Draw', '2026-02-01', s)), /draw/);
  t.false(verifyPair(m('predictfun', 'Will Austria win on 2026-10-04?', 'Yes', '2026-10-04', s), m('azuro', 'Kosovo vs Austria', 'Kosovo', '2026-10-04', s)).same);
  t.true(verifyPair(m('predictfun', 'Will Sweden win on 2026-10-05?', 'Yes', '2026-10-05', s), m('polymarket', 'Sweden vs. Switzerland', 'Sweden', '2026-10-05', s)).same);
  t.regex(why(m('kalshi', 'Denver at Dallas Winner?', 'Dallas', '2025-11-12', s), m('polymarket', 'Broncos vs. Cowboys', 'Cowboys', '2025-10-26', s)), /game days differ/);
  t.true(verifyPair(m('azuro', 'Aston Villa vs Burnley', 'Over 2.5', '2026-02-14', s), m('polymarket', 'Aston Villa vs. Burnley: O/U 2.5', 'Over', '2026-02-14', s)).same);
  // Over and Under one line of one match split every outcome: complements (issue 8).
  t.is(verifyPair(m('azuro', 'Aston Villa vs Burnley', 'Over 2.5', '2026-02-14', s), m('polymarket', 'Aston Villa vs. Burnley: O/U 2.5', 'Under', '2026-02-14', s)).relation, 'complement');
  // Up and Down of one up-or-down market are its two outcomes: read as the same market when both say Up, so its
  // negation when one says Down (round 22; the written batch 3 labels the pair "different", round 19 and 22 sets a complement).
  t.is(verifyPair(m('predictfun', 'Bitcoin Up or Down on October 5?', 'Up', '2025-10-05'), m('polymarket', 'Bitcoin Up or Down on October 5?', 'Down', '2025-10-05')).relation, 'complement');
});

test('stage, seat goal, generation, season, ceremony and category tell questions apart', (t) => {
  t.regex(why(m('manifold', 'Will an African team reach the semi-finals of the 2026 World Cup?', 'Yes', '2026-07-15'), m('polymarket', 'Will an African team win the 2026 World Cup?', 'Yes', '2026-07-19')), /stage differs/);
  // A Commons majority reads as its seat count (326 or more), which the most seats is not.
  t.regex(why(m('polymarket', 'Will Reform UK win the most seats in the next UK general election?'), m('kalshi', 'Will Reform UK win a majority in the next UK general election?')), /seat goal differs|threshold on one side only: 326/);
  t.regex(why(m('polymarket', 'Will Reform win the most seats in the next Dutch election?'), m('kalshi', 'Will Reform win a majority in the next Dutch election?')), /seat goal differs/);
  t.regex(why(m('manifold', 'What day will Artemis II launch?', 'Before April 1', '2026-03-31'), m('polymarket', 'Artemis III launched by March 31?', 'Yes', '2026-03-31')), /generation differs/);
  t.regex(why(m('predictfun', 'Will Getafe win the 2026-27 LALIGA Championship?', 'Yes', '2027-05-30'), m('polymarket', 'Will Getafe win the 2025–26 La Liga?', 'Yes', '2026-05-24')), /season differs/);
  t.regex(why(m('kalshi', 'Oscar for Best Actress?', 'Jessie Buckley', '2026-03-15'), m('polymarket', 'Oscars 2026: Best Supporting Actress Winner', 'Jessie Buckley', '2026-03-15')), /award differs/);
  t.regex(why(m('polymarket', 'Will Rory McIlroy win the 2026 PGA Championship?', 'Yes', '2026-05-17'), m('kalshi', 'US Open golf winner?', 'Rory McIlroy', '2026-06-21')), /title differs/);
  t.true(verifyPair(m('kalshi', 'Oscar for Best Actor?', 'Timothée Chalamet', '2026-03-15'), m('polymarket', 'Oscars 2026: Best Actor Winner', 'Timothee Chalamet', '2026-03-15')).same);
});

test('rate-decision labels and house date phrasings', (t) => {
  const e = 'economics';
  t.true(verifyPair(m('polymarket', 'ECB decision in March?', 'No change', '2026-03-12', e), m('kalshi', 'Will the ECB hold rates in March 2026?', 'Yes', '2026-03-12', e)).same);
  t.false(verifyPair(m('polymarket', 'ECB decision in March?', 'No change', '2026-03-12', e), m('kalshi', 'Will the ECB cut rates in March 2026?', 'Yes', '2026-03-12', e)).same);
  t.true(verifyPair(m('polymarket', 'Largest company end of 2026?', 'Nvidia', '2026-12-31'), m('kalshi', 'Will Nvidia be the largest company by market cap on Dec 31, 2026?', 'Yes', '2026-12-31')).same);
  t.true(verifyPair(m('predictit', 'Will Bangladesh pass the February 2026 Constitutional Referendum?', 'Yes', '2026-02-12'), m('polymarket', 'Bangladesh constitutional referendum passes?', 'Yes', '2026-02-12')).same);
  t.true(verifyPair(m('predictit', 'How many states will redistrict by March 31, 2026?', '4 or 5', '2026-03-31'), m('kalshi', 'How many states will redistrict before Apr 1, 2026?', '4 to 5', '2026-03-31')).same);
  t.true(verifyPair(m('polymarket', 'What price will Ethereum hit in February?', '↑ $4,000', '2026-02-28'), m('kalshi', 'How high will Ethereum get in February 2026?', '$4,000 or above', '2026-02-28')).same);
});
