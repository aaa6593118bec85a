// The BFF's pino logger. Nothing secret or personal is ever logged on purpose (bodies are never logged); these
// redactions are the safety net for a field that slips into a log object anyway.
import pino, { type DestinationStream, type Logger } from 'pino';
import * as z from 'zod/mini';
import { oneOf } from './lib/setting-kinds.js';
import { traceIds } from './telemetry/tracing.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const logVariables = { OPI_LOG_LEVEL: z._default(oneOf(LOG_LEVELS), 'info') };

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
  // The customer-session JWT: at the top, in an order request, or in a session's cart.
  'customerToken',
  '*.customerToken',
  '*.*.customerToken',
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

/**
 * `destination`: where lines go (tests capture them). By default stdout, written asynchronously: a line per request
 * written synchronously cost a third of the widget's hot read. pino flushes what is buffered when the process exits.
 */
export function createLogger(
  level: LogLevel,
  destination: DestinationStream = pino.destination({ dest: 1, sync: false }),
): Logger {
  const options = {
    level,
    base: { service: 'opi-bff' },
    ...SAFETY_NET,
    // The trace a line belongs to, when one is recorded: trace_id and span_id, as log backends join them.
    mixin: () => traceIds() ?? {},
  };
  return pino(options, destination);
}

const SAFETY_NET = { redact: { paths: REDACT_PATHS, censor: '[redacted]' }, serializers: { err: serializeError } };

/** A host's own logger (bff/checkout-router.ts) with the same redaction and error serializer as the BFF's. */
export const withSafetyNet = (logger: Logger): Logger => logger.child({}, SAFETY_NET);
