// The retention job's settings: how long sessions, idempotency keys and a shopper's personal data are kept, and how
// often the job runs (bff/maintenance/retention.ts).
import * as z from 'zod/mini';
import { wholeNumber } from '../lib/setting-kinds.js';

const days = 'a whole number of days';

export const retentionVariables = {
  OPI_RETENTION_SESSION_DAYS: z._default(wholeNumber(1, 3650, days), 30),
  // At least a day: a client retrying with an Idempotency-Key a day later still gets its first answer.
  OPI_RETENTION_IDEMPOTENCY_HOURS: z._default(wholeNumber(24, 87_600, 'a whole number of hours'), 48),
  OPI_RETENTION_PERSONAL_DAYS: z._default(wholeNumber(1, 3650, days), 90),
  OPI_RETENTION_INTERVAL_MINUTES: z._default(wholeNumber(1, 1440, 'a whole number of minutes'), 60),
};

type RetentionValues = z.output<z.ZodMiniObject<typeof retentionVariables>>;

export interface RetentionSettings {
  sessionDays: number;
  idempotencyHours: number;
  /** How long the shopper's personal data is kept once an order no longer needs it. */
  personalDays: number;
  intervalMs: number;
}

export const retentionSettings = (values: RetentionValues): RetentionSettings => ({
  sessionDays: values.OPI_RETENTION_SESSION_DAYS,
  idempotencyHours: values.OPI_RETENTION_IDEMPOTENCY_HOURS,
  personalDays: values.OPI_RETENTION_PERSONAL_DAYS,
  intervalMs: values.OPI_RETENTION_INTERVAL_MINUTES * 60_000,
});
