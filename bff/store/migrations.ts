// The ledger's one SQL schema, for both drivers (PGlite and PostgreSQL). Append new numbered migrations; never
// edit an applied one. Money is integer minor units (bigint); statuses are the normalised ones of shared/status.ts
// with the upstream's own spelling kept beside them.
import type { SqlDb, SqlDriver } from './sql.js';

export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'checkout ledger',
    sql: `
      create table checkout_sessions (
        id            text primary key,
        -- Random prefix of this session's order references; independent of the id, which is a bearer secret.
        order_prefix  text not null unique,
        cart          jsonb not null,
        amount_minor  bigint not null check (amount_minor >= 0),
        currency      text not null,
        country       text not null,
        locale        text not null,
        return_url    text not null,
        prefill       jsonb not null default '{}'::jsonb,
        state         text not null default 'open' check (state in ('open', 'completed')),
        expires_at    timestamptz not null,
        created_at    timestamptz not null,
        updated_at    timestamptz not null default now()
      );

      create table orders (
        order_reference text primary key,
        session_id      text not null references checkout_sessions (id),
        attempt         integer not null check (attempt >= 1),
        provider        text not null,
        amount_minor    bigint not null check (amount_minor >= 0),
        currency        text not null,
        status          text not null,
        upstream_status text,
        -- Where the upstream create stands: creating (recorded, call in flight), created (redirect known),
        -- unknown (the upstream may hold it), rejected (refused, or its redirect refused), orphaned (exists
        -- upstream but its redirect never reached us, so nobody can pay it).
        create_state    text not null check (create_state in ('creating', 'created', 'unknown', 'rejected', 'orphaned')),
        callback_secret text not null,
        redirect_url    text,
        paid_minor      bigint not null default 0,
        refunded_minor  bigint not null default 0,
        captured_minor  bigint not null default 0,
        voided_minor    bigint not null default 0,
        next_poll_at    timestamptz,
        poll_attempts   integer not null default 0,
        claimed_until   timestamptz,
        claimed_by      text,
        created_at      timestamptz not null,
        updated_at      timestamptz not null default now(),
        unique (session_id, attempt)
      );
      create index orders_by_poll on orders (next_poll_at) where next_poll_at is not null;
      create index orders_by_status on orders (status, created_at);

      create table order_events (
        id              bigserial primary key,
        order_reference text not null references orders (order_reference),
        source          text not null check (source in ('create', 'return', 'callback', 'poll', 'merchant')),
        status          text,
        upstream_status text,
        payload         jsonb,
        created_at      timestamptz not null default now()
      );
      create index order_events_by_order on order_events (order_reference, id);

      -- Refunds, captures and voids: one shape, told apart by kind; the reference is the upstream's unique one.
      create table order_operations (
        reference       text primary key,
        order_reference text not null references orders (order_reference),
        kind            text not null check (kind in ('refund', 'capture', 'void')),
        amount_minor    bigint not null check (amount_minor > 0),
        currency        text not null,
        status          text not null,
        upstream_status text,
        description     text,
        created_at      timestamptz not null default now(),
        updated_at      timestamptz not null default now()
      );
      create index order_operations_by_order on order_operations (order_reference, kind, created_at);

      create table idempotency_keys (
        scope        text not null,
        key          text not null,
        request_hash text not null,
        -- Null while the first request with this key is still in flight.
        status_code  integer,
        response     jsonb,
        created_at   timestamptz not null default now(),
        primary key (scope, key)
      );
    `,
  },
  {
    version: 2,
    name: 'after the redirect: notification outbox, open operations, order list',
    sql: `
      -- Merchant notifications (transactional outbox): written with the change they announce, delivered and
      -- retried by the reconciler until delivered or out of attempts.
      create table merchant_notifications (
        id              text primary key,
        type            text not null check (type in ('order.status', 'refund.result')),
        order_reference text not null references orders (order_reference),
        -- The exact JSON text that is signed and sent at every attempt.
        body            text not null,
        attempts        integer not null default 0,
        -- Null once delivered or given up.
        next_attempt_at timestamptz,
        claimed_until   timestamptz,
        claimed_by      text,
        delivered_at    timestamptz,
        last_error      text,
        created_at      timestamptz not null default now()
      );
      create index merchant_notifications_due on merchant_notifications (next_attempt_at) where next_attempt_at is not null;
      create index order_operations_open on order_operations (order_reference) where status in ('requested', 'pending');
      create index orders_newest on orders (created_at desc, order_reference desc);
    `,
  },
  {
    version: 3,
    name: 'hold reasons, idempotency key leases',
    sql: `
      -- Why an order is on_hold (underpaid, currency_mismatch, unreadable_amount, session_already_paid).
      alter table orders add column hold_reason text;
      -- When the key's current request claimed it: a claim older than its lease (a crashed request, a lost
      -- release) may be taken over by a retry, so an interrupted key is never blocked for ever.
      alter table idempotency_keys add column claimed_at timestamptz not null default now();
    `,
  },
  {
    version: 4,
    name: 'sessions paid before one payment per session are completed',
    sql: `
      -- Sessions paid before the BFF completed them in the same transaction (or held: on_hold) take no new order.
      update checkout_sessions set state = 'completed'
        where state = 'open' and id in (select session_id from orders where status in ('paid', 'on_hold'));
    `,
  },
  {
    version: 5,
    name: "the upstream's own refund reference",
    sql: `
      -- The reference the upstream answered for a refund: its docs answer "X-00" to a request for "X".
      alter table order_operations add column upstream_reference text;
    `,
  },
  {
    version: 6,
    name: "a paid order's payment state, derived from its amounts",
    sql: `
      -- Where a paid order's money stands (shared/schemas/merchant-api.ts PAYMENT_STATES). A generated column: computed by
      -- the database from the amounts on every write, so it can never disagree with them, and a merchant can list
      -- or query the ledger by it.
      alter table orders add column payment_state text generated always as (
        case
          when status <> 'paid' then null
          when refunded_minor > 0 then
            case when refunded_minor >= captured_minor then 'refunded' else 'partially_refunded' end
          when captured_minor = 0 then
            case when paid_minor - voided_minor > 0 then 'authorised' else 'voided' end
          when paid_minor - captured_minor - voided_minor > 0 then 'partially_captured'
          else 'captured'
        end
      ) stored;
      create index orders_by_payment_state on orders (payment_state, created_at) where payment_state is not null;
    `,
  },
  {
    version: 7,
    name: 'state several instances share: rate-limit counters and the learned provider catalogue',
    sql: `
      -- One fixed window per limiter and client (bff/http/shared-rate-limit.ts), so N instances allow the limit in
      -- total. Rows whose window has ended are swept.
      create table rate_limit_hits (
        key       text primary key,
        hits      integer not null check (hits >= 0),
        reset_at  timestamptz not null
      );
      create index rate_limit_hits_by_reset on rate_limit_hits (reset_at);

      -- The providers seen in /options answers, with their limits (bff/checkout/provider-catalogue.ts); an
      -- instance reads them when it starts. channel '' is the upstream's default channel.
      create table provider_catalogue (
        currency  text not null,
        channel   text not null,
        provider  text not null,
        option    jsonb not null,
        seen_at   timestamptz not null,
        primary key (currency, channel, provider)
      );
    `,
  },
  {
    version: 8,
    name: 'indexes for the order list, the session lookup and the retention job',
    sql: `
      -- The merchant list filters by status or payment state and pages newest first by (created_at, order_reference):
      -- one index each that matches the filter and the order, so a page reads its rows and no more.
      drop index orders_by_status;
      create index orders_by_status on orders (status, created_at desc, order_reference desc);
      drop index orders_by_payment_state;
      create index orders_by_payment_state on orders (payment_state, created_at desc, order_reference desc)
        where payment_state is not null;
      -- A session's attempts, and whether a session has any order (the retention job keeps those).
      create index orders_by_session on orders (session_id, attempt);
      -- What the retention job deletes (bff/store/retention-deletes.ts).
      create index checkout_sessions_open_by_expiry on checkout_sessions (expires_at) where state = 'open';
      create index idempotency_keys_by_age on idempotency_keys (created_at);
    `,
  },
  {
    version: 9,
    name: 'settlement by reading back: deadlines, surcharges, discrepancies, every upstream identifier',
    sql: `
      -- When the reconciler stops polling an order at its usual pace (its cancellation timeout plus a grace): past it
      -- the order, if still live, is overdue and polled slowly up to a horizon (bff/reconcile/schedule.ts).
      alter table orders add column deadline_at timestamptz;
      -- Rows from before: the cart's cancellationTimeout, else the default session lifetime (60 minutes), plus the
      -- default grace (30 minutes).
      update orders o set deadline_at = o.created_at
        + make_interval(mins => coalesce((s.cart->>'cancellationTimeout')::int, 60) + 30)
        from checkout_sessions s where s.id = o.session_id;
      alter table orders alter column deadline_at set not null;
      -- The fee the paying customer bears, as the upstream reports it: a full capture or void is amount + surcharge.
      alter table orders add column surcharge_minor bigint not null default 0 check (surcharge_minor >= 0);
      -- Where the upstream's records and the ledger disagree in a way no record can settle (bff/ledger/).
      alter table orders add column discrepancy jsonb;
      -- absent: the upstream never had it (its records showed no such order once nothing could be in flight).
      alter table orders drop constraint orders_create_state_check;
      alter table orders add constraint orders_create_state_check
        check (create_state in ('creating', 'created', 'unknown', 'rejected', 'orphaned', 'absent'));
      -- The upstream's own id of an operation (bnplRefundId, captureId, voidedId), and why it failed.
      alter table order_operations add column upstream_id text;
      alter table order_operations add column failure_reason text;
      -- How many times each was sent: a refusal is final only for a first send nobody else repeated.
      alter table order_operations add column sends integer not null default 1;
      alter table orders add column create_sends integer not null default 1;
      -- Still open after this, an operation is overdue (rows from before: the default settle window and grace).
      alter table order_operations add column deadline_at timestamptz;
      update order_operations set deadline_at = created_at + interval '40 minutes';
      alter table order_operations alter column deadline_at set not null;
      alter table merchant_notifications drop constraint merchant_notifications_type_check;
      alter table merchant_notifications add constraint merchant_notifications_type_check
        check (type in ('order.status', 'refund.result', 'order.discrepancy'));
    `,
  },
  {
    version: 10,
    name: "the upstream's documented word: money made outside the checkout, what was asked, the ids notices carry",
    sql: `
      -- outside: a refund or capture the upstream's records show that the BFF never asked for (the payment service's
      -- portal, another integration): recorded as the upstream reports it, never sent.
      alter table order_operations add column origin text not null default 'checkout'
        check (origin in ('checkout', 'outside'));
      -- What the order asked the upstream: autoCapture false means authorised until a capture is recorded or
      -- reported (null: an order from before, read as the upstream's captureStatus says).
      alter table orders add column auto_capture boolean;
      -- The upstream's own ids of the order, from the create's answer and its reads: a notification may name the
      -- order by one of them alone.
      alter table orders add column transaction_reference text;
      alter table orders add column bnpl_order_id text;
      create index orders_by_transaction_reference on orders (transaction_reference)
        where transaction_reference is not null;
      create index orders_by_bnpl_order_id on orders (bnpl_order_id) where bnpl_order_id is not null;
    `,
  },
  {
    version: 11,
    name: 'personal data kept only as long as needed',
    sql: `
      -- When the retention job erased the shopper's personal data from the session (its prefill, the customer
      -- token); the money records stay (bff/store/retention-deletes.ts).
      alter table checkout_sessions add column personal_erased_at timestamptz;
      create index checkout_sessions_personal_by_expiry on checkout_sessions (expires_at)
        where personal_erased_at is null;
      create index order_events_by_age on order_events (created_at);
      create index merchant_notifications_delivered on merchant_notifications (delivered_at)
        where delivered_at is not null;
    `,
  },
  {
    version: 12,
    name: 'notifications in the order they were written',
    sql: `
      -- Notifications go out several at once, one order's one after another: in this order when due together.
      alter table merchant_notifications add column seq bigserial;
    `,
  },
  {
    version: 13,
    name: "the upstream's captureStatus as last read",
    sql: `
      -- What the upstream last said of the order's capture (its captureStatus, as spelled): a later read saying
      -- otherwise is recorded and journalled, never dropped. Money is settled by the capture records, not by this.
      alter table orders add column upstream_capture_status text;
    `,
  },
  {
    version: 14,
    name: 'refunded only when nothing is left authorised',
    sql: `
      -- Migration 6 called an order refunded once everything captured was refunded, even with money still
      -- authorised and capturable: that is partially refunded.
      drop index orders_by_payment_state;
      alter table orders drop column payment_state;
      alter table orders add column payment_state text generated always as (
        case
          when status <> 'paid' then null
          when refunded_minor > 0 then
            case
              when refunded_minor >= captured_minor and paid_minor - captured_minor - voided_minor <= 0 then 'refunded'
              else 'partially_refunded'
            end
          when captured_minor = 0 then
            case when paid_minor - voided_minor > 0 then 'authorised' else 'voided' end
          when paid_minor - captured_minor - voided_minor > 0 then 'partially_captured'
          else 'captured'
        end
      ) stored;
      create index orders_by_payment_state on orders (payment_state, created_at) where payment_state is not null;
    `,
  },
  {
    version: 15,
    name: 'a read asked for is made, final or not',
    sql: `
      -- A notice whose own read of the order failed (or came after the read it shared), or a return whose read
      -- failed, asks the reconciler for one, which it makes even for an order the ledger holds final; a read begun after the ask
      -- clears it (one begun before does not: it may not show what the notice was about).
      alter table orders add column reread_asked_at timestamptz;
    `,
  },
  {
    version: 16,
    name: 'sweeps shared by the fleet; retention by when the money last changed',
    sql: `
      -- A notice that names no known order sweeps the recent live orders once per window for every instance
      -- together: the window is taken here, by one statement.
      create table sweep_windows (
        kind      text primary key,
        swept_at  timestamptz not null
      );
      -- When the order's status, amounts or operations last changed: updated_at moves with every poll's reschedule
      -- and every re-read asked for, so personal data kept until it is old would be kept for as long as anyone
      -- touches the order. Existing orders start from updated_at (the latest the change can have been).
      alter table orders add column money_changed_at timestamptz not null default now();
      update orders set money_changed_at = updated_at;
    `,
  },
  {
    version: 17,
    name: "an attempt's outcome and the shopper's details kept for the next",
    sql: `
      -- What the shopper typed for this attempt (customer, addresses): the session's next attempt starts from it.
      -- Personal data: erased with the session's prefill (bff/store/retention-deletes.ts).
      alter table orders add column shopper jsonb;
      -- Why the attempt ended, as the BFF classed the upstream's reason (bff/orders/attempt-outcome.ts): a code,
      -- never the upstream's own text.
      alter table orders add column outcome_reason text;
    `,
  },
  {
    version: 18,
    name: "the shop's order number, and a feed of the merchant's notifications",
    sql: `
      -- The shop's own order number (and on the orders, its labels), copied to each attempt when it is recorded.
      alter table checkout_sessions add column merchant_reference text;
      create index checkout_sessions_by_merchant_reference on checkout_sessions (merchant_reference)
        where merchant_reference is not null;
      alter table orders add column merchant_reference text;
      alter table orders add column metadata jsonb;
      create index orders_by_merchant_reference on orders (merchant_reference, created_at desc, order_reference desc)
        where merchant_reference is not null;
      -- The feed (GET /v1/events) in seq's order (migration 12), and when the current series of deliveries began (a
      -- resend starts anew).
      create unique index merchant_notifications_feed on merchant_notifications (seq);
      create index merchant_notifications_by_order on merchant_notifications (order_reference, seq);
      alter table merchant_notifications add column queued_at timestamptz;
      update merchant_notifications set queued_at = created_at;
      alter table merchant_notifications alter column queued_at set not null;
      alter table merchant_notifications alter column queued_at set default now();
      -- The retention's delete: delivered or given up, by when the last series ended or began.
      create index merchant_notifications_done on merchant_notifications ((coalesce(delivered_at, queued_at)))
        where next_attempt_at is null;
    `,
  },
];

/** `analyze` of the tables in the ledger's schema (the search path's first), not of the whole database. */
async function analyzeLedgerTables(db: SqlDb): Promise<void> {
  const [row] = await db.query<{ tables: string | null }>(
    `select string_agg(format('%I', tablename), ', ') as tables from pg_tables where schemaname = current_schema()`,
  );
  if (row?.tables) await db.exec(`analyze ${row.tables}`);
}

/** The advisory lock under which one instance at a time changes the ledger's schema. */
export const MIGRATIONS_LOCK = 7341001;

/**
 * Applies the migrations not yet recorded in schema_migrations (those of an earlier version, for a test that makes
 * the ledger it left), under an advisory lock so that several BFF
 * instances starting together on one PostgreSQL apply each migration once.
 */
export async function runMigrations(driver: SqlDriver, migrations = MIGRATIONS): Promise<number[]> {
  return driver.transaction(async (db) => {
    await db.query('select pg_advisory_xact_lock($1)', [MIGRATIONS_LOCK]);
    // Inside the lock: two instances creating it at once collide in the catalogue even with "if not exists".
    await db.exec(`create table if not exists schema_migrations (
      version integer primary key, name text not null, applied_at timestamptz not null default now())`);
    const applied = new Set(
      (await db.query<{ version: number }>('select version from schema_migrations')).map((row) => Number(row.version)),
    );
    const done: number[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await db.exec(migration.sql);
      await db.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      done.push(migration.version);
    }
    // Fresh statistics for the planner after a schema change, and on PGlite at every start: it has no autovacuum
    // to gather them, and without them the order list sorts every order of a status (68 ms at 50,000 orders,
    // 0.2 ms with them). The retention job analyses PGlite again on its schedule. Only the ledger's own tables:
    // a bare `analyze` takes the system catalogues too, 170 ms of every PGlite start.
    if (done.length > 0 || driver.embedded) await analyzeLedgerTables(db);
    return done;
  });
}
