// What checks the upstream's word as it arrives: the payment secret of the shopper's return hash, and the account
// webhook's secret, the last segment of its URL.
import * as z from 'zod/mini';
import { secret } from '../lib/setting-kinds.js';

export const inboundVariables = {
  // No default here: the sandbox's demo secret only for the local sandbox (bff/config.ts).
  OPI_PAYMENT_SECRET: z.optional(secret(8)),
  // Absent: the account webhook is off (every address of it 404).
  OPI_UPSTREAM_WEBHOOK_SECRET: z.optional(
    z
      .string()
      .check(
        z.regex(/^[\w-]{24,128}$/, { error: 'must be 24 to 128 letters, digits, _ or - (it is a segment of a URL)' }),
      ),
  ),
};
