import type { VenueSlug } from '../venues/registry.ts';

/**
 * Stream and subject names: the whole topology in one place. Streams are the source of truth
 * for market data; every read model is a projection that can be rebuilt by replaying them.
 */
export const STREAMS = {
  raw: { name: 'RAW', subjects: ['ticks.raw.>'] },
  markets: { name: 'MARKETS', subjects: ['markets.normalized.>'] },
  venues: { name: 'VENUES', subjects: ['venues.health.>'] },
  links: { name: 'LINKS', subjects: ['questions.linked'] },
  usage: { name: 'USAGE', subjects: ['api.requests'] },
  arbitrage: { name: 'ARB', subjects: ['arbitrage.>'] },
  deadLetter: { name: 'DEADLETTER', subjects: ['deadletter.>'] },
} as const;
export type StreamKey = keyof typeof STREAMS;

export const subjects = {
  raw: (venue: VenueSlug) => `ticks.raw.${venue}`,
  normalized: (venue: VenueSlug) => `markets.normalized.${venue}`,
  venueHealth: (venue: VenueSlug) => `venues.health.${venue}`,
  linked: () => 'questions.linked',
  apiRequests: () => 'api.requests',
  /** One opportunity created, changed, resolved or removed (the read model and the SSE feed replay these). */
  arbitrageOpportunity: () => 'arbitrage.opportunity',
  /** One scan pass's ArbitrageStats. */
  arbitrageScanned: () => 'arbitrage.scanned',
  deadLetter: (consumer: string) => `deadletter.${consumer}`,
} as const;
