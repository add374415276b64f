import { z } from 'zod';
import { CATEGORIES, type Category } from '../../shared/types/market.ts';

/**
 * The `category` filter of discover, markets and the arbitrage feed: one of the categories, or `all`, the
 * spec's stated default ("Default all"), which filters nothing. Anything else is refused naming the choices.
 */
export const categoryParam = z
  .string()
  .refine((v) => v === 'all' || (CATEGORIES as readonly string[]).includes(v), { message: `must be all or one of ${CATEGORIES.join(', ')}` })
  .transform((v): Category | undefined => (v === 'all' ? undefined : (v as Category)))
  .meta({ enum: ['all', ...CATEGORIES], default: 'all' })
  .optional();
