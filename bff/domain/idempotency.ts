// Idempotency-Key, for the widget's order placement and the merchant's writes: the first request with a key runs;
// the same key with the same request gets the stored answer (and, where a wait is allowed, waits for it while the
// first is still running, so a retry racing the original makes no second upstream call); the same key with
// another request is refused. A claim whose request died (a crash, a release that failed) lapses after its
// lease, and a retry of the same request then takes the key over, so no key is blocked for ever.
import { DomainError, fromRefusalBody, type RefusalBody, refusalBody } from './errors.js';
import { LedgerUnavailableError } from '../store/ledger-errors.js';
import type { IdempotencyLease, KeyAnswer, KeyClaim, Store } from '../store/types.js';

/** What a keyed request ended in, kept for its key and replayed: its result, or the refusal it ended in for good. */
export type KeptAnswer<T> = { result: T } | { refusal: DomainError };

export type Answer<T> = KeptAnswer<T> & {
  /**
   * Sent, but not kept for the key (an answer that says the outcome is not known yet): the key stays bound to this
   * request (something was recorded for it), so a retry of the same request runs again and another body with the key
   * is refused.
   */
  provisional?: boolean;
};

// How an answer is stored (the key's statusCode and response columns): 201 and the result, or 422 and the
// refusal's code, detail and fields. Rows written before kept an HTTP status and a whole problem body: a status of
// 400 or more is a refusal either way, read by its code.
const RESULT = 201;
const REFUSAL = 422;

/** An Idempotency-Key sent again with another request than the one it was first used for. */
export const keyReused = () =>
  new DomainError('idempotency_key_reused', 'This Idempotency-Key was used with a different request.');

function stored<T>(statusCode: number, response: unknown): KeptAnswer<T> {
  return statusCode < 400 ? { result: response as T } : { refusal: fromRefusalBody(response as RefusalBody) };
}

export interface IdempotencyDeps {
  store: Store;
  /** The app's clock: claims are stamped with it and their leases measured by it. */
  now: () => Date;
  /** How long a request waits for the first one with its key before answering 409 (retryable); 0: no wait. */
  waitMs: number;
  /** After this long an unanswered claim counts as abandoned; longer than any request can run. */
  leaseMs: number;
  sleep?: (ms: number) => Promise<void>;
}

/** A request runs at most a few upstream budgets; a claim unanswered for longer than this was abandoned. */
export const idempotencyLeaseMs = (upstreamTimeoutMs: number) => 3 * upstreamTimeoutMs + 5_000;

const POLL_MS = 25;
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const AGAIN_MS = 250;

/** A claim made now: stamped with the app's clock, taking over only claims older than the lease. */
export function leaseNow(deps: IdempotencyDeps): IdempotencyLease {
  const now = deps.now();
  return { now, takeOverBefore: new Date(now.getTime() - deps.leaseMs) };
}

/** How a result is kept for its key, as its statement writes it (the placement's create answer). */
export const keptResult = (claim: KeyClaim, result: unknown): KeyAnswer => ({
  scope: claim.scope,
  key: claim.key,
  statusCode: RESULT,
  response: result,
  claimedAt: claim.lease?.now,
});

/**
 * Stores a key's answer or releases it. When the ledger is away (a restart), that is done again in the background
 * until it is back, within the claim's lease: a retry of the key then finds its answer, or takes it over, at once
 * instead of waiting for the lease to lapse.
 */
export async function settleKey(deps: IdempotencyDeps, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!(error instanceof LedgerUnavailableError)) throw error;
    const until = Date.now() + deps.leaseMs;
    const again = () => {
      write().catch((next: unknown) => {
        if (next instanceof LedgerUnavailableError && Date.now() < until) setTimeout(again, AGAIN_MS).unref();
      });
    };
    setTimeout(again, AGAIN_MS).unref();
  }
}

/**
 * A key another claim holds or answered: its kept answer, to replay; refused for another request, or while in flight
 * past `giveUpAt` (a real time). Undefined: released in between, in flight within the wait, or abandoned (its lease
 * lapsed, so `claim` takes it over): claim again shortly (`untilSettled`).
 */
export async function keptFor<T>(
  deps: IdempotencyDeps,
  claim: KeyClaim,
  giveUpAt: number,
): Promise<KeptAnswer<T> | undefined> {
  const existing = await deps.store.idempotency.get(claim.scope, claim.key);
  if (!existing) return undefined;
  if (existing.requestHash !== claim.requestHash) {
    throw keyReused();
  }
  if (existing.statusCode !== null) return stored<T>(existing.statusCode, existing.response);
  if (claim.lease && existing.claimedAt <= claim.lease.takeOverBefore) return undefined;
  if (Date.now() >= giveUpAt) {
    throw new DomainError(
      'idempotency_key_in_flight',
      'A request with this Idempotency-Key is still being processed.',
      {
        retryable: true,
        retryAfterSeconds: 1,
      },
    );
  }
  return undefined;
}

/** One try at a key: this request ran with it, or another request holds it (the claim this one tried). */
export type KeyTry<R> = { ran: R } | { heldElsewhere: KeyClaim };

/**
 * Tries the key until a try settles the request: it ran with the key; or another request kept an answer for it,
 * replayed (refused for another request, or while in flight past the wait). Released in between, in flight within
 * the wait, or abandoned (then the next try takes it over): tried again shortly.
 */
export async function untilSettled<T, R>(
  deps: IdempotencyDeps,
  tryKey: () => Promise<KeyTry<R>>,
): Promise<{ ran: R } | { kept: KeptAnswer<T> }> {
  // A real wait (with real sleeps), so measured in real time: the app clock may be a test's frozen one.
  const giveUpAt = Date.now() + deps.waitMs;
  let tried = await tryKey();
  while ('heldElsewhere' in tried) {
    const kept = await keptFor<T>(deps, tried.heldElsewhere, giveUpAt);
    if (kept) return { kept };
    await (deps.sleep ?? realSleep)(POLL_MS);
    tried = await tryKey();
  }
  return tried;
}

/** Runs `work` with the key claimed: its answer kept for the key (or yielded, when provisional); released on a throw. */
async function runClaimed<T>(
  deps: IdempotencyDeps,
  { scope, key, claimedAt }: { scope: string; key: string; claimedAt: Date },
  work: () => Promise<Answer<T>>,
): Promise<KeptAnswer<T>> {
  let answer: Answer<T>;
  try {
    answer = await work();
  } catch (error) {
    await settleKey(deps, () => deps.store.idempotency.release(scope, key, claimedAt));
    throw error;
  }
  // The work is done: its answer goes to the client even when the ledger cannot keep it right now.
  const [statusCode, response] = 'result' in answer ? [RESULT, answer.result] : [REFUSAL, refusalBody(answer.refusal)];
  await settleKey(deps, () =>
    answer.provisional
      ? deps.store.idempotency.yieldClaim(scope, key, claimedAt)
      : deps.store.idempotency.complete(scope, key, statusCode, response, claimedAt),
  );
  return 'result' in answer ? { result: answer.result } : { refusal: answer.refusal };
}

/**
 * Runs `work` once per scope and key. A successful answer is stored and replayed; a thrown problem is not stored
 * (the key is released), so the client may retry the same key once the cause is gone.
 */
export async function once<T>(
  deps: IdempotencyDeps,
  scope: string,
  key: string,
  requestHash: string,
  work: () => Promise<Answer<T>>,
): Promise<KeptAnswer<T> & { replayed: boolean }> {
  const settled = await untilSettled<T, KeptAnswer<T>>(deps, async () => {
    const lease = leaseNow(deps);
    if (!(await deps.store.idempotency.claim(scope, key, requestHash, lease)))
      return { heldElsewhere: { scope, key, requestHash, lease } };
    return { ran: await runClaimed(deps, { scope, key, claimedAt: lease.now }, work) };
  });
  return 'ran' in settled ? { ...settled.ran, replayed: false } : { ...settled.kept, replayed: true };
}
