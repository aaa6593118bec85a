import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canTransition,
  isAwaitingUpstream,
  isFinalStatus,
  isLiveStatus,
  nextStatus,
  ORDER_STATUSES,
  type OrderStatus,
} from '../../shared/status.js';

const FINAL: OrderStatus[] = ['paid', 'declined', 'cancelled', 'failed'];

/**
 * Any sequence of `others` with exactly one final status among them, in any order of delivery, ends on that final
 * status (in at most `maxMoves` moves, when given).
 */
function deliveredInAnyOrder(others: OrderStatus[], maxMoves = Number.POSITIVE_INFINITY) {
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...others), { maxLength: 8 }),
      fc.constantFrom(...FINAL),
      fc.nat(8),
      (rest, final, at) => {
        const deliveries = [...rest];
        deliveries.splice(Math.min(at, deliveries.length), 0, final);
        let current: OrderStatus = 'initiated';
        let moves = 0;
        for (const observed of deliveries) {
          const next = nextStatus(current, observed);
          if (next) [current, moves] = [next, moves + 1];
        }
        expect(current).toBe(final);
        expect(moves).toBeLessThanOrEqual(maxMoves);
      },
    ),
  );
}

describe('order status transitions', () => {
  it.each([
    ['initiated', 'pending'],
    ['initiated', 'paid'],
    ['unknown', 'pending'],
    ['unknown', 'declined'],
    ['pending', 'paid'],
    ['pending', 'declined'],
    ['pending', 'cancelled'],
    ['pending', 'failed'],
    ['pending', 'on_hold'],
    ['on_hold', 'paid'],
    ['on_hold', 'cancelled'],
    // The upstream's ERROR is not final: it may still succeed or be declined, and pending and error follow each other.
    ['initiated', 'error'],
    ['pending', 'error'],
    ['error', 'pending'],
    ['error', 'paid'],
    ['error', 'declined'],
    ['error', 'cancelled'],
    ['error', 'on_hold'],
  ] as const)('allows %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it.each([
    ['pending', 'initiated'],
    ['on_hold', 'pending'],
    ['pending', 'pending'],
    ['paid', 'pending'],
    ['paid', 'declined'],
    ['declined', 'paid'],
    ['cancelled', 'paid'],
    ['failed', 'on_hold'],
    ['paid', 'on_hold'],
    ['error', 'initiated'],
    ['error', 'error'],
    ['on_hold', 'error'],
    ['paid', 'error'],
    ['declined', 'error'],
  ] as const)('refuses %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });

  it('never moves a final status, whatever arrives', () => {
    for (const from of FINAL) {
      expect(isFinalStatus(from)).toBe(true);
      for (const to of ORDER_STATUSES) expect(nextStatus(from, to)).toBeNull();
    }
  });

  it('keeps an order in error awaiting the upstream (polled) without replaying it as the live attempt', () => {
    expect(isFinalStatus('error')).toBe(false);
    expect(isAwaitingUpstream('error')).toBe(true);
    expect(isLiveStatus('error')).toBe(false);
    for (const status of ['initiated', 'pending', 'unknown'] as const) expect(isAwaitingUpstream(status)).toBe(true);
    for (const status of [...FINAL, 'on_hold'] as const) expect(isAwaitingUpstream(status)).toBe(false);
  });

  it('ends on the final status whatever pending and error reads came before or after it', () => {
    deliveredInAnyOrder(['initiated', 'pending', 'error']);
  });

  it('ignores an upstream spelling it does not know', () => {
    expect(nextStatus('pending', 'unknown')).toBeNull();
    expect(nextStatus('unknown', 'unknown')).toBeNull();
    expect(isFinalStatus('unknown')).toBe(false);
  });

  it('ends in the same status whatever order the observations arrive in, in at most three moves', () => {
    deliveredInAnyOrder(['initiated', 'pending', 'on_hold'], 3);
  });
});
