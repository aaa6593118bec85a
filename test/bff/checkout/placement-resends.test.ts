// When a submit may send an attempt whose create answers were lost again, and when it waits for the reconciler
// instead (asking the upstream nothing): only while its sends are spent, the upstream has never shown it, and its
// resend window is still open.
import { describe, expect, it } from 'vitest';
import type { PlacementContext } from '../../../bff/checkout/placement/context.js';
import { MAX_CREATE_SENDS, waitsForReconciler } from '../../../bff/checkout/placement/decide.js';
import type { StoredOrder } from '../../../bff/store/types.js';
import { T0 } from '../../support/ledger-records.js';

const SETTLE_WINDOW_MS = 600_000;
const at = (ms: number) =>
  ({ now: () => new Date(T0.getTime() + ms), timings: { settleWindowMs: SETTLE_WINDOW_MS } }) as PlacementContext;
const attempt = (overrides: Partial<StoredOrder>) =>
  ({
    createState: 'unknown',
    upstreamStatus: null,
    createSends: MAX_CREATE_SENDS,
    createdAt: T0,
    ...overrides,
  }) as StoredOrder;

describe('a submit for an attempt whose create answers were lost', () => {
  it('waits for the reconciler once its sends are spent and the upstream has not shown it', () => {
    expect(waitsForReconciler(at(60_000), attempt({}))).toBe(true);
  });

  it('asks the upstream while sends are left', () => {
    expect(waitsForReconciler(at(60_000), attempt({ createSends: MAX_CREATE_SENDS - 1 }))).toBe(false);
  });

  it('asks the upstream once a read has shown it (then the submit finds it and starts anew)', () => {
    expect(waitsForReconciler(at(60_000), attempt({ upstreamStatus: 'PENDING' }))).toBe(false);
  });

  it('asks the upstream once its resend window has passed (then a new attempt starts)', () => {
    expect(waitsForReconciler(at(SETTLE_WINDOW_MS / 2), attempt({}))).toBe(false);
  });

  it('never waits on one whose create was answered', () => {
    expect(waitsForReconciler(at(60_000), attempt({ createState: 'created' }))).toBe(false);
  });
});
