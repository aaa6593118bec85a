// The ledger's orders and their journal, in SQL for both drivers; the reconciler claims due orders (claims.ts).
import { claimDue } from './claims.js';
import { date, dateOrNull, json, lock, num, textOrNull, type Row } from './row.js';
import type { SqlDb } from './sql.js';
import type { LedgerOrder, NewOrder, OrderEvent, OrderPatch, Store, StoreTx } from './types.js';

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
    surchargeMinor: num(row.surcharge_minor),
    discrepancy: (row.discrepancy ?? null) as LedgerOrder['discrepancy'],
    deadlineAt: date(row.deadline_at),
    createSends: num(row.create_sends),
    paymentState: textOrNull(row.payment_state) as LedgerOrder['paymentState'],
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

const ORDER_COLUMNS: Record<keyof OrderPatch, string> = {
  status: 'status',
  upstreamStatus: 'upstream_status',
  createState: 'create_state',
  redirectUrl: 'redirect_url',
  paidMinor: 'paid_minor',
  refundedMinor: 'refunded_minor',
  capturedMinor: 'captured_minor',
  voidedMinor: 'voided_minor',
  surchargeMinor: 'surcharge_minor',
  discrepancy: 'discrepancy',
  holdReason: 'hold_reason',
  nextPollAt: 'next_poll_at',
  pollAttempts: 'poll_attempts',
  claimedUntil: 'claimed_until',
  claimedBy: 'claimed_by',
};

/** The ledger statuses a view status stands for: an unknown upstream spelling is shown (and listed) as pending. */
const ledgerStatuses = (status: string) => (status === 'pending' ? ['pending', 'unknown'] : [status]);

type OrdersTx = Pick<
  StoreTx,
  | 'insertOrder'
  | 'getOrder'
  | 'listSessionOrders'
  | 'updateOrder'
  | 'countCreateSend'
  | 'appendEvent'
  | 'listEvents'
  | 'listOrders'
>;

export function ordersSql(db: SqlDb): OrdersTx {
  return {
    async insertOrder(o: NewOrder) {
      const rows = await db.query<Row>(
        `insert into orders
           (order_reference, session_id, attempt, provider, amount_minor, currency, status, create_state, callback_secret, created_at, next_poll_at, deadline_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
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
          o.deadlineAt,
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
      // The one jsonb column goes as text (null clears it).
      const values = entries.map(([field, value]) => (field === 'discrepancy' && value !== null ? json(value) : value));
      const rows = await db.query<Row>(
        `update orders set ${[...sets, 'updated_at = now()'].join(', ')} where order_reference = $1 returning *`,
        [orderReference, ...values],
      );
      if (!rows[0]) throw new Error(`no order ${orderReference}`);
      return toOrder(rows[0]);
    },
    async countCreateSend(orderReference) {
      const rows = await db.query<Row>(
        `update orders set create_sends = create_sends + 1, updated_at = now()
         where order_reference = $1 and status in ('initiated', 'unknown') and create_state in ('creating', 'unknown')
         returning create_sends`,
        [orderReference],
      );
      return rows[0] ? num(rows[0].create_sends) : null;
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
    async listOrders({ status, paymentState, limit, before }) {
      const rows = await db.query<Row>(
        `select * from orders
         where ($1::text[] is null or status = any($1::text[]))
           and ($5::text is null or payment_state = $5::text)
           and ($2::timestamptz is null or (created_at, order_reference) < ($2::timestamptz, $3::text))
         order by created_at desc, order_reference desc
         limit $4`,
        [
          status ? ledgerStatuses(status) : null,
          before?.createdAt ?? null,
          before?.orderReference ?? null,
          limit,
          paymentState ?? null,
        ],
      );
      return rows.map(toOrder);
    },
  };
}

/** Outside a transaction only: a claim must commit to hold. */
export function orderClaimsSql(db: SqlDb): Pick<Store, 'claimDueOrders'> {
  return {
    async claimDueOrders(claim) {
      return (await claimDue(db, 'orders', claim)).map(toOrder);
    },
  };
}
