// The merchant's notifications: where they are sent, the key that signs them, and how long a failed one is retried.
import * as z from 'zod/mini';
import { secret, url, wholeNumber } from '../lib/setting-kinds.js';

export const notifyVariables = {
  OPI_MERCHANT_WEBHOOK_URL: z.optional(url('the merchant notification URL')),
  OPI_MERCHANT_WEBHOOK_SECRET: z.optional(secret(16)),
  OPI_NOTIFY_MAX_ATTEMPTS: z._default(wholeNumber(1, 100, 'a whole number of attempts'), 30),
  OPI_NOTIFY_RETRY_MS: z._default(wholeNumber(100, 3_600_000, 'a whole number of milliseconds'), 10_000),
  OPI_NOTIFY_RETRY_HOURS: z._default(wholeNumber(1, 720, 'a whole number of hours'), 72),
};

type NotifyValues = z.output<z.ZodMiniObject<typeof notifyVariables>>;

/** Signed merchant notifications; absent when OPI_MERCHANT_WEBHOOK_URL is unset. */
export interface NotifySettings {
  url: string;
  /** Key of the Opi-Signature HMAC. */
  secret: string;
  /** Delivery attempts in all, the first included (a resend starts a new series). */
  maxAttempts: number;
  /** Delay before the first retry; it doubles with each further one, up to 6 hours, less up to a quarter at random. */
  retryDelayMs: number;
  /** How long a notification is retried, from when it was written (or resent); then it is given up, and stays in the feed. */
  retryForMs: number;
}

/** The notifications' settings, when a URL and its secret are set (bff/config.ts refuses a URL without one). */
export const notifySettings = (values: NotifyValues): { notifications?: NotifySettings } =>
  values.OPI_MERCHANT_WEBHOOK_URL && values.OPI_MERCHANT_WEBHOOK_SECRET
    ? {
        notifications: {
          url: values.OPI_MERCHANT_WEBHOOK_URL,
          secret: values.OPI_MERCHANT_WEBHOOK_SECRET,
          maxAttempts: values.OPI_NOTIFY_MAX_ATTEMPTS,
          retryDelayMs: values.OPI_NOTIFY_RETRY_MS,
          retryForMs: values.OPI_NOTIFY_RETRY_HOURS * 3_600_000,
        },
      }
    : {};
