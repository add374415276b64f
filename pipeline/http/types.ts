import type { VenueSlug } from '../../shared/venues/registry.ts';

export interface HttpRequest {
  readonly method?: 'GET' | 'POST';
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  /** Bucket tokens this call costs (default 1). */
  readonly cost?: number;
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Parsed JSON body. */
  readonly json: unknown;
}

/**
 * The one transport every connector uses. Implementations own throttling (token bucket per
 * venue, bounded queue, concurrency cap), timeouts and retries; connectors never sleep.
 * Non-2xx answers and bad JSON reject with a VenueError.
 */
export interface HttpClient {
  getJson(venue: VenueSlug, req: HttpRequest): Promise<HttpResponse>;
}
