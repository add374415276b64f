import test from 'ava';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { ArbitrageOpportunity } from '../../shared/arbitrage/types.ts';
import type { TestService } from '../support/service.ts';
import { liveAgainstHost, type Mode } from '../support/venueHost.ts';

/**
 * Arbitrage legs go stale (issue 15, faults): the whole service (nats-server, ingest, scanner, projections, API)
 * in live mode against a local host serving the recorded Kalshi and Limitless payloads. Both venues' books carry
 * no venue timestamp, so a leg is as old as its venue's last successful answer. The scanner's timers are held
 * off (it scans when told) and books are cached for 1 s only.
 */
const STALE_AFTER_S = 20;
const ENV = {
  ARB_STALE_AFTER_SECONDS: String(STALE_AFTER_S),
  ARB_BOOK_TTL_SECONDS: '1',
  ARB_SCAN_INTERVAL_SECONDS: '3600',
  ARB_FULL_SCAN_SECONDS: '86400',
};

const pair = (o: ArbitrageOpportunity) => o.legs.map((l) => l.platform.slug).sort().join('+');
async function opportunities(svc: TestService): Promise<ArbitrageOpportunity[]> {
  await svc.settle();
  const docs = (await svc.service.store.collection('arbitrage_opportunities').find({ status: { $ne: 'resolved' } })) as unknown as ArbitrageOpportunity[];
  return docs.filter((o) => pair(o) === 'kalshi+limitless');
}
const status = async (svc: TestService, slug: VenueSlug) =>
  ((await svc.get('/api/v1/platforms/status')).body as { data: Array<{ slug: string; state: string; last_success_at: string | null }> }).data.find((r) => r.slug === slug)!;

test('a venue that stops answering: its legs go stale once their quotes age past ARB_STALE_AFTER_SECONDS, at once when its fetch fails, and active again when it recovers', async (t) => {
  const modes = new Map<VenueSlug, Mode>();
  const { svc, close } = await liveAgainstHost(['kalshi', 'limitless'], modes, { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5, defaultTimeoutMs: 10_000 }, ENV);
  try {
    await svc.service.ingestOnce();
    await svc.settle();
    await svc.service.scanner!.scanNow(true);
    const first = await opportunities(svc);
    t.true(first.length >= 1, 'the recorded overlaps give Kalshi/Limitless opportunities');
    t.deepEqual(first.filter((o) => o.status !== 'active').map((o) => o.question_title), [], 'fresh books: nothing stale');
    t.true(first.every((o) => o.legs.every((l) => l.price_source === 'order_book')));

    // Limitless stops answering (500 on every request) right after a successful walk: its books fail, its
    // legs fall back to the listing quotes that walk confirmed, younger than the bound: still active.
    await svc.service.ingestOnce();
    await svc.settle();
    const confirmedAt = Date.parse((await status(svc, 'limitless')).last_success_at!);
    modes.set('limitless', 'error500');
    await svc.service.scanner!.scanNow(true);
    const young = await opportunities(svc);
    const scannedAt = Date.now();
    if (scannedAt - confirmedAt < STALE_AFTER_S * 1000) {
      t.true(young.length >= 1 && young.every((o) => o.status === 'active'), 'quotes younger than the bound are not stale');
      t.true(young.every((o) => o.legs.find((l) => l.platform.slug === 'limitless')?.price_source !== 'order_book'), 'Limitless legs on listing quotes');
    } else {
      t.log(`the machine took ${scannedAt - confirmedAt} ms between the walk and the scan: the "younger than the bound" step is skipped`);
    }

    // No fetch has failed yet (no walk since), so only age can make them stale: wait past the bound.
    const wait = confirmedAt + STALE_AFTER_S * 1000 + 1_000 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await svc.service.scanner!.scanNow(true);
    const aged = await opportunities(svc);
    t.is((await status(svc, 'limitless')).state, 'ok', 'the venue is not known to fail: the staleness is the age');
    t.true(aged.length >= first.length);
    for (const o of aged) {
      t.is(o.status, 'stale', o.question_title);
      t.true(o.actionable_blockers.includes('stale_quote:limitless'), `${o.question_title}: ${o.actionable_blockers.join(',')}`);
      t.false(o.actionable_blockers.includes('stale_quote:kalshi'), 'the answering venue\'s legs are fresh');
      t.not(o.classification, 'actionable');
    }

    // Limitless recovers: the next walk and scan make them active again.
    modes.delete('limitless');
    await svc.service.ingestOnce();
    await svc.settle();
    await svc.service.scanner!.scanNow(true);
    const recovered = await opportunities(svc);
    t.true(recovered.length >= 1 && recovered.every((o) => o.status === 'active'), 'active again');

    // A failing walk marks the venue failing: its legs are stale at once, whatever their age; Kalshi is untouched.
    modes.set('limitless', 'error500');
    await svc.service.ingestOnce();
    await svc.settle();
    t.is((await status(svc, 'limitless')).state, 'failing');
    t.is((await status(svc, 'kalshi')).state, 'ok');
    await svc.service.scanner!.scanNow(true);
    const failing = await opportunities(svc);
    t.true(failing.length >= 1 && failing.every((o) => o.status === 'stale' && o.actionable_blockers.includes('stale_quote:limitless')));
  } finally {
    await close();
  }
});
