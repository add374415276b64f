import test from 'ava';
import { slugGameDay } from '../../pipeline/matching/verifier/read/slugDay.ts';

test('a game slug\'s trailing date is the game\'s day, Eastern for a North American league; other slugs date nothing', (t) => {
  t.deepEqual(slugGameDay('nba-hou-uta-2025-12-01'), { day: '2025-12-01', eastern: true });
  t.deepEqual(slugGameDay('epl-ars-che-2026-01-10'), { day: '2026-01-10', eastern: false });
  t.is(slugGameDay('will-bitcoin-reach-100k-in-2026'), null);
  t.is(slugGameDay('nba-hou-uta-2025-13-01'), null);
  t.is(slugGameDay(null), null);
  // A slug far longer than any venue writes is not read.
  t.is(slugGameDay(`nba-${'a-'.repeat(5000)}2025-12-01`), null);
});
