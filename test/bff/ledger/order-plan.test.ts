// What a read of an order changes, planned on the order as it stands: ERROR is not final, and a read that contradicts
// a final status is recorded by what it reports, never dropped (the money, the upstream's word, or a discrepancy).
import { describe, expect, it } from 'vitest';
import { asPlannedFor, plan, settle, type Observation } from '../../../bff/ledger/order-plan.js';
import type { StoredOrder } from '../../../bff/store/types.js';
import type { OrderStatusRecord } from '../../../bff/upstream/contract.js';
import { order as newOrder, T0 } from '../../support/ledger-records.js';

const NOW = new Date(T0.getTime() + 60_000);

function stored(overrides: Partial<StoredOrder> = {}): StoredOrder {
  return {
    ...newOrder('p-1'),
    autoCapture: null,
    merchantReference: null,
    metadata: null,
    transactionReference: null,
    bnplOrderId: null,
    createState: 'created',
    upstreamStatus: null,
    upstreamCaptureStatus: null,
    redirectUrl: 'https://pay.example/1',
    paidMinor: 0,
    refundedMinor: 0,
    capturedMinor: 0,
    voidedMinor: 0,
    surchargeMinor: 0,
    discrepancy: null,
    createSends: 1,
    paymentState: null,
    holdReason: null,
    outcomeReason: null,
    rereadAskedAt: null,
    pollAttempts: 0,
    claimedUntil: null,
    claimedBy: null,
    updatedAt: T0,
    ...overrides,
  };
}

/** A read of the order as GET /orders/{ref} answers it (the order owes 143.89 AED). */
const read = (status: string, amount = 143.89): Observation => ({
  source: 'poll',
  journal: 'on-change',
  upstream: { merchantReference: 'p-1', status, amount, currency: 'AED' } as OrderStatusRecord,
});

describe('a read of an order that is not final', () => {
  it('records ERROR as error, not final: the order is read again, and it may still be paid or declined', () => {
    const errored = plan(stored({ status: 'pending' }), read('ERROR'), NOW);
    expect(errored.patch).toMatchObject({ status: 'error', upstreamStatus: 'ERROR' });
    const paid = plan(stored({ status: 'error', upstreamStatus: 'ERROR' }), read('SUCCESSFUL'), NOW);
    expect(paid.patch).toMatchObject({ status: 'paid', paidMinor: 14389, capturedMinor: 14389 });
    expect(paid.contradicts).toBeUndefined();
    expect(plan(stored({ status: 'error' }), read('DECLINED'), NOW).patch).toMatchObject({ status: 'declined' });
    const failed = plan(stored({ status: 'error', upstreamStatus: 'ERROR' }), read('FAILED'), NOW).patch;
    expect(failed, 'FAILED reads as error too, the word recorded').toEqual({ upstreamStatus: 'FAILED' });
  });

  it("records the upstream's word when its status cannot follow, so the read is journalled, never dropped", () => {
    const held = stored({ status: 'on_hold', upstreamStatus: 'SUCCESSFUL', holdReason: 'amount_mismatch' });
    const planned = plan(held, read('PENDING'), NOW);
    expect(planned.patch).toEqual({ upstreamStatus: 'PENDING' });
    expect(settle(held, read('PENDING'), planned, NOW)).toMatchObject({
      changed: false,
      journal: { status: 'on_hold', upstreamStatus: 'PENDING' },
    });
    expect(plan(stored({ status: 'pending', upstreamStatus: 'PENDING' }), read('PENDING'), NOW).patch).toEqual({});
  });
});

describe('a read asked for (a notice or a return whose own read failed)', () => {
  it('is answered by a read begun after the ask, never by one begun before it', () => {
    const asked = stored({ status: 'failed', rereadAskedAt: NOW });
    const begunBefore = { ...read('SUCCESSFUL'), readAt: new Date(NOW.getTime() - 1) };
    const begunAfter = { ...read('SUCCESSFUL'), readAt: NOW };
    expect(settle(asked, begunBefore, plan(asked, begunBefore, NOW), NOW).patch).not.toHaveProperty('rereadAskedAt');
    expect(settle(asked, begunAfter, plan(asked, begunAfter, NOW), NOW).patch).toMatchObject({
      status: 'paid',
      rereadAskedAt: null,
    });
  });
});

describe('a read that finds no such order', () => {
  const notFound = (decided?: 'failed'): Observation => ({
    source: 'poll',
    journal: 'on-change',
    upstream: null,
    ...(decided ? { decided } : {}),
  });

  it('fails an order the upstream never showed, when the BFF concludes it never reached the upstream', () => {
    const never = stored({ status: 'initiated', createState: 'unknown' });
    expect(plan(never, notFound('failed'), NOW)).toEqual({ patch: { status: 'failed' } });
  });

  const entry = {
    kind: 'not_found',
    ledgerStatus: 'pending',
    lastUpstreamStatus: 'PENDING',
    detectedAt: NOW.toISOString(),
  };

  it('concludes nothing of an order the upstream has shown: its word stands, and the read is a not_found entry', () => {
    const shown = stored({ status: 'pending', createState: 'unknown', upstreamStatus: 'PENDING' });
    const neverCreated = { ...notFound('failed'), also: { createState: 'absent' as const } };
    for (const read of [neverCreated, notFound()]) {
      // What the lock finds decides: the upstream showed the order since the read was judged "never created".
      const observation = asPlannedFor(shown, read);
      const planned = plan(shown, observation, NOW);
      expect(planned).toEqual({ patch: { discrepancy: [entry] }, contradicts: 'PENDING', raised: true });
      const settled = settle(shown, observation, planned, NOW);
      expect(settled.patch, 'not even createState: absent').toEqual({ discrepancy: [entry] });
      expect(settled).toMatchObject({
        changed: false,
        journal: {
          status: 'pending',
          upstreamStatus: null,
          payload: { upstream: 'not_found', contradicts: 'PENDING' },
        },
      });
    }
  });

  it('journals it once however often a read finds nothing, and clears it when a read finds the order', () => {
    const flagged = stored({ status: 'pending', upstreamStatus: 'PENDING', discrepancy: [entry] as never });
    const later = new Date(NOW.getTime() + 5_000);
    const again = plan(flagged, notFound(), later);
    expect(again).toEqual({ patch: {} });
    expect(settle(flagged, notFound(), again, later), 'no journal row, no change').toEqual({
      patch: {},
      changed: false,
      journal: undefined,
    });
    expect(plan(flagged, read('PENDING'), later)).toEqual({ patch: { discrepancy: null } });
    const paid = plan(flagged, read('SUCCESSFUL'), later);
    expect(paid.patch).toMatchObject({ status: 'paid', discrepancy: null });
  });
});

describe('a read that contradicts a final status', () => {
  it.each(['cancelled', 'declined', 'failed'] as const)(
    'records a payment after %s: paid, the journal saying what it contradicts',
    (status) => {
      const order = stored({ status, upstreamStatus: status.toUpperCase() });
      const planned = plan(order, read('SUCCESSFUL'), NOW);
      expect(planned).toMatchObject({ patch: { status: 'paid', paidMinor: 14389 }, contradicts: status });
      const { journal, changed } = settle(order, read('SUCCESSFUL'), planned, NOW);
      expect(changed).toBe(true);
      expect(journal?.payload).toMatchObject({ from: status, contradicts: status });
    },
  );

  it('holds a late payment that is short of what the order owes, with the reason', () => {
    const planned = plan(stored({ status: 'cancelled' }), read('SUCCESSFUL', 100), NOW);
    expect(planned).toMatchObject({ patch: { status: 'on_hold', holdReason: 'underpaid' }, holdReason: 'underpaid' });
  });

  it("follows the upstream's word after failed, the BFF's own conclusion: final, or read again until final", () => {
    const failed = stored({ status: 'failed', createState: 'absent' });
    expect(plan(failed, read('DECLINED'), NOW)).toMatchObject({ patch: { status: 'declined' }, contradicts: 'failed' });
    expect(plan(failed, read('PENDING'), NOW)).toMatchObject({
      patch: { status: 'pending', nextPollAt: NOW },
      contradicts: 'failed',
    });
    expect(plan(failed, read('ERROR'), NOW).patch).toMatchObject({ status: 'error', nextPollAt: NOW });
  });

  it('raises a status discrepancy with both sides when it cannot be reconciled, once', () => {
    const paid = stored({ status: 'paid', upstreamStatus: 'SUCCESSFUL', paidMinor: 14389 });
    const planned = plan(paid, read('DECLINED'), NOW);
    expect(planned).toMatchObject({ raised: true, contradicts: 'paid' });
    expect(planned.patch).toEqual({
      discrepancy: [
        { kind: 'status', ledgerStatus: 'paid', upstreamStatus: 'DECLINED', detectedAt: NOW.toISOString() },
      ],
    });
    const settled = settle(paid, read('DECLINED'), planned, NOW);
    expect(settled.changed, 'the status stays').toBe(false);
    expect(settled.journal?.payload, 'journalled even by a poll').toMatchObject({ contradicts: 'paid' });

    const disputed = stored({ ...paid, discrepancy: planned.patch.discrepancy! });
    expect(plan(disputed, read('DECLINED'), NOW), 'the same contradiction again: nothing new').toEqual({ patch: {} });
    expect(plan(disputed, read('SUCCESSFUL'), NOW), 'a read that agrees again clears it').toEqual({
      patch: { discrepancy: null },
    });
  });

  it.each([
    ['cancelled', 'ERROR'],
    ['cancelled', 'PENDING'],
    ['declined', 'CANCELLED'],
    ['paid', 'ERROR'],
  ] as const)('raises a discrepancy for %s read as %s', (status, upstream) => {
    expect(plan(stored({ status }), read(upstream), NOW)).toMatchObject({
      raised: true,
      patch: { discrepancy: [{ kind: 'status', ledgerStatus: status, upstreamStatus: upstream }] },
    });
  });

  it.each([['DECLINED'], ['CANCELLED']] as const)(
    'holds a second payment on hold when a later read says %s: a status entry, its money still refundable',
    (word) => {
      const held = stored({
        status: 'on_hold',
        upstreamStatus: 'SUCCESSFUL',
        holdReason: 'session_already_paid',
        paidMinor: 14389,
        capturedMinor: 14389,
      });
      const planned = plan(held, read(word), NOW);
      expect(planned).toMatchObject({ raised: true, contradicts: 'on_hold' });
      expect(planned.patch).toEqual({
        discrepancy: [{ kind: 'status', ledgerStatus: 'on_hold', upstreamStatus: word, detectedAt: NOW.toISOString() }],
      });
      const disputed = stored({ ...held, discrepancy: planned.patch.discrepancy! });
      expect(plan(disputed, read(word), NOW), 'the same contradiction again: nothing new').toEqual({ patch: {} });
      const late: Observation = { source: 'create', upstream: { kind: 'create-answer', status: word } };
      expect(plan(held, late, NOW), 'a late create answer saying so contradicts it too').toMatchObject({
        raised: true,
        patch: { discrepancy: [{ kind: 'status', ledgerStatus: 'on_hold', upstreamStatus: word }] },
      });
      // (The hold of a second payment stays: the session's one payment decides that, ./observe.test.ts.)
      const agreed = plan(disputed, read('SUCCESSFUL'), NOW).patch;
      expect(agreed.discrepancy, 'a read that agrees again clears it').toBeNull();
    },
  );

  it('compares what a read of an underpaid order reports paid with the amount recorded, until paid in full', () => {
    const held = stored({ status: 'on_hold', upstreamStatus: 'SUCCESSFUL', holdReason: 'underpaid', paidMinor: 5000 });
    const more = plan(held, read('SUCCESSFUL', 80), NOW);
    expect(more).toEqual({
      raised: true,
      patch: { discrepancy: [{ kind: 'paid', ledgerMinor: 5000, upstreamMinor: 8000, detectedAt: NOW.toISOString() }] },
    });
    const flagged = stored({ ...held, discrepancy: more.patch.discrepancy! });
    expect(plan(flagged, read('SUCCESSFUL', 80), NOW), 'the same again: nothing new').toEqual({ patch: {} });
    expect(plan(flagged, read('SUCCESSFUL'), NOW).patch, 'paid in full: paid, the entry cleared').toMatchObject({
      status: 'paid',
      paidMinor: 14389,
      discrepancy: null,
    });
  });

  it('keeps a refund discrepancy beside a status one', () => {
    const refunds = { kind: 'refunds' as const, ledgerMinor: 0, upstreamMinor: 100, detectedAt: T0.toISOString() };
    const planned = plan(stored({ status: 'paid', discrepancy: [refunds] }), read('CANCELLED'), NOW);
    expect(planned.patch.discrepancy).toEqual([
      refunds,
      { kind: 'status', ledgerStatus: 'paid', upstreamStatus: 'CANCELLED', detectedAt: NOW.toISOString() },
    ]);
  });

  it('keeps the status for an upstream spelling it does not know on an order the upstream ended, and records it', () => {
    const paid = stored({ status: 'paid', upstreamStatus: 'SUCCESSFUL', paidMinor: 14389 });
    const planned = plan(paid, read('REFUNDED'), NOW);
    expect(planned).toEqual({ patch: { upstreamStatus: 'REFUNDED' } });
    // Journalled though a poll journals only changes: the upstream's word changed.
    expect(settle(paid, read('REFUNDED'), planned, NOW)).toMatchObject({
      changed: false,
      journal: { source: 'poll', status: 'paid', upstreamStatus: 'REFUNDED' },
    });
    const again = stored({ status: 'paid', upstreamStatus: 'REFUNDED', paidMinor: 14389 });
    expect(plan(again, read('REFUNDED'), NOW)).toEqual({ patch: {} });
    expect(settle(again, read('REFUNDED'), { patch: {} }, NOW).journal).toBeUndefined();
    // The upstream's word back to its final status: the ledger follows it, and shows REFUNDED no longer.
    expect(plan(again, read('SUCCESSFUL'), NOW)).toEqual({ patch: { upstreamStatus: 'SUCCESSFUL' } });
  });
});

describe("a read's captureStatus", () => {
  const withCapture = (status: string, captureStatus: string | null): Observation => ({
    ...read(status),
    upstream: { ...(read(status).upstream as OrderStatusRecord), captureStatus },
  });

  it('is recorded at payment, as spelled', () => {
    const planned = plan(stored({ status: 'pending' }), withCapture('SUCCESSFUL', 'AUTHORIZED'), NOW);
    expect(planned.patch).toMatchObject({ status: 'paid', upstreamCaptureStatus: 'AUTHORIZED', capturedMinor: 0 });
  });

  it('is journalled when a later read says another word, and moves no money by itself', () => {
    const authorised = stored({
      status: 'paid',
      upstreamStatus: 'SUCCESSFUL',
      upstreamCaptureStatus: 'AUTHORIZED',
      autoCapture: false,
      paidMinor: 14389,
    });
    const captured = withCapture('SUCCESSFUL', 'CAPTURED');
    const planned = plan(authorised, captured, NOW);
    expect(planned).toEqual({ patch: { upstreamCaptureStatus: 'CAPTURED' } });
    expect(settle(authorised, captured, planned, NOW)).toMatchObject({
      changed: false,
      journal: { source: 'poll', status: 'paid', payload: { captureStatus: 'CAPTURED' } },
    });
  });

  it('changes nothing when it says the same word in another case, or nothing at all', () => {
    const paid = stored({
      status: 'paid',
      upstreamStatus: 'SUCCESSFUL',
      upstreamCaptureStatus: 'AUTHORIZED',
      paidMinor: 14389,
    });
    expect(plan(paid, withCapture('SUCCESSFUL', 'authorized'), NOW)).toEqual({ patch: {} });
    expect(plan(paid, withCapture('SUCCESSFUL', null), NOW)).toEqual({ patch: {} });
    expect(settle(paid, withCapture('SUCCESSFUL', null), { patch: {} }, NOW).journal).toBeUndefined();
  });
});

describe('a read of a paid order that reports another amount', () => {
  const paid = stored({ status: 'paid', upstreamStatus: 'SUCCESSFUL', paidMinor: 14389, capturedMinor: 14389 });

  it('raises a paid discrepancy with both sides, journalled once, and moves no money', () => {
    const planned = plan(paid, read('SUCCESSFUL', 100), NOW);
    const entry = { kind: 'paid', ledgerMinor: 14389, upstreamMinor: 10000, detectedAt: NOW.toISOString() };
    expect(planned).toEqual({ patch: { discrepancy: [entry] }, raised: true });
    expect(settle(paid, read('SUCCESSFUL', 100), planned, NOW).journal).toMatchObject({ status: 'paid' });
    // As the ledger's jsonb gives it back: its own key order, an earlier time.
    const asRead = { kind: 'paid' as const, detectedAt: T0.toISOString(), upstreamMinor: 10000, ledgerMinor: 14389 };
    const raised = stored({ ...paid, discrepancy: [asRead] });
    expect(plan(raised, read('SUCCESSFUL', 100), NOW), 'the same again: no change').toEqual({ patch: {} });
    expect(plan(raised, read('SUCCESSFUL'), NOW), 'agreeing again: cleared').toEqual({ patch: { discrepancy: null } });
  });

  it('keeps a status entry apart, and compares nothing it cannot read in the order currency', () => {
    const disputed = {
      kind: 'status' as const,
      ledgerStatus: 'paid',
      upstreamStatus: 'DECLINED',
      detectedAt: T0.toISOString(),
    };
    const planned = plan(stored({ ...paid, discrepancy: [disputed] }), read('SUCCESSFUL', 100), NOW);
    expect(planned.patch.discrepancy).toEqual([expect.objectContaining({ kind: 'paid', upstreamMinor: 10000 })]);
    const otherCurrency: Observation = {
      ...read('SUCCESSFUL', 100),
      upstream: { merchantReference: 'p-1', status: 'SUCCESSFUL', amount: 100, currency: 'USD' } as OrderStatusRecord,
    };
    expect(plan(paid, otherCurrency, NOW)).toEqual({ patch: {} });
    const raised = stored({
      ...paid,
      discrepancy: [{ kind: 'paid', ledgerMinor: 14389, upstreamMinor: 10000, detectedAt: T0.toISOString() }],
    });
    expect(plan(raised, otherCurrency, NOW), 'a read it cannot compare clears nothing').toEqual({ patch: {} });
  });

  it('takes a status entry read back in another key order for the same one: raised once, not on every read', () => {
    const disputed = stored({
      status: 'paid',
      paidMinor: 14389,
      discrepancy: [{ upstreamStatus: 'DECLINED', kind: 'status', detectedAt: T0.toISOString(), ledgerStatus: 'paid' }],
    });
    expect(plan(disputed, read('DECLINED'), NOW)).toEqual({ patch: {} });
  });
});
