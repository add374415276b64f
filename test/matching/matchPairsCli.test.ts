import test from 'ava';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

function run(input: string): Promise<{ stdout: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bin/matchPairs.ts'], { cwd: root });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout, code }));
    child.stdin.end(input);
  });
}

const market = (venue: string, title: string, outcome = 'Yes', end_date: string | null = '2024-11-05') => ({ venue, title, outcome, end_date, category: 'politics' });

test('match-pairs answers one line per input line, in order, and survives bad lines', async (t) => {
  const good = JSON.stringify({ a: market('drift', 'TRUMP-WIN-2024-BET'), b: market('polymarket', 'Will Donald Trump win the 2024 US Presidential Election?') });
  const other = JSON.stringify({ a: market('drift', 'TRUMP-WIN-2024-BET'), b: market('kalshi', 'Will Kamala Harris win the 2024 US Presidential Election?') });
  const { stdout, code } = await run([good, 'not json', JSON.stringify({ a: { venue: 'x' } }), '', other].join('\n'));
  t.is(code, 0);
  const lines = stdout.trim().split('\n').map((l) => JSON.parse(l) as { same: boolean; relation: string; reasons: string[]; confidence: number });
  t.is(lines.length, 5);
  t.true(lines[0]?.same);
  t.is(lines[0]?.relation, 'identity');
  t.false(lines[1]?.same);
  t.regex(lines[1]?.reasons[0] ?? '', /^invalid input: not JSON/);
  t.regex(lines[2]?.reasons[0] ?? '', /^invalid input: a\./);
  t.regex(lines[3]?.reasons[0] ?? '', /^invalid input/);
  t.false(lines[4]?.same);
  t.false(lines[4]?.reasons[0]?.startsWith('invalid input'));
});

test('match-pairs streams thousands of lines', async (t) => {
  const line = JSON.stringify({ a: market('kalshi', 'Will Bitcoin be above $100,000 on Dec 31, 2025?', 'Yes', '2025-12-31'), b: market('polymarket', 'Bitcoin above $100k on December 31, 2025?', 'Yes', '2025-12-31') });
  const { stdout, code } = await run(`${Array.from({ length: 3000 }, () => line).join('\n')}\n`);
  t.is(code, 0);
  const out = stdout.trim().split('\n');
  t.is(out.length, 3000);
  t.true(out.every((l) => (JSON.parse(l) as { same: boolean }).same));
});

test('match-pairs reads a line that gives only the titles, with the other fields as unknown', async (t) => {
  // A measuring caller that leaves out venue, outcome, category or end_date (or sends null) must get a real
  // verdict, not an "invalid input" that counts as a silent "different".
  const bare = JSON.stringify({ a: { title: 'Will Bitcoin be above $100,000 on Dec 31, 2025?' }, b: { title: 'Bitcoin above $100k on December 31, 2025?', outcome: null, venue: null, category: null, end_date: null } });
  const other = JSON.stringify({ a: { title: 'Will Bitcoin be above $100,000 on Dec 31, 2025?' }, b: { title: 'Will Bitcoin be above $150,000 on Dec 31, 2025?' } });
  const badDate = JSON.stringify({ a: { title: 'Will Bitcoin be above $100,000 on Dec 31, 2025?', end_date: 'soon' }, b: { title: 'Bitcoin above $100k on December 31, 2025?' } });
  const { stdout, code } = await run([bare, other, badDate].join('\n'));
  t.is(code, 0);
  const [same, different, refused] = stdout.trim().split('\n').map((l) => JSON.parse(l) as { relation: string; reasons: string[] });
  t.is(same?.relation, 'identity');
  t.is(different?.relation, 'different');
  t.false(different?.reasons[0]?.startsWith('invalid input'));
  t.regex(refused?.reasons[0] ?? '', /^invalid input: a\.end_date/);
});

test('a title or rules text far longer than any venue writes is read only as far as the bounds (600 and 4,000 characters)', async (t) => {
  // A hostile line (100k characters of capitalised names) must cost what its first 600 characters cost, not stall the stream.
  const { extractProposition, MAX_TITLE_CHARS } = await import('../../pipeline/matching/verifier/read/proposition.ts');
  const title = `Will ${'Santa '.repeat(20_000)}County vote for Becerra?`;
  const base = { venue: 'polymarket', outcome: 'Yes', end_date: null, category: 'politics' };
  const long = extractProposition({ ...base, title, description: 'x'.repeat(50_000) });
  const cut = extractProposition({ ...base, title: title.slice(0, MAX_TITLE_CHARS), description: 'x'.repeat(4_000) });
  t.deepEqual({ ...long, source: null }, { ...cut, source: null });
  t.is(long.source.title.length, MAX_TITLE_CHARS);
});

test('a title of one long run of capitals is read, not backtracked over: every game-title reading answers', async (t) => {
  // A word pattern whose trailing space was optional let "AAAA…" (600 capitals) split in millions of ways before
  // failing: the reading never returned. The answer itself is what is checked here: it is no game.
  const { isGameTitle } = await import('../../pipeline/matching/verifier/read/contest.ts');
  const { verifyPair } = await import('../../pipeline/matching/verifier/index.ts');
  t.false(isGameTitle('A'.repeat(600)));
  t.false(isGameTitle(`${'A'.repeat(300)} – ${'B'.repeat(290)}!`));
  t.false(isGameTitle(`${'A'.repeat(300)} at ${'B'.repeat(290)}!`));
  // Well-formed titles are still games.
  t.true(isGameTitle('Boston Bruins – New York Rangers · Full Time Result'));
  t.true(isGameTitle('San Antonio at Boston'));
  const v = verifyPair({ venue: 'x', title: 'A'.repeat(600), outcome: '1', end_date: null, category: 'x' }, { venue: 'y', title: 'B'.repeat(600), outcome: 'X2', end_date: null, category: 'x' });
  t.is(v.relation, 'different');
});

test('match-pairs reads a Polymarket slug on the line: its date tells two meetings of the same teams apart', async (t) => {
  const kalshi = { venue: 'kalshi', title: 'Houston vs Utah', outcome: 'Houston', end_date: '2025-11-30', category: 'sports', ticker: 'KXNBAGAME-25NOV30HOUUTA-HOU' };
  const poly = (day: string) => ({ venue: 'polymarket', title: 'Rockets vs. Jazz', outcome: 'Rockets', end_date: '2025-12-01', category: 'sports', slug: `nba-hou-uta-${day}` });
  const { stdout, code } = await run([JSON.stringify({ a: kalshi, b: poly('2025-11-30') }), JSON.stringify({ a: kalshi, b: poly('2025-12-01') })].join('\n'));
  t.is(code, 0);
  const [same, other] = stdout.trim().split('\n').map((l) => JSON.parse(l) as { relation: string; reasons: string[] });
  t.is(same?.relation, 'identity');
  t.is(other?.relation, 'different');
  t.regex(other?.reasons.join('; ') ?? '', /game days differ/);
});
