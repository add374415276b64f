import { z } from 'zod';

/** Fields of a Limitless `/markets/active` item that the parser reads (APIS.md §2). */
const numeric = z.union([z.number(), z.string()]);

const common = {
  description: z.string().nullish(),
  volume: numeric.nullish(),
  liquidityFormatted: numeric.nullish(),
  expirationTimestamp: z.number().nullish(),
  createdAt: z.string().nullish(),
  status: z.string().nullish(),
  expired: z.boolean().nullish(),
  winningOutcomeIndex: z.number().nullish(),
  categories: z.array(z.string()).nullish(),
  tags: z.array(z.string()).nullish(),
  metadata: z.object({ fee: z.boolean().optional() }).nullish(),
  priceOracleMetadata: z.object({ assetType: z.string().nullish() }).nullish(),
  /** Executable [yes, no] prices: `buy.market` is what a market buy pays (ask), `sell.market` what a sale gets (bid). */
  tradePrices: z
    .object({
      buy: z.object({ market: z.tuple([z.number(), z.number()]).nullish() }).nullish(),
      sell: z.object({ market: z.tuple([z.number(), z.number()]).nullish() }).nullish(),
    })
    .nullish()
    .catch(null),
};

/** Identity of any item, single or group: enough to name what was skipped. */
export const itemHeadSchema = z.object({
  id: z.number(),
  slug: z.string().min(1),
  title: z.string().min(1),
  marketType: z.string().nullish(),
  markets: z.array(z.unknown()).nullish(),
  ...common,
});
export type LimitlessItemHead = z.infer<typeof itemHeadSchema>;

/** A tradeable binary market: a single market or one child of a group. */
export const binaryMarketSchema = z.object({
  id: z.number(),
  slug: z.string().min(1),
  title: z.string().min(1),
  prices: z.tuple([z.number(), z.number()]),
  ...common,
});
export type LimitlessBinaryMarket = z.infer<typeof binaryMarketSchema>;

/** `/markets/active?page=&limit=` envelope. */
export const activePageSchema = z.object({
  data: z.array(z.unknown()),
  totalMarketsCount: z.number().int().nonnegative(),
});
