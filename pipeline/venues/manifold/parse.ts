import { z } from 'zod';
import { marketId } from '../../../shared/ids.ts';
import { VENUES } from '../../../shared/venues/registry.ts';
import { inferCategory } from '../../../shared/categories/inferCategory.ts';
import { MANIFOLD_FEE } from '../../../shared/fees/venues/manifold.ts';
import type { MarketStatus, NormalizedMarket } from '../../../shared/types/market.ts';
import type { ParseContext, ParseResult, VenueParser } from '../types.ts';
import { driftFromZod, isoOrNull, rawIdOf, skipped, slugify } from '../drift.ts';
import { complementPrice } from '../../../shared/markets/quotes.ts';

const VENUE = VENUES.manifold;

const opt = <T extends z.ZodType>(schema: T) => schema.nullish().catch(undefined);
const probability = z.number().min(0).max(1);

const base = z.looseObject({
  id: z.string().min(1),
  question: z.string().trim().min(1),
  outcomeType: z.string().min(1),
  slug: opt(z.string()),
  url: opt(z.string()),
  createdTime: opt(z.number()),
  closeTime: opt(z.number()),
  isResolved: opt(z.boolean()),
  volume: opt(z.number()),
  volume24Hours: opt(z.number()),
  totalLiquidity: opt(z.number()),
  resolution: opt(z.string()),
  resolutionProbability: opt(probability),
  token: opt(z.string()),
  groupSlugs: opt(z.array(z.string())),
  textDescription: opt(z.string()),
});
type Base = z.infer<typeof base>;

const binary = z.looseObject({ probability });
const answer = z.looseObject({
  id: z.string().min(1),
  text: z.string().trim().min(1),
  probability,
  resolution: opt(z.string()),
  resolutionProbability: opt(probability),
  // An answer trades as its own pool: its own volume and liquidity, never the market's totals.
  volume: opt(z.number()),
  totalLiquidity: opt(z.number()),
});
const multipleChoice = z.looseObject({ answers: z.array(answer) });

// Closing past `closeTime` is the shared end-time rule (shared/markets/endTimeRule.ts), applied to every venue.
function statusOf(m: Base): MarketStatus {
  return m.isResolved === true ? 'resolved' : 'open';
}

/**
 * What a resolved pool pays (APIS.md §4): YES 1 / NO 0, MKT at its resolution probability, CANCEL
 * (and anything unknown) no price at all. Not the last trading probability: a market resolved NO is
 * worth 0 however it traded.
 */
function resolvedYes(resolution: string | null | undefined, resolutionProbability: number | null | undefined): number | null {
  switch (resolution) {
    case 'YES':
      return 1;
    case 'NO':
      return 0;
    case 'MKT':
      return resolutionProbability ?? null;
    default:
      return null;
  }
}

function outcomesAt(yes: number | null): NormalizedMarket['outcomes'] {
  // An AMM has no resting bid or ask: the price moves with the size, so no execution quote is claimed.
  return [
    { label: 'Yes', outcome_index: 0, price: yes, best_bid: null, best_ask: null },
    { label: 'No', outcome_index: 1, price: complementPrice(yes), best_bid: null, best_ask: null },
  ];
}

function common(m: Base, ctx: ParseContext, title: string, platformId: string, amounts: { volume24h: number | null; volume: number | null; liquidity: number | null }) {
  return {
    id: marketId(VENUE.slug, platformId),
    platform_slug: VENUE.slug,
    platform_market_id: platformId,
    title,
    slug: m.slug || slugify(title) || platformId,
    description: m.textDescription?.trim() || null,
    url: m.url ?? null,
    category: inferCategory({ tags: m.groupSlugs ?? [], title }),
    end_time: isoOrNull(m.closeTime),
    created_at: isoOrNull(m.createdTime),
    volume24h: amounts.volume24h,
    volume_total: amounts.volume,
    liquidity: amounts.liquidity,
    currency: VENUE.currency,
    play_money: VENUE.playMoney,
    fee: MANIFOLD_FEE,
    // lastUpdatedTime is the last trade or edit, not when the probability was read; an idle
    // market's probability is still current at fetch time.
    quoted_at: ctx.fetchedAt,
  } as const;
}

/*
 * `GET /v0/markets` LiteMarket (trimmed from recorded/markets-limit500.json, 2026-01-31):
 * {"id":"ygtnI8ZQ5n","question":"CBLOL - FUR beats FX","slug":"cblol-fur-beats-fx",
 *  "url":"https://manifold.markets/DogOdds/cblol-fur-beats-fx","pool":{"NO":188.29,"YES":53.11},"probability":0.78,
 *  "totalLiquidity":100,"outcomeType":"BINARY","mechanism":"cpmm-1","volume":479.27,"volume24Hours":479.27,
 *  "isResolved":true,"resolution":"YES","createdTime":1769879379932,"closeTime":1769881682350}
 * MULTIPLE_CHOICE items arrive as the full market (`GET /v0/market/{id}`) with
 * "answers":[{"id":"…","text":"Gavin Newsom","probability":0.3,"index":0,…}]; times are unix ms, amounts mana.
 */
/**
 * An answer's resolution: its own field when Manifold set one; else, on a resolved market, the
 * market's resolution names the winning answer's id (YES for it, NO for the others), or MKT / CANCEL
 * for all of them.
 */
function answerResolution(m: Base, a: z.infer<typeof answer>): string | null {
  if (a.resolution) return a.resolution;
  if (m.isResolved !== true || !m.resolution) return null;
  if (m.resolution === 'MKT' || m.resolution === 'CANCEL') return m.resolution;
  return m.resolution === a.id ? 'YES' : 'NO';
}

export const parseManifold: VenueParser = (item, ctx): ParseResult => {
  const raw = item.payload;
  const parsed = base.safeParse(raw);
  if (!parsed.success) {
    return { markets: [], skipped: [skipped(rawIdOf(raw, item.id), 'Manifold market is missing a required field or has a changed type', driftFromZod(parsed.error, raw))] };
  }
  const m = parsed.data;
  if (m.token !== null && m.token !== undefined && m.token !== 'MANA') {
    return { markets: [], skipped: [skipped(m.id, `token ${m.token} market: only mana markets are ingested (sweepcash ended)`)] };
  }
  const status = statusOf(m);

  if (m.outcomeType === 'BINARY') {
    const b = binary.safeParse(raw);
    if (!b.success) return { markets: [], skipped: [skipped(m.id, 'binary market without a usable probability', driftFromZod(b.error, raw))] };
    const yes = m.isResolved === true ? resolvedYes(m.resolution, m.resolutionProbability) : b.data.probability;
    const market: NormalizedMarket = {
      ...common(m, ctx, m.question, m.id, { volume24h: m.volume24Hours ?? null, volume: m.volume ?? null, liquidity: m.totalLiquidity ?? null }),
      status,
      outcomes: outcomesAt(yes),
      group: null,
    };
    return { markets: [market], skipped: [] };
  }

  if (m.outcomeType === 'MULTIPLE_CHOICE') {
    if (!Array.isArray((raw as { answers?: unknown }).answers)) {
      return { markets: [], skipped: [skipped(m.id, 'multiple-choice market without answers[]: its full market (/v0/market/{id}) was not fetched')] };
    }
    const mc = multipleChoice.safeParse(raw);
    if (!mc.success) return { markets: [], skipped: [skipped(m.id, 'multiple-choice answers are missing a field or have a changed type', driftFromZod(mc.error, raw))] };
    // Each answer trades as its own Yes/No pool, so each becomes one binary market of the group.
    const markets = mc.data.answers.map((a): NormalizedMarket => {
      const resolution = answerResolution(m, a);
      return {
        // Manifold publishes no per-answer 24-hour volume: unknown, not the market's figure.
        ...common(m, ctx, `${m.question} — ${a.text}`, `${m.id}:${a.id}`, { volume24h: null, volume: a.volume ?? null, liquidity: a.totalLiquidity ?? null }),
        status: resolution ? 'resolved' : status,
        outcomes: outcomesAt(resolution ? resolvedYes(resolution, a.resolutionProbability ?? m.resolutionProbability) : a.probability),
        group: { id: m.id, title: m.question, outcome_label: a.text },
      };
    });
    return { markets, skipped: [] };
  }

  return { markets: [], skipped: [skipped(m.id, `outcome type ${m.outcomeType} has no Yes/No price to compare`)] };
};
