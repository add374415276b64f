import test from 'ava';
import { dateOnly, fromScaled, isoTime, position } from '../../pipeline/wallets/values.ts';
import { driftUserAccount } from '../../pipeline/wallets/driftAccount.ts';
import { checkEthereumAddress, checkManifoldUsername, checkSolanaAddress } from '../../pipeline/wallets/identity.ts';
import { DEMO_AUTHORITY, DEMO_DRIFT_ACCOUNT } from './fixtures.ts';

test('fromScaled: 1e18 and 1e6 integer strings keep every digit a double would round', (t) => {
  t.is(fromScaled('36846153846153846152', 18), 36.84615384615385);
  t.is(fromScaled('870000000000000000', 18), 0.87);
  t.is(fromScaled('3985058', 6), 3.985058);
  t.is(fromScaled('-514940', 6), -0.51494);
  t.is(fromScaled('0', 6), 0);
  t.is(fromScaled('10.5', 6), 10.5, 'a decimal string is already in units');
  t.is(fromScaled('12e3', 6), null);
  t.is(fromScaled('', 6), null);
  t.is(fromScaled(null, 6), null);
});

test('dates: unix seconds, unix ms and ISO all give ISO times and YYYY-MM-DD in UTC', (t) => {
  t.is(isoTime(1777091978, 's'), '2026-04-25T04:39:38.000Z');
  t.is(isoTime('1723166651449', 'ms'), '2024-08-09T01:24:11.449Z');
  t.is(dateOnly('2026-01-20T00:00:00Z', 'iso'), '2026-01-20');
  t.is(dateOnly('2026-06-30', 'iso'), '2026-06-30');
  t.is(dateOnly('2026-07-09T23:30:00-05:00', 'iso'), '2026-07-10');
  t.is(dateOnly('next week', 'iso'), undefined);
  t.is(dateOnly(0, 's'), undefined);
});

test('the formula: value = size × price, pnl = value − cost, % of cost; nothing paid means 0 %', (t) => {
  const p = position({ platform: 'polymarket', marketTitle: 'm', marketUrl: 'u', outcome: 'Yes', status: 'open', size: 200, avgPrice: 0.25, currentPrice: 0.4 });
  t.like(p, { avgPrice: 0.25, currentValue: 80, pnl: 30, pnlPercent: 60 });
  const free = position({ platform: 'manifold', marketTitle: 'm', marketUrl: 'u', outcome: 'No', status: 'open', size: 10, cost: 0, currentPrice: 0.5 });
  t.like(free, { avgPrice: 0, currentValue: 5, pnl: 5, pnlPercent: 0 });
  t.false('endDate' in free, 'endDate is left out when unknown');
});

test('Drift user account: the program address Drift derives for an authority, sub-account 0', (t) => {
  // Oracle: the public pair in chillax4life/ryanmolinich-ai-link-mcp-server (derive_drift.js prints the SDK's
  // sub-account 0 address of wallet DAJ97…; diagnose_drift.js checks BbUxBJ… on mainnet as owned by Drift).
  t.is(driftUserAccount('DAJ97nzrhvaWazGMXyDXunqV8scx1FG4QJ3ov5YFjFss'), 'BbUxBJyaRknxM8m37NnxfaeEw8w5oA19hJTm8zPPUBMZ');
  t.is(driftUserAccount(DEMO_AUTHORITY), DEMO_DRIFT_ACCOUNT);
  t.not(driftUserAccount(DEMO_AUTHORITY, 1), DEMO_DRIFT_ACCOUNT, 'the sub-account id is part of the seeds');
});

test('Ethereum addresses: checksummed on the way in; a wrong mixed-case checksum and non-hex are refused', (t) => {
  t.deepEqual(checkEthereumAddress('0x6a72f61820b26b1fe4d956e17b6dc2a1ea3033ee'), { ok: true, value: '0x6A72f61820b26b1fe4d956E17B6DC2A1Ea3033EE' });
  t.deepEqual(checkEthereumAddress('0x6A72F61820B26B1FE4D956E17B6DC2A1EA3033EE'), { ok: true, value: '0x6A72f61820b26b1fe4d956E17B6DC2A1Ea3033EE' });
  t.regex((checkEthereumAddress('0x6A72f61820b26b1fe4d956E17B6DC2A1Ea3033Ee') as { problem: string }).problem, /checksum/);
  t.false(checkEthereumAddress('XE7338O073KYGTWWZN0F2WZ0R8PX5ZPPZS').ok, 'ICAP is not accepted');
  t.false(checkEthereumAddress('0x6a72f61820b26b1fe4d956e17b6dc2a1ea3033e').ok);
  t.false(checkEthereumAddress(' 0x6a72f61820b26b1fe4d956e17b6dc2a1ea3033ee').ok);
});

test('Solana addresses: base58 of exactly 32 bytes in canonical spelling', (t) => {
  t.true(checkSolanaAddress('DAJ97nzrhvaWazGMXyDXunqV8scx1FG4QJ3ov5YFjFss').ok);
  t.true(checkSolanaAddress(DEMO_AUTHORITY).ok);
  t.regex((checkSolanaAddress('DAJ97nzrhvaWazGMXyDXunqV8scx1FG4QJ3ov5YFjFs0') as { problem: string }).problem, /base58/);
  t.regex((checkSolanaAddress('1'.repeat(33)) as { problem: string }).problem, /32-byte/);
  t.regex((checkSolanaAddress('z'.repeat(44)) as { problem: string }).problem, /32-byte/);
  t.false(checkSolanaAddress('0x6a72f61820b26b1fe4d956e17b6dc2a1ea3033ee').ok);
});

test('Manifold usernames: letters, digits and underscores, 1 to 25', (t) => {
  t.true(checkManifoldUsername('ian').ok);
  t.true(checkManifoldUsername('Lucas_Goldfein56b1').ok);
  for (const bad of ['@ian', 'i an', 'ian!', 'a'.repeat(26), 'josé', '../etc']) t.false(checkManifoldUsername(bad).ok, bad);
});
