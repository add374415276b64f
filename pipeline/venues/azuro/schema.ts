import { z } from 'zod';

/** Azuro feed API shapes (APIS.md §6, from Azuro-protocol/toolkit types; no live capture exists). */
const id = z.union([z.string().min(1), z.number()]).transform(String);
const numeric = z.union([z.number(), z.string()]);

export const gameSchema = z.object({
  gameId: id,
  slug: z.string().nullish(),
  title: z.string().min(1),
  /** Unix seconds, sent as a string. */
  startsAt: numeric,
  state: z.string().nullish(),
  sport: z.object({ slug: z.string().nullish(), name: z.string().nullish() }).nullish(),
  league: z.object({ name: z.string().nullish() }).nullish(),
  participants: z.array(z.object({ name: z.string() })).nullish(),
});
export type AzuroGame = z.infer<typeof gameSchema>;

export const outcomeSchema = z.object({
  outcomeId: id,
  title: z.string().min(1),
  /** Decimal odds, e.g. "1.85". */
  odds: numeric,
});

export const conditionSchema = z.object({
  conditionId: id,
  state: z.string(),
  title: z.string().nullish(),
  margin: numeric.nullish(),
  outcomes: z.array(z.unknown()).min(2),
  wonOutcomeIds: z.array(id).nullish(),
});
export type AzuroCondition = z.infer<typeof conditionSchema>;

/** The composed raw item: one game with the conditions (markets) the feed returned for it. */
export const rawItemSchema = z.object({ game: gameSchema, conditions: z.array(z.unknown()) });

export const gamesPageSchema = z.object({
  games: z.array(z.unknown()),
  page: z.number().int(),
  totalPages: z.number().int().nonnegative(),
});

export const conditionsResponseSchema = z.object({ conditions: z.array(z.unknown()) });

/** Enough of a condition to route it to its game. */
export const conditionGameSchema = z.object({ game: z.object({ gameId: id }) });
