// What the merchant hears of each outcome of a refund, capture or void, from the one place that says it.
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../bff/domain/errors.js';
import { NOT_FOUND_UPSTREAM } from '../../../bff/ledger/ledger.js';
import { operationAnswer, replayedAnswer } from '../../../bff/operations/operation-answer.js';
import { captureOrVoidView } from '../../../bff/orders/views.js';
import type { OrderOperation } from '../../../bff/store/types.js';
import { UpstreamAuthError, UpstreamValidationError } from '../../../bff/upstream/errors.js';

const NOW = new Date('2026-12-03T12:00:00Z');

const operation = (overrides: Partial<OrderOperation>): OrderOperation => ({
  reference: 'cp_1',
  orderReference: 'ORD-1',
  kind: 'capture',
  amountMinor: 10_000,
  currency: 'AED',
  status: 'succeeded',
  description: null,
  createdAt: NOW,
  deadlineAt: NOW,
  origin: 'checkout',
  upstreamStatus: null,
  upstreamReference: 'cp_1',
  upstreamId: 'cap-9',
  failureReason: null,
  sends: 1,
  updatedAt: NOW,
  ...overrides,
});

const refusedCode = (answer: ReturnType<typeof operationAnswer>) => ('refusal' in answer ? answer.refusal.code : null);
const validation = new UpstreamValidationError(['amount is too high'], { operation: 'capture', status: 400 });

describe("an operation's answer", () => {
  it('a recorded capture is its view, kept for the key', () => {
    const answer = operationAnswer({ kind: 'recorded', operation: operation({}) }, NOW);
    expect(answer).toMatchObject({ result: { reference: 'cp_1', status: 'succeeded' } });
    expect(answer.provisional).toBeUndefined();
  });

  it('one still open, or unknown after a lost answer, is a provisional view: not refused, not kept', () => {
    for (const kind of ['recorded', 'unknown'] as const) {
      const answer = operationAnswer({ kind, operation: operation({ status: 'requested' }) }, NOW);
      expect(answer).toMatchObject({ result: { reference: 'cp_1', status: 'pending' }, provisional: true });
    }
  });

  it('a first send refused for its content: the operation refused; for another reason, as the upstream error maps', () => {
    const failed = operation({ status: 'failed', failureReason: 'amount is too high' });
    expect(refusedCode(operationAnswer({ kind: 'refused', operation: failed, refusal: validation }, NOW))).toBe(
      'operation_refused',
    );
    const refund = operation({ kind: 'refund', reference: 'rf_1', status: 'failed' });
    expect(refusedCode(operationAnswer({ kind: 'refused', operation: refund, refusal: validation }, NOW))).toBe(
      'operation_refused',
    );
    const auth = new UpstreamAuthError('refused', { operation: 'capture', status: 401 });
    expect(refusedCode(operationAnswer({ kind: 'refused', operation: failed, refusal: auth }, NOW))).toBe(
      'upstream_auth_failed',
    );
  });

  it('one the records show never happened says so, with its amount free again', () => {
    const gone = operation({ status: 'failed', failureReason: NOT_FOUND_UPSTREAM });
    expect(refusedCode(operationAnswer({ kind: 'recorded', operation: gone }, NOW))).toBe(
      'operation_not_found_upstream',
    );
  });

  it('a replay follows the ledger now, but a refusal stays in its first words while the operation stays failed', () => {
    const refused = { refusal: new DomainError('operation_refused', 'The payment service refused the capture.') };
    expect(replayedAnswer(refused, operation({ status: 'failed' }), NOW)).toBe(refused);
    expect(replayedAnswer(refused, null, NOW)).toBe(refused);
    const keptWhilePending = { result: captureOrVoidView(operation({ status: 'requested' })) };
    expect(replayedAnswer(keptWhilePending, operation({ status: 'succeeded' }), NOW)).toEqual({
      result: captureOrVoidView(operation({ status: 'succeeded' })),
    });
  });
});
