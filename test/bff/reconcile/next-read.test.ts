// An order's whole schedule after a poll (bff/reconcile/schedule.ts, nextRead), read directly: each reason to read
// it again, the soonest of them winning, and the deadline and horizon said once.
import { describe, expect, it } from 'vitest';
import { nextRead, type ReadRules } from '../../../bff/reconcile/schedule.js';
import type { OrderOperation, StoredOrder } from '../../../bff/store/types.js';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const rules: ReadRules = {
  plan: {
    initialDelayMs: MINUTE,
    maxDelayMs: 10 * MINUTE,
    factor: 2,
    jitter: 0,
    slowPollMs: HOUR,
    horizonMs: 7 * 24 * HOUR,
  },
  timings: { settleWindowMs: 5 * MINUTE },
  leaseMs: MINUTE,
};

/** A live order placed at T0, created upstream, first polled now, its deadline an hour on. */
const order = (overrides: Partial<StoredOrder> = {}) =>
  ({
    orderReference: 'ord-1',
    status: 'pending',
    createState: 'created',
    createdAt: at(0),
    deadlineAt: at(HOUR),
    pollAttempts: 0,
    nextPollAt: null,
    claimedUntil: null,
    discrepancy: null,
    rereadAskedAt: null,
    ...overrides,
  }) as StoredOrder;

const operation = (overrides: Partial<OrderOperation>) =>
  ({
    reference: 'op-1',
    kind: 'refund',
    status: 'requested',
    createdAt: at(0),
    deadlineAt: at(HOUR),
    ...overrides,
  }) as OrderOperation;

/** The next read, with the order as claimed and as it is now the same unless said. */
const next = (now: StoredOrder, when: Date, operations: OrderOperation[] = [], claimed = now) =>
  nextRead(claimed, now, operations, when, rules);

describe("an order's next read", () => {
  it('reads a live order at its backoff, and a final one with nothing open never again', () => {
    expect(next(order(), at(10 * MINUTE)).nextPollAt).toEqual(at(11 * MINUTE));
    expect(next(order({ pollAttempts: 2 }), at(10 * MINUTE)).nextPollAt).toEqual(at(14 * MINUTE));
    expect(next(order({ status: 'paid' }), at(10 * MINUTE))).toEqual({ nextPollAt: null, unconfirmed: [] });
  });

  it('reads a create never answered once more when its settle window closes', () => {
    const unanswered = order({ createState: 'unknown', pollAttempts: 3 });
    expect(next(unanswered, at(MINUTE)).nextPollAt).toEqual(at(5 * MINUTE));
    // Once the window has closed, the backoff alone.
    expect(next(unanswered, at(6 * MINUTE)).nextPollAt).toEqual(at(14 * MINUTE));
  });

  it("reads an open operation at its own backoff, one opened during the poll at a new operation's pace", () => {
    const paid = order({ status: 'paid', pollAttempts: 3, claimedUntil: at(11 * MINUTE) });
    const before = operation({ createdAt: at(5 * MINUTE), deadlineAt: at(HOUR) });
    expect(next(paid, at(10 * MINUTE), [before]).nextPollAt).toEqual(at(18 * MINUTE));
    const during = operation({ createdAt: at(10 * MINUTE + 1), deadlineAt: at(HOUR) });
    expect(next(paid, at(10 * MINUTE), [during]).nextPollAt).toEqual(at(11 * MINUTE));
  });

  it('reads a settled operation once more when its settle window closes', () => {
    const paid = order({ status: 'paid' });
    const settled = operation({ status: 'succeeded', createdAt: at(2 * MINUTE) });
    expect(next(paid, at(3 * MINUTE), [settled]).nextPollAt).toEqual(at(7 * MINUTE));
    expect(next(paid, at(8 * MINUTE), [settled]).nextPollAt).toBeNull();
  });

  it('keeps a look asked for while the poll held the order, and not the one the poll was for', () => {
    const asked = order({ status: 'paid', nextPollAt: at(12 * MINUTE) });
    expect(next(asked, at(10 * MINUTE), [], order({ nextPollAt: at(10 * MINUTE) })).nextPollAt).toEqual(
      at(12 * MINUTE),
    );
    expect(next(asked, at(10 * MINUTE), [], asked).nextPollAt).toBeNull();
  });

  it('watches a raised discrepancy at the slow pace, and tries a failed read again at the backoff', () => {
    const disputed = order({
      status: 'paid',
      discrepancy: [{ kind: 'paid', ledgerMinor: 100, upstreamMinor: 90, detectedAt: at(0).toISOString() }],
    });
    expect(next(disputed, at(10 * MINUTE)).nextPollAt).toEqual(at(10 * MINUTE + HOUR));
    const reread = order({ status: 'paid', rereadAskedAt: at(9 * MINUTE), pollAttempts: 1 });
    expect(next(reread, at(10 * MINUTE)).nextPollAt).toEqual(at(12 * MINUTE));
  });

  it('takes the soonest of every reason', () => {
    const both = order({ createState: 'unknown', pollAttempts: 0 });
    expect(next(both, at(MINUTE)).nextPollAt).toEqual(at(2 * MINUTE));
  });

  it('says the deadline once, by the poll that crosses it, and the horizon once, by the last poll', () => {
    const overdue = order({ nextPollAt: at(HOUR) });
    expect(next(overdue, at(HOUR)).reason).toBe('poll_deadline_passed');
    // A read asked for later (a notice) says nothing new.
    expect(next(order({ nextPollAt: at(2 * HOUR) }), at(2 * HOUR)).reason).toBeUndefined();
    const last = order({ nextPollAt: at(rules.plan.horizonMs) });
    expect(next(last, at(rules.plan.horizonMs))).toMatchObject({ nextPollAt: null, reason: 'poll_horizon_passed' });
  });

  it('hands captures and voids still in doubt past their horizon to a person, never a refund', () => {
    const paid = order({ status: 'paid' });
    const capture = operation({ reference: 'cap-1', kind: 'capture' });
    const refund = operation({ reference: 'ref-1', kind: 'refund' });
    const late = at(rules.plan.horizonMs);
    expect(next(paid, late, [capture, refund]).unconfirmed?.map((each) => each.reference)).toEqual(['cap-1']);
    expect(next(paid, at(HOUR), [capture]).unconfirmed).toEqual([]);
  });
});
