// The Idempotency-Key records: their shape, and their SQL for both drivers.
import { date, json, lock, type LockOption, num, type Row } from './row.js';
import type { SqlDb } from './sql.js';

export interface IdempotencyRecord {
  scope: string;
  key: string;
  requestHash: string;
  /** Null while the first request with this key is still in flight. */
  statusCode: number | null;
  response: unknown;
  createdAt: Date;
  /** When the request now answering for this key claimed it. */
  claimedAt: Date;
}

export interface IdempotencyLease {
  /** The claim's time (the caller's clock); complete and release name the claim by it. */
  now: Date;
  /** An unanswered claim made at or before this time is abandoned and may be taken over. */
  takeOverBefore: Date;
}

export interface IdempotencyKeys {
  get(scope: string, key: string, options?: LockOption): Promise<IdempotencyRecord | null>;
  /**
   * Records a key as in flight; false when the key already exists (the caller then reads it). With a lease, an
   * unanswered claim of the same request older than `takeOverBefore` is taken over (true).
   */
  claim(scope: string, key: string, requestHash: string, lease?: IdempotencyLease): Promise<boolean>;
  /** Stores the answer; with `claimedAt`, only while that claim still holds the key. */
  complete(scope: string, key: string, statusCode: number, response: unknown, claimedAt?: Date): Promise<void>;
  /**
   * Forgets an in-flight key whose request failed before anything happened, so the client may retry it; with
   * `claimedAt`, only while that claim still holds the key.
   */
  release(scope: string, key: string, claimedAt?: Date): Promise<void>;
  /**
   * Lets go of an in-flight key while keeping it bound to its request: the next claim of the same request takes it at
   * once, and another request with it is refused. With `claimedAt`, only while that claim still holds the key.
   */
  yieldClaim(scope: string, key: string, claimedAt?: Date): Promise<void>;
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

export function idempotencyKeysSql(db: SqlDb): IdempotencyKeys {
  return {
    async get(scope, key, options) {
      const rows = await db.query<Row>(`select * from idempotency_keys where scope = $1 and key = $2${lock(options)}`, [
        scope,
        key,
      ]);
      return rows[0] ? toIdempotency(rows[0]) : null;
    },
    async claim(scope, key, requestHash, lease) {
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
    async complete(scope, key, statusCode, response, claimedAt) {
      await db.query(
        `update idempotency_keys set status_code = $3, response = $4::jsonb
         where scope = $1 and key = $2 and status_code is null and ($5::timestamptz is null or claimed_at = $5::timestamptz)`,
        [scope, key, statusCode, json(response), claimedAt ?? null],
      );
    },
    async yieldClaim(scope, key, claimedAt) {
      await db.query(
        `update idempotency_keys set claimed_at = timestamptz 'epoch'
         where scope = $1 and key = $2 and status_code is null and ($3::timestamptz is null or claimed_at = $3::timestamptz)`,
        [scope, key, claimedAt ?? null],
      );
    },
    async release(scope, key, claimedAt) {
      await db.query(
        `delete from idempotency_keys
         where scope = $1 and key = $2 and status_code is null and ($3::timestamptz is null or claimed_at = $3::timestamptz)`,
        [scope, key, claimedAt ?? null],
      );
    },
  };
}
