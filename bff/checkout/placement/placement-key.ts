// A placement's Idempotency-Key (the rules of bff/domain/idempotency.ts), in the placement's own statements: claimed
// by the decision's first statement, once the session's lock is held, and rolled back with the decision; answered by
// the statement that records the create's answer. Only off that path (a send that failed, a recheck) does the key
// cost a statement of its own.
import { type IdempotencyDeps, keptFor, keptResult, leaseNow, settleKey } from '../../domain/idempotency.js';
import type { KeyAnswer, KeyClaim } from '../../store/types.js';

/** The decision found the key claimed by another request, or answered: the caller reads what it holds. */
export class KeyHeldElsewhere extends Error {}

export class PlacementKey {
  readonly claim: KeyClaim;
  /** Committed with the decision (a new attempt, or a recheck of one): from then on it is answered or released. */
  private held = false;
  private answered = false;

  constructor(
    private readonly deps: IdempotencyDeps,
    scope: string,
    key: string,
    requestHash: string,
  ) {
    this.claim = { scope, key, requestHash, lease: leaseNow(deps) };
  }

  /**
   * Before anything is made upstream for a new attempt: whether another request answered the key (true: the decision
   * replays it); refused for another body or while in flight, as the decision would be.
   */
  async heldElsewhere(): Promise<boolean> {
    return (await keptFor(this.deps, this.claim, Date.now())) !== undefined;
  }

  /** The decision that claimed the key committed. */
  heldNow(): void {
    this.held = true;
  }

  /** The answer the create's record keeps for the key, in its own statement. */
  answerWith(result: { orderReference: string; redirectUrl: string }): KeyAnswer {
    return keptResult(this.claim, result);
  }

  /** Whether the create's record kept the answer. */
  kept(answered: boolean): void {
    this.answered ||= answered;
  }

  /**
   * The placement ended: a result not kept yet is kept, a refusal releases the key (the client may retry it once the
   * cause is gone), as once() does. Nothing, when the decision did not commit the claim.
   */
  async settle(result?: { orderReference: string; redirectUrl: string }): Promise<void> {
    if (!this.held || (result && this.answered)) return;
    const { idempotency } = this.deps.store;
    const { scope, key, statusCode, response, claimedAt } = keptResult(this.claim, result);
    await settleKey(this.deps, () =>
      result
        ? idempotency.complete(scope, key, statusCode, response, claimedAt)
        : idempotency.release(scope, key, claimedAt),
    );
  }
}
