/**
 * A game named by cities only ("Las Vegas at Seattle Winner?") is a game of every league in which both
 * cities field a team and which plays that month. Labels by hand from the leagues' calendars: in August
 * the WNBA (Aces at Storm) and the NFL preseason (Raiders at Seahawks) both play, so the title alone
 * cannot say which game it is; in July only the WNBA plays; a ticker or rules naming the league decide.
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';
import { leaguesFitting } from '../../pipeline/matching/verifier/compare/gameLeague.ts';

const g = (venue: string, title: string, outcome: string, end_date: string | null, extra: Partial<MarketRef> = {}): MarketRef => ({ venue, title, outcome, end_date, category: 'sports', ...extra });
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;
const why = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).reasons.join('; ');
const kalshi = (o: string, day: string, extra: Partial<MarketRef> = {}): MarketRef => g('kalshi', 'Las Vegas at Seattle Winner?', o, day, extra);

test('the leagues two cities share, narrowed to the months each league plays', (t) => {
  // The Golden Knights are "Vegas", not "Las Vegas", in the venues' team tables.
  t.deepEqual([...leaguesFitting(['Las Vegas', 'Seattle'], [])].sort(), ['nfl', 'wnba']);
  t.deepEqual([...leaguesFitting(['Las Vegas', 'Seattle'], ['2026-08-23'])].sort(), ['nfl', 'wnba']);
  t.deepEqual([...leaguesFitting(['Las Vegas', 'Seattle'], ['2026-07-12'])], ['wnba']);
  t.deepEqual([...leaguesFitting(['Las Vegas', 'Seattle'], ['2026-01-10'])], ['nfl']);
  // New York has two MLB and two NHL teams (Kalshi writes "New York Y", "New York R"): a bare "New York" is NBA or NFL.
  t.deepEqual([...leaguesFitting(['Boston', 'New York'], ['2026-03-05'])], ['nba']);
  // Any date either market gives keeps its month's leagues: a late close date never drops a league.
  t.deepEqual([...leaguesFitting(['Las Vegas', 'Seattle'], ['2026-07-30', '2026-08-02'])].sort(), ['nfl', 'wnba']);
});

test('a city-only title on a day two leagues of those cities play links to neither game', (t) => {
  t.is(rel(kalshi('Seattle', '2026-08-23'), g('polymarket', 'Raiders vs. Seahawks', 'Seahawks', '2026-08-23')), 'different');
  t.is(rel(kalshi('Seattle', '2026-08-23'), g('polymarket', 'Aces vs. Storm', 'Storm', '2026-08-23')), 'different');
  t.regex(why(kalshi('Seattle', '2026-08-23'), g('polymarket', 'Aces vs. Storm', 'Storm', '2026-08-23')), /league cannot be told: .*nfl, wnba/);
  // Houston and Dallas field NFL and NBA teams, both playing in January.
  t.is(rel(g('kalshi', 'Houston at Dallas Winner?', 'Dallas', '2026-01-11'), g('polymarket', 'Rockets vs. Mavericks', 'Mavericks', '2026-01-11')), 'different');
});

test('the month, a ticker or the rules pick the league, and the game links', (t) => {
  t.is(rel(kalshi('Seattle', '2026-07-12'), g('polymarket', 'Aces vs. Storm', 'Storm', '2026-07-12')), 'identity');
  t.is(rel(kalshi('Las Vegas', '2026-07-12'), g('polymarket', 'Aces vs. Storm', 'Storm', '2026-07-12')), 'complement');
  // In July no NFL game fits the title, not even preseason.
  t.is(rel(kalshi('Seattle', '2026-07-12'), g('polymarket', 'Raiders vs. Seahawks', 'Seahawks', '2026-07-12')), 'different');
  t.is(rel(kalshi('Seattle', '2026-08-23', { ticker: 'KXWNBAGAME-26AUG23LVSEA-SEA' }), g('polymarket', 'Aces vs. Storm', 'Storm', '2026-08-23')), 'identity');
  t.is(rel(kalshi('Seattle', '2026-08-23', { ticker: 'KXWNBAGAME-26AUG23LVSEA-SEA' }), g('polymarket', 'Raiders vs. Seahawks', 'Seahawks', '2026-08-23')), 'different');
  const rules = 'If Seattle wins the Las Vegas vs Seattle WNBA game originally scheduled for Aug 23, 2026, then the market resolves to Yes.';
  t.is(rel(kalshi('Seattle', '2026-08-23', { rules }), g('polymarket', 'Aces vs. Storm', 'Storm', '2026-08-23')), 'identity');
  // Kansas City and Buffalo share only the NFL: the cities name one game.
  t.is(rel(g('kalshi', 'Kansas City at Buffalo Winner?', 'Kansas City', '2025-11-16'), g('polymarket', 'Chiefs vs. Bills', 'Chiefs', '2025-11-16')), 'identity');
});

test('two markets that both name the game by cities only cannot say it is one game when two leagues fit', (t) => {
  const other = (day: string): MarketRef => g('azuro', 'Las Vegas vs Seattle', 'Seattle', day);
  t.is(rel(kalshi('Seattle', '2026-08-23'), other('2026-08-23')), 'different');
  t.is(rel(kalshi('Seattle', '2026-07-12'), other('2026-07-12')), 'identity');
});
