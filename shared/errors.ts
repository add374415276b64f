/** Error codes of the public API envelope `{status, message}` and their HTTP statuses. */
export const ERROR_HTTP_STATUS = {
  INVALID_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_API_KEY: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  MARKET_NOT_FOUND: 404,
  QUESTION_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  QUOTA_EXCEEDED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  EMBEDDING_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_HTTP_STATUS;

/** An expected failure that maps onto the API error envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly httpStatus: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message: string, options: { cause?: unknown; headers?: Record<string, string> } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.httpStatus = ERROR_HTTP_STATUS[code];
    this.headers = options.headers ?? {};
  }
}


/** Venue-side failure, in CCXT's two branches: retryable or not. */
export type VenueErrorCode =
  | 'NETWORK'
  | 'TIMEOUT'
  | 'RATE_LIMITED'
  | 'VENUE_UNAVAILABLE'
  | 'BAD_REQUEST'
  | 'NOT_FOUND'
  | 'UNAUTHORIZED'
  | 'MALFORMED_RESPONSE'
  | 'SCHEMA_DRIFT'
  | 'QUEUE_FULL'
  | 'DISABLED';

const RETRYABLE: ReadonlySet<VenueErrorCode> = new Set(['NETWORK', 'TIMEOUT', 'RATE_LIMITED', 'VENUE_UNAVAILABLE', 'QUEUE_FULL']);

export class VenueError extends Error {
  readonly code: VenueErrorCode;
  readonly venue: string;
  readonly retryable: boolean;
  /** Seconds the venue asked us to wait (Retry-After), when it did. */
  readonly retryAfterSeconds: number | undefined;
  readonly httpStatus: number | undefined;

  constructor(
    venue: string,
    code: VenueErrorCode,
    message: string,
    options: { cause?: unknown; retryAfterSeconds?: number; httpStatus?: number } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'VenueError';
    this.venue = venue;
    this.code = code;
    this.retryable = RETRYABLE.has(code);
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.httpStatus = options.httpStatus;
  }
}
