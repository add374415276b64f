import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null, category = 'politics'): MarketRef => ({ venue, title, outcome, end_date, category });
const why = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).reasons.join('; ');

test('Kalshi Fed bucket labels meet Polymarket group items; a different move, size or bucket does not', (t) => {
  const kalshi = (o: string): MarketRef => m('kalshi', 'Fed decision in Dec 2025?', o, '2025-12-10', 'economics');
  const poly = (q: string): MarketRef => m('polymarket', q, 'Yes', '2025-12-10', 'economics');
  t.true(verifyPair(kalshi('Cut 25bps'), poly('Fed decreases interest rates by 25 bps after December 2025 meeting?')).same);
  t.true(verifyPair(kalshi('Fed maintains rate'), poly('No change in Fed interest rates after December 2025 meeting?')).same);
  t.false(verifyPair(kalshi('Hike 25bps'), poly('Fed increases interest rates by 25+ bps after December 2025 meeting?')).same);
  t.false(verifyPair(kalshi('Fed maintains rate'), poly('Will the Fed cut rates in December 2025?')).same);
  t.false(verifyPair(kalshi('Cut 25bps'), poly('Fed decreases interest rates by 50+ bps after December 2025 meeting?')).same);
});

test('a city label stands for its team; a city plus a different nickname initial does not', (t) => {
  const s = 'sports';
  t.true(verifyPair(m('polymarket', 'Will the Seattle Seahawks win Super Bowl 2026?', 'Yes', '2026-02-08', s), m('kalshi', 'Pro Football Champion?', 'Seattle', '2026-02-08', s)).same);
  // Mid-September both the NFL and MLB (Royals, Phillies) play: the ticker Kalshi lists the game under names the league.
  const kcPhi = (o: string, code: string): MarketRef => ({ ...m('kalshi', 'Kansas City at Philadelphia Winner?', o, '2025-09-14', s), ticker: `KXNFLGAME-25SEP14KCPHI-${code}` });
  t.true(verifyPair(kcPhi('Philadelphia', 'PHI'), m('polymarket', 'Chiefs vs. Eagles', 'Eagles', '2025-09-14', s)).same);
  // The other side of an NFL game is its negation (issue 8): a complement, never an identity.
  t.is(verifyPair(kcPhi('Kansas City', 'KC'), m('polymarket', 'Chiefs vs. Eagles', 'Eagles', '2025-09-14', s)).relation, 'complement');
  // Without it the title alone cannot tell the Chiefs' game from the Royals' on that day.
  t.false(verifyPair(m('kalshi', 'Kansas City at Philadelphia Winner?', 'Philadelphia', '2025-09-14', s), m('polymarket', 'Chiefs vs. Eagles', 'Eagles', '2025-09-14', s)).same);
  t.true(verifyPair(m('polymarket', 'Lakers vs. Celtics', 'Lakers', '2026-02-01', s), m('kalshi', 'Los Angeles L at Boston Winner?', 'Los Angeles L', '2026-02-01', s)).same);
  t.false(verifyPair(m('polymarket', 'Lakers vs. Celtics', 'Lakers', '2026-02-01', s), m('kalshi', 'Los Angeles C at Boston Winner?', 'Los Angeles C', '2026-02-01', s)).same);
  t.true(verifyPair(m('kalshi', 'Pro Baseball Champion?', 'Los Angeles D', '2025-11-01', s), m('polymarket', 'Will the Los Angeles Dodgers win the 2025 World Series?', 'Yes', '2025-11-01', s)).same);
});

test('a first name is optional, two different first names for one surname are two people', (t) => {
  t.true(verifyPair(m('predictit', 'Will Kristi Noem leave office before June 2026?', 'Yes', '2026-05-31'), m('polymarket', 'Noem out as Homeland Security Secretary by May 31?', 'Yes', '2026-05-31')).same);
  const collins = verifyPair(m('predictit', 'Who will win the 2026 Georgia Republican Senate nomination?', 'Mike Collins'), m('polymarket', 'Will Doug Collins win the Georgia Republican Senate primary?', 'Yes', '2026-05-19'));
  t.false(collins.same);
  t.regex(collins.reasons.join('; '), /candidate differs/);
  t.false(verifyPair(m('predictit', 'Who will win the 2028 Democratic presidential nomination?', 'Mark Kelly'), m('kalshi', 'Democratic nominee for President in 2028?', 'Kelly Ayotte', '2028-08-31')).same);
});

test('an acronym meets its spelled-out name; a version number is part of the name', (t) => {
  t.true(verifyPair(m('polymarket', 'GTA VI released before June 2026?', 'Yes', '2026-05-31'), m('manifold', 'Grand Theft Auto VI release by May 31, 2026?', 'Yes', '2026-05-31')).same);
  const gpt = verifyPair(m('manifold', 'Will OpenAI release a model named GPT 5.3 by the end of February?', 'Yes', '2026-02-28'), m('polymarket', 'GPT-5.5 released by February 28, 2026?', 'Yes', '2026-02-28'));
  t.false(gpt.same, gpt.reasons.join('; '));
  t.true(verifyPair(m('manifold', 'Will OpenAI release a model named GPT 5.3 by the end of February?', 'Yes', '2026-02-28'), m('polymarket', 'GPT-5.3 released by February 28, 2026?', 'Yes', '2026-02-28')).same);
});

test('different actions, trophies and awards veto a link', (t) => {
  const china = m('polymarket', 'Will China invade Taiwan in 2026?', 'Yes', '2026-12-31');
  t.regex(why(china, m('kalshi', 'Will China blockade Taiwan before 2027?', 'Yes', '2026-12-31')), /action differs/);
  t.regex(why(m('kalshi', 'Will Trump pardon Ghislaine Maxwell before 2027?', 'Yes', '2026-12-31'), m('polymarket', "Trump commutes Ghislaine Maxwell's sentence in 2026?", 'Yes', '2026-12-31')), /action differs/);
  t.regex(why(m('polymarket', 'Will Travis Hunter be the 2025-2026 NFL Offensive Rookie of the Year?', 'Yes', '2026-02-07'), m('polymarket', 'Will Travis Hunter be the 2025-2026 NFL Defensive Rookie of the Year?', 'Yes', '2026-02-07')), /award differs/);
  t.regex(why(m('polymarket', 'Will the Seattle Seahawks win Super Bowl 2026?', 'Yes', '2026-02-08'), m('kalshi', 'Will Seattle win the NFC Championship?', 'Yes', '2026-01-25')), /title differs/);
  t.regex(why(m('polymarket', 'Pete Hegseth out as Secretary of Defense by June 30, 2026?', 'Yes', '2026-06-30'), m('predictit', 'Who will be the first Cabinet member to leave office?', 'Pete Hegseth')), /award differs/);
});

test('two parties of one race are different questions, never complements; seat counts neither', (t) => {
  const q = 'Which party will control the Senate after the 2026 election?';
  const control = verifyPair(m('predictit', q, 'Republican'), m('polymarket', 'Will the Democratic Party control the Senate after the 2026 Midterm elections?', 'Yes', '2026-11-03'));
  t.is(control.relation, 'different');
  t.regex(control.reasons.join('; '), /party differs/);
  t.is(verifyPair(m('predictit', q, 'Democratic'), m('polymarket', 'Will the Democratic Party control the Senate after the 2026 Midterm elections?', 'Yes', '2026-11-03')).relation, 'identity');
  const seats = verifyPair(m('predictit', 'How many House seats will Republicans win in the 2026 midterm election?', '238 or more'), m('polymarket', 'Will Democrats win 238+ House seats in the 2026 midterms?', 'Yes', '2026-11-03'));
  t.false(seats.same);
});

test('holding a role on a day is the complement of leaving before it; orders swap even with extra words', (t) => {
  t.is(verifyPair(m('kalshi', 'Will Jerome Powell be Fed Chair on Jun 1, 2026?', 'Yes', '2026-06-01'), m('polymarket', 'Powell out as Fed Chair by May 31, 2026?', 'Yes', '2026-05-31')).relation, 'complement');
  t.regex(why(m('manifold', 'LOL LCK Cup - T1 beats dk Dplus KIA', 'Yes', '2026-01-31'), m('polymarket', 'LCK Cup: Dplus KIA beats T1?', 'Yes', '2026-01-31')), /order inverted/);
  t.regex(why(m('manifold', 'Will Bitcoin go below $30,000 before reaching a new all time high?'), m('polymarket', 'Will Bitcoin reach a new all time high before dropping below $30,000?')), /order inverted/);
});
