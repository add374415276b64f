import test from 'ava';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { startTestService, type TestService } from '../support/service.ts';
import { linkerCollections } from '../../pipeline/matching/linker/state.ts';
import type { MarketDoc } from '../../projections/markets/projection.ts';
import type { QuestionDoc } from '../../projections/questions/projection.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let svc: TestService;
test.before(async () => {
  svc = await startTestService({ VENUES: 'polymarket,limitless' });
  await svc.service.ingestOnce();
  await svc.settle();
});
test.after.always(async () => {
  await svc?.close();
});

async function market(venue: string, title: RegExp): Promise<MarketDoc> {
  const docs = await svc.service.store.collection<MarketDoc>('markets').find({ platform_slug: venue });
  const found = docs.find((d) => title.test(d.title));
  if (!found) throw new Error(`no ${venue} market matching ${title}`);
  return found;
}

async function questionOf(marketId: string): Promise<QuestionDoc> {
  const state = await linkerCollections(svc.service.store).markets.get(marketId);
  const q = await svc.service.store.collection<QuestionDoc>('questions').get(state!.question_id);
  return q!;
}

const links = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'bin/links.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: svc.dataDir, NATS_URL: svc.nats.server.url, LOG_LEVEL: 'silent' },
  });

const marketsStreamEnd = async () => (await svc.service.conn.jsm.streams.info('MARKETS')).state.last_seq;

test.serial('an operator forbid splits a link the verifier made, and a pin joins markets it keeps apart', async (t) => {
  const polyReach = await market('polymarket', /^Will Bitcoin reach \$100,000 by December 31, 2026\?$/);
  const limitlessReach = await market('limitless', /^Will Bitcoin reach \$100,000 by December 31, 2026\?$/);
  const limitlessAbove = await market('limitless', /above \$100,000 on December 31, 2026/);

  const before = await questionOf(polyReach.id);
  t.true(before.members.some((m) => m.market_id === limitlessReach.id), 'the verifier linked the two "reach $100k" markets');
  t.false(before.members.some((m) => m.market_id === limitlessAbove.id), 'and kept the close-price market apart');

  const forbid = await links('forbid', `polymarket:${polyReach.platform_market_id}`, `limitless:${limitlessReach.platform_market_id}`, '--note', 'test');
  t.regex(forbid.stdout, /forbid recorded/);
  await svc.settle();
  const afterForbid = await questionOf(polyReach.id);
  t.false(afterForbid.members.some((m) => m.market_id === limitlessReach.id), 'forbidden markets are apart');
  const moved = await linkerCollections(svc.service.store).markets.get(polyReach.id);
  const limitlessState = await linkerCollections(svc.service.store).markets.get(limitlessReach.id);
  t.true([...(moved?.moves ?? []), ...(limitlessState?.moves ?? [])].some((mv) => /overrides changed/.test(mv.reason)), 'the move records why');

  await links('pin', polyReach.id, limitlessAbove.id, '--note', 'operator says same');
  await svc.settle();
  const pinned = await questionOf(limitlessAbove.id);
  const member = pinned.members.find((m) => m.market_id === limitlessAbove.id)!;
  t.true(pinned.members.some((m) => m.market_id === polyReach.id));
  t.is(member.match_method, 'manual');
  t.is(member.confidence, 1);

  const listed = await links('list');
  t.regex(listed.stdout, /^forbid\t/m);
  t.regex(listed.stdout, /^pin\t/m);
});

test.serial('links remove undoes an override: the pinned market leaves, the forbidden pair links again, and a second remove finds nothing', async (t) => {
  const polyReach = await market('polymarket', /^Will Bitcoin reach \$100,000 by December 31, 2026\?$/);
  const limitlessReach = await market('limitless', /^Will Bitcoin reach \$100,000 by December 31, 2026\?$/);
  const limitlessAbove = await market('limitless', /above \$100,000 on December 31, 2026/);
  // The previous test left a forbid (polyReach, limitlessReach) and a pin (polyReach, limitlessAbove).
  t.true((await questionOf(limitlessAbove.id)).members.some((m) => m.market_id === polyReach.id), 'pinned together');

  const unpin = await links('remove', polyReach.id, limitlessAbove.id);
  t.regex(unpin.stdout, /override removed/);
  await svc.settle();
  t.false((await questionOf(limitlessAbove.id)).members.some((m) => m.market_id === polyReach.id), 'the verifier keeps them apart again');

  const unforbid = await links('remove', `limitless:${limitlessReach.platform_market_id}`, `polymarket:${polyReach.platform_market_id}`);
  t.regex(unforbid.stdout, /override removed/);
  await svc.settle();
  const rejoined = await questionOf(polyReach.id);
  const member = rejoined.members.find((m) => m.market_id === limitlessReach.id);
  t.truthy(member, 'the verifier links them again');
  t.not(member?.match_method, 'manual');

  const again = await links('remove', polyReach.id, limitlessAbove.id);
  t.regex(again.stdout, /no override between these markets/);
  t.is((await links('list')).stdout, '', 'no overrides left');
});

test.serial('the links CLI refuses markets it cannot resolve, with a message', async (t) => {
  const err = await t.throwsAsync(links('pin', 'nowhere:1', 'polymarket:1'));
  t.regex(String((err as { stderr?: string }).stderr), /neither a market UUID nor <venue>:<platform_market_id>/);
});

test.serial('the links CLI answers --help with exit 0 and a bad option or no command with the usage and exit 2, as every operator command does', async (t) => {
  const help = await links('--help');
  t.regex(help.stdout, /npm run links -- pin/);
  const bad = await t.throwsAsync(links('list', '--bogus'));
  t.is((bad as { code?: number }).code, 2);
  t.regex(String((bad as { stderr?: string }).stderr), /Unknown option '--bogus'[\s\S]*npm run links -- list/);
  const none = await t.throwsAsync(links());
  t.is((none as { code?: number }).code, 2);
});

test.serial('a pin naming a market Concord has not seen is refused (a typo would be a lasting override) unless --allow-unseen', async (t) => {
  const poly = await market('polymarket', /^Will Bitcoin reach \$100,000 by December 31, 2026\?$/);
  const refused = await t.throwsAsync(links('pin', poly.id, 'limitless:no-such-market'));
  t.is((refused as { code?: number }).code, 2);
  t.regex(String((refused as { stderr?: string }).stderr), /limitless:no-such-market: not a market Concord has seen .*--allow-unseen/);
  t.is((await links('list')).stdout, '', 'nothing was recorded');

  const allowed = await links('forbid', poly.id, 'limitless:no-such-market', '--allow-unseen');
  t.regex(allowed.stdout, /forbid recorded/);
  t.regex(allowed.stdout, /is not in the markets read model yet/);
  t.regex((await links('list')).stdout, /^forbid\t/);
  await links('remove', poly.id, 'limitless:no-such-market');
});

test.serial('removing an override that does not exist re-links nothing', async (t) => {
  const poly = await market('polymarket', /^Will Bitcoin reach \$100,000 by December 31, 2026\?$/);
  const other = await market('limitless', /above \$100,000 on December 31, 2026/);
  const before = await marketsStreamEnd();
  const none = await links('remove', poly.id, other.id);
  t.regex(none.stdout, /no override between these markets/);
  t.is(await marketsStreamEnd(), before, 'no relink event was published');
});

test.serial('a DATA_DIR without a Concord store is refused, not created empty', async (t) => {
  const empty = mkdtempSync(join(tmpdir(), 'concord-links-nostore-'));
  try {
    const err = await t.throwsAsync(
      run(process.execPath, ['--import', 'tsx', 'bin/links.ts', 'list'], { cwd: ROOT, env: { ...process.env, DATA_DIR: join(empty, 'typo'), LOG_LEVEL: 'silent' } }),
    );
    t.is((err as { code?: number }).code, 1);
    t.regex(String((err as { stderr?: string }).stderr), /No Concord store at .*typo\/concord\.db: set DATA_DIR/);
    t.false(existsSync(join(empty, 'typo')), 'the mistyped folder was not created');
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});
