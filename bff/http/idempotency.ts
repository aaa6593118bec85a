// Idempotency-Key for the merchant's writes: the first request with a key runs; the same key with the same
// request gets the stored answer (and waits for it while the first is still running, so a retry racing the
// original makes no second upstream call); the same key with another request is refused.
import { HttpProblem } from '../http/problem.js';
import type { Store } from '../store/types.js';

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export interface IdempotencyDeps {
  store: Store;
  /** How long a request waits for the first one with its key before answering 409 (retryable). */
  waitMs: number;
  sleep?: (ms: number) => Promise<void>;
}

const SCOPE = 'merchant-write';
const POLL_MS = 25;
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` once per key. A successful answer is stored and replayed; a thrown problem is not stored (the key is
 * released), so the merchant may retry the same key once the cause is gone.
 */
export async function once(
  deps: IdempotencyDeps,
  key: string,
  requestHash: string,
  work: () => Promise<StoredAnswer>,
): Promise<StoredAnswer & { replayed: boolean }> {
  const sleep = deps.sleep ?? realSleep;
  const giveUpAt = Date.now() + deps.waitMs;
  for (;;) {
    if (await deps.store.claimIdempotencyKey(SCOPE, key, requestHash)) {
      try {
        const answer = await work();
        await deps.store.completeIdempotencyKey(SCOPE, key, answer.status, answer.body);
        return { ...answer, replayed: false };
      } catch (error) {
        await deps.store.releaseIdempotencyKey(SCOPE, key);
        throw error;
      }
    }
    const existing = await deps.store.getIdempotencyKey(SCOPE, key);
    if (existing) {
      if (existing.requestHash !== requestHash) {
        throw new HttpProblem('idempotency_key_reused', 'This Idempotency-Key was used with a different request.');
      }
      if (existing.statusCode !== null) return { status: existing.statusCode, body: existing.response, replayed: true };
      if (Date.now() >= giveUpAt) {
        throw new HttpProblem('idempotency_key_in_flight', 'A request with this Idempotency-Key is still being processed.', {
          retryable: true,
          headers: { 'Retry-After': '1' },
        });
      }
    }
    // Released in between (the first request failed) or still running: look again shortly.
    await sleep(POLL_MS);
  }
}
