// The ledger's refunds, captures and voids (order_operations): their records, and their SQL for both drivers.
import { date, num, textOrNull, type Row } from './row.js';
import type { SqlDb } from './sql.js';

export type OperationKind = 'refund' | 'capture' | 'void';
/** `outside`: one the upstream's records show that the BFF never asked for (its portal, another integration). */
export type OperationOrigin = 'checkout' | 'outside';
/** `requested`: sent (or about to be) and not yet answered; it already counts against what is left. */
export type OperationStatus = 'requested' | 'pending' | 'succeeded' | 'declined' | 'failed';

export interface NewOperation {
  reference: string;
  orderReference: string;
  kind: OperationKind;
  amountMinor: number;
  currency: string;
  status: OperationStatus;
  description: string | null;
  createdAt: Date;
  /** Still open after this (its settle window and the grace), it is overdue. */
  deadlineAt: Date;
  /** Default `checkout`. */
  origin?: OperationOrigin;
}

export interface OrderOperation extends NewOperation {
  origin: OperationOrigin;
  upstreamStatus: string | null;
  /** The upstream's reference for it, when it differs or is known (a refund's answer names it). */
  upstreamReference: string | null;
  /** The upstream's (or its provider's) own id: bnplRefundId, captureId, voidedId. */
  upstreamId: string | null;
  /** Why it failed: the upstream's refusal, or not_found_upstream. */
  failureReason: string | null;
  /** How many times it was sent (1 at insert: the send follows at once; every resend adds one). */
  sends: number;
  updatedAt: Date;
}

export type OperationPatch = Partial<
  Pick<OrderOperation, 'status' | 'upstreamStatus' | 'upstreamReference' | 'upstreamId' | 'failureReason'>
>;

export interface Operations {
  insert(operation: NewOperation): Promise<OrderOperation>;
  get(reference: string): Promise<OrderOperation | null>;
  /** An order's refunds, captures and voids (one kind when given), oldest first. */
  list(orderReference: string, kind?: OperationKind): Promise<OrderOperation[]>;
  /** The operations of several orders in one query (a page of the order list), by order, oldest first. */
  listOf(orderReferences: readonly string[]): Promise<Map<string, OrderOperation[]>>;
  update(reference: string, patch: OperationPatch): Promise<OrderOperation>;
  /** Counts one more send of a still-open operation; null when it is settled (then it must not be sent). */
  countSend(reference: string): Promise<number | null>;
}

function toOperation(row: Row): OrderOperation {
  return {
    reference: String(row.reference),
    orderReference: String(row.order_reference),
    kind: row.kind as OrderOperation['kind'],
    amountMinor: num(row.amount_minor),
    currency: String(row.currency),
    status: row.status as OrderOperation['status'],
    upstreamStatus: textOrNull(row.upstream_status),
    upstreamReference: textOrNull(row.upstream_reference),
    upstreamId: textOrNull(row.upstream_id),
    failureReason: textOrNull(row.failure_reason),
    sends: num(row.sends),
    description: textOrNull(row.description),
    createdAt: date(row.created_at),
    deadlineAt: date(row.deadline_at),
    origin: row.origin as OperationOrigin,
    updatedAt: date(row.updated_at),
  };
}

export function operationsSql(db: SqlDb): Operations {
  return {
    async insert(o) {
      const rows = await db.query<Row>(
        `insert into order_operations
           (reference, order_reference, kind, amount_minor, currency, status, description, created_at, updated_at, deadline_at, origin)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10) returning *`,
        [
          o.reference,
          o.orderReference,
          o.kind,
          o.amountMinor,
          o.currency,
          o.status,
          o.description,
          o.createdAt,
          o.deadlineAt,
          o.origin ?? 'checkout',
        ],
      );
      return toOperation(rows[0]!);
    },
    async get(reference) {
      const rows = await db.query<Row>('select * from order_operations where reference = $1', [reference]);
      return rows[0] ? toOperation(rows[0]) : null;
    },
    async list(orderReference, kind) {
      const rows = await db.query<Row>(
        `select * from order_operations where order_reference = $1 and ($2::text is null or kind = $2)
         order by created_at, reference`,
        [orderReference, kind ?? null],
      );
      return rows.map(toOperation);
    },
    async listOf(orderReferences) {
      const rows = await db.query<Row>(
        `select * from order_operations where order_reference = any($1::text[]) order by created_at, reference`,
        [[...orderReferences]],
      );
      const byOrder = new Map<string, OrderOperation[]>(orderReferences.map((reference) => [reference, []]));
      for (const operation of rows.map(toOperation)) byOrder.get(operation.orderReference)?.push(operation);
      return byOrder;
    },
    async countSend(reference) {
      const rows = await db.query<Row>(
        `update order_operations set sends = sends + 1, updated_at = now()
         where reference = $1 and status = 'requested' returning sends`,
        [reference],
      );
      return rows[0] ? num(rows[0].sends) : null;
    },
    async update(reference, patch) {
      const rows = await db.query<Row>(
        // updated_at is when it last changed (retention reads it): a read that finds it as it was moves nothing.
        `update order_operations set status = coalesce($2, status), upstream_status = coalesce($3, upstream_status),
           upstream_reference = coalesce($4, upstream_reference), upstream_id = coalesce($5, upstream_id),
           failure_reason = coalesce($6, failure_reason),
           updated_at = case
             when (status, upstream_status, upstream_reference, upstream_id, failure_reason) is distinct from
               (coalesce($2, status), coalesce($3, upstream_status), coalesce($4, upstream_reference),
                coalesce($5, upstream_id), coalesce($6, failure_reason))
             then now() else updated_at end
         where reference = $1 returning *`,
        [
          reference,
          patch.status ?? null,
          patch.upstreamStatus ?? null,
          patch.upstreamReference ?? null,
          patch.upstreamId ?? null,
          patch.failureReason ?? null,
        ],
      );
      if (!rows[0]) throw new Error(`no operation ${reference}`);
      return toOperation(rows[0]);
    },
  };
}
