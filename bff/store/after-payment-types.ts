// The ledger's part for what happens after the redirect: refunds, captures and voids (order_operations), the
// merchant notification outbox, the order list, and the reconciler's claims.
import type { MerchantNotification, PaymentState } from '../../shared/schemas/merchant-api.js';
import type { OrderStatus } from '../../shared/status.js';
import type { LedgerOrder } from './records.js';

export type OperationKind = 'refund' | 'capture' | 'void';
/** `requested`: sent (or about to be) and not yet answered; it already counts against what is left. */
export type OperationStatus = 'requested' | 'pending' | 'succeeded' | 'declined' | 'failed';

export interface NewOperation {
  reference: string;
  orderReference: string;
  kind: OperationKind;
  amountMinor: number;
  currency: string;
  status: OperationStatus;
  description: string | null;
  createdAt: Date;
  /** Still open after this (its settle window and the grace), it is overdue. */
  deadlineAt: Date;
}

export interface OrderOperation extends NewOperation {
  upstreamStatus: string | null;
  /** The upstream's reference for it, when it differs or is known (a refund's answer names it). */
  upstreamReference: string | null;
  /** The upstream's (or its provider's) own id: bnplRefundId, captureId, voidedId. */
  upstreamId: string | null;
  /** Why it failed: the upstream's refusal, or not_found_upstream. */
  failureReason: string | null;
  /** How many times it was sent (1 at insert: the send follows at once; every resend adds one). */
  sends: number;
  updatedAt: Date;
}

export type OperationPatch = Partial<
  Pick<OrderOperation, 'status' | 'upstreamStatus' | 'upstreamReference' | 'upstreamId' | 'failureReason'>
>;

export type NotificationType = MerchantNotification['type'];

export interface NewNotification {
  id: string;
  type: NotificationType;
  orderReference: string;
  /** The exact JSON text delivered (and signed) at every attempt. */
  body: string;
  nextAttemptAt: Date;
}

export interface DueNotification {
  id: string;
  type: NotificationType;
  orderReference: string;
  body: string;
  attempts: number;
}

export type NotificationOutcome =
  | { delivered: true; at: Date }
  | { delivered: false; error: string /** null: attempts used up, given up. */; nextAttemptAt: Date | null };

export interface OrderListFilter {
  status?: OrderStatus;
  paymentState?: PaymentState;
  limit: number;
  /** Keyset cursor: orders strictly older than this one (newest first). */
  before?: { createdAt: Date; orderReference: string };
}

export interface Claim {
  now: Date;
  /** The claim lapses at this time, so work left by a stopped instance is taken up again. */
  until: Date;
  claimant: string;
  limit: number;
}

export interface AfterPaymentTx {
  insertOperation(operation: NewOperation): Promise<OrderOperation>;
  getOperation(reference: string): Promise<OrderOperation | null>;
  /** An order's refunds, captures and voids (one kind when given), oldest first. */
  listOperations(orderReference: string, kind?: OperationKind): Promise<OrderOperation[]>;
  /** The operations of several orders in one query (a page of the order list), by order, oldest first. */
  listOperationsOf(orderReferences: readonly string[]): Promise<Map<string, OrderOperation[]>>;
  updateOperation(reference: string, patch: OperationPatch): Promise<OrderOperation>;
  /** Counts one more send of a still-open operation; null when it is settled (then it must not be sent). */
  countSend(reference: string): Promise<number | null>;
  enqueueNotification(notification: NewNotification): Promise<void>;
  listOrders(filter: OrderListFilter): Promise<LedgerOrder[]>;
}

export interface AfterPaymentStore {
  /**
   * Takes up to `limit` orders whose next reconciliation is due and that nobody else holds (for update skip
   * locked), marking them claimed by `claimant` until `until`.
   */
  claimDueOrders(claim: Claim): Promise<LedgerOrder[]>;
  /** The same for notifications waiting for their next delivery attempt. */
  claimDueNotifications(claim: Claim): Promise<DueNotification[]>;
  /** Records one delivery attempt of a claimed notification and releases the claim. */
  recordNotificationAttempt(id: string, claimant: string, outcome: NotificationOutcome): Promise<void>;
  /** Releases every order and notification `claimant` still holds; how many. */
  releaseClaims(claimant: string): Promise<number>;
}
