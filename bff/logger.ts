// The BFF's pino logger. Nothing secret or personal is ever logged on purpose (bodies are never logged); these
// redactions are the safety net for a field that slips into a log object anyway.
import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config.js';

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.authorization',
  '*.cookie',
  '*.accessToken',
  '*.access_token',
  '*.clientSecret',
  '*.client_secret',
  '*.paymentSecret',
  '*.merchantKeys',
  '*.callbackSecret',
  '*.token',
  'customer',
  '*.customer',
  'billingAddress',
  '*.billingAddress',
  'shippingAddress',
  '*.shippingAddress',
  'prefill',
  '*.prefill',
  '*.email',
  '*.phoneNumber',
  'body',
  '*.body',
];

/**
 * Every error in a log line: its name, message, code, status, operation and stack, and its cause the same way.
 * Nothing else: a database driver's error carries the failed statement's `query`, `params`, `detail` and `where`
 * (PGlite and pg), which hold session ids and shoppers' details.
 */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const { code, status, operation } = error as { code?: unknown; status?: unknown; operation?: unknown };
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof status === 'number' ? { status } : {}),
    ...(typeof operation === 'string' ? { operation } : {}),
    stack: error.stack,
    ...(error.cause === undefined ? {} : { cause: serializeError(error.cause) }),
  };
}

/** `destination`: where lines go (stdout by default; tests capture them). */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'opi-bff' },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}
