import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';
import { sameSide } from '../../pipeline/matching/verifier/compare/sides.ts';

// Titles, tickers and rules from the tenth mined set's train half (astavrop0/Polymarket-arbitrage's recorded
// Kalshi and Polymarket game payloads, January 2026).
const kalshi = (title: string, outcome: string, ticker: string, description?: string): MarketRef => ({ venue: 'kalshi', title, outcome, end_date: '2026-02-08', category: 'sports', ticker, ...(description ? { description } : {}) });
const poly = (title: string, outcome: string, end_date: string, description?: string): MarketRef => ({ venue: 'polymarket', title, outcome, end_date, category: 'sports', ...(description ? { description } : {}) });
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;
const why = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).reasons.join('; ');

test('an esports match: "League of Legends match" is "LoL:", "(BO1)" is no name, the tournament after the pairing is where it is played', (t) => {
  const loud = kalshi('Will LOUD win the LOUD vs. RED Canids League of Legends match?', 'Yes', 'KXLOLGAME-26JAN25LLLRED-LLL');
  const match = (outcome: string): MarketRef => poly('LoL: RED Canids vs LOUD (BO1) - CBLOL Cup Regular Season', outcome, '2026-01-25');
  t.is(rel(loud, match('LOUD')), 'identity');
  t.is(rel(loud, match('RED Canids')), 'complement');
  // "Playoffs" after the pairing is the tournament's stage the match is played in, not a playoffs market.
  const wolves = kalshi('Will Wolves Esports win the Wolves Esports vs. XLG Gaming Valorant match?', 'Yes', 'KXVALORANTGAME-26JAN24WOLXLG-WOL');
  t.is(rel(wolves, poly('Valorant: XLG Gaming vs Wolves Esports (BO3) - VCT China Kickoff Playoffs', 'Wolves Esports', '2026-01-24')), 'identity');
  // A suffix about the market itself stays: the first game of a best-of-three is not the match.
  const whales = kalshi('Will Team Secret Whales win the Deep Cross Gaming vs. Team Secret Whales League of Legends match?', 'Yes', 'KXLOLGAME-26JAN24DCGTSW-TSW');
  t.is(rel(whales, poly('LoL: Team Secret Whales vs Deep Cross Gaming - Game 1 Winner', 'Team Secret Whales', '2026-01-24')), 'different');
  t.regex(why(whales, poly('LoL: Team Secret Whales vs Deep Cross Gaming - Game 1 Winner', 'Team Secret Whales', '2026-01-24')), /stage differs/);
});

test("a game's day is read from its rules when the venue closes the market a week after it", (t) => {
  const kal = (outcome: string): MarketRef => kalshi('Jiangsu Dragons at Ningbo Rockets Winner?', outcome, `KXCBAGAME-26JAN25JIANIN-${outcome.startsWith('N') ? 'NIN' : 'JIA'}`);
  const cba = (day: number): MarketRef =>
    poly('Ningbo Rockets vs. Jiangsu Dragons', 'Ningbo Rockets', '2026-02-01', `In the upcoming CBA game, scheduled for January ${day} at 6:35AM ET:\nIf the Ningbo Rockets win, the market will resolve to "Ningbo Rockets".\nThe result will be determined based on the final score including any overtime periods.`);
  t.is(rel(kal('Ningbo Rockets'), cba(25)), 'identity');
  t.is(rel(kal('Jiangsu Dragons'), cba(25)), 'complement');
  // Two days both stated in Eastern time are compared exactly: the same teams on the next day are another game.
  t.is(rel(kal('Ningbo Rockets'), cba(26)), 'different');
  t.regex(why(kal('Ningbo Rockets'), cba(26)), /game days differ: 2026-01-25 vs 2026-01-26/);
});

test('a league named before the pairing ("AHL:") says where the game is played; NBL basketball is never drawn', (t) => {
  const laval = kalshi('Laval Rocket at Calgary Wranglers Winner?', 'Laval Rocket', 'KXAHLGAME-26JAN24LAVCGY-LAV');
  t.is(rel(laval, poly('AHL: Laval Rocket vs. Calgary Wranglers', 'Laval Rocket', '2026-01-24')), 'identity');
  t.is(rel(laval, poly('AHL: Laval Rocket vs. Calgary Wranglers', 'Calgary Wranglers', '2026-01-24')), 'complement');
  const perth = kalshi('Melbourne United at Perth Wildcats Winner?', 'Melbourne United', 'KXNBLGAME-26JAN25MELPER-MEL');
  t.is(rel(perth, poly('Perth Wildcats vs. Melbourne United', 'Perth Wildcats', '2026-01-25')), 'complement');
});

test('a spelled-out umlaut or ring is the plain letter: Linkoeping is Linkoping, Luleaa is Lulea', (t) => {
  const kal = kalshi('Lulea Hockey at Linkoping HC Winner?', 'Linkoping HC', 'KXSHLGAME-26JAN24LULLIN-LIN');
  t.is(rel(kal, poly('SHL: Linkoeping vs. Luleaa', 'Linkoeping', '2026-01-24')), 'identity');
  t.is(rel(kal, poly('SHL: Linkoeping vs. Frolunda', 'Linkoeping', '2026-01-24')), 'different');
});

test('a place written with its river after a slash is the place: "Chalon/Saone" is Elan Chalon, and not another club', (t) => {
  const rules = (team: string) => `If ${team} wins the Cholet Basket at Elan Chalon professional LNB Elite basketball game originally scheduled for Jan 24, 2026, then the market resolves to Yes.`;
  const chalon = kalshi('Cholet Basket at Elan Chalon Winner?', 'Elan Chalon', 'KXLNBELITEGAME-26JAN24CHOCHA-CHA', rules('Elan Chalon'));
  const cholet = kalshi('Cholet Basket at Elan Chalon Winner?', 'Cholet Basket', 'KXLNBELITEGAME-26JAN24CHOCHA-CHO', rules('Cholet Basket'));
  const game = (outcome: string) => poly('Chalon/Saone vs. Cholet', outcome, '2026-01-24');
  t.is(rel(chalon, game('Chalon/Saone')), 'identity');
  t.is(rel(cholet, game('Chalon/Saone')), 'complement');
  t.true(sameSide('Elan Chalon', 'Chalon/Saone'));
  t.false(sameSide('Elan Chalon', 'Chalons/Reims'), 'another place before the slash');
  t.false(sameSide('Le Mans', 'Chalon/Saone'));
});
