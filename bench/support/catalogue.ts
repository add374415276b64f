/**
 * A synthetic catalogue built only from the recorded payloads of every venue (pipeline/venues/<slug>/recorded/):
 * each recorded catalogue item is walked through its own connector (recorded transport), then copied with its
 * identifiers and titles made unique, so every copy parses through the venue's real parser into new markets
 * with the venue's real field shapes, units and sizes.
 */
import pino from 'pino';
import { createRecordedHttpClient } from '../../pipeline/http/recordedHttpClient.ts';
import { VENUE_MODULES } from '../../pipeline/venues/index.ts';
import type { RawItem, VenueModule } from '../../pipeline/venues/types.ts';
import type { VenueSlug } from '../../shared/venues/registry.ts';
import type { NormalizedMarket } from '../../shared/types/market.ts';
import { contentHash } from '../../shared/contentHash.ts';
import type { RawTick } from '../../shared/events.ts';

export interface TemplateItem {
  readonly venue: VenueSlug;
  readonly item: RawItem;
  /** Strings to make unique in each copy: the item id, the markets' venue ids and titles. */
  readonly idents: readonly string[];
  readonly titles: readonly string[];
  readonly markets: number;
}

const silent = pino({ level: 'silent' });

/** Every recorded catalogue item of every venue that parses into at least one market. */
export async function recordedTemplates(): Promise<TemplateItem[]> {
  const modules = Object.values(VENUE_MODULES).filter((m): m is VenueModule => m !== undefined);
  const http = createRecordedHttpClient({ connectors: modules.map((m) => m.connector) });
  const out: TemplateItem[] = [];
  const fetchedAt = new Date().toISOString();
  for (const m of modules) {
    const venue = m.connector.descriptor.slug;
    const signal = new AbortController().signal;
    for await (const page of m.connector.fetchCatalog({ http, log: silent, signal, apiKey: 'recorded-mode' })) {
      for (const item of page) {
        const parsed = m.parse(item, { fetchedAt });
        if (parsed.markets.length === 0) continue;
        // Compound venue ids (azuro "condition:outcome", predict.fun "slug#leg") name their parts separately.
        const idents = new Set<string>([item.id, ...parsed.markets.flatMap((x) => [x.platform_market_id, ...x.platform_market_id.split(/[:#]/)])]);
        out.push({
          venue,
          item,
          idents: [...idents].filter((s) => s.length >= 3).sort((a, b) => b.length - a.length),
          titles: [...new Set(parsed.markets.flatMap((x: NormalizedMarket) => [x.title, ...x.title.split(' — ')]))].filter((t) => t.length >= 8).sort((a, b) => b.length - a.length),
          markets: parsed.markets.length,
        });
      }
    }
  }
  return out;
}

/** Deep copy with every string rewritten by `fn` (numbers that equal an identifier become suffixed strings). */
function rewrite(value: unknown, fn: (s: string) => string, numIdents: ReadonlySet<string>): unknown {
  if (typeof value === 'string') return fn(value);
  if (typeof value === 'number' && numIdents.has(String(value))) return Number(fn(String(value)));
  if (Array.isArray(value)) return value.map((v) => rewrite(v, fn, numIdents));
  if (value && typeof value === 'object') {
    const o: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) o[k] = rewrite(v, fn, numIdents);
    return o;
  }
  return value;
}

/** A numeric id stays numeric (venue schemas check it): copy n puts n in front of its digits. */
function numericCopy(s: string, n: number): string {
  return (BigInt(s) + BigInt(n) * 10n ** BigInt(s.length)).toString();
}

/** Copy `n` of a template: identifiers get `-c<n>` (numeric ones a prefix), titles ` (series <n>)`. */
export function copyOf(t: TemplateItem, n: number): RawItem {
  const suffix = `-c${n}`;
  const numIdents = new Set(t.idents.filter((s) => /^\d+$/.test(s)));
  const fn = (s: string): string => {
    if (numIdents.has(s)) return numericCopy(s, n);
    let out = s;
    for (const title of t.titles) if (out.includes(title)) out = out.split(title).join(`${title} (series ${n})`);
    for (const id of t.idents) if (out.includes(id)) out = out.split(id).join(numIdents.has(id) ? numericCopy(id, n) : id + suffix);
    return out;
  };
  return { id: t.item.id + suffix, payload: n === 0 ? t.item.payload : rewrite(t.item.payload, fn, numIdents) };
}

export interface Catalogue {
  readonly ticks: RawTick[];
  /** Markets the ticks parse into (the unit of the pipeline's throughput). */
  readonly markets: number;
  readonly byVenue: Record<string, { items: number; markets: number }>;
}

/**
 * Raw ticks, round-robin over the templates of every venue, until they hold at least `targetMarkets`
 * markets. Every venue's items appear in proportion to their share of the recordings.
 */
export async function buildCatalogue(targetMarkets: number, fetchedAt = new Date().toISOString()): Promise<Catalogue> {
  const templates = await recordedTemplates();
  const ticks: RawTick[] = [];
  const byVenue: Record<string, { items: number; markets: number }> = {};
  let markets = 0;
  for (let n = 0; markets < targetMarkets; n++) {
    for (const t of templates) {
      if (markets >= targetMarkets) break;
      const item = copyOf(t, n);
      ticks.push({ type: 'raw_tick', venue: t.venue, item_id: item.id, content_hash: contentHash(item.payload), fetched_at: fetchedAt, payload: item.payload });
      markets += t.markets;
      const v = (byVenue[t.venue] ??= { items: 0, markets: 0 });
      v.items += 1;
      v.markets += t.markets;
    }
  }
  return { ticks, markets, byVenue };
}
