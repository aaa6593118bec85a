// The public edge's settings: where the BFF listens and is reached, who may call it (storefront origins, merchant
// keys), how much a client may ask, and how long a body and a shutdown may take.
import * as z from 'zod/mini';
import { merchantKeys, origins, trustProxy, url, wholeNumber } from '../lib/setting-kinds.js';

export const httpVariables = {
  PORT: z._default(wholeNumber(0, 65535, 'a port number'), 8787),
  // No default here: the local address on PORT, known once the server listens (bff/config.ts withListeningPort).
  OPI_PUBLIC_URL: z.optional(url('the BFF public base URL')),
  // No defaults here: the local sandbox's demo values only, which bff/config.ts gives (and refuses elsewhere).
  OPI_ALLOWED_ORIGINS: z.optional(origins),
  OPI_MERCHANT_KEYS: z.optional(merchantKeys),
  OPI_TRUST_PROXY: z._default(trustProxy, false),
  OPI_RATE_LIMIT_PER_MINUTE: z._default(wholeNumber(1, 100_000, 'a whole number of requests'), 120),
  // Local choice: 10 s, below the widget's own 15 s per request; a body is 16 KB at most.
  OPI_BODY_TIMEOUT_MS: z._default(wholeNumber(100, 120_000, 'a whole number of milliseconds'), 10_000),
  OPI_DRAIN_SECONDS: z._default(wholeNumber(0, 600, 'a whole number of seconds'), 10),
};
