/**
 * Negations written as a group or a word venues use for "not": "a non-quarterback" against "a quarterback" (one
 * winner, so exactly one of them pays), "zero <things>" at the subject, "hold off on" an act, and a parenthesis
 * "(not play-in)" that narrows a question rather than negating it. Hand-labelled from blind probe round 29.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';

const m = (venue: string, title: string, outcome = 'Yes', end_date: string | null = null, category = 'sports') => ({ venue, title, outcome, end_date, category });
const relation = (a: ReturnType<typeof m>, b: ReturnType<typeof m>): string => verifyPair(a, b).relation;

test('a winner from outside a group negates a winner from it; a compound with "non-" is no negation', (t) => {
  const qb = m('kalshi', 'Will the 2026 Heisman winner be a quarterback?', 'Yes', '2026-12-13');
  t.is(relation(qb, m('polymarket', 'Will a non-quarterback win the 2026 Heisman Trophy?', 'Yes', '2026-12-13')), 'complement');
  t.is(relation(m('kalshi', "Will a Mercedes driver win the 2026 F1 Drivers' Championship?"), m('polymarket', "Will a non-Mercedes driver win the 2026 F1 World Drivers' Championship?")), 'complement');
  // "non-farm payrolls" are payrolls, not their negation.
  t.is(relation(m('kalshi', 'Will non-farm payrolls be above 100,000 in January 2027?', 'Yes', '2027-02-05', 'economics'), m('polymarket', 'Will nonfarm payrolls be above 100,000 in January 2027?', 'Yes', '2027-02-05', 'economics')), 'identity');
});

test('"hold off on" an act is not doing it; "zero" at the subject is none', (t) => {
  t.is(relation(m('polymarket', 'China invades Taiwan before 2028?', 'No', '2027-12-31', 'world'), m('kalshi', 'Will China hold off on invading Taiwan through 2027?', 'Yes', '2027-12-31', 'world')), 'identity');
  t.is(relation(m('polymarket', 'China invades Taiwan before 2028?', 'Yes', '2027-12-31', 'world'), m('kalshi', 'Will China hold off on invading Taiwan through 2027?', 'Yes', '2027-12-31', 'world')), 'complement');
  // A zero count beside a name's number ("Category 5") is still none: never the same as one forming.
  t.not(relation(m('kalshi', 'Will a Category 5 hurricane form in the Atlantic in 2027?', 'Yes', '2027-11-30', 'weather'), m('polymarket', 'Zero Category 5 Atlantic hurricanes in 2027?', 'Yes', '2027-11-30', 'weather')), 'identity');
  t.is(relation(m('kalshi', 'Will any new country adopt Bitcoin as legal tender in 2027?', 'No', '2027-12-31', 'crypto'), m('polymarket', 'Zero countries adopt Bitcoin as legal tender in 2027?', 'Yes', '2027-12-31', 'crypto')), 'identity');
});

test('a parenthesis "(not X)" narrows the question: never its negation', (t) => {
  t.not(relation(m('manifold', 'Will the Lakers make the 2027 NBA playoffs (not play-in)?', 'Yes', '2027-04-20'), m('kalshi', 'Will the Los Angeles Lakers make the 2027 NBA Playoffs?', 'Yes', '2027-04-20')), 'complement');
  // A rate move written "(cut or hike)" is still read as not holding.
  t.is(relation(m('manifold', 'Fed moves rates (cut or hike) at the April 2027 FOMC?', 'Yes', '2027-04-28', 'economics'), m('kalshi', 'Fed rate decision, April 2027', 'Hold', '2027-04-28', 'economics')), 'complement');
});

test('advancing in a competition is a round of it, not winning it', (t) => {
  t.is(relation(m('polymarket', 'Will Arsenal advance in the Champions League in 2027?'), m('kalshi', 'Will Arsenal win the Champions League in 2027?')), 'different');
});

test('"someone other than X" negates X where exactly one wins; a post that can stand empty or a prize that can be shared does not', (t) => {
  t.is(relation(m('polymarket', 'Tour de France 2027 Winner', 'Tadej Pogačar', '2027-07-25'), m('manifold', 'Will someone other than Pogacar win the 2027 Tour de France?', 'Yes', '2027-07-25')), 'complement');
  t.is(relation(m('kalshi', 'Will JD Vance win the 2028 presidential election?', 'No', '2028-11-07', 'politics'), m('polymarket', 'Will someone other than JD Vance be elected US President in 2028?', 'Yes', '2028-11-07', 'politics')), 'identity');
  t.is(relation(m('kalshi', 'Will Donald Trump be President on Dec 31, 2027?', 'Yes', '2027-12-31', 'politics'), m('polymarket', 'Will someone other than Donald Trump be US President on December 31, 2027?', 'Yes', '2027-12-31', 'politics')), 'complement');
  // The Speaker's chair can be empty on the day; a Nobel can be shared or not awarded.
  t.is(relation(m('kalshi', 'Will Mike Johnson be Speaker of the House on Jan. 31, 2027?', 'Yes', '2027-01-31', 'politics'), m('polymarket', 'Will someone other than Mike Johnson be Speaker of the House on January 31, 2027?', 'Yes', '2027-01-31', 'politics')), 'different');
  t.is(relation(m('polymarket', 'Who will win the 2027 Nobel Peace Prize?', 'Donald Trump', '2027-10-09', 'world'), m('manifold', 'Will someone other than Donald Trump win the 2027 Nobel Peace Prize?', 'Yes', '2027-10-09', 'world')), 'different');
  // Not as the subject: naming someone else is no negation of naming X.
  t.not(relation(m('polymarket', 'Time 2026 Person of the Year', 'Donald Trump', '2026-12-10', 'culture'), m('manifold', 'Will Time name someone other than Donald Trump as 2026 Person of the Year?', 'Yes', '2026-12-10', 'culture')), 'identity');
});

test('a post held "at the end of 2027" or "when 2028 begins" is the stay its leaving by then negates; "through the end of" is through', (t) => {
  t.is(relation(m('kalshi', 'Will Donald Trump be president at the end of 2027?', 'Yes', '2027-12-31', 'politics'), m('polymarket', 'Trump out as President before 2028?', 'Yes', '2027-12-31', 'politics')), 'complement');
  t.is(relation(m('kalshi', 'Will Keir Starmer cease to be UK Prime Minister before 2028?', 'No', '2027-12-31', 'politics'), m('manifold', 'Is Starmer still PM when 2028 begins?', 'Yes', '2028-01-01', 'politics')), 'identity');
  t.is(relation(m('manifold', 'Will Zelenskyy still be president of Ukraine at the start of 2028?', 'Yes', '2028-01-01', 'politics'), m('polymarket', 'Zelenskyy out as Ukraine president by end of 2027?', 'Yes', '2027-12-31', 'politics')), 'complement');
  t.is(relation(m('polymarket', 'Trump pardons Ghislaine Maxwell by December 31, 2027?', 'Yes', '2027-12-31', 'politics'), m('manifold', 'Will Trump refrain from pardoning Ghislaine Maxwell through the end of 2027?', 'Yes', '2027-12-31', 'politics')), 'complement');
  // Still in post at the start of 2029 is another year.
  t.is(relation(m('manifold', 'Will Zelenskyy still be president of Ukraine at the start of 2029?', 'Yes', '2029-01-01', 'politics'), m('polymarket', 'Zelenskyy out as Ukraine president by end of 2027?', 'Yes', '2027-12-31', 'politics')), 'different');
});
