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

/** `destination`: where lines go (stdout by default; tests capture them). */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { level, base: { service: 'opi-bff' }, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
