// The ledger's checkout sessions: their records, and their SQL for both drivers.
import type { Prefill } from '../../shared/schemas/checkout-api.js';
import type { SHIPPING_METHODS } from '../../shared/field-rules.js';
import type { StoreAddress } from '../../shared/schemas/address.js';
import type { OrderItem } from '../../shared/schemas/cart.js';
import { claimStatement, type KeyClaim } from './idempotency-keys.js';
import { date, json, lock, type LockOption, num, type Row } from './row.js';
import type { SqlDb } from './sql.js';
import type { CurrentStatus } from '../../shared/status.js';
import { AWAITING_SQL, type OutcomeReason } from './orders.js';

/**
 * The cart as the merchant gave it, kept in the upstream's own units so the order is rebuilt exactly. The
 * amounts the BFF computes with (the session's and each order's) are integer minor-unit columns.
 */
export interface StoredCart {
  orderItems: OrderItem[];
  shippingAmount: number;
  taxAmount: number;
  discountAmount: number;
  channel?: string;
  autoCapture?: boolean;
  cancellationTimeout?: number;
  /** The merchant's customer-session token (a JWT), sent as the order's customerToken. Never shown or logged. */
  customerToken?: string;
  requiresShipping: boolean;
  shippingMethod?: (typeof SHIPPING_METHODS)[number];
  shippingType?: string;
  storeAddress?: StoreAddress;
  /** Sent as the order's sessionId. */
  paymentSessionId?: string;
  /** The shop's own labels, copied to each attempt's order (its merchantReference is a column of the session). */
  metadata?: Record<string, string>;
}

export type SessionState = 'open' | 'completed';

export interface NewSession {
  id: string;
  orderPrefix: string;
  cart: StoredCart;
  amountMinor: number;
  currency: string;
  country: string;
  locale: string;
  returnUrl: string;
  prefill: Prefill;
  expiresAt: Date;
  createdAt: Date;
  /** The shop's own order number; null or absent when it gave none. */
  merchantReference?: string | null;
}

export interface SessionRecord extends NewSession {
  merchantReference: string | null;
  state: SessionState;
  /** On a plain read only (none under the row lock): what its attempts tell the shopper who comes back. */
  attempts?: SessionAttempts;
}

/** A session's attempts as its view tells them: the latest, and the providers that declined one. */
export interface SessionAttempts {
  latest?: {
    attempt: number;
    provider: string;
    status: CurrentStatus;
    outcomeReason: OutcomeReason | null;
    /** What the shopper typed for it; null once erased (retention), or for an attempt from before migration 17. */
    shopper: Prefill | null;
    /** Whether the shopper's return or the upstream's callback spoke of it: the shopper is past the provider's page. */
    heard: boolean;
  };
  declined: string[];
}

export interface Sessions {
  insert(session: NewSession): Promise<void>;
  /**
   * Inserts the session unless another with its merchantReference is live (not expired; completed, its payment taken;
   * or with an attempt the upstream may still settle, payable past the session's expiry): then answers that one's id
   * and inserts nothing. One reference at a time (an advisory lock until the transaction ends), so two
   * creates with one reference never both insert. Inside a transaction.
   */
  insertUnlessLive(session: NewSession & { merchantReference: string }, now: Date): Promise<string | null>;
  get(id: string, options?: LockOption): Promise<SessionRecord | null>;
  /**
   * The session locked for update, and `claim`'s key claimed by the same statement, only once the lock is held (a
   * placement's Idempotency-Key, inside the transaction that decides it: rolled back with it). Inside a transaction.
   */
  lockClaiming(id: string, claim: KeyClaim): Promise<{ session: SessionRecord | null; claimed: boolean }>;
  setState(id: string, state: SessionState): Promise<void>;
  /** Replaces the cart and its amount (PATCH /v1/checkout-sessions/:id); the caller holds the session's lock. */
  setCart(id: string, cart: StoredCart, amountMinor: number): Promise<void>;
}

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
    merchantReference:
      row.merchant_reference === null || row.merchant_reference === undefined ? null : String(row.merchant_reference),
    ...(row.declined === undefined
      ? {}
      : {
          attempts: {
            ...(row.latest ? { latest: row.latest as NonNullable<SessionAttempts['latest']> } : {}),
            declined: row.declined as string[],
          },
        }),
  };
}

/** The columns a session is read from (toSession): not its bookkeeping (updated_at, personal_erased_at). */
const SESSION_COLUMNS = [
  'id',
  'order_prefix',
  'cart',
  'amount_minor',
  'currency',
  'country',
  'locale',
  'return_url',
  'prefill',
  'state',
  'expires_at',
  'created_at',
  'merchant_reference',
];
const columnsOf = (table: string) => SESSION_COLUMNS.map((column) => `${table}.${column}`).join(', ');

/**
 * A plain read's session with its attempts in the same statement (at most MAX_ATTEMPTS_PER_SESSION rows by the
 * orders' (session_id, attempt) key, each with its journal's first return or callback by order_events_by_order): the
 * latest, and the providers that declined one.
 */
const SESSION_WITH_ATTEMPTS = `select ${columnsOf('s')}, a.latest, a.declined from checkout_sessions s
  left join lateral (
    select (array_agg(jsonb_build_object('attempt', o.attempt, 'provider', o.provider, 'status', o.status,
              'outcomeReason', o.outcome_reason, 'shopper', o.shopper, 'heard', exists (
                select 1 from order_events e
                where e.order_reference = o.order_reference and e.source in ('return', 'callback')))
            order by o.attempt desc))[1] as latest,
           coalesce(array_agg(distinct o.provider) filter (where o.status = 'declined'), '{}') as declined
    from orders o where o.session_id = s.id) a on true
  where s.id = $1`;

/**
 * Sessions written by one statement: the ledger's fixed cost of a statement (its parse, plan and commit) is most of
 * an insert's, and shared by every row in it.
 */
export async function insertSessions(db: SqlDb, sessions: readonly NewSession[]): Promise<void> {
  const rows = sessions.map((s) => ({
    id: s.id,
    order_prefix: s.orderPrefix,
    cart: s.cart,
    amount_minor: s.amountMinor,
    currency: s.currency,
    country: s.country,
    locale: s.locale,
    return_url: s.returnUrl,
    prefill: s.prefill,
    expires_at: s.expiresAt,
    created_at: s.createdAt,
    merchant_reference: s.merchantReference ?? null,
  }));
  await db.query(
    `insert into checkout_sessions
       (id, order_prefix, cart, amount_minor, currency, country, locale, return_url, prefill, expires_at, created_at,
        merchant_reference)
     select id, order_prefix, cart, amount_minor, currency, country, locale, return_url, prefill, expires_at, created_at,
       merchant_reference
     from jsonb_to_recordset($1::jsonb) as s(
       id text, order_prefix text, cart jsonb, amount_minor bigint, currency text, country text, locale text,
       return_url text, prefill jsonb, expires_at timestamptz, created_at timestamptz, merchant_reference text)`,
    [json(rows)],
  );
}

/** The advisory lock space of merchant references (the migrations' lock is a single key of its own). */
const MERCHANT_REFERENCE_LOCKS = 7341002;

export function sessionsSql(db: SqlDb): Sessions {
  return {
    insert: (s) => insertSessions(db, [s]),
    async insertUnlessLive(s, now) {
      await db.query('select pg_advisory_xact_lock($1, hashtext($2))', [MERCHANT_REFERENCE_LOCKS, s.merchantReference]);
      const [live] = await db.query<Row>(
        `select s.id from checkout_sessions s
         where s.merchant_reference = $1 and (s.state = 'completed' or s.expires_at > $2 or exists (
           select 1 from orders o where o.session_id = s.id and o.status in (${AWAITING_SQL})))
         order by s.created_at desc limit 1`,
        [s.merchantReference, now],
      );
      if (live) return String(live.id);
      await insertSessions(db, [s]);
      return null;
    },
    async get(id, options) {
      const rows = await db.query<Row>(
        options?.forUpdate
          ? `select ${columnsOf('s')} from checkout_sessions s where id = $1${lock(options)}`
          : SESSION_WITH_ATTEMPTS,
        [id],
      );
      return rows[0] ? toSession(rows[0]) : null;
    },
    async lockClaiming(id, claim) {
      const [claiming, params] = claimStatement(claim, 1, 'locked');
      const [row] = await db.query<Row>(
        `with locked as (select ${columnsOf('s')} from checkout_sessions s where id = $1 for update),
         claimed as (${claiming})
         select locked.*, exists (select 1 from claimed) as key_claimed from locked`,
        [id, ...params],
      );
      return row ? { session: toSession(row), claimed: row.key_claimed === true } : { session: null, claimed: false };
    },
    async setState(id, state) {
      await db.query('update checkout_sessions set state = $2, updated_at = now() where id = $1', [id, state]);
    },
    async setCart(id, cart, amountMinor) {
      await db.query(
        'update checkout_sessions set cart = $2::jsonb, amount_minor = $3, updated_at = now() where id = $1',
        [id, json(cart), amountMinor],
      );
    },
  };
}
