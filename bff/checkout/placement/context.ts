// What placing an order works with: the services it calls and the settings that shape the upstream order. Built once
// (bff/services.ts) and given to each step of a placement (./decide.ts, ./order-request.ts, ./send.ts).
import type { Logger } from 'pino';
import type { CancellationTimeoutUnit } from '../settings.js';
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
  /** The unit the upstream reads cancellationTimeout in (not documented: OPI_CANCELLATION_TIMEOUT_UNIT). */
  cancellationTimeoutUnit: CancellationTimeoutUnit;
  /** When the reconciler first asks the upstream about a created order (OPI_POLL_INITIAL_MS). */
  pollInitialMs: number;
  /** The cancellation timeout of a session that set none (OPI_SESSION_TTL_MINUTES), for the order's deadline. */
  sessionTtlMinutes: number;
  /** After the cancellation timeout, how long the order is polled at the usual pace (OPI_POLL_GRACE_MINUTES). */
  graceMs: number;
  /** How long a create may still be on its way (OPI_SETTLE_WINDOW_SECONDS): resent only in its first half. */
  settleWindowMs: number;
  /** OPI_CUSTOMER_SESSIONS: a session without the merchant's customerToken gets one from the upstream per attempt. */
  customerSessions: boolean;
  /** Whether a provider that declined an attempt of the session may take another (OPI_OFFER_DECLINED_PROVIDER). */
  offerDeclinedProvider: boolean;
  /** Counts a new attempt's provider as chosen, and the order placed once its redirect is handed over. */
  funnel: Funnel;
}
