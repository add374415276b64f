import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';
import { positionalLabel } from '../../pipeline/matching/verifier/read/positionalLabel.ts';

const g = (venue: string, title: string, outcome: string, end_date: string | null): MarketRef => ({ venue, title, outcome, end_date, category: 'sports' });
const rel = (a: MarketRef, b: MarketRef): string => verifyPair(a, b).relation;

test('"1", "2" and "X" name the first side, the second side and the draw; a three-way market reads them in regulation time', (t) => {
  t.deepEqual(positionalLabel('Aryna Sabalenka – Amanda Anisimova · Winner', '2'), { label: 'Amanda Anisimova', negated: false });
  t.deepEqual(positionalLabel('Boston Bruins – New York Rangers · Full Time Result', '1'), { label: 'Reg Time: Boston Bruins', negated: false });
  t.deepEqual(positionalLabel('Boston Bruins – New York Rangers · Full Time Result', 'X'), { label: 'Reg Time: Draw', negated: false });
  // A double chance leaves one result out: it is that result's negation.
  t.deepEqual(positionalLabel('Chelsea – Newcastle United · Double Chance', 'X2'), { label: 'Reg Time: Chelsea', negated: true });
  t.deepEqual(positionalLabel('Chelsea – Newcastle United · Double Chance', '1X'), { label: 'Reg Time: Newcastle United', negated: true });
  t.deepEqual(positionalLabel('Rangers – Celtic · Double Chance', '12'), { label: 'Reg Time: Draw', negated: true });
  // A named side on a 60-minute line is its regulation result; elsewhere a named side is left alone.
  t.deepEqual(positionalLabel('Montreal Canadiens vs Toronto Maple Leafs (60 Minute Line)', 'Toronto Maple Leafs'), { label: 'Reg Time: Toronto Maple Leafs', negated: false });
  t.is(positionalLabel('Montreal Canadiens vs Toronto Maple Leafs', 'Toronto Maple Leafs'), null);
  // "at" titles name the away side first: no position is read from them; nor from a title without a pairing.
  t.is(positionalLabel('Montreal at Toronto', '1'), null);
  t.is(positionalLabel('How many Fed cuts in 2027?', '2'), null);
});

test('a positional label links to the side it names: same side identity, the other side of an undrawable game complement', (t) => {
  const azuro = (o: string) => g('azuro', 'Los Angeles Lakers – Boston Celtics · Winner', o, '2027-01-26');
  const kalshi = g('kalshi', 'Lakers vs Celtics Winner?', 'Lakers', '2027-01-26');
  t.is(rel(kalshi, azuro('1')), 'identity');
  t.is(rel(kalshi, azuro('2')), 'complement');
  // "(incl. overtime)" is how a winner market is settled anyway.
  const flames = g('azuro', 'Calgary Flames – Edmonton Oilers · Winner (incl. overtime)', '2', '2026-12-12');
  t.is(rel(flames, g('polymarket', 'Oilers vs. Flames', 'Oilers', '2026-12-12')), 'identity');
  t.is(rel(flames, g('polymarket', 'Oilers vs. Flames', 'Flames', '2026-12-12')), 'complement');
});

test('a three-way result is not the winner of a game that overtime decides; in soccer the double chance negates the side it leaves out', (t) => {
  const bruins = g('azuro', 'Boston Bruins – New York Rangers · Full Time Result', '1', '2026-12-05');
  t.is(rel(bruins, g('polymarket', 'Rangers vs. Bruins', 'Bruins', '2026-12-05')), 'different');
  t.is(rel(g('sxbet', 'Montreal Canadiens vs Toronto Maple Leafs (60 Minute Line)', 'Toronto Maple Leafs', '2026-12-19'), g('kalshi', 'Montreal at Toronto Winner?', 'Toronto', '2026-12-19')), 'different');
  const doubleChance = g('azuro', 'Chelsea – Newcastle United · Double Chance', 'X2', '2026-12-20');
  t.is(rel(doubleChance, g('kalshi', 'Chelsea vs Newcastle Winner?', 'Chelsea', '2026-12-20')), 'complement');
  t.is(rel(doubleChance, g('kalshi', 'Chelsea vs Newcastle Winner?', 'Newcastle', '2026-12-20')), 'different');
});

test('a three-way side meets a plain pick unless the sport is known to go to overtime', (t) => {
  t.is(rel(g('azuro', 'Feyenoord – Ajax · Full Time Result', '1', '2027-01-24'), g('polymarket', 'Will Feyenoord win on 2027-01-24?', 'Yes', '2027-01-24')), 'identity');
  t.is(rel(g('azuro', 'USA – Mexico · Double Chance', 'X2', '2027-03-27'), g('kalshi', 'USA vs Mexico Winner?', 'USA', '2027-03-27')), 'complement');
  t.is(rel(g('azuro', 'Boston Bruins – New York Rangers · Full Time Result', '1', '2026-12-05'), g('polymarket', 'Rangers vs. Bruins', 'Bruins', '2026-12-05')), 'different');
});

test('a positional side with its handicap ("2 (+1.5)") is that side\'s margin; the market\'s own name is no subject', (t) => {
  t.deepEqual(positionalLabel('Dallas Stars – Colorado Avalanche · Handicap', '2 (+1.5)'), { label: 'Colorado Avalanche +1.5', negated: false });
  const puck = (o: string) => g('azuro', 'Dallas Stars – Colorado Avalanche · Handicap (incl. overtime)', o, '2026-12-23');
  t.is(rel(g('polymarket', 'Colorado Avalanche vs Dallas Stars', 'Dallas Stars -1.5', '2026-12-23'), puck('2 (+1.5)')), 'complement');
  t.is(rel(g('polymarket', 'Colorado Avalanche vs Dallas Stars', 'Dallas Stars -1.5', '2026-12-23'), puck('1 (-1.5)')), 'identity');
  // "Full Time Result", "60 Minute Line", "Formula 1" name the market, not who it is about.
  t.is(rel(g('sxbet', 'Tampa Bay Lightning vs Detroit Red Wings (60 Minute Line)', 'Draw', '2027-01-14'), g('azuro', 'Detroit Red Wings – Tampa Bay Lightning · Full Time Result', 'X', '2027-01-14')), 'identity');
  t.is(rel(g('kalshi', 'Australian Grand Prix Winner?', 'George Russell', '2027-03-14'), g('azuro', 'Formula 1 · Australian Grand Prix 2027 · Race Winner', 'G. Russell', '2027-03-14')), 'identity');
});

test('a pairing written with a hyphen ("Arsenal - Chelsea") reads its positions like one written with an en dash', (t) => {
  const azuro = (o: string) => g('azuro', 'Arsenal - Chelsea', o, '2026-12-05');
  const kalshi = (o: string) => g('kalshi', 'Arsenal vs Chelsea Winner?', o, '2026-12-05');
  // 1X is Arsenal or the draw: exactly not a Chelsea win in regulation time.
  t.is(rel(kalshi('Chelsea'), azuro('1X')), 'complement');
  t.is(rel(kalshi('Arsenal'), azuro('1X')), 'different', 'Arsenal or the draw is broader than Arsenal');
  t.is(rel(kalshi('Chelsea'), azuro('2')), 'identity');
  // A tennis match has no draw: the first-named player is the other side of the second.
  t.is(rel(g('azuro', 'Jannik Sinner - Carlos Alcaraz', '1', '2027-01-31'), g('polymarket', 'Australian Open Final: Sinner vs. Alcaraz', 'Carlos Alcaraz', '2027-01-31')), 'complement');
  // An edition's winner market is no pairing: "FIFA World Cup 2026 - Winner" answered France is France winning the cup.
  t.is(rel(g('sxbet', 'FIFA World Cup 2026 - Winner', 'France', '2026-07-19'), g('kalshi', 'Will France win the 2026 FIFA World Cup?', 'Yes', '2026-07-19')), 'identity');
});

test('a code given with its market ("Winner (incl. overtime): 1") is the side; a part of the game or another market is no side', (t) => {
  const azuro = (o: string) => g('azuro', 'Cleveland Cavaliers - Indiana Pacers', o, '2027-01-12');
  const kalshi = (o: string) => g('kalshi', 'Indiana at Cleveland Winner?', o, '2027-01-12');
  t.is(rel(kalshi('Cleveland'), azuro('Winner (incl. overtime): 1')), 'identity');
  t.is(rel(kalshi('Indiana'), azuro('Winner (incl. overtime): 1')), 'complement');
  t.is(rel(kalshi('Cleveland'), azuro('1st Half Winner: 1')), 'different', 'the first half is another market');
  t.is(rel(g('azuro', 'Team Spirit - Team Falcons', 'Map 2 Winner: 1', '2027-09-12'), g('kalshi', 'Team Spirit vs Team Falcons Winner?', 'Team Spirit', '2027-09-12')), 'different');
  t.is(rel(g('azuro', 'Aston Villa - Newcastle United', 'Aston Villa Clean Sheet: Yes', '2027-01-02'), g('polymarket', 'Will Aston Villa win on 2027-01-02?', 'Yes', '2027-01-02')), 'different');
});

test('a total whose label says regular time is not the total counted with overtime', (t) => {
  const poly = g('polymarket', 'Suns vs. Mavericks: O/U 229.5', 'Over', '2027-01-20');
  t.is(rel(poly, g('azuro', 'Dallas Mavericks - Phoenix Suns', 'Regular Time Total Over (229.5)', '2027-01-20')), 'different');
  t.is(rel(poly, g('azuro', 'Dallas Mavericks - Phoenix Suns', 'Total Over (229.5)', '2027-01-20')), 'identity');
});

test("a team's own total is not the game's total", (t) => {
  const poly = g('polymarket', 'Tottenham vs. Arsenal: O/U 1.5', 'Over', '2027-01-16');
  t.is(rel(g('azuro', 'Tottenham Hotspur - Arsenal', 'Arsenal Total Over (1.5)', '2027-01-16'), poly), 'different');
  t.is(rel(g('azuro', 'Tottenham Hotspur - Arsenal', 'Total Over (1.5)', '2027-01-16'), poly), 'identity');
  t.is(rel(g('azuro', 'Tottenham Hotspur - Arsenal', 'Total Under (1.5)', '2027-01-16'), poly), 'complement');
});

test("a day the title states is compared with the day a game's ticker states: the same teams play on consecutive days", (t) => {
  const kalshi = g('kalshi', 'New York Y at Boston Winner? (KXMLBGAME-27JUL04NYYBOS)', 'New York Y', '2027-07-04');
  t.is(rel(kalshi, g('manifold', 'Yankees at Red Sox on July 3, 2027: will the Yankees win?', 'Yes', '2027-07-04')), 'different');
  t.is(rel(kalshi, g('manifold', 'Yankees at Red Sox on July 4, 2027: will the Yankees win?', 'Yes', '2027-07-04')), 'identity');
});

test('Azuro\'s "Handicap 1 (-3.5)" is the first side giving 3.5, and "1 (Winner incl. overtime)" is the first side winning', (t) => {
  const azuro = (o: string) => g('azuro', 'Denver Nuggets - Golden State Warriors', o, '2027-01-22');
  t.is(rel(azuro('Handicap 1 (-3.5)'), g('polymarket', 'Spread: Nuggets (-3.5)', 'Nuggets', '2027-01-22')), 'identity');
  t.is(rel(azuro('Handicap 1 (-3.5)'), g('polymarket', 'Spread: Nuggets (-4.5)', 'Nuggets', '2027-01-22')), 'different');
  t.is(rel(azuro('Handicap 1 (-3.5)'), g('kalshi', 'Denver vs Golden State Winner?', 'Denver', '2027-01-22')), 'different', 'covering a spread is more than winning');
  t.is(rel(azuro('1 (Winner incl. overtime)'), g('kalshi', 'Golden State at Denver Winner?', 'Denver', '2027-01-22')), 'identity');
  t.is(rel(azuro('2 (Winner incl. overtime)'), g('kalshi', 'Golden State at Denver Winner?', 'Denver', '2027-01-22')), 'complement');
  // A count's bucket written with a hyphen is no side with a handicap.
  t.is(rel(g('polymarket', 'Elon Musk # tweets March 13 - March 20, 2027?', '400-419', '2027-03-20'), g('kalshi', 'Elon Musk tweets Mar 13-20, 2027: 400-419?', 'Yes', '2027-03-20')), 'identity');
});

test('"Will Napoli win on <day>?" names one side of the game by design: the opponent only the pairing names does not weaken the link', (t) => {
  const poly = (title: string) => g('polymarket', title, 'Yes', '2026-12-13');
  const azuro = (o: string) => g('azuro', 'Napoli – Roma · Full Time Result', o, '2026-12-13');
  t.is(rel(poly('Will SSC Napoli win on 2026-12-13?'), azuro('1')), 'identity');
  t.is(rel(poly('Will SSC Napoli win on 2026-12-13?'), g('azuro', 'Napoli – Roma · Double Chance', 'X2', '2026-12-13')), 'complement');
  t.is(rel(poly('Will SSC Napoli win on 2026-12-13?'), azuro('2')), 'different', 'the other side');
  t.is(rel(g('polymarket', 'Will SSC Napoli win on 2026-12-20?', 'Yes', '2026-12-20'), azuro('1')), 'different', 'another day: another game');
});

test('a match that goes to a third set has more than 2.5 sets', (t) => {
  const poly = (o: string) => g('polymarket', 'Gauff vs. Swiatek: O/U 2.5 Sets', o, '2027-01-24');
  const manifold = g('manifold', 'Will Gauff vs Swiatek go to a third set?', 'Yes', '2027-01-24');
  t.is(rel(poly('Over'), manifold), 'identity');
  t.is(rel(g('polymarket', 'Gauff vs. Swiatek: O/U 22.5 Games', 'Over', '2027-01-24'), manifold), 'different');
});

test('a favourite\'s spread answered with the other side is about the favourite: its +line is the same market, its own cover the negation', (t) => {
  const poly = (o: string) => g('polymarket', 'Spread: Packers (-3.5)', o, '2026-12-06');
  t.is(rel(g('sxbet', 'Green Bay Packers vs Chicago Bears', 'Chicago Bears +3.5', '2026-12-06'), poly('Bears')), 'identity');
  t.is(rel(g('sxbet', 'Green Bay Packers vs Chicago Bears', 'Green Bay Packers -3.5', '2026-12-06'), poly('Bears')), 'complement');
  t.is(rel(g('sxbet', 'Green Bay Packers vs Chicago Bears', 'Chicago Bears +4.5', '2026-12-06'), poly('Bears')), 'different');
});
