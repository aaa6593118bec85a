// Fills a ledger with `count` orders for the bench's order-list case, before the BFF that reads it starts: half of
// them paid (captured), half declined, one a second apart, each with its completed session. Straight SQL with
// generate_series: 50,000 orders in seconds on either driver. No ANALYZE here: what the BFF gathers itself is
// what is measured.
import { runMigrations } from '../../bff/store/migrations.js';
import { createPgDriver } from '../../bff/store/pg-driver.js';
import { createPgliteDriver } from '../../bff/store/pglite-driver.js';

export type SeedTarget = { pgliteDir: string } | { databaseUrl: string };

export async function seedOrders(target: SeedTarget, count: number): Promise<void> {
  const driver =
    'pgliteDir' in target
      ? await createPgliteDriver(target.pgliteDir)
      : await createPgDriver({ connectionString: target.databaseUrl });
  try {
    await runMigrations(driver);
    await driver.transaction(async (db) => {
      await db.query(
        `insert into checkout_sessions
           (id, order_prefix, cart, amount_minor, currency, country, locale, return_url, state, expires_at, created_at)
         select 'cs_bench' || lpad(g::text, 14, '0'), 'bench' || g,
                '{"orderItems":[{"name":"Linen shirt","quantity":1,"unitPrice":143.89,"totalAmount":143.89}]}',
                14389, 'AED', 'AE', 'en_AE', 'https://shop.example/return', 'completed',
                now() - g * interval '1 second' + interval '1 hour', now() - g * interval '1 second'
         from generate_series(1, $1::int) as g`,
        [count],
      );
      await db.query(
        `insert into orders
           (order_reference, session_id, attempt, provider, amount_minor, currency, status, upstream_status,
            create_state, callback_secret, paid_minor, captured_minor, created_at, deadline_at)
         select 'bench' || g || '-1', 'cs_bench' || lpad(g::text, 14, '0'), 1, 'tabby', 14389, 'AED',
                case when g % 2 = 0 then 'paid' else 'declined' end,
                case when g % 2 = 0 then 'SUCCESSFUL' else 'DECLINED' end,
                'created', md5(g::text),
                case when g % 2 = 0 then 14389 else 0 end, case when g % 2 = 0 then 14389 else 0 end,
                now() - g * interval '1 second', now() - g * interval '1 second' + interval '1 day'
         from generate_series(1, $1::int) as g`,
        [count],
      );
    });
  } finally {
    await driver.close();
  }
}
