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

/** A key claimed by the statement that also locks what its request decides under (a placement's session). */
export interface KeyClaim {
  scope: string;
  key: string;
  requestHash: string;
  /** Without: claimed at the ledger's now, and never taken over. */
  lease?: IdempotencyLease;
}

/** A key's answer, written by the statement that records its request's outcome (only if that statement writes). */
export interface KeyAnswer {
  scope: string;
  key: string;
  statusCode: number;
  response: unknown;
  /** The claim answering: with it, a claim that took the key over since then keeps it. */
  claimedAt?: Date;
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

/**
 * Claims a key: records it in flight, or takes over an unanswered claim of the same request whose lease lapsed; returns
 * the key when claimed, nothing when another claim holds it or it is answered. Its parameters are numbered after
 * `offset`; `from`: a relation the claim is made only for a row of (the session locked by the same statement).
 */
export function claimStatement(claim: KeyClaim, offset: number, from = ''): [string, unknown[]] {
  const $ = (n: number) => `$${offset + n}`;
  return [
    `insert into idempotency_keys (scope, key, request_hash, claimed_at)
     select ${$(1)}::text, ${$(2)}::text, ${$(3)}::text, coalesce(${$(4)}::timestamptz, now())${from ? ` from ${from}` : ''}
     on conflict (scope, key) do update set claimed_at = excluded.claimed_at
       where idempotency_keys.status_code is null and idempotency_keys.request_hash = excluded.request_hash
         and idempotency_keys.claimed_at <= ${$(5)}::timestamptz
     returning key`,
    [claim.scope, claim.key, claim.requestHash, claim.lease?.now ?? null, claim.lease?.takeOverBefore ?? null],
  ];
}

/**
 * Keeps a key's answer while the claim that made it still holds the key. Its parameters are numbered after `offset`;
 * `when`: a condition the write also needs (the outcome's own row written by the same statement).
 */
export function answerStatement(answer: KeyAnswer, offset: number, when = ''): [string, unknown[]] {
  const $ = (n: number) => `$${offset + n}`;
  return [
    `update idempotency_keys set status_code = ${$(3)}, response = ${$(4)}::jsonb
     where scope = ${$(1)} and key = ${$(2)} and status_code is null
       and (${$(5)}::timestamptz is null or claimed_at = ${$(5)}::timestamptz)${when ? ` and ${when}` : ''}`,
    [answer.scope, answer.key, answer.statusCode, json(answer.response), answer.claimedAt ?? null],
  ];
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
      const [sql, params] = claimStatement({ scope, key, requestHash, lease }, 0);
      return (await db.query(sql, params)).length === 1;
    },
    async complete(scope, key, statusCode, response, claimedAt) {
      await db.query(...answerStatement({ scope, key, statusCode, response, claimedAt }, 0));
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
