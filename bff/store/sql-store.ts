// The Store over plain PostgreSQL, written once for both drivers and composed from one file per aggregate. The row
// mappers turn every amount into a number (a safe integer of minor units) whichever driver read it (row.ts).
import { releaseClaims } from './claims.js';
import { gaugesSql } from './gauges.js';
import { idempotencyKeysSql } from './idempotency-keys.js';
import { learnedProvidersSql } from './learned-providers.js';
import { notificationClaimsSql, notificationsSql } from './notifications.js';
import { operationsSql } from './operations.js';
import { orderEventsSql } from './journal.js';
import { orderClaimsSql, ordersSql } from './orders.js';
import { rateLimitsSql } from './rate-limits.js';
import { retentionSql } from './retention-deletes.js';
import { groupWrites } from './grouped-writes.js';
import { insertSessions, sessionsSql } from './sessions.js';
import type { SqlDb, SqlDriver } from './sql.js';
import type { Store, StoreTx } from './types.js';
import { inSpan } from '../telemetry/tracing.js';

/** A transaction's aggregates, each made when first used: most transactions touch two or three of the six. */
function storeTx(db: SqlDb): StoreTx {
  const made: Partial<StoreTx> = {};
  const once = <K extends keyof StoreTx>(key: K, make: (db: SqlDb) => StoreTx[K]): StoreTx[K] =>
    (made[key] ??= make(db));
  return {
    get sessions() {
      return once('sessions', sessionsSql);
    },
    get orders() {
      return once('orders', ordersSql);
    },
    get events() {
      return once('events', orderEventsSql);
    },
    get operations() {
      return once('operations', operationsSql);
    },
    get notifications() {
      return once('notifications', notificationsSql);
    },
    get idempotency() {
      return once('idempotency', idempotencyKeysSql);
    },
  };
}

export function createSqlStore(driver: SqlDriver): Store {
  const tx = storeTx(driver);
  return {
    ...tx,
    // Sessions are created by many merchants' servers at once, each on its own: one statement for those that overlap.
    sessions: { ...tx.sessions, insert: groupWrites((sessions) => insertSessions(driver, sessions)) },
    orders: { ...tx.orders, ...orderClaimsSql(driver) },
    notifications: { ...tx.notifications, ...notificationClaimsSql(driver) },
    rateLimits: rateLimitsSql(driver),
    providers: learnedProvidersSql(driver),
    releaseClaims: (claimant) => releaseClaims(driver, claimant),
    ...gaugesSql(driver),
    ...retentionSql(driver),
    connections: () => driver.connections(),
    failures: () => driver.failures(),
    transaction: (fn) => inSpan('ledger transaction', {}, () => driver.transaction((db) => fn(storeTx(db)))),
    async ping() {
      await driver.query('select 1');
    },
    close: () => driver.close(),
  };
}
