// The ledger as the rest of the BFF sees it. One interface, two drivers (bff/store/open-store.ts); its records in
// records.ts (re-exported here), its after-payment part in after-payment-types.ts, what instances share besides the
// orders in shared-state-sql.ts.
import type { AfterPaymentStore, AfterPaymentTx } from './after-payment-types.js';
import type { LedgerGauges } from './gauges-sql.js';
import type { RetentionCutoffs, RetentionResult } from './retention-sql.js';
import type { SharedStateStore } from './shared-state-sql.js';
import type { ConnectionUse } from './sql.js';
import type {
  IdempotencyLease,
  IdempotencyRecord,
  LedgerOrder,
  LockOption,
  NewOrder,
  NewOrderEvent,
  NewSession,
  OrderEvent,
  OrderPatch,
  SessionRecord,
  SessionState,
  StoredCart,
} from './records.js';

export type * from './records.js';

/** Everything that can run inside a transaction. */
export interface StoreTx extends AfterPaymentTx {
  insertSession(session: NewSession): Promise<void>;
  getSession(id: string, options?: LockOption): Promise<SessionRecord | null>;
  setSessionState(id: string, state: SessionState): Promise<void>;
  /** Replaces the cart and its amount (PATCH /v1/checkout-sessions/:id); the caller holds the session's lock. */
  setSessionCart(id: string, cart: StoredCart, amountMinor: number): Promise<void>;

  insertOrder(order: NewOrder): Promise<LedgerOrder>;
  getOrder(orderReference: string, options?: LockOption): Promise<LedgerOrder | null>;
  /** A session's attempts, oldest first. */
  listSessionOrders(sessionId: string): Promise<LedgerOrder[]>;
  updateOrder(orderReference: string, patch: OrderPatch): Promise<LedgerOrder>;
  /** Counts one more send of a create still unanswered; null when it is settled (then it must not be sent). */
  countCreateSend(orderReference: string): Promise<number | null>;

  appendEvent(event: NewOrderEvent): Promise<void>;
  /** An order's journal, oldest first. */
  listEvents(orderReference: string): Promise<OrderEvent[]>;

  getIdempotencyKey(scope: string, key: string, options?: LockOption): Promise<IdempotencyRecord | null>;
  /**
   * Records a key as in flight; false when the key already exists (the caller then reads it). With a lease, an
   * unanswered claim of the same request older than `takeOverBefore` is taken over (true).
   */
  claimIdempotencyKey(scope: string, key: string, requestHash: string, lease?: IdempotencyLease): Promise<boolean>;
  /** Stores the answer; with `claimedAt`, only while that claim still holds the key. */
  completeIdempotencyKey(
    scope: string,
    key: string,
    statusCode: number,
    response: unknown,
    claimedAt?: Date,
  ): Promise<void>;
  /**
   * Forgets an in-flight key whose request failed before anything happened, so the client may retry it; with
   * `claimedAt`, only while that claim still holds the key.
   */
  releaseIdempotencyKey(scope: string, key: string, claimedAt?: Date): Promise<void>;
}

export interface Store extends StoreTx, AfterPaymentStore, SharedStateStore {
  transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  /** A trivial query, for readiness. */
  ping(): Promise<void>;
  /** What an operator watches (metrics). */
  ledgerGauges(now: Date): Promise<LedgerGauges>;
  connections(): ConnectionUse;
  /** Failures of the ledger itself since start, by code (metrics). */
  ledgerFailures(): Record<string, number>;
  /** Deletes what is kept no longer (bff/maintenance/retention.ts). */
  applyRetention(cutoffs: RetentionCutoffs): Promise<RetentionResult>;
  close(): Promise<void>;
}
