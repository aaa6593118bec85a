// The Idempotency-Key records, in SQL for both drivers.
import { date, json, lock, num, type Row } from './row.js';
import type { SqlDb } from './sql.js';
import type { IdempotencyRecord, StoreTx } from './types.js';

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

type IdempotencyTx = Pick<
  StoreTx,
  'getIdempotencyKey' | 'claimIdempotencyKey' | 'completeIdempotencyKey' | 'releaseIdempotencyKey'
>;

export function idempotencySql(db: SqlDb): IdempotencyTx {
  return {
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
