import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canTransition, isFinalStatus, nextStatus } from '../../../bff/orders/transitions.js';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/status.js';

const FINAL: OrderStatus[] = ['paid', 'declined', 'cancelled', 'failed'];

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
  ] as const)('refuses %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });

  it('never moves a final status, whatever arrives', () => {
    for (const from of FINAL) {
      expect(isFinalStatus(from)).toBe(true);
      for (const to of ORDER_STATUSES) expect(nextStatus(from, to)).toBeNull();
    }
  });

  it('ignores an upstream spelling it does not know', () => {
    expect(nextStatus('pending', 'unknown')).toBeNull();
    expect(nextStatus('unknown', 'unknown')).toBeNull();
    expect(isFinalStatus('unknown')).toBe(false);
  });

  it('ends in the same status whatever order the observations arrive in', () => {
    // Any sequence that contains exactly one final status ends on that final status, in any order of delivery.
    const nonFinal = fc.constantFrom<OrderStatus>('initiated', 'pending', 'on_hold');
    fc.assert(
      fc.property(fc.array(nonFinal, { maxLength: 8 }), fc.constantFrom(...FINAL), fc.nat(8), (others, final, at) => {
        const deliveries = [...others];
        deliveries.splice(Math.min(at, deliveries.length), 0, final);
        let current: OrderStatus = 'initiated';
        let moves = 0;
        for (const observed of deliveries) {
          const next = nextStatus(current, observed);
          if (next) {
            current = next;
            moves += 1;
          }
        }
        expect(current).toBe(final);
        expect(moves).toBeLessThanOrEqual(3);
      }),
    );
  });
});
