// The Store over plain PostgreSQL, written once for both drivers and composed from one file per aggregate:
// sessions, orders (with their journal), operations, notifications and idempotency keys. The row mappers turn every
// amount into a number (a safe integer of minor units) whichever driver read it (row.ts).
import { releaseClaims } from './claims.js';
import { gaugesSql } from './gauges-sql.js';
import { idempotencySql } from './idempotency-sql.js';
import { notificationClaimsSql, notificationsSql } from './notifications-sql.js';
import { operationsSql } from './operations-sql.js';
import { orderClaimsSql, ordersSql } from './orders-sql.js';
import { retentionSql } from './retention-sql.js';
import { sessionsSql } from './sessions-sql.js';
import { sharedStateSql } from './shared-state-sql.js';
import type { SqlDb, SqlDriver } from './sql.js';
import type { Store, StoreTx } from './types.js';

function storeTx(db: SqlDb): StoreTx {
  return { ...sessionsSql(db), ...ordersSql(db), ...operationsSql(db), ...notificationsSql(db), ...idempotencySql(db) };
}

export function createSqlStore(driver: SqlDriver): Store {
  return {
    ...storeTx(driver),
    ...orderClaimsSql(driver),
    ...notificationClaimsSql(driver),
    releaseClaims: (claimant) => releaseClaims(driver, claimant),
    ...sharedStateSql(driver),
    ...gaugesSql(driver),
    ...retentionSql(driver),
    connections: () => driver.connections(),
    ledgerFailures: () => driver.failures(),
    transaction: (fn) => driver.transaction((db) => fn(storeTx(db))),
    async ping() {
      await driver.query('select 1');
    },
    close: () => driver.close(),
  };
}
