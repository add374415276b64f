import { z } from 'zod';
import type { TrackedPosition, TradeHistoryItem } from '../types.ts';
import { readRows } from '../rows.ts';
import { dateOnly, isoTime, num, position, round } from '../values.ts';

/*
 * Azuro feed API, environment PolygonUSDT (APIS.md §6; shapes from Azuro-protocol/toolkit types, no public
 * capture exists). Amounts are decimal USDT, odds decimal (1.85 pays 1.85 per 1 staked).
 * GET /bet/orders/bettor/{address}: {"orders":[{"id":"0xab…_12","state":"Accepted","betType":"ORDINARY",
 *   "amount":25,"odds":1.85,"payout":null,"result":null,"createdAt":"2026-09-20T18:01:02.000Z",
 *   "conditions":[{"conditionId":"1006…0001","outcomeId":29,"gameId":"1006…25101","price":"1.85"}]}]}
 * POST /market-manager/games-by-ids: {"games":[{"gameId":"1006…25101","title":"Arsenal - Chelsea",
 *   "startsAt":"1792850400","sport":{"slug":"football"},"country":{"slug":"england"},
 *   "league":{"slug":"premier-league"},"participants":[{"name":"Arsenal"},{"name":"Chelsea"}]}]}
 * POST /market-manager/conditions-by-game-ids: {"conditions":[{"conditionId":"1006…0001","state":"Active",
 *   "title":"Full Time Result","outcomes":[{"outcomeId":"29","title":"1","odds":"1.95"},…],
 *   "wonOutcomeIds":[],"game":{"gameId":"1006…25101"}}]}
 * A bet of S at odds O is O·S shares priced 1/O: a share pays 1 when the bet wins.
 */

const id = z.union([z.string().min(1), z.number()]).transform(String);
const numeric = z.union([z.number(), z.string()]);

const leg = z.object({ conditionId: id, outcomeId: id, gameId: id, price: numeric.nullish() });
const order = z.object({
  state: z.string(),
  betType: z.string().nullish(),
  amount: numeric,
  odds: numeric,
  payout: numeric.nullish(),
  result: z.string().nullish(),
  createdAt: z.string(),
  conditions: z.array(leg).min(1),
});
export const azuroOrdersSchema = z.object({ orders: z.array(z.unknown()) });

const game = z.object({
  gameId: id,
  title: z.string().min(1),
  startsAt: numeric.nullish(),
  sport: z.object({ slug: z.string() }).nullish(),
  country: z.object({ slug: z.string() }).nullish(),
  league: z.object({ slug: z.string() }).nullish(),
  participants: z.array(z.object({ name: z.string() })).nullish(),
});
type Game = z.infer<typeof game>;
export const azuroGamesSchema = z.object({ games: z.array(z.unknown()) });

const condition = z.object({
  conditionId: id,
  state: z.string(),
  title: z.string().nullish(),
  outcomes: z.array(z.object({ outcomeId: id, title: z.string(), odds: numeric })),
  wonOutcomeIds: z.array(id).nullish(),
});
type Condition = z.infer<typeof condition>;
export const azuroConditionsSchema = z.object({ conditions: z.array(z.unknown()) });

/** Orders that never became a bet (refused, or cancelled before acceptance) hold nothing. */
const NOT_A_POSITION = new Set(['Rejected', 'Canceled']);
const WINNER_MARKET = /^(full time result|match result|match winner|winner|1x2|moneyline)\b/i;

function gameUrl(g: Game | undefined): string {
  if (g?.sport && g.country && g.league) return `https://bookmaker.xyz/polygon/sports/${g.sport.slug}/${g.country.slug}/${g.league.slug}/${g.gameId}`;
  if (g?.sport) return `https://bookmaker.xyz/polygon/sports/${g.sport.slug}`;
  return 'https://bookmaker.xyz/';
}

/** Dictionary labels 1 / X / 2 of winner markets name the home side, a draw and the away side. */
function outcomeName(g: Game | undefined, c: Condition | undefined, outcomeId: string): string {
  const title = c?.outcomes.find((o) => o.outcomeId === outcomeId)?.title;
  if (!title) return `Outcome ${outcomeId}`;
  if (!WINNER_MARKET.test(c?.title ?? '')) return title;
  const names = g?.participants ?? [];
  if (title === '1' && names[0]) return names[0].name;
  if (title === '2' && names[1]) return names[1].name;
  if (/^(x|draw)$/i.test(title)) return 'Draw';
  return title;
}

/**
 * How much one leg has moved the bet's value since it was placed: won → 1 / (its implied price then),
 * lost → 0, cancelled → 1 (the leg drops out of the odds), pending → its implied price now / then.
 * `pending` tells whether the leg still waits for its result.
 */
function legRatio(l: z.infer<typeof leg>, c: Condition | undefined): { ratio: number; pending: boolean } {
  const then = num(l.price ?? null);
  const impliedThen = then !== null && then > 1 ? 1 / then : null;
  if (!c || impliedThen === null) return { ratio: 1, pending: !c || c.state === 'Active' || c.state === 'Stopped' };
  if (c.state === 'Resolved') return { ratio: (c.wonOutcomeIds ?? []).includes(l.outcomeId) ? 1 / impliedThen : 0, pending: false };
  if (c.state === 'Canceled' || c.state === 'Removed') return { ratio: 1, pending: false };
  const now = num(c.outcomes.find((o) => o.outcomeId === l.outcomeId)?.odds ?? null);
  return { ratio: now !== null && now > 1 ? 1 / now / impliedThen : 1, pending: true };
}

export interface AzuroLookups {
  readonly games: readonly unknown[];
  readonly conditions: readonly unknown[];
}

/**
 * Bets as positions and as history. A settled bet is valued at its payout (won: the shares pay 1, lost: 0,
 * cancelled: the stake back); an accepted one at the current odds of its legs (1 / odds, the margin left in,
 * as it was in the price paid, so an unchanged line shows no profit or loss).
 */
export function parseAzuroBets(orders: readonly unknown[], lookups: AzuroLookups): { positions: TrackedPosition[]; history: TradeHistoryItem[]; skipped: string[] } {
  const read = readRows(order, orders, 'orders');
  const games = readRows(game, lookups.games, 'games');
  const conds = readRows(condition, lookups.conditions, 'conditions');
  const skipped = [...read.skipped, ...games.skipped, ...conds.skipped];
  const gameById = new Map(games.rows.map((g) => [g.gameId, g]));
  const condById = new Map(conds.rows.map((c) => [c.conditionId, c]));
  const positions: TrackedPosition[] = [];
  const history: TradeHistoryItem[] = [];
  read.rows.forEach((o, i) => {
    const amount = num(o.amount);
    const odds = num(o.odds);
    const timestamp = isoTime(o.createdAt, 'iso');
    if (amount === null || odds === null || odds <= 1 || !timestamp) {
      skipped.push(`orders[${i}]: amount, odds (> 1) or createdAt unreadable`);
      return;
    }
    const legs = o.conditions.map((l) => {
      const g = gameById.get(l.gameId);
      const c = condById.get(l.conditionId);
      return { l, g, c, outcome: outcomeName(g, c, l.outcomeId), title: `${g?.title ?? `Game ${l.gameId}`} — ${c?.title ?? 'market'}` };
    });
    const combo = legs.length > 1 || o.betType === 'COMBO';
    const first = legs[0]!;
    const marketTitle = combo ? `Combo: ${legs.map((x) => `${x.g?.title ?? `Game ${x.l.gameId}`} (${x.outcome})`).join(' + ')}` : first.title;
    const outcome = combo ? `${legs.length}-leg combo` : first.outcome;
    const shares = amount * odds;
    const starts = legs.map((x) => num(x.g?.startsAt ?? null)).filter((s): s is number => s !== null);
    history.push({
      platform: 'azuro',
      type: 'BET',
      side: combo ? 'COMBO' : outcome,
      marketTitle,
      price: round(1 / odds, 6),
      size: round(shares, 6),
      timestamp,
      status: (o.result ?? o.state).toLowerCase(),
    });
    if (NOT_A_POSITION.has(o.state)) return;
    const settledOrder = o.state === 'Settled' || o.result != null;
    let currentPrice: number;
    let pending = false;
    if (settledOrder) {
      const paid = num(o.payout ?? null);
      currentPrice = paid !== null ? paid / shares : o.result === 'Won' ? 1 : o.result === 'Canceled' ? 1 / odds : 0;
    } else {
      const ratios = legs.map((x) => legRatio(x.l, x.c));
      pending = ratios.some((r) => r.pending);
      currentPrice = ratios.reduce((p, r) => p * r.ratio, 1 / odds);
    }
    positions.push(
      position({
        platform: 'azuro',
        marketTitle,
        marketUrl: gameUrl(first.g),
        outcome,
        status: settledOrder || !pending ? 'resolved' : 'open',
        size: shares,
        cost: amount,
        currentPrice,
        endDate: starts.length > 0 ? dateOnly(Math.max(...starts), 's') : undefined,
      }),
    );
  });
  return { positions, history, skipped };
}
