import test from 'ava';
import { startTestService, type TestService } from '../support/service.ts';
import { questionsProjection, type QuestionDoc } from '../../projections/questions/projection.ts';

/*
 * Issue 8, seen in the product: on the recorded catalogue (VENUE_SOURCE=recorded), "Will a Democrat win
 * the 2028 US presidential election?" held two venues' Republican markets as complements beside a second
 * Democratic question, and "Will the Republican Party control the Senate after the 2026 Midterm
 * elections?" showed twice. Each party's market must link by identity to the same party's markets, and a
 * venue's two sides must stay in two questions. The party of each member is read here by a plain regular
 * expression over its own title, independently of the verifier.
 */

let svc: TestService;
let questions: QuestionDoc[];

test.before(async () => {
  svc = await startTestService({});
  await svc.service.ingestOnce();
  await svc.settle();
  questions = await svc.service.store.collection<QuestionDoc>(questionsProjection.collection).find({});
});
test.after.always(async () => {
  await svc?.close();
});

/** The party a member's title (with its contract label) is about, or null for a candidate or non-party market. */
function partyOf(title: string): 'D' | 'R' | null {
  if (/\b(?:nominee|nomination|primary)\b/i.test(title) || / — (?!Democratic$|Republican$)/.test(title)) return null;
  const d = /\b(?:Democrat|Democrats|Democratic|Dems?)\b/.test(title);
  const r = /\b(?:Republican|Republicans|GOP)\b/.test(title);
  return d === r ? null : d ? 'D' : 'R';
}

/** Which party race a title asks about: the 2028 presidency, or control of a chamber after the 2026 midterms. */
function raceOf(title: string): string | null {
  if (/\b2028\b/.test(title) && /\bpresiden/i.test(title)) return 'president-2028';
  // Control of a chamber ("control the Senate", "win the House"), not one state's seat ("the 2026 Texas Senate election").
  if (/\b2026\b/.test(title) && /\bthe Senate\b/.test(title)) return 'senate-2026';
  if (/\b2026\b/.test(title) && /\bthe House\b/.test(title)) return 'house-2026';
  return null;
}

interface PartyQuestion {
  readonly q: QuestionDoc;
  readonly parties: Set<string>;
  readonly race: string;
}

function partyQuestions(): PartyQuestion[] {
  const out: PartyQuestion[] = [];
  for (const q of questions) {
    const parties = new Set<string>(q.members.map((m) => partyOf(m.title)).filter((p) => p !== null));
    const race = q.members.map((m) => raceOf(m.title)).find((r) => r !== null);
    if (race && parties.size > 0) out.push({ q, parties, race });
  }
  return out;
}

test('the recorded catalogue has party questions for the 2028 presidency and both 2026 chambers', (t) => {
  const races = new Set(partyQuestions().map((x) => x.race));
  t.deepEqual([...races].sort(), ['house-2026', 'president-2028', 'senate-2026']);
});

test('no question holds two parties: a party market never joins the other party as a complement', (t) => {
  for (const { q, parties } of partyQuestions()) {
    t.is(parties.size, 1, `${q.title}: ${q.members.map((m) => `${m.platform_slug} ${m.relation} ${m.title}`).join(' | ')}`);
    t.true(q.members.every((m) => m.relation === 'identity'), q.title);
  }
});

test('each party of each race is one question, and a venue lists it once', (t) => {
  const seen = new Map<string, string>();
  for (const { q, parties, race } of partyQuestions()) {
    const key = `${race}:${[...parties][0]}`;
    t.false(seen.has(key), `${key} shows twice: "${seen.get(key)}" and "${q.title}"`);
    seen.set(key, q.title);
    const venues = q.members.map((m) => m.platform_slug);
    t.is(new Set(venues).size, venues.length, `${q.title} lists a venue twice`);
  }
  // The Democratic 2028 question is one question with its Democratic markets from several venues.
  const dem2028 = [...seen.entries()].find(([k]) => k === 'president-2028:D');
  t.truthy(dem2028);
  const q = questions.find((x) => x.title === dem2028?.[1]);
  t.true((q?.members.length ?? 0) >= 3, `${q?.title}: ${q?.members.map((m) => m.platform_slug).join(', ')}`);
});

test("Kalshi's Bitcoin year-end levels join the question at the same level on other venues, and no other level", (t) => {
  // Kalshi words the level a cent below ("above $99,999.99 by Dec 31, 2026 at 11:59 PM ET"); the level read
  // here by a plain regular expression, rounded to the dollar, must be every member's level.
  const levelOf = (title: string): number | null => {
    const m = /\$([\d,]+(?:\.\d+)?)/.exec(title);
    return m?.[1] ? Math.round(Number(m[1].replace(/,/g, ''))) : null;
  };
  const kalshiLevels = questions.flatMap((q) =>
    q.members.filter((m) => m.platform_slug === 'kalshi' && /^Will Bitcoin be (?:above|below) \$[\d,.]+ by Dec 31, 2026/.test(m.title)).map((m) => ({ q, level: levelOf(m.title) })),
  );
  t.true(kalshiLevels.length >= 3, `recorded Kalshi Bitcoin year-end levels: ${kalshiLevels.length}`);
  for (const { q, level } of kalshiLevels) {
    t.true(new Set(q.members.map((m) => m.platform_slug)).size >= 2, `${q.title} holds only Kalshi`);
    for (const m of q.members) t.is(levelOf(m.title), level, `${m.platform_slug}: ${m.title} in the question of level ${level}`);
  }
});
