// What every route of one sandbox shares.
import type { TokenIssuer } from './auth.js';
import type { CallbackEnvelope, Notifications } from './notifications.js';
import type { CustomerSessions } from './customer-sessions.js';
import type { SandboxRandom } from './random.js';
import type { Scheduler } from './scheduler.js';
import type { OrderStore } from './store.js';
import type {
  CaptureStatusOnRead,
  NotificationFields,
  NotificationReference,
  NotificationTransactionId,
  PendingRefundOutcome,
  RefundListRoute,
  RefundSettlement,
  ReturnHashForm,
} from './types.js';

export interface SandboxContext {
  /** The docs' quirks (SandboxOptions.strictDocs). */
  readonly strictDocs: boolean;
  readonly refundListRoute: RefundListRoute;
  /** Which of the order's reference fields its notifications carry (SandboxOptions.notificationReferences). */
  readonly notificationReferences: readonly NotificationReference[];
  /** What else its notifications carry, and what their transactionId is (SandboxOptions). */
  readonly notificationFields: NotificationFields;
  readonly notificationTransactionId: NotificationTransactionId;
  /** The return's hash form (SandboxOptions.returnHash). */
  readonly returnHash: ReturnHashForm;
  /** Whether reads show the order's captureStatus or null (SandboxOptions.captureStatus). */
  readonly captureStatus: CaptureStatusOnRead;
  /** How a pending refund ends (SandboxOptions.pendingRefundOutcome). */
  readonly pendingRefundOutcome: PendingRefundOutcome;
  readonly paymentSecret: string;
  readonly pendingSettleMs: number;
  readonly cancellationUnitMs: number;
  readonly cancellationLagMs: number;
  /** Every behavioural random choice draws from these seeded streams. */
  readonly random: SandboxRandom;
  readonly refundSettlement?: RefundSettlement;
  /** The merchant account's webhook, for REFUND_CALLBACK and ORDER_STATUS_UPDATE; settable as in the portal. */
  webhookUrl?: string;
  /** What the control API and the console ask for, when set (SandboxOptions.controlToken). */
  readonly controlToken?: string;
  readonly now: () => number;
  /** The sandbox's own origin, for redirectUrl and imageUrl. */
  readonly baseUrl: () => string;
  readonly store: OrderStore;
  readonly scheduler: Scheduler;
  readonly notifications: Notifications;
  readonly tokens: TokenIssuer;
  readonly sessions: CustomerSessions;
}

/** To the merchant account's webhook, when one is set (the docs: REFUND_CALLBACK and status updates go there). */
export function notifyAccount(ctx: SandboxContext, orderReference: string, envelope: CallbackEnvelope): void {
  if (ctx.webhookUrl) ctx.notifications.send(ctx.webhookUrl, orderReference, envelope);
}

export const isoTime = (ms: number): string => new Date(ms).toISOString();
