// The Prometheus listener's settings: a port of its own, never the public one, on loopback unless configured.
import * as z from 'zod/mini';
import { wholeNumber } from '../lib/setting-kinds.js';

export const metricsVariables = {
  OPI_METRICS_PORT: z.optional(wholeNumber(0, 65535, 'a port number')),
  // Local choice: loopback unless configured; metrics say much about the shop and ask for no credential.
  OPI_METRICS_HOST: z._default(
    z
      .string()
      .check(z.regex(/^[\w.:-]{1,255}$/, { error: 'must be an address to listen on, such as 127.0.0.1 or 0.0.0.0' })),
    '127.0.0.1',
  ),
};
