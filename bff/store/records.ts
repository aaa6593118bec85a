// The ledger's records: sessions, orders, their journal and idempotency keys, as the rest of the BFF reads them.
import type { Prefill } from '../../shared/schemas/checkout-api.js';
import type { SHIPPING_METHODS } from '../../shared/field-rules.js';
import type { PaymentState } from '../../shared/schemas/merchant-api.js';
import type { OrderStatus } from '../../shared/status.js';
import type { OrderItem } from '../../shared/schemas/cart.js';

/**
 * The cart as the merchant gave it, kept in the upstream's own units so the order is rebuilt exactly. The
 * amounts the BFF computes with (the session's and each order's) are integer minor-unit columns.
 */
export interface StoredCart {
  orderItems: OrderItem[];
  shippingAmount: number;
  taxAmount: number;
  discountAmount: number;
  channel?: string;
  autoCapture?: boolean;
  cancellationTimeout?: number;
  /** The merchant's customer-session token (a JWT), sent as the order's customerToken. Never shown or logged. */
  customerToken?: string;
  requiresShipping: boolean;
  shippingMethod?: (typeof SHIPPING_METHODS)[number];
}

export type SessionState = 'open' | 'completed';

export interface NewSession {
  id: string;
  orderPrefix: string;
  cart: StoredCart;
  amountMinor: number;
  currency: string;
  country: string;
  locale: string;
  returnUrl: string;
  prefill: Prefill;
  expiresAt: Date;
  createdAt: Date;
}

export interface SessionRecord extends NewSession {
  state: SessionState;
}

type CreateState = 'creating' | 'created' | 'unknown' | 'rejected' | 'orphaned' | 'absent';
export type LedgerStatus = OrderStatus | 'unknown';

export interface NewOrder {
  orderReference: string;
  sessionId: string;
  attempt: number;
  provider: string;
  amountMinor: number;
  currency: string;
  status: LedgerStatus;
  createState: CreateState;
  callbackSecret: string;
  createdAt: Date;
  /** When the reconciler first asks the upstream about it (set at insert, so no attempt is ever forgotten). */
  nextPollAt: Date | null;
  /** Its cancellation timeout plus the grace: still live after it, the order is overdue and polled slowly. */
  deadlineAt: Date;
}

/** Where the upstream's records and the ledger's totals disagree (bff/after-payment/settle-operations.ts). */
export interface Discrepancy {
  kind: 'refunds' | 'captures';
  ledgerMinor: number;
  upstreamMinor: number;
  detectedAt: string;
}

export interface LedgerOrder extends NewOrder {
  upstreamStatus: string | null;
  redirectUrl: string | null;
  paidMinor: number;
  refundedMinor: number;
  capturedMinor: number;
  voidedMinor: number;
  /** The fee the paying customer bears, as the upstream reports it (part of paidMinor). */
  surchargeMinor: number;
  /** Null while the upstream's records and the ledger agree. */
  discrepancy: Discrepancy[] | null;
  /** How many times its create was sent (1 at insert: the send follows at once; a takeover's resend adds one). */
  createSends: number;
  /** Where a paid order's money stands, computed by the ledger from the amounts (migration 6); null unless paid. */
  paymentState: PaymentState | null;
  /** Why the order is on_hold (bff/orders/observe.ts); null otherwise. */
  holdReason: string | null;
  nextPollAt: Date | null;
  pollAttempts: number;
  claimedUntil: Date | null;
  claimedBy: string | null;
  updatedAt: Date;
}

/** The columns of an order that change after it is recorded. */
export type OrderPatch = Partial<
  Pick<
    LedgerOrder,
    | 'status'
    | 'upstreamStatus'
    | 'createState'
    | 'redirectUrl'
    | 'paidMinor'
    | 'refundedMinor'
    | 'capturedMinor'
    | 'voidedMinor'
    | 'surchargeMinor'
    | 'discrepancy'
    | 'holdReason'
    | 'nextPollAt'
    | 'pollAttempts'
    | 'claimedUntil'
    | 'claimedBy'
  >
>;

export type EventSource = 'create' | 'return' | 'callback' | 'poll' | 'merchant';

export interface NewOrderEvent {
  orderReference: string;
  source: EventSource;
  status: LedgerStatus | null;
  upstreamStatus: string | null;
  /** What happened, without personal data or secrets. */
  payload?: Record<string, unknown>;
  /** When, by the app's clock: the one order and operation rows are stamped with, so a journal and its order agree. */
  at: Date;
}

export interface OrderEvent extends Omit<NewOrderEvent, 'at'> {
  id: number;
  createdAt: Date;
}

export interface IdempotencyRecord {
  scope: string;
  key: string;
  requestHash: string;
  /** Null while the first request with this key is still in flight. */
  statusCode: number | null;
  response: unknown;
  createdAt: Date;
  /** When the request now answering for this key claimed it. */
  claimedAt: Date;
}

export interface IdempotencyLease {
  /** The claim's time (the caller's clock); complete and release name the claim by it. */
  now: Date;
  /** An unanswered claim made at or before this time is abandoned and may be taken over. */
  takeOverBefore: Date;
}

export interface LockOption {
  /** select ... for update: hold the row until the transaction ends. */
  forUpdate?: boolean;
}
