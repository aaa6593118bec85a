// What placing an order works with: the services it calls and the settings that shape the upstream order, each
// group of settings as the slice of its feature's (the checkout's, the write timings). Built once (bff/services.ts)
// and given to each step of a placement (./decide.ts, ./order-request.ts, ./send.ts).
import type { Logger } from 'pino';
import type { WriteTimings } from '../../domain/write-timings.js';
import type { CheckoutSettings } from '../settings.js';
import type { Ledger } from '../../ledger/ledger.js';
import type { Funnel } from '../../metrics/funnel.js';
import type { Store } from '../../store/types.js';
import type { UpstreamClient } from '../../upstream/client.js';
import type { OptionsCache } from '../options-cache.js';

export interface PlacementContext {
  store: Store;
  /** Records the attempt and what the create call learns of it. */
  ledger: Ledger;
  upstream: UpstreamClient;
  options: OptionsCache;
  now: () => Date;
  logger: Logger;
  publicUrl: string;
  /** Accept http redirects to loopback hosts (the local sandbox only). */
  allowLoopbackRedirect: boolean;
  /** The upstream budget; an attempt still `creating` after several budgets belonged to a process that died. */
  upstreamTimeoutMs: number;
  /**
   * The checkout's settings a placement reads: the unit of cancellationTimeout upstream, the timeout of a session that
   * set none (the order's deadline), customer sessions, and whether a provider that declined may take another attempt.
   */
  checkout: Pick<
    CheckoutSettings,
    'cancellationTimeoutUnit' | 'sessionTtlMinutes' | 'customerSessions' | 'offerDeclinedProvider'
  >;
  /** When the created order is first read, how long its create may still be on its way, its grace past its end. */
  timings: WriteTimings;
  /** Counts a new attempt's provider as chosen, and the order placed once its redirect is handed over. */
  funnel: Funnel;
}
