// The Store over plain PostgreSQL, written once for both drivers; the row mappers turn every amount into a number
// (a safe integer of minor units) whichever driver read it (row.ts).
import { afterPaymentStore, afterPaymentTx } from './after-payment-sql.js';
import { date, dateOrNull, num, textOrNull, type Row } from './row.js';
import type { SqlDb, SqlDriver } from './sql.js';
import type {
  IdempotencyRecord,
  LedgerOrder,
  LockOption,
  NewOrder,
  OrderEvent,
  OrderPatch,
  SessionRecord,
  Store,
  StoreTx,
} from './types.js';

const json = (value: unknown) => JSON.stringify(value ?? null);
const lock = (options?: LockOption) => (options?.forUpdate ? ' for update' : '');

function toSession(row: Row): SessionRecord {
  return {
    id: String(row.id),
    orderPrefix: String(row.order_prefix),
    cart: row.cart as SessionRecord['cart'],
    amountMinor: num(row.amount_minor),
    currency: String(row.currency),
    country: String(row.country),
    locale: String(row.locale),
    returnUrl: String(row.return_url),
    prefill: row.prefill as SessionRecord['prefill'],
    state: row.state as SessionRecord['state'],
    expiresAt: date(row.expires_at),
    createdAt: date(row.created_at),
  };
}

function toOrder(row: Row): LedgerOrder {
  return {
    orderReference: String(row.order_reference),
    sessionId: String(row.session_id),
    attempt: num(row.attempt),
    provider: String(row.provider),
    amountMinor: num(row.amount_minor),
    currency: String(row.currency),
    status: row.status as LedgerOrder['status'],
    upstreamStatus: textOrNull(row.upstream_status),
    createState: row.create_state as LedgerOrder['createState'],
    callbackSecret: String(row.callback_secret),
    redirectUrl: textOrNull(row.redirect_url),
    paidMinor: num(row.paid_minor),
    refundedMinor: num(row.refunded_minor),
    capturedMinor: num(row.captured_minor),
    voidedMinor: num(row.voided_minor),
    holdReason: textOrNull(row.hold_reason),
    nextPollAt: dateOrNull(row.next_poll_at),
    pollAttempts: num(row.poll_attempts),
    claimedUntil: dateOrNull(row.claimed_until),
    claimedBy: textOrNull(row.claimed_by),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

function toEvent(row: Row): OrderEvent {
  return {
    id: num(row.id),
    orderReference: String(row.order_reference),
    source: row.source as OrderEvent['source'],
    status: (row.status ?? null) as OrderEvent['status'],
    upstreamStatus: textOrNull(row.upstream_status),
    payload: (row.payload ?? undefined) as OrderEvent['payload'],
    createdAt: date(row.created_at),
  };
}

function toIdempotency(row: Row): IdempotencyRecord {
  return {
    scope: String(row.scope),
    key: String(row.key),
    requestHash: String(row.request_hash),
    statusCode: row.status_code === null ? null : num(row.status_code),
    response: row.response ?? null,
    createdAt: date(row.created_at),
    claimedAt: date(row.claimed_at),
  };
}

const ORDER_COLUMNS: Record<keyof OrderPatch, string> = {
  status: 'status',
  upstreamStatus: 'upstream_status',
  createState: 'create_state',
  redirectUrl: 'redirect_url',
  paidMinor: 'paid_minor',
  refundedMinor: 'refunded_minor',
  capturedMinor: 'captured_minor',
  voidedMinor: 'voided_minor',
  holdReason: 'hold_reason',
  nextPollAt: 'next_poll_at',
  pollAttempts: 'poll_attempts',
  claimedUntil: 'claimed_until',
  claimedBy: 'claimed_by',
};

function storeTx(db: SqlDb): StoreTx {
  return {
    ...afterPaymentTx(db, toOrder),
    async insertSession(s) {
      await db.query(
        `insert into checkout_sessions
           (id, order_prefix, cart, amount_minor, currency, country, locale, return_url, prefill, expires_at, created_at)
         values ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9::jsonb, $10, $11)`,
        [
          s.id,
          s.orderPrefix,
          json(s.cart),
          s.amountMinor,
          s.currency,
          s.country,
          s.locale,
          s.returnUrl,
          json(s.prefill),
          s.expiresAt,
          s.createdAt,
        ],
      );
    },
    async getSession(id, options) {
      const rows = await db.query<Row>(`select * from checkout_sessions where id = $1${lock(options)}`, [id]);
      return rows[0] ? toSession(rows[0]) : null;
    },
    async setSessionState(id, state) {
      await db.query('update checkout_sessions set state = $2, updated_at = now() where id = $1', [id, state]);
    },

    async insertOrder(o: NewOrder) {
      const rows = await db.query<Row>(
        `insert into orders
           (order_reference, session_id, attempt, provider, amount_minor, currency, status, create_state, callback_secret, created_at, next_poll_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         returning *`,
        [
          o.orderReference,
          o.sessionId,
          o.attempt,
          o.provider,
          o.amountMinor,
          o.currency,
          o.status,
          o.createState,
          o.callbackSecret,
          o.createdAt,
          o.nextPollAt,
        ],
      );
      return toOrder(rows[0]!);
    },
    async getOrder(orderReference, options) {
      const rows = await db.query<Row>(`select * from orders where order_reference = $1${lock(options)}`, [
        orderReference,
      ]);
      return rows[0] ? toOrder(rows[0]) : null;
    },
    async listSessionOrders(sessionId) {
      const rows = await db.query<Row>('select * from orders where session_id = $1 order by attempt', [sessionId]);
      return rows.map(toOrder);
    },
    async updateOrder(orderReference, patch) {
      const entries = Object.entries(patch).filter(([, value]) => value !== undefined) as [keyof OrderPatch, unknown][];
      const sets = entries.map(([field], index) => `${ORDER_COLUMNS[field]} = $${index + 2}`);
      const rows = await db.query<Row>(
        `update orders set ${[...sets, 'updated_at = now()'].join(', ')} where order_reference = $1 returning *`,
        [orderReference, ...entries.map(([, value]) => value)],
      );
      if (!rows[0]) throw new Error(`no order ${orderReference}`);
      return toOrder(rows[0]);
    },

    async appendEvent(e) {
      await db.query(
        `insert into order_events (order_reference, source, status, upstream_status, payload, created_at)
         values ($1, $2, $3, $4, $5::jsonb, $6)`,
        [
          e.orderReference,
          e.source,
          e.status,
          e.upstreamStatus,
          e.payload === undefined ? null : json(e.payload),
          e.at,
        ],
      );
    },
    async listEvents(orderReference) {
      const rows = await db.query<Row>('select * from order_events where order_reference = $1 order by id', [
        orderReference,
      ]);
      return rows.map(toEvent);
    },

    async getIdempotencyKey(scope, key, options) {
      const rows = await db.query<Row>(`select * from idempotency_keys where scope = $1 and key = $2${lock(options)}`, [
        scope,
        key,
      ]);
      return rows[0] ? toIdempotency(rows[0]) : null;
    },
    async claimIdempotencyKey(scope, key, requestHash, lease) {
      const rows = await db.query(
        `insert into idempotency_keys (scope, key, request_hash, claimed_at) values ($1, $2, $3, coalesce($4::timestamptz, now()))
         on conflict (scope, key) do update set claimed_at = excluded.claimed_at
           where idempotency_keys.status_code is null and idempotency_keys.request_hash = excluded.request_hash
             and idempotency_keys.claimed_at <= $5::timestamptz
         returning key`,
        [scope, key, requestHash, lease?.now ?? null, lease?.takeOverBefore ?? null],
      );
      return rows.length === 1;
    },
    async completeIdempotencyKey(scope, key, statusCode, response, claimedAt) {
      await db.query(
        `update idempotency_keys set status_code = $3, response = $4::jsonb
         where scope = $1 and key = $2 and status_code is null and ($5::timestamptz is null or claimed_at = $5::timestamptz)`,
        [scope, key, statusCode, json(response), claimedAt ?? null],
      );
    },
    async releaseIdempotencyKey(scope, key, claimedAt) {
      await db.query(
        `delete from idempotency_keys
         where scope = $1 and key = $2 and status_code is null and ($3::timestamptz is null or claimed_at = $3::timestamptz)`,
        [scope, key, claimedAt ?? null],
      );
    },
  };
}

export function createSqlStore(driver: SqlDriver): Store {
  return {
    ...storeTx(driver),
    ...afterPaymentStore(driver, toOrder),
    transaction: (fn) => driver.transaction((db) => fn(storeTx(db))),
    async ping() {
      await driver.query('select 1');
    },
    close: () => driver.close(),
  };
}
