import { inferCategory } from '../../../shared/categories/index.ts';
import { azuroFee } from '../../../shared/fees/venues/azuro.ts';
import { marketId } from '../../../shared/ids.ts';
import type { MarketStatus, NormalizedMarket } from '../../../shared/types/market.ts';
import { driftFromZod, slugify } from '../drift.ts';
import type { ParseContext, ParseResult, RawItem, SchemaDrift, SkippedItem, VenueParser } from '../types.ts';
import { toFiniteNumber } from '../limitless/values.ts';
import { complementPrice, roundPrice } from '../../../shared/markets/quotes.ts';
import { conditionSchema, outcomeSchema, rawItemSchema, type AzuroCondition, type AzuroGame } from './schema.ts';

const SLUG = 'azuro';

/*
 * One raw item = one game from `games-by-filters` plus its conditions from `conditions-by-game-ids`
 * (shapes from APIS.md §6; Azuro has no public recorded payload). Trimmed:
 * {"game":{"gameId":"1006000000000025101","title":"Arsenal vs Chelsea","startsAt":"1792850400","state":"Prematch",
 *          "sport":{"slug":"football","name":"Football"},"league":{"name":"Premier League"},
 *          "participants":[{"name":"Arsenal"},{"name":"Chelsea"}]},
 *  "conditions":[{"conditionId":"100610000000000251010001","state":"Active","title":"Full Time Result","margin":"0.0470",
 *                 "outcomes":[{"outcomeId":"29","title":"1","odds":"1.95"},{"outcomeId":"30","title":"X","odds":"3.60"},
 *                             {"outcomeId":"31","title":"2","odds":"3.90"}],"wonOutcomeIds":[]}]}
 * Every outcome of a condition becomes its own binary market ("Arsenal vs Chelsea — Arsenal to win"),
 * grouped by condition.
 */
export const parseAzuro: VenueParser = (item: RawItem, ctx: ParseContext): ParseResult => {
  const raw = rawItemSchema.safeParse(item.payload);
  if (!raw.success) {
    return { markets: [], skipped: [{ platform_market_id: item.id, reason: 'game item does not match the Azuro feed schema', drift: driftFromZod(raw.error, item.payload) }] };
  }
  const { game, conditions } = raw.data;
  const startsAtSec = toFiniteNumber(game.startsAt);
  if (startsAtSec === null) {
    return { markets: [], skipped: [{ platform_market_id: game.gameId, reason: 'game start time is not unix seconds', drift: [{ field: 'game.startsAt', expected: 'unix seconds', got: String(game.startsAt) }] }] };
  }
  const markets: NormalizedMarket[] = [];
  const skipped: SkippedItem[] = [];
  conditions.forEach((rawCondition, i) => {
    const c = conditionSchema.safeParse(rawCondition);
    if (!c.success) {
      skipped.push({ platform_market_id: `${game.gameId}#${i}`, reason: 'condition does not match the Azuro feed schema', drift: driftFromZod(c.error, rawCondition, `conditions.${i}.`) });
      return;
    }
    const good: Array<{ outcomeId: string; title: string; odds: number }> = [];
    const drift: SchemaDrift[] = [];
    c.data.outcomes.forEach((o, j) => {
      const outcome = outcomeSchema.safeParse(o);
      if (!outcome.success) {
        drift.push(...driftFromZod(outcome.error, o, `conditions.${i}.outcomes.${j}.`));
        return;
      }
      const odds = toFiniteNumber(outcome.data.odds);
      if (odds === null || odds <= 1) drift.push({ field: `conditions.${i}.outcomes.${j}.odds`, expected: 'decimal odds > 1', got: String(outcome.data.odds) });
      else good.push({ ...outcome.data, odds });
    });
    if (drift.length > 0) {
      // Without every outcome's odds the margin cannot be checked: skip the whole condition.
      skipped.push({ platform_market_id: c.data.conditionId, reason: 'condition outcome without valid title or odds', drift });
      return;
    }
    const fee = azuroFee(toFiniteNumber(c.data.margin ?? null), good.map((o) => o.odds));
    for (const o of good) markets.push(toMarket(game, c.data, o, good, fee, startsAtSec, ctx));
  });
  return { markets, skipped };
};

const WINNER_MARKET = /^(full time result|match result|match winner|winner|1x2|moneyline)\b/i;

/** Dictionary labels "1"/"X"/"2" of winner markets name the home side, a draw, the away side. */
function outcomeLabel(game: AzuroGame, condition: AzuroCondition, title: string): { label: string; side: 'participant' | 'draw' | 'other' } {
  if (!WINNER_MARKET.test(condition.title ?? '')) return { label: title, side: 'other' };
  const names = game.participants ?? [];
  if (title === '1' && names[0]) return { label: names[0].name, side: 'participant' };
  if (title === '2' && names[1]) return { label: names[1].name, side: 'participant' };
  if (title.toUpperCase() === 'X' || /^draw$/i.test(title)) return { label: 'Draw', side: 'draw' };
  return names.some((p) => p.name === title) ? { label: title, side: 'participant' } : { label: title, side: 'other' };
}

/**
 * Probability (docs/prices.md): 1/odds with the margin removed proportionally, i.e. 1/odds divided by
 * Σ 1/odds of the condition. The execution quote is what a bettor pays per unit of payout, 1/odds with
 * the margin in it; nobody can sell a bet back, so there is no bid. "Not this outcome" can be bought
 * only in a two-way condition, as the other outcome. A resolved condition pays its winner 1.
 */
function outcomesOf(
  condition: AzuroCondition,
  outcome: { outcomeId: string; odds: number },
  siblings: ReadonlyArray<{ outcomeId: string; odds: number }>,
  marketStatus: MarketStatus,
): NormalizedMarket['outcomes'] {
  const won = condition.wonOutcomeIds ?? [];
  if (marketStatus === 'resolved') {
    const yes = won.length === 0 ? null : won.includes(outcome.outcomeId) ? 1 : 0;
    return [
      { label: 'Yes', outcome_index: 0, price: yes, best_bid: null, best_ask: null },
      { label: 'No', outcome_index: 1, price: complementPrice(yes), best_bid: null, best_ask: null },
    ];
  }
  const overround = siblings.reduce((sum, o) => sum + 1 / o.odds, 0);
  const fair = roundPrice(1 / outcome.odds / overround);
  const other = siblings.length === 2 ? siblings.find((o) => o.outcomeId !== outcome.outcomeId) : undefined;
  const open = marketStatus === 'open';
  return [
    { label: 'Yes', outcome_index: 0, price: fair, best_bid: null, best_ask: open ? roundPrice(1 / outcome.odds) : null },
    { label: 'No', outcome_index: 1, price: complementPrice(fair), best_bid: null, best_ask: open && other ? roundPrice(1 / other.odds) : null },
  ];
}

function status(game: AzuroGame, condition: AzuroCondition): MarketStatus {
  if (condition.state === 'Resolved') return 'resolved';
  if (condition.state === 'Active' && (game.state === 'Prematch' || game.state === 'Live' || !game.state)) return 'open';
  return 'closed'; // Stopped, Canceled, Removed
}

function toMarket(
  game: AzuroGame,
  condition: AzuroCondition,
  outcome: { outcomeId: string; title: string; odds: number },
  siblings: ReadonlyArray<{ outcomeId: string; odds: number }>,
  fee: NormalizedMarket['fee'],
  startsAtSec: number,
  ctx: ParseContext,
): NormalizedMarket {
  const { label, side } = outcomeLabel(game, condition, outcome.title);
  const marketName = condition.title ?? 'Market';
  const title =
    side === 'participant' ? `${game.title} — ${label} to win` : side === 'draw' ? `${game.title} — Draw` : `${game.title} — ${marketName}: ${label}`;
  const platformId = `${condition.conditionId}:${outcome.outcomeId}`;
  const context = [game.sport?.name, game.league?.name].filter((s): s is string => !!s);
  const marketStatus = status(game, condition);
  return {
    id: marketId(SLUG, platformId),
    platform_slug: SLUG,
    platform_market_id: platformId,
    title,
    slug: slugify(`${game.slug ?? game.title}-${condition.conditionId}-${outcome.outcomeId}`),
    description: context.length > 0 ? context.join(' — ') : null,
    url: null,
    category: inferCategory({ tags: [game.sport?.name ?? '', game.sport?.slug ?? ''].filter((t) => t !== ''), title: game.title, fallback: 'sports' }),
    status: marketStatus,
    // Prematch betting closes at kick-off; a live game has started and the feed gives no close time.
    end_time: game.state === 'Live' ? null : new Date(startsAtSec * 1000).toISOString(),
    created_at: null,
    outcomes: outcomesOf(condition, outcome, siblings, marketStatus),
    group: { id: condition.conditionId, title: `${game.title} — ${marketName}`, outcome_label: label },
    // `turnover` is per game and its unit is undocumented; per-outcome volume is not published.
    volume24h: null,
    volume_total: null,
    liquidity: null,
    currency: 'USDT',
    play_money: false,
    fee,
    quoted_at: ctx.fetchedAt,
  };
}
