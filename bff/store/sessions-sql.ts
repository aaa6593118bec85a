// The ledger's checkout sessions, in SQL for both drivers.
import { date, json, lock, num, type Row } from './row.js';
import type { SqlDb } from './sql.js';
import type { SessionRecord, StoreTx } from './types.js';

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

export function sessionsSql(
  db: SqlDb,
): Pick<StoreTx, 'insertSession' | 'getSession' | 'setSessionState' | 'setSessionCart'> {
  return {
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
    async setSessionCart(id, cart, amountMinor) {
      await db.query(
        'update checkout_sessions set cart = $2::jsonb, amount_minor = $3, updated_at = now() where id = $1',
        [id, json(cart), amountMinor],
      );
    },
  };
}
