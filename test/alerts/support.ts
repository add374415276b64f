import { Wallet } from 'ethers';
import { SiweMessage } from 'siwe';
import type { LinkEvent, MarketNormalized, QuestionMember } from '../../shared/events.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import { marketId } from '../../shared/ids.ts';
import { applyEvent } from '../../projections/applyEvent.ts';
import { marketsProjection } from '../../projections/markets/projection.ts';
import { questionsProjection } from '../../projections/questions/projection.ts';
import { marketRecentPricesProjection, questionRecentPricesProjection } from '../../projections/recentPrices/projection.ts';
import { cookiesOf, register, type TestApi } from '../auth/harness.ts';

/**
 * Markets and questions for the alerts tests: the normalised shape of a binary market, titles taken
 * from real venue listings, and prices chosen so every expected value can be worked out by hand.
 */
export function market(venue: VenueSlug, pmid: string, title: string, yes: number | null, volume24h: number | null = 1000): NormalizedMarket {
  return {
    id: marketId(venue, pmid),
    platform_slug: venue,
    platform_market_id: pmid,
    title,
    slug: pmid,
    description: null,
    url: `https://example.com/${venue}/${pmid}`,
    category: 'crypto',
    status: 'open',
    end_time: '2026-12-31T23:59:00.000Z',
    created_at: null,
    outcomes: [
      { label: 'Yes', outcome_index: 0, price: yes },
      { label: 'No', outcome_index: 1, price: yes === null ? null : Math.round((1 - yes) * 1e6) / 1e6 },
    ],
    group: null,
    volume24h,
    volume_total: null,
    liquidity: null,
    currency: 'USDC',
    play_money: false,
    fee: { kind: 'unknown', reason: 'test' },
    quoted_at: '2026-05-01T00:00:00.000Z',
  };
}

export const tick = (m: NormalizedMarket, fetchedAt: string): MarketNormalized => ({
  type: 'market_normalized',
  market: { ...m, quoted_at: fetchedAt },
  source: { item_id: m.platform_market_id, content_hash: `h-${fetchedAt}`, fetched_at: fetchedAt },
});

export function member(m: NormalizedMarket, status = 'open'): QuestionMember {
  return {
    market_id: m.id,
    platform_slug: m.platform_slug,
    platform_market_id: m.platform_market_id,
    title: m.title,
    slug: m.slug,
    status,
    volume24h: m.volume24h,
    liquidity: m.liquidity,
    play_money: m.play_money,
    outcomes: m.outcomes,
    yes_price: m.outcomes[0]?.price ?? null,
    quoted_at: m.quoted_at,
    relation: 'identity',
    confidence: 1,
    match_method: 'exact',
    reasons: ['test'],
  };
}

export function snapshot(questionId: string, title: string, members: QuestionMember[]): LinkEvent {
  return {
    type: 'question_snapshot',
    question: { id: questionId, title, slug: 'q', category: 'crypto', end_time: null, anchor_market_id: members[0]?.market_id ?? '', members },
    cause: { market_id: members[0]?.market_id ?? '', kind: 'updated', reason: 'test' },
  };
}

/** Puts events into the read models exactly as the projector would (stream sequence included). */
export async function project(store: DocumentStore, events: ReadonlyArray<{ event: MarketNormalized | LinkEvent; seq: number }>): Promise<void> {
  for (const { event, seq } of events) {
    if (event.type === 'market_normalized') {
      await applyEvent(store, marketsProjection, event, seq);
      await applyEvent(store, marketRecentPricesProjection, event, seq);
    } else {
      await applyEvent(store, questionsProjection, event, seq);
      await applyEvent(store, questionRecentPricesProjection, event, seq);
    }
  }
}

/** An email-account session: the access token. */
export async function emailSession(api: TestApi, email: string): Promise<{ id: string; access: string; headers: { bearer: string } }> {
  const s = await register(api, email);
  return { id: s.id, access: s.access, headers: { bearer: s.access } };
}

/** A wallet (SIWE) session: the svc_siwe cookie of a freshly signed-in random wallet. */
export async function walletSession(api: TestApi, domain = 'concord.test'): Promise<{ id: string; address: string; headers: { cookies: Record<string, string> } }> {
  const wallet = Wallet.createRandom();
  const nonceReply = await api.request('GET', '/api/v1/siwe/nonce');
  const binding = cookiesOf(nonceReply).svc_siwe_nonce ?? '';
  const message = new SiweMessage({
    domain,
    address: wallet.address,
    statement: 'Sign in to Concord',
    uri: `http://${domain}/login`,
    version: '1',
    chainId: 1,
    nonce: nonceReply.body.data.nonce as string,
    issuedAt: new Date().toISOString(),
  }).prepareMessage();
  const reply = await api.request('POST', '/api/v1/siwe/verify', { body: { message, signature: await wallet.signMessage(message) }, cookies: { svc_siwe_nonce: binding } });
  if (reply.status !== 200) throw new Error(`siwe sign-in failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return { id: reply.body.data.id as string, address: wallet.address, headers: { cookies: { svc_siwe: cookiesOf(reply).svc_siwe ?? '' } } };
}

/** Polls until `fn` returns a value other than undefined. */
export async function until<T>(fn: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
