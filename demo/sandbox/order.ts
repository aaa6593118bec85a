// An order as the sandbox keeps it, with its refunds, captures and history (store.ts holds them; persistence.ts
// writes them down).
import type { CatalogueEntry } from './catalogue.js';
import type { Scenario } from './scenarios.js';
import type { Decision, OrderStatus, RefundStatus } from './types.js';

/** Local choice: the docs show only AUTHORIZED; the other three are the sandbox's names. */
export type CaptureStatus = 'AUTHORIZED' | 'PARTIALLY_CAPTURED' | 'CAPTURED' | 'VOIDED';

export interface SandboxRefund {
  /** As the merchant sent it: what must stay unique. */
  refundReference: string;
  /** As the sandbox answers it (the docs' suffix unless strictDocs is off). */
  upstreamReference: string;
  bnplRefundId: string;
  amountMinor: number;
  /** refundDescription as sent: the transaction details' refundReason. */
  description: string;
  status: RefundStatus;
  /** Why it failed (DECLINED or ERROR): the transaction details' refundFailureReason. */
  failureReason?: string | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

export interface SandboxOrder {
  reference: string;
  orderToken: string;
  transactionReference: string;
  /** The provider's own order id; the redirect's providerReference. */
  bnplOrderId: string;
  provider: CatalogueEntry;
  currency: string;
  locale: string;
  /** As the merchant sent it (major units). */
  orderAmount: number;
  amountMinor: number;
  /** The fee the paying customer bears (docs §4); part of the authorisation, not of orderAmount. */
  surchargeMinor: number;
  autoCapture: boolean;
  dynamicRedirectUrl?: string;
  dynamicCallbackUrl?: string;
  createdAt: number;
  updatedAt: number;
  status: OrderStatus;
  /** Every status the order had, for the transaction details (INITIATED and PENDING at creation). */
  /** Each with the uuid the transaction details list as its transactionId. */
  history: { id: string; status: 'INITIATED' | OrderStatus; at: number }[];
  captures: { captureReference: string; amountMinor: number; at: number }[];
  voids: { voidReference: string; amountMinor: number; at: number }[];
  /** What the shopper's test data chose (scenarios.ts): the hosted page applies it with no choice. */
  scenario?: Scenario;
  /** The create's answer is cut (the lost-answer scenario's first order of its test data). */
  answerLost?: boolean;
  /** Set once the shopper (or a test) has decided; a pending decision keeps status PENDING until it settles. */
  decision?: Required<Decision>;
  cancelledBy: 'user' | 'system' | null;
  failureReason: string | null;
  rejectReason: string | null;
  captureStatus: CaptureStatus | null;
  capturedMinor: number;
  voidedMinor: number;
  refunds: SandboxRefund[];
}
