// What every route of one sandbox shares.
import type { TokenIssuer } from './auth.js';
import type { CallbackSender } from './callbacks.js';
import type { Scheduler } from './scheduler.js';
import type { OrderStore } from './store.js';
import type { RefundSettlement } from './types.js';

export interface SandboxContext {
  readonly paymentSecret: string;
  readonly pendingSettleMs: number;
  readonly cancellationUnitMs: number;
  readonly refundSettlement?: RefundSettlement;
  /** The merchant account's webhook, for REFUND_CALLBACK. */
  readonly webhookUrl?: string;
  readonly now: () => number;
  /** The sandbox's own origin, for redirectUrl and imageUrl. */
  readonly baseUrl: () => string;
  readonly store: OrderStore;
  readonly scheduler: Scheduler;
  readonly callbacks: CallbackSender;
  readonly tokens: TokenIssuer;
}

export const isoTime = (ms: number): string => new Date(ms).toISOString();
