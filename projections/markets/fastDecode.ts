import { CATEGORIES, MARKET_STATUSES } from '../../shared/types/market.ts';
import { VENUE_SLUGS } from '../../shared/venues/registry.ts';
import { parseDate } from '../../shared/time/utc.ts';

/**
 * A fast path in front of the MARKETS decoder (the replay, the live projections, the linker and the scanner all
 * decode MARKETS through it: projections/decodeFast.ts): it accepts only events the markets projection's
 * zod schema accepts (projections/markets/projection.ts, shared/types/marketSchema.ts) and returns what zod's
 * parse returns for them (the schema's keys in the schema's order, unknown keys left out, absent optional keys
 * absent), built directly instead of through zod, which cost ~9% of a rebuild's CPU. Anything it is not sure
 * of (a failing check, a shape it does not know, a value JSON.parse cannot produce) returns undefined, and the
 * caller asks zod: so the verdicts on poison, and their reasons, are zod's own. Each check here is as strict as
 * the schema's or stricter; a check the schema gains that this file lacks would make it accept too much, which
 * test/ops/marketEventFastDecode.test.ts guards by comparing both on every field of recorded events mutated.
 * An object whose keys already are the schema's, in order (what our own producers write), is returned as it is:
 * a rebuild's garbage is mostly per-message objects.
 */

type Obj = Record<string, unknown>;
const FAIL = undefined;

const venues = new Set<unknown>(VENUE_SLUGS);
const categories = new Set<unknown>(CATEGORIES);
const statuses = new Set<unknown>(MARKET_STATUSES);
const currencies = new Set<unknown>(['USDC', 'USDT', 'USD', 'MANA', 'WETH']);
const feeSources = new Set<unknown>(['market', 'venue', 'documentation']);
const noneReasons = new Set<unknown>(['play_money', 'zero_fee', 'fees_disabled']);
// The first alternative of zod's own uuid pattern (versions 1-8, RFC variant): a subset of what it accepts.
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$/;

/** A plain object (what zod's object accepts): not null, not an array. */
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
const isStr = (v: unknown): v is string => typeof v === 'string';
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isAmount = (v: unknown): boolean => v === null || isNum(v);
const isUnit = (v: unknown): boolean => isNum(v) && v >= 0 && v <= 1;
const isDate = (v: unknown): boolean => isStr(v) && !Number.isNaN(parseDate(v));
/** An optional key: absent is fine; present with undefined is a value JSON cannot hold, left to zod. */
const absent = (o: Obj, key: string): boolean => !Object.hasOwn(o, key);

const NONE = new Set<string>();
/**
 * Whether `o`'s keys are exactly `keys`, in that order (those in `optional` may be missing): then zod's output
 * is `o` key for key, and `o` (fresh from JSON.parse, read-only from here on) is returned instead of a copy.
 */
function exactKeys(o: Obj, keys: readonly string[], optional: ReadonlySet<string> = NONE): boolean {
  let i = 0;
  for (const k in o) {
    while (i < keys.length && keys[i] !== k && optional.has(keys[i] as string)) i++;
    if (keys[i] !== k) return false;
    i++;
  }
  for (; i < keys.length; i++) if (!optional.has(keys[i] as string)) return false;
  return true;
}

/** Returns `o` itself when its keys are the schema's, in order; else the copy zod would make. */
const sameOrCopy = (o: Obj, keys: readonly string[], copy: () => Obj, optional?: ReadonlySet<string>): Obj => (exactKeys(o, keys, optional) ? o : copy());

/**
 * `o` itself when it holds exactly `keys`, else a copy with only those. At module level rather than a closure in
 * `fee`: tsx (esbuild keepNames) names each nested function every time it is created, a defineProperty per call.
 */
function keepKeys(o: Obj, keys: readonly string[]): Obj {
  return sameOrCopy(o, keys, () => Object.fromEntries(keys.map((k) => [k, o[k]])));
}

function fee(f: unknown): Obj | undefined {
  if (!isObj(f)) return FAIL;
  const kind = f.kind;
  if (kind === 'unknown') return isStr(f.reason) ? sameOrCopy(f, ['kind', 'reason'], () => ({ kind, reason: f.reason })) : FAIL;
  const source = f.source;
  if (!feeSources.has(source)) return FAIL;
  switch (kind) {
    case 'none':
      return noneReasons.has(f.reason) ? keepKeys(f, ['kind', 'reason', 'source']) : FAIL;
    case 'price_curve':
      return isNum(f.rate) && isNum(f.exponent) && typeof f.taker_only === 'boolean' ? keepKeys(f, ['kind', 'rate', 'exponent', 'taker_only', 'source']) : FAIL;
    case 'min_price_bps':
      return isNum(f.taker_bps) && isNum(f.maker_bps) ? keepKeys(f, ['kind', 'taker_bps', 'maker_bps', 'source']) : FAIL;
    case 'profit_share':
      return isNum(f.profit_rate) && isNum(f.withdrawal_rate) ? keepKeys(f, ['kind', 'profit_rate', 'withdrawal_rate', 'source']) : FAIL;
    case 'odds_margin':
      return isNum(f.margin) ? keepKeys(f, ['kind', 'margin', 'source']) : FAIL;
    case 'flat':
      return isNum(f.taker) && isNum(f.maker) ? keepKeys(f, ['kind', 'taker', 'maker', 'source']) : FAIL;
    case 'quadratic_per_order': {
      const { taker_rate, maker_rate, multiplier, fill_round_up_to, order_round_up_to } = f;
      const ok = isNum(taker_rate) && taker_rate >= 0 && isNum(maker_rate) && maker_rate >= 0 && isNum(multiplier) && multiplier >= 0 && isNum(fill_round_up_to) && fill_round_up_to > 0 && isNum(order_round_up_to) && order_round_up_to > 0;
      return ok ? keepKeys(f, ['kind', 'taker_rate', 'maker_rate', 'multiplier', 'fill_round_up_to', 'order_round_up_to', 'source']) : FAIL;
    }
    default:
      return FAIL;
  }
}

const OUTCOME_KEYS = ['label', 'outcome_index', 'price', 'best_bid', 'best_ask'];
const OUTCOME_OPTIONAL = new Set(['best_bid', 'best_ask']);

function outcome(o: unknown): Obj | undefined {
  if (!isObj(o)) return FAIL;
  const { label, outcome_index, price } = o;
  if (!isStr(label) || !Number.isSafeInteger(outcome_index) || (outcome_index as number) < 0 || !(price === null || isUnit(price))) return FAIL;
  for (const key of OUTCOME_OPTIONAL) {
    if (absent(o, key)) continue;
    const v = o[key];
    if (!(v === null || isUnit(v))) return FAIL;
  }
  return sameOrCopy(
    o,
    OUTCOME_KEYS,
    () => {
      const out: Obj = { label, outcome_index, price };
      for (const key of OUTCOME_OPTIONAL) if (!absent(o, key)) out[key] = o[key];
      return out;
    },
    OUTCOME_OPTIONAL,
  );
}

const MARKET_KEYS = [
  'id', 'platform_slug', 'platform_market_id', 'title', 'slug', 'description', 'url', 'category', 'status', 'end_time', 'created_at',
  'outcomes', 'group', 'volume24h', 'volume_total', 'liquidity', 'currency', 'play_money', 'fee', 'quoted_at', 'book_ref',
];
const MARKET_OPTIONAL = new Set(['book_ref']);

function market(m: unknown): Obj | undefined {
  if (!isObj(m)) return FAIL;
  if (!isStr(m.id) || !UUID.test(m.id) || !venues.has(m.platform_slug)) return FAIL;
  if (!isStr(m.platform_market_id) || m.platform_market_id.length < 1 || !isStr(m.title) || m.title.length < 1 || !isStr(m.slug)) return FAIL;
  if (!(m.description === null || isStr(m.description)) || !(m.url === null || isStr(m.url))) return FAIL;
  if (!categories.has(m.category) || !statuses.has(m.status)) return FAIL;
  if (!(m.end_time === null || isDate(m.end_time)) || !(m.created_at === null || isDate(m.created_at))) return FAIL;
  const list = m.outcomes;
  if (!Array.isArray(list) || list.length < 1) return FAIL;
  let same = true;
  const outcomes: Obj[] = [];
  for (const o of list) {
    const parsed = outcome(o);
    if (!parsed) return FAIL;
    same &&= parsed === o;
    outcomes.push(parsed);
  }
  let group: Obj | null = null;
  if (m.group !== null) {
    const g = m.group;
    if (!isObj(g) || !isStr(g.id) || !isStr(g.title) || !isStr(g.outcome_label)) return FAIL;
    group = sameOrCopy(g, ['id', 'title', 'outcome_label'], () => ({ id: g.id, title: g.title, outcome_label: g.outcome_label }));
  }
  if (!isAmount(m.volume24h) || !isAmount(m.volume_total) || !isAmount(m.liquidity)) return FAIL;
  if (!currencies.has(m.currency) || typeof m.play_money !== 'boolean') return FAIL;
  const parsedFee = fee(m.fee);
  if (!parsedFee || !isDate(m.quoted_at)) return FAIL;
  const b = m.book_ref;
  if (!absent(m, 'book_ref') && !(b === null || (isStr(b) && b.length >= 1))) return FAIL;
  if (same && group === m.group && parsedFee === m.fee && exactKeys(m, MARKET_KEYS, MARKET_OPTIONAL)) return m;
  const out: Obj = {
    id: m.id,
    platform_slug: m.platform_slug,
    platform_market_id: m.platform_market_id,
    title: m.title,
    slug: m.slug,
    description: m.description,
    url: m.url,
    category: m.category,
    status: m.status,
    end_time: m.end_time,
    created_at: m.created_at,
    outcomes: same ? list : outcomes,
    group,
    volume24h: m.volume24h,
    volume_total: m.volume_total,
    liquidity: m.liquidity,
    currency: m.currency,
    play_money: m.play_money,
    fee: parsedFee,
    quoted_at: m.quoted_at,
  };
  if (!absent(m, 'book_ref')) out.book_ref = b;
  return out;
}

/**
 * Whether the normalised market is certainly one the schema accepts (shared/types/marketSchema.ts); false
 * means "not sure": ask the schema, for its verdict and its reason. The processor's workers check every market
 * they publish with it before zod (pipeline/process/prepareMarkets.ts).
 */
export const certainlyValidMarket = (m: unknown): boolean => market(m) !== FAIL;

/** The decoded MARKETS event when it is certainly valid, else undefined (ask the schema). */
export function fastMarketEvent(value: unknown): Obj | undefined {
  if (!isObj(value)) return FAIL;
  if (value.type === 'market_normalized') {
    const m = market(value.market);
    const s = value.source;
    if (!m || !isObj(s) || !isStr(s.item_id) || !isStr(s.content_hash) || !isStr(s.fetched_at)) return FAIL;
    const source = sameOrCopy(s, ['item_id', 'content_hash', 'fetched_at'], () => ({ item_id: s.item_id, content_hash: s.content_hash, fetched_at: s.fetched_at }));
    if (m === value.market && source === s && exactKeys(value, ['type', 'market', 'source'])) return value;
    return { type: 'market_normalized', market: m, source };
  }
  if (value.type === 'market_delisted') {
    const { market_id, venue, item_id, at } = value;
    if (!(isStr(market_id) && venues.has(venue) && isStr(item_id) && isStr(at))) return FAIL;
    return sameOrCopy(value, ['type', 'market_id', 'venue', 'item_id', 'at'], () => ({ type: 'market_delisted', market_id, venue, item_id, at }));
  }
  return FAIL;
}
