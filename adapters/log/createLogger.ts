import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { REDACTED, redactLogLine } from './redact.ts';

/** Fields of a serialised error that can carry what a client sent (a body, the raw request, its headers). */
const ERROR_FIELDS_DROPPED = ['body', 'rawBody', 'rawPacket', 'headers', 'request', 'response', 'config'] as const;

function errorSerializer(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (out && typeof out === 'object') for (const field of ERROR_FIELDS_DROPPED) delete out[field];
  return out;
}

/** Well-known places first (cheap, exact); redactLogLine then catches the same names at any depth. */
const REDACT_PATHS = [
  'password',
  'otp',
  'reset_token',
  'access_token',
  'refresh_token',
  'token',
  'tokens',
  'authorization',
  'cookie',
  'body',
  '*.password',
  '*.otp',
  '*.reset_token',
  '*.access_token',
  '*.refresh_token',
  '*.token',
  '*.tokens',
  '*.body',
  'headers.authorization',
  'headers.cookie',
  'headers["x-api-key"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["x-api-key"]',
];

/**
 * Options every Concord logger is built with: secrets never reach a log line. pino's redact paths
 * and an error serializer that drops bodies and raw requests, then a last pass over each serialised
 * line (redactLogLine) that masks sensitive keys at any depth and credential-shaped text in any string.
 */
export function loggerOptions(options: LoggerOptions = {}): LoggerOptions {
  return {
    ...options,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { ...options.serializers, err: errorSerializer },
    hooks: { ...options.hooks, streamWrite: redactLogLine },
  };
}

/** The process logger (bin/, tests that capture log output). */
export function createLogger(options: LoggerOptions = {}, destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions(options), destination) : pino(loggerOptions(options));
}
