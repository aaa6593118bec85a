// The ledger's orders and their journal (order_events: what happened to each and who said so): their records, and
// their SQL for both drivers. A journal row is written by itself (append) or by the same statement as its order's
// change (withJournal). The reconciler claims due orders (claims.ts).
import type { AttemptReason, Prefill } from '../../shared/schemas/checkout-api.js';
import type { PaymentState } from '../../shared/schemas/merchant-api.js';
import type { CurrentStatus, OrderStatus } from '../../shared/status.js';
import { type Claim, claimDue } from './claims.js';
import { answerStatement, type KeyAnswer } from './idempotency-keys.js';
import { date, dateOrNull, json, lock, type LockOption, num, textOrNull, type Row } from './row.js';
import type { SqlDb } from './sql.js';

export type EventSource = 'create' | 'return' | 'callback' | 'poll' | 'merchant';

export interface NewOrderEvent {
  orderReference: string;
  source: EventSource;
  status: CurrentStatus | null;
  upstreamStatus: string | null;
  /** What happened, without personal data or secrets. */
  payload?: Record<string, unknown>;
  /** When, by the app's clock: the one order and operation rows are stamped with, so a journal and its order agree. */
  at: Date;
}

/** A journal row written by the same statement as its order's change (orders.insert, orders.update). */
export type Journal = Omit<NewOrderEvent, 'orderReference'>;

export interface OrderEvent extends Omit<NewOrderEvent, 'at'> {
  id: number;
  createdAt: Date;
}

export interface OrderEvents {
  append(event: NewOrderEvent): Promise<void>;
  /** An order's journal, oldest first; with `latest`, only its latest that many rows (still oldest first). */
  list(orderReference: string, options?: { latest?: number }): Promise<OrderEvent[]>;
}

const INSERT = 'insert into order_events (order_reference, source, status, upstream_status, payload, created_at)';
/** A row's values after its order reference, in INSERT's order. */
const values = (journal: Journal) => [
  journal.source,
  journal.status,
  journal.upstreamStatus,
  journal.payload === undefined ? null : json(journal.payload),
  journal.at,
];

/**
 * The statement (one that changes an order and ends `returning` its columns) with the journal row written by it too: one
 * round trip instead of two, in the same transaction either way. With `answer`, an Idempotency-Key's answer is kept by
 * it as well, only if the order was written (a placement's create answer).
 */
export function withJournal(
  statement: string,
  params: unknown[],
  journal?: Journal,
  answer?: KeyAnswer,
): [string, unknown[]] {
  if (!journal && !answer) return [statement, params];
  const parts = [`changed as (${statement})`];
  const all = [...params];
  if (journal) {
    const n = all.length;
    parts.push(`journal as (
       ${INSERT}
       select order_reference, $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}::jsonb, $${n + 5} from changed
     )`);
    all.push(...values(journal));
  }
  if (answer) {
    const [answering, answerParams] = answerStatement(answer, all.length, 'exists (select 1 from changed)');
    parts.push(`answered as (${answering})`);
    all.push(...answerParams);
  }
  return [`with ${parts.join(', ')} select * from changed`, all];
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

export function orderEventsSql(db: SqlDb): OrderEvents {
  return {
    async append({ orderReference, ...journal }) {
      await db.query(`${INSERT} values ($1, $2, $3, $4, $5::jsonb, $6)`, [orderReference, ...values(journal)]);
    },
    async list(orderReference, options) {
      const rows = await db.query<Row>(
        options?.latest === undefined
          ? 'select * from order_events where order_reference = $1 order by id'
          : 'select * from order_events where order_reference = $1 order by id desc limit $2',
        options?.latest === undefined ? [orderReference] : [orderReference, options.latest],
      );
      const events = rows.map(toEvent);
      return options?.latest === undefined ? events : events.reverse();
    },
  };
}

/** The view's reason classes, and `timed_out` for an order the upstream's system cancelled (its timeout ran out). */
export type OutcomeReason = AttemptReason | 'timed_out';

type CreateState = 'creating' | 'created' | 'unknown' | 'rejected' | 'orphaned' | 'absent';

export interface NewOrder {
  orderReference: string;
  sessionId: string;
  attempt: number;
  provider: string;
  amountMinor: number;
  currency: string;
  status: CurrentStatus;
  createState: CreateState;
  callbackSecret: string;
  createdAt: Date;
  /** When the reconciler first asks the upstream about it (set at insert, so no attempt is ever forgotten). */
  nextPollAt: Date | null;
  /** Its cancellation timeout plus the grace: still live after it, the order is overdue and polled slowly. */
  deadlineAt: Date;
  /** What the order asked: false is authorise-only (null, unset: the upstream's default, or a row from before). */
  autoCapture?: boolean | null;
  /**
   * What the shopper typed for this attempt, for the session's next one (personal data: erased with the session's
   * prefill). Written once, with the order; never read back into an order's record.
   */
  shopper?: Prefill | null;
  /** The shop's own order number and labels, from its session; null when it gave none. */
  merchantReference?: string | null;
  metadata?: Record<string, string> | null;
}

/**
 * Where the upstream's records and the ledger disagree in a way no record settles: the totals of refunds or captures
 * (bff/ledger/totals.ts), a read that contradicts the order's final status, or one that finds no such order though the
 * upstream has shown it (bff/ledger/order-plan.ts).
 */
export type Discrepancy = TotalsDiscrepancy | StatusDiscrepancy | NotFoundDiscrepancy | UnconfirmedDiscrepancy;
export interface TotalsDiscrepancy {
  /** `paid`: what a read of a paid order reports paid against what the ledger recorded (bff/ledger/order-plan.ts). */
  kind: 'refunds' | 'captures' | 'paid';
  ledgerMinor: number;
  upstreamMinor: number;
  detectedAt: string;
}
export interface StatusDiscrepancy {
  kind: 'status';
  ledgerStatus: string;
  upstreamStatus: string;
  detectedAt: string;
}
/**
 * Captures or voids whose answers were lost and that no record settled by the poll horizon (no document shows a void
 * when an order is read back): handed to a person with both sides, what the ledger holds reserved for them and what
 * the upstream last said of the order's capture.
 */
export interface UnconfirmedDiscrepancy {
  kind: 'unconfirmed_operations';
  references: string[];
  ledgerMinor: number;
  upstreamCaptureStatus: string | null;
  detectedAt: string;
}
/** The upstream answers that it has no such order, though it showed it (`lastUpstreamStatus`, its last word). */
export interface NotFoundDiscrepancy {
  kind: 'not_found';
  ledgerStatus: string;
  lastUpstreamStatus: string;
  detectedAt: string;
}

export interface StoredOrder extends NewOrder {
  autoCapture: boolean | null;
  merchantReference: string | null;
  metadata: Record<string, string> | null;
  upstreamStatus: string | null;
  /** The upstream's captureStatus as last read (as spelled); null until a read carried one. */
  upstreamCaptureStatus: string | null;
  /** The upstream's own ids of the order (its transactionReference; the provider's bnplOrderId), once learnt. */
  transactionReference: string | null;
  bnplOrderId: string | null;
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
  /** Why the order is on_hold (bff/ledger/ledger.ts); null otherwise. */
  holdReason: string | null;
  /** Why the attempt ended, as bff/orders/attempt-outcome.ts classes the upstream's reason; null when none said. */
  outcomeReason: OutcomeReason | null;
  nextPollAt: Date | null;
  /** When a notice or a return last asked for a read of the order not made since: the next poll makes it. */
  rereadAskedAt: Date | null;
  pollAttempts: number;
  claimedUntil: Date | null;
  claimedBy: string | null;
  updatedAt: Date;
}

/** The columns of an order that change after it is recorded. */
export type OrderPatch = Partial<
  Pick<
    StoredOrder,
    | 'status'
    | 'upstreamStatus'
    | 'upstreamCaptureStatus'
    | 'transactionReference'
    | 'bnplOrderId'
    | 'createState'
    | 'redirectUrl'
    | 'paidMinor'
    | 'refundedMinor'
    | 'capturedMinor'
    | 'voidedMinor'
    | 'surchargeMinor'
    | 'discrepancy'
    | 'holdReason'
    | 'outcomeReason'
    | 'nextPollAt'
    | 'rereadAskedAt'
    | 'pollAttempts'
    | 'claimedUntil'
    | 'claimedBy'
  >
>;

export interface OrderListFilter {
  status?: OrderStatus;
  paymentState?: PaymentState;
  merchantReference?: string;
  /** Created at or after this. */
  createdFrom?: Date;
  /** Created before this. */
  createdTo?: Date;
  limit: number;
  /** Keyset cursor: orders strictly older than this one (newest first). */
  before?: { createdAt: Date; orderReference: string };
}

export interface LiveSweep {
  kind: 'orders' | 'refunds';
  now: Date;
  windowMs: number;
  since: Date;
  limit: number;
  refundable: boolean;
}

export interface Orders {
  /** With `journal`, its first journal row is written by the same statement. */
  insert(order: NewOrder, journal?: Journal): Promise<StoredOrder>;
  get(orderReference: string, options?: LockOption): Promise<StoredOrder | null>;
  /** A session's attempts, oldest first. */
  listOfSession(sessionId: string): Promise<StoredOrder[]>;
  /** With `journal`, the journal row of the change is written by the same statement. */
  update(orderReference: string, patch: OrderPatch, journal?: Journal): Promise<StoredOrder>;
  /**
   * `update`, only while the row still has `expected`'s status, upstream status and sends; null when it no longer
   * does (then nothing is written). With `answer`, that Idempotency-Key's answer is kept by the same statement.
   */
  updateIfUnchanged(
    expected: StoredOrder,
    patch: OrderPatch,
    journal?: Journal,
    answer?: KeyAnswer,
  ): Promise<StoredOrder | null>;
  /**
   * Counts one more send of a create still unanswered and never shown upstream; null when it is settled or the
   * upstream has shown it (then it must not be sent).
   */
  countCreateSend(orderReference: string): Promise<number | null>;
  /** The one order the upstream knows by this id (transactionReference or bnplOrderId); null for none or several. */
  findByUpstreamId(id: string): Promise<StoredOrder | null>;
  /**
   * One sweep for the whole fleet per window of its kind: when the ledger's window for `sweep.kind` is open (none
   * began in the last `sweep.windowMs`), takes it and makes the newest `limit` orders awaiting the upstream created
   * since `sweep.since`, and the newest `limit` with a refund, capture or void still open, due now (those not due
   * sooner); with `refundable`, also the newest `limit` created since `sweep.since` with captured money not all
   * refunded (a refund made in the portal may be about one). How many; null when the window was not open.
   */
  sweepLive(sweep: LiveSweep): Promise<number | null>;
  list(filter: OrderListFilter): Promise<StoredOrder[]>;
}

/** Outside a transaction only: a claim must commit to hold. */
export interface OrderClaims {
  /**
   * Takes up to `limit` orders whose next reconciliation is due and that nobody else holds (for update skip
   * locked), marking them claimed by `claimant` until `until`.
   */
  claimDue(claim: Claim): Promise<StoredOrder[]>;
}

const text = (value: unknown) => String(value);
const flag = (value: unknown) => (value === null || value === undefined ? null : Boolean(value));
const asIs = (value: unknown) => value ?? null;

/**
 * Every field of a stored order, named once: its column, and how a row's value is read. The reads, the updates and
 * the statements' column lists are all made from it (the shopper's details are written at insert, never read back).
 */
/** A stored order's fields as read back: all but the shopper's details. */
type ReadField = Exclude<keyof StoredOrder, 'shopper'>;

const ORDER_FIELDS: { [Field in ReadField]-?: readonly [column: string, read: (value: unknown) => unknown] } = {
  orderReference: ['order_reference', text],
  sessionId: ['session_id', text],
  attempt: ['attempt', num],
  provider: ['provider', text],
  amountMinor: ['amount_minor', num],
  currency: ['currency', text],
  status: ['status', text],
  upstreamStatus: ['upstream_status', textOrNull],
  upstreamCaptureStatus: ['upstream_capture_status', textOrNull],
  autoCapture: ['auto_capture', flag],
  merchantReference: ['merchant_reference', textOrNull],
  metadata: ['metadata', asIs],
  transactionReference: ['transaction_reference', textOrNull],
  bnplOrderId: ['bnpl_order_id', textOrNull],
  createState: ['create_state', text],
  callbackSecret: ['callback_secret', text],
  redirectUrl: ['redirect_url', textOrNull],
  paidMinor: ['paid_minor', num],
  refundedMinor: ['refunded_minor', num],
  capturedMinor: ['captured_minor', num],
  voidedMinor: ['voided_minor', num],
  surchargeMinor: ['surcharge_minor', num],
  discrepancy: ['discrepancy', asIs],
  deadlineAt: ['deadline_at', date],
  createSends: ['create_sends', num],
  paymentState: ['payment_state', textOrNull],
  holdReason: ['hold_reason', textOrNull],
  outcomeReason: ['outcome_reason', textOrNull],
  nextPollAt: ['next_poll_at', dateOrNull],
  rereadAskedAt: ['reread_asked_at', dateOrNull],
  pollAttempts: ['poll_attempts', num],
  claimedUntil: ['claimed_until', dateOrNull],
  claimedBy: ['claimed_by', textOrNull],
  createdAt: ['created_at', date],
  updatedAt: ['updated_at', date],
};
const FIELDS = Object.entries(ORDER_FIELDS) as [ReadField, (typeof ORDER_FIELDS)[ReadField]][];

/** The columns an order is read from, for `select` and `returning`: not the shopper's details. */
const ORDER_COLUMNS = FIELDS.map(([, [column]]) => column);
const ORDER_COLUMN_LIST = ORDER_COLUMNS.join(', ');

/** An order from a row with ORDER_COLUMN_LIST's columns (or more). */
function toOrder(row: Row): StoredOrder {
  const order: Record<string, unknown> = {};
  for (const [field, [column, read]] of FIELDS) order[field] = read(row[column]);
  return order as unknown as StoredOrder;
}

/** What the money of an order is: a change of any moves its money_changed_at (retention's clock). */
const MONEY_FIELDS = new Set<keyof OrderPatch>([
  'status',
  'paidMinor',
  'refundedMinor',
  'capturedMinor',
  'voidedMinor',
  'surchargeMinor',
]);

/** The statuses of an order still awaiting the upstream's final word (shared/status.ts), as SQL. */
/** The ledger's statuses of an order the upstream may still settle (shared/status.ts isAwaitingUpstream). */
export const AWAITING_SQL = "'initiated', 'pending', 'unknown', 'error'";

/** The ledger statuses a view status stands for: an unknown upstream spelling is shown (and listed) as pending. */
const ledgerStatuses = (status: string) => (status === 'pending' ? ['pending', 'unknown'] : [status]);

/** An update of the order `keys[0]` where `condition` (on `keys`' other parameters) holds; null when none did. */
async function updateWhere(
  db: SqlDb,
  keys: unknown[],
  condition: string,
  patch: OrderPatch,
  journal?: Journal,
  answer?: KeyAnswer,
): Promise<StoredOrder | null> {
  const entries = Object.entries(patch).filter(([, value]) => value !== undefined) as [keyof OrderPatch, unknown][];
  const parameter = (index: number) => `$${index + keys.length + 1}`;
  const sets = entries.map(([field], index) => `${ORDER_FIELDS[field][0]} = ${parameter(index)}`);
  // The money's clock (retention) moves only when a write changes what the money is, never for a reschedule.
  const money = entries.flatMap(([field], index) =>
    MONEY_FIELDS.has(field) ? [[ORDER_FIELDS[field][0], parameter(index)] as const] : [],
  );
  if (money.length > 0) {
    const changed = money.map(([column, value]) => `${column} is distinct from ${value}`).join(' or ');
    sets.push(`money_changed_at = case when ${changed} then now() else money_changed_at end`);
  }
  // The one jsonb column goes as text (null clears it).
  const values = entries.map(([field, value]) => (field === 'discrepancy' && value !== null ? json(value) : value));
  const rows = await db.query<Row>(
    ...withJournal(
      `update orders set ${[...sets, 'updated_at = now()'].join(', ')}
       where order_reference = $1${condition} returning ${ORDER_COLUMN_LIST}`,
      [...keys, ...values],
      journal,
      answer,
    ),
  );
  return rows[0] ? toOrder(rows[0]) : null;
}

/**
 * An order the caller holds a reference to from the ledger itself: a missing row means a lost or restored database,
 * never a normal case, so it is one clear error instead of a null to trip over later.
 */
export async function requireOrder(
  orders: Pick<Orders, 'get'>,
  orderReference: string,
  options?: LockOption,
): Promise<StoredOrder> {
  const order = await orders.get(orderReference, options);
  if (!order) throw new Error(`order ${orderReference} vanished from the ledger`);
  return order;
}

export function ordersSql(db: SqlDb): Orders {
  return {
    async insert(o: NewOrder, journal) {
      const statement = withJournal(
        `insert into orders
           (order_reference, session_id, attempt, provider, amount_minor, currency, status, create_state, callback_secret, created_at, next_poll_at, deadline_at, auto_capture, shopper, merchant_reference, metadata)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15, $16::jsonb)
         returning ${ORDER_COLUMN_LIST}`,
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
          o.autoCapture ?? null,
          o.shopper ? json(o.shopper) : null,
          o.merchantReference ?? null,
          o.metadata ? json(o.metadata) : null,
        ],
        journal,
      );
      const rows = await db.query<Row>(...statement);
      return toOrder(rows[0]!);
    },
    async get(orderReference, options) {
      const rows = await db.query<Row>(
        `select ${ORDER_COLUMN_LIST} from orders where order_reference = $1${lock(options)}`,
        [orderReference],
      );
      return rows[0] ? toOrder(rows[0]) : null;
    },
    async listOfSession(sessionId) {
      const rows = await db.query<Row>(
        `select ${ORDER_COLUMN_LIST} from orders where session_id = $1 order by attempt`,
        [sessionId],
      );
      return rows.map(toOrder);
    },
    async update(orderReference, patch, journal) {
      const updated = await updateWhere(db, [orderReference], '', patch, journal);
      if (!updated) throw new Error(`no order ${orderReference}`);
      return updated;
    },
    updateIfUnchanged(expected, patch, journal, answer) {
      return updateWhere(
        db,
        [expected.orderReference, expected.status, expected.upstreamStatus, expected.createSends],
        ' and status = $2 and upstream_status is not distinct from $3 and create_sends = $4',
        patch,
        journal,
        answer,
      );
    },
    async countCreateSend(orderReference) {
      const rows = await db.query<Row>(
        `update orders set create_sends = create_sends + 1, updated_at = now()
         where order_reference = $1 and status in ('initiated', 'unknown') and create_state in ('creating', 'unknown')
           and upstream_status is null
         returning create_sends`,
        [orderReference],
      );
      return rows[0] ? num(rows[0].create_sends) : null;
    },
    async findByUpstreamId(id) {
      const rows = await db.query<Row>(
        `select ${ORDER_COLUMN_LIST} from orders where transaction_reference = $1 or bnpl_order_id = $1 limit 2`,
        [id],
      );
      return rows.length === 1 ? toOrder(rows[0]!) : null;
    },
    async sweepLive({ kind, now, windowMs, since, limit, refundable }) {
      const [row] = await db.query<Row>(
        // The window is the ledger's, so instances share it; the orders' backoff is kept (a notice repeated every
        // window never puts them back to the fastest pace), and nothing else of theirs is touched.
        `with window_taken as (
           insert into sweep_windows as taken (kind, swept_at) values ($4, $1)
           on conflict (kind) do update set swept_at = excluded.swept_at
             where taken.swept_at <= $1::timestamptz - make_interval(secs => $5::double precision / 1000)
           returning 1),
         made_due as (
           update orders set next_poll_at = $1
           where exists (select 1 from window_taken) and order_reference in (
             (select order_reference from orders
              where status in (${AWAITING_SQL}) and created_at >= $6 and (next_poll_at is null or next_poll_at > $1)
              order by created_at desc limit $2)
             union
             (select operation.order_reference from order_operations operation
              join orders on orders.order_reference = operation.order_reference
              where operation.status in ('requested', 'pending')
                and (orders.next_poll_at is null or orders.next_poll_at > $1)
              order by operation.created_at desc limit $2)
             union
             (select order_reference from orders
              where $3::boolean and captured_minor > refunded_minor and created_at >= $6
                and (next_poll_at is null or next_poll_at > $1)
              order by created_at desc limit $2))
           returning 1)
         select (select count(*) from window_taken)::int as taken, (select count(*) from made_due)::int as due`,
        [now, limit, refundable, kind, windowMs, since],
      );
      return num(row!.taken) > 0 ? num(row!.due) : null;
    },
    async list({ status, paymentState, merchantReference, createdFrom, createdTo, limit, before }) {
      const rows = await db.query<Row>(
        `select ${ORDER_COLUMN_LIST} from orders
         where ($1::text[] is null or status = any($1::text[]))
           and ($5::text is null or payment_state = $5::text)
           and ($6::text is null or merchant_reference = $6::text)
           and ($7::timestamptz is null or created_at >= $7::timestamptz)
           and ($8::timestamptz is null or created_at < $8::timestamptz)
           and ($2::timestamptz is null or (created_at, order_reference) < ($2::timestamptz, $3::text))
         order by created_at desc, order_reference desc
         limit $4`,
        [
          status ? ledgerStatuses(status) : null,
          before?.createdAt ?? null,
          before?.orderReference ?? null,
          limit,
          paymentState ?? null,
          merchantReference ?? null,
          createdFrom ?? null,
          createdTo ?? null,
        ],
      );
      return rows.map(toOrder);
    },
  };
}

export function orderClaimsSql(db: SqlDb): OrderClaims {
  return {
    async claimDue(claim) {
      return (await claimDue(db, 'orders', claim, ORDER_COLUMNS)).map(toOrder);
    },
  };
}
