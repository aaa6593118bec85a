// The ledger as the rest of the BFF sees it: one store, by aggregate (sessions, orders and their journal, operations,
// notifications, idempotency keys, and what instances share), each with its records beside its SQL in a file of its
// own. Written once over two drivers (bff/store/open-store.ts).
import type { StoreGauges } from './gauges.js';
import type { IdempotencyKeys } from './idempotency-keys.js';
import type { LearnedProviders } from './learned-providers.js';
import type { NotificationClaims, Notifications } from './notifications.js';
import type { Operations } from './operations.js';
import type { OrderClaims, OrderEvents, Orders } from './orders.js';
import type { RateLimits } from './rate-limits.js';
import type { RetentionCutoffs, RetentionResult } from './retention-deletes.js';
import type { Sessions } from './sessions.js';
import type { ConnectionUse } from './sql.js';

export type * from './sessions.js';
export type * from './orders.js';
export type * from './operations.js';
export type * from './notifications.js';
export type * from './idempotency-keys.js';

/** Everything that can run inside a transaction. */
export interface StoreTx {
  sessions: Sessions;
  orders: Orders;
  events: OrderEvents;
  operations: Operations;
  notifications: Notifications;
  idempotency: IdempotencyKeys;
}

export interface Store extends StoreTx {
  orders: Orders & OrderClaims;
  notifications: Notifications & NotificationClaims;
  /** What several instances share besides the orders. */
  rateLimits: RateLimits;
  providers: LearnedProviders;
  /** Releases every order `claimant` still holds (a stopping reconciler); how many. */
  releaseClaims(claimant: string): Promise<number>;
  transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  /** A trivial query, for readiness. */
  ping(): Promise<void>;
  /** What an operator watches (metrics). */
  gauges(now: Date): Promise<StoreGauges>;
  connections(): ConnectionUse;
  /** Failures of the ledger itself since start, by code (metrics). */
  failures(): Record<string, number>;
  /** Deletes what is kept no longer (bff/maintenance/retention.ts). */
  applyRetention(cutoffs: RetentionCutoffs): Promise<RetentionResult>;
  close(): Promise<void>;
}
