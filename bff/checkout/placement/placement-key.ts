// A placement's Idempotency-Key (the rules of bff/domain/idempotency.ts), in the placement's own statements: claimed
// by the decision's first statement, once the session's lock is held, and rolled back with the decision; answered by
// the statement that records the create's answer. Elsewhere it costs statements of its own: read when another request
// holds it (or, with customer sessions, before one is made), released by a replay's decision or after a failure, and
// answered alone when the create's answer took the locked way.
import { type IdempotencyDeps, keptFor, keptResult, leaseNow, settleKey } from '../../domain/idempotency.js';
import { LedgerUnavailableError } from '../../store/ledger-errors.js';
import type { KeyAnswer, KeyClaim } from '../../store/types.js';

/** The decision found the key claimed by another request, or answered: the caller reads what it holds. */
export class KeyHeldElsewhere extends Error {}

type Placed = { orderReference: string; redirectUrl: string };

export class PlacementKey {
  readonly claim: KeyClaim;
  /** Committed with the decision (a new attempt, or a recheck of one): from then on it is answered or released. */
  private held = false;
  /** The create's answer was given to the statement that records it (which writes it while this claim holds). */
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
   * replays its answer). Refused at once for another body, or while another request holds it, as the decision would be.
   */
  async heldElsewhere(): Promise<boolean> {
    return (await keptFor(this.deps, this.claim, Date.now() + this.deps.waitMs)) !== undefined;
  }

  /** The decision that claimed the key committed. */
  heldNow(): void {
    this.held = true;
  }

  /** The answer the create's record keeps for the key, in its own statement. */
  answerWith(result: Placed): KeyAnswer {
    return keptResult(this.claim, result);
  }

  /** Whether the create's answer went by the statement that also keeps the key's. */
  kept(answered: boolean): void {
    this.answered ||= answered;
  }

  /** The placement ended with `result`: kept for the key, unless the create's record kept it already. */
  async answer(result: Placed): Promise<void> {
    if (!this.held || this.answered) return;
    const { scope, key, statusCode, response, claimedAt } = keptResult(this.claim, result);
    await settleKey(this.deps, () => this.deps.store.idempotency.complete(scope, key, statusCode, response, claimedAt));
  }

  /**
   * The placement failed with `error`: the key is released (the client may retry it once the cause is gone), as
   * once() does. Also when the ledger went away as the decision committed: that commit may have happened.
   */
  async release(error: unknown): Promise<void> {
    if (!this.held && !(error instanceof LedgerUnavailableError)) return;
    const { scope, key, lease } = this.claim;
    await settleKey(this.deps, () => this.deps.store.idempotency.release(scope, key, lease?.now));
  }
}
