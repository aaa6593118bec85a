// The merchant's refunds, captures and voids, in three steps so that no amount is ever spent twice:
//  1. reserve: one transaction with the order row locked checks what is left (open requests count), records the
//     request and schedules the reconciler's look at it (so a crash before step 3 leaves nothing unsettled);
//  2. send: the upstream call, outside any transaction, with a reference derived from the Idempotency-Key, so a retry
//     of the same key sends the same reference and the upstream's uniqueness rule stops a double;
//  3. record the answer; one whose answer was lost stays pending (outcome unknown) until the upstream's records,
//     read back, settle it (send-operation.ts; bff/reconcile/read-back.ts, bff/ledger/operations.ts).
// Then answer: operation-answer.ts says what the merchant hears, kept for the key unless it is provisional (the
// outcome unknown, or the operation still pending).
import { toMinor } from '../../shared/money.js';
import { orderNotFound } from '../domain/errors.js';
import { type IdempotencyDeps, type KeptAnswer, keyReused, once } from '../domain/idempotency.js';
import type { OperationKind } from '../store/types.js';
import { amountToSpend, type Moment } from './amount-to-spend.js';
import { operationAnswer, type OperationView, replayedAnswer } from './operation-answer.js';
import { type OperationRequest, operationRequest } from './operation-request.js';
import { resume, type SendDeps, type SendOutcome, sendFirst } from './send-operation.js';

export interface OperationsDeps extends SendDeps {
  idempotency: IdempotencyDeps;
}

export function createOperations(deps: OperationsDeps) {
  const { ledger, upstream } = deps;
  /** Now, and since when a send begun has surely ended: one upstream budget ago. */
  const moment = (): Moment => {
    const now = deps.now();
    return { now, sendsEndedBy: new Date(now.getTime() - (upstream.requestDeadline() - upstream.now())) };
  };

  /** Step 1: the guard, under the order's lock; or the operation this key reserved before. */
  function reserve(request: OperationRequest) {
    const { kind, amount } = request;
    return ledger.reserveOperation(
      request.orderReference,
      {
        kind,
        reference: request.reference,
        description: request.description ?? null,
        isSame: (existing, order) =>
          existing.kind === kind && (amount === undefined || toMinor(amount, order.currency) === existing.amountMinor),
        spend: (order, operations) => amountToSpend(kind, order, operations, amount, moment()),
      },
      { missing: () => orderNotFound(), reused: keyReused },
    );
  }

  /** Steps 1 to 3: what became of the operation this request asks for. */
  async function reserveAndSend(request: OperationRequest): Promise<SendOutcome> {
    const reserved = await reserve(request);
    const deadline = upstream.requestDeadline();
    switch (reserved.kind) {
      case 'new':
        return sendFirst(deps, reserved.operation, deadline);
      case 'unanswered':
        return resume(deps, reserved.operation, deadline);
      case 'answered':
        return { kind: 'recorded', operation: reserved.operation };
    }
  }

  return {
    /**
     * Runs a refund, capture or void once per Idempotency-Key: its view, or the refusal it ended in (both replayed
     * for the same key, as the ledger holds the operation now). `body` is the request as the merchant sent it,
     * checked here.
     */
    async run(
      kind: OperationKind,
      orderReference: string,
      body: unknown,
      idempotencyKey: string | undefined,
    ): Promise<KeptAnswer<OperationView> & { replayed: boolean }> {
      const request = operationRequest(kind, orderReference, body, idempotencyKey);
      const answer = await once(deps.idempotency, 'merchant-write', request.key, request.requestHash, async () =>
        operationAnswer(await reserveAndSend(request), deps.now()),
      );
      if (!answer.replayed) return answer;
      const operation = await deps.store.operations.get(request.reference);
      return { ...replayedAnswer(answer, operation, deps.now()), replayed: true };
    },
  };
}

export type Operations = ReturnType<typeof createOperations>;
