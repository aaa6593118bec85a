// The Store over plain PostgreSQL, written once for both drivers and composed from one file per aggregate. The row
// mappers turn every amount into a number (a safe integer of minor units) whichever driver read it (row.ts). At the
// end, the widget's session reads answered from memory for a moment (cacheSessionReads).
import { releaseClaims } from './claims.js';
import { gaugesSql } from './gauges.js';
import { idempotencyKeysSql } from './idempotency-keys.js';
import { learnedProvidersSql } from './learned-providers.js';
import { notificationClaimsSql, notificationsSql } from './notifications.js';
import { operationsSql } from './operations.js';
import { orderClaimsSql, orderEventsSql, ordersSql } from './orders.js';
import { rateLimitsSql } from './rate-limits.js';
import { retentionSql } from './retention-deletes.js';
import { groupWrites } from './grouped-writes.js';
import { insertSessions, type SessionRecord, type Sessions, sessionsSql } from './sessions.js';
import type { SqlDb, SqlDriver } from './sql.js';
import type { Orders, Store, StoreTx } from './types.js';
import { inSpan } from '../telemetry/tracing.js';
import { remember } from '../lib/bounded.js';

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

// The widget reads its session on every load and retry: the hottest query the BFF has. Sessions change only when
// the merchant replaces the cart (before any order), an order completes them or one of their orders changes (a plain
// read carries how the latest attempt ended), so a plain read (outside a
// transaction, no lock) is answered from memory for a short time. Whatever decides (placing an order, applying a
// payment, changing the cart) reads under the row lock inside a transaction, which this cache never answers. A
// session changed in this process is forgotten when its transaction commits; one changed by another instance is
// seen here within `ttlMs` (local choice: 2 s by default, shorter than any shopper's trip to a provider and back;
// an order placed meanwhile is checked against the locked row, never the cached one).
export interface SessionReadCacheOptions {
  ttlMs?: number;
  /** Entries kept at most; the oldest goes first. */
  maxEntries?: number;
  now?: () => number;
}

/** The same sessions, each write followed by `changed(id)` once it is done. */
const watchWrites = (sessions: Sessions, changed: (id: string) => void): Sessions => ({
  ...sessions,
  async setState(id, state) {
    await sessions.setState(id, state);
    changed(id);
  },
  async setCart(id, cart, amountMinor) {
    await sessions.setCart(id, cart, amountMinor);
    changed(id);
  },
});

/**
 * The same orders, each write followed by `changed(sessionId)` once it is done: a plain read of a session carries its
 * attempts (how the latest ended, what the shopper typed), which a cached read must not hide.
 */
function watchOrderWrites<O extends Orders>(orders: O, changed: (id: string) => void): O {
  const told = <T extends { sessionId: string } | null>(order: T) => {
    if (order) changed(order.sessionId);
    return order;
  };
  return {
    ...orders,
    insert: async (order, journal) => told(await orders.insert(order, journal)),
    update: async (reference, patch, journal) => told(await orders.update(reference, patch, journal)),
    updateIfUnchanged: async (expected, patch, journal, answer) =>
      told(await orders.updateIfUnchanged(expected, patch, journal, answer)),
  };
}

/** The transaction with its sessions and orders watched; its other aggregates still made only when first used. */
function watchedTx(tx: StoreTx, changed: (id: string) => void): StoreTx {
  let sessions: Sessions | undefined;
  let orders: Orders | undefined;
  return Object.create(tx, {
    sessions: { get: () => (sessions ??= watchWrites(tx.sessions, changed)) },
    orders: { get: () => (orders ??= watchOrderWrites(tx.orders, changed)) },
  }) as StoreTx;
}

export function cacheSessionReads(
  store: Store,
  { ttlMs = 2_000, maxEntries = 10_000, now = Date.now }: SessionReadCacheOptions = {},
): Store {
  const recent = new Map<string, { at: number; session: SessionRecord }>();
  // Bumped by every change: a read that began before a change does not put its older answer back.
  const changes = new Map<string, number>();
  const forget = (id: string) => {
    recent.delete(id);
    remember(changes, id, (changes.get(id) ?? 0) + 1, maxEntries);
  };

  return {
    ...store,
    orders: watchOrderWrites(store.orders, forget),
    sessions: {
      ...watchWrites(store.sessions, forget),
      async get(id, options) {
        if (options?.forUpdate) return store.sessions.get(id, options);
        const hit = recent.get(id);
        if (hit && now() - hit.at < ttlMs) return hit.session;
        const change = changes.get(id);
        const session = await store.sessions.get(id);
        if (session && changes.get(id) === change) remember(recent, id, { at: now(), session }, maxEntries);
        return session;
      },
    },
    async transaction(fn) {
      const changed = new Set<string>();
      const result = await store.transaction((tx) =>
        fn(
          watchedTx(tx, (id) => {
            changed.add(id);
            forget(id);
          }),
        ),
      );
      // Again after the commit: a read in between saw the row as it was before.
      for (const id of changed) forget(id);
      return result;
    },
  };
}
