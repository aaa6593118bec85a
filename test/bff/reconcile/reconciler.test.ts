// The reconciler against the real sandbox: a lost callback is recovered by polling, polling backs off and stops
// at the cancellation timeout, and work left by a stopped instance is finished by a new one on the same ledger.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../bff/store/open-store.js';
import type { Sandbox } from '../../../demo/sandbox/sandbox.js';
import { call, json } from '../../support/checkout.js';
import { startBff, startSandbox } from '../../support/servers.js';
import { useCheckoutStack } from '../../support/stack.js';
import {
  FAST_SANDBOX,
  SETTLES_AFTER_RETURN,
  followReturn,
  getOrder,
  placeOrder,
  postOperation,
  testClock,
  upstreamReads,
} from '../../support/after-payment-harness.js';

const MINUTE = 60_000;
// Polls start 30 s after the order and double up to 10 minutes (the upstream's own schedule).
const POLL_ENV = { OPI_UPSTREAM_TIMEOUT_MS: '500', OPI_POLL_INITIAL_MS: '30000', OPI_POLL_MAX_MS: '600000' };

describe('polling one BFF instance', () => {
  const clock = testClock();
  const stack = useCheckoutStack({
    // cancellationTimeout minutes last 20 ms here, so the sandbox cancels unpaid orders quickly.
    sandbox: { ...SETTLES_AFTER_RETURN, cancellationUnitMs: 20 },
    env: POLL_ENV,
    now: clock.now,
    between: 'settle',
    loseCallbacks: true, // every callback is lost
  });
  beforeEach(() => {
    clock.offsetMs = 0;
  });

  /** An upstream whose minutes are real minutes (nothing is cancelled by itself), and a BFF on it with `env`. */
  async function withSlowUpstream(
    env: Record<string, string>,
    run: (slow: Sandbox, other: Awaited<ReturnType<typeof startBff>>) => Promise<void>,
  ) {
    const slow = await startSandbox({ ...FAST_SANDBOX });
    const other = await startBff({
      upstreamUrl: slow.url,
      tokenUrl: slow.tokenUrl,
      store: stack.db.store,
      env: { ...POLL_ENV, OPI_POLL_SLOW_MS: String(60 * MINUTE), ...env },
      now: clock.now,
    });
    try {
      await run(slow, other);
    } finally {
      await other.close();
      await slow.close();
    }
  }

  /**
   * Another instance on the same ledger whose first upstream call about `orderReference` (its read, while it holds the
   * order) waits for `meanwhile` to happen first.
   */
  async function pollingWhile(orderReference: string, meanwhile: () => Promise<void>) {
    let happened = false;
    const polling = await stack.startBff({
      now: clock.now,
      env: POLL_ENV,
      client: {
        fetch: async (input, init) => {
          if (!happened && new URL(String(input)).pathname.includes(orderReference)) {
            happened = true;
            await meanwhile();
          }
          return fetch(input, init);
        },
      },
    });
    return { polling, happened: () => happened };
  }

  it('a lost callback is recovered by polling', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    const { redirectTo } = await stack.sandbox.decide(orderReference, { outcome: 'approve', mode: 'pending' });
    await followReturn(redirectTo);
    await stack.sandbox.idle(); // settled upstream; the callback never arrived
    expect((await stack.db.store.orders.get(orderReference))?.status).toBe('pending');

    expect(await stack.bff.reconciler.reconcileOnce()).toMatchObject({ orders: 0 }); // not due yet
    clock.advance(31_000);
    expect(await stack.bff.reconciler.reconcileOnce()).toMatchObject({ orders: 1 });
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({
      status: 'paid',
      paidMinor: 14389,
      nextPollAt: null,
      claimedBy: null,
    });
    expect((await stack.db.store.events.list(orderReference)).at(-1)).toMatchObject({
      source: 'poll',
      status: 'paid',
      upstreamStatus: 'SUCCESSFUL',
    });

    clock.advance(60 * MINUTE);
    expect(await stack.bff.reconciler.reconcileOnce()).toMatchObject({ orders: 0 });
  });

  it('backs off while the order stays pending, one upstream read per due poll', async () => {
    // 1,500 minutes are 30 s here: the sandbox does not cancel while the five polls run, however slow the machine.
    const { orderReference } = await placeOrder(stack.bff.url, { cancellationTimeout: 1_500 });
    const delays: number[] = [];
    for (let poll = 0; poll < 5; poll++) {
      const before = (await stack.db.store.orders.get(orderReference))!.nextPollAt!;
      clock.offsetMs = before.getTime() - Date.now() + 1;
      await stack.bff.reconciler.reconcileOnce();
      await stack.bff.reconciler.reconcileOnce(); // not due again yet: no second read
      const after = (await stack.db.store.orders.get(orderReference))!;
      expect(after).toMatchObject({ status: 'pending', pollAttempts: poll + 1, claimedBy: null });
      delays.push(after.nextPollAt!.getTime() - clock.now().getTime());
    }
    expect(upstreamReads(stack.sandbox, orderReference)).toBe(5);
    // 30 s, 60 s, 120 s, 240 s, 480 s, each up to 20 % shorter (jitter).
    delays.forEach((delay, index) => {
      const base = 30_000 * 2 ** index;
      expect(delay).toBeGreaterThanOrEqual(base * 0.8 - 250); // minus the time the test took to look
      expect(delay).toBeLessThanOrEqual(base);
    });
  });

  it('keeps a look asked for while it held the order: a notice whose own read failed meanwhile', async () => {
    const { orderReference } = await placeOrder(stack.bff.url, { cancellationTimeout: 1_500 });
    clock.advance(31_000);
    const failedNote = async () =>
      (await stack.db.store.events.list(orderReference)).some((event) => 'upstreamError' in (event.payload ?? {}));
    const { polling, happened } = await pollingWhile(orderReference, async () => {
      // The other instance hears of the order while this one holds it, and its own read of it fails.
      stack.sandbox.setFault('get-order', { kind: 'status', status: 503 });
      await call(
        stack.bff.webhookUrl,
        json('POST', { event: 'ORDER_STATUS_UPDATE', merchantReference: orderReference, status: 'SUCCESSFUL' }),
      );
      await expect.poll(failedNote).toBe(true);
      stack.sandbox.clearFaults();
    });
    expect(await polling.reconciler.reconcileOnce()).toMatchObject({ orders: 1 });
    expect(happened()).toBe(true);
    const after = (await stack.db.store.orders.get(orderReference))!;
    // Due at once, as the notice asked: not a minute later, as the poll's own backoff would have it.
    expect(after).toMatchObject({ status: 'pending', claimedBy: null });
    expect(after.nextPollAt!.getTime()).toBeLessThanOrEqual(clock.now().getTime());
  });

  it("reads a refund opened while it held the order at a new refund's pace, not at the order's backoff", async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    // A refund whose answer was lost keeps the paid order polled; two polls take its backoff past a minute.
    stack.sandbox.setFault('refund', { kind: 'hang' });
    expect((await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 10 })).status).toBe(202);
    for (let poll = 0; poll < 2; poll++) {
      const due = (await stack.db.store.orders.get(orderReference))!.nextPollAt!;
      clock.offsetMs = due.getTime() - Date.now() + 1;
      expect(await stack.bff.reconciler.reconcileOnce()).toMatchObject({ orders: 1 });
    }
    const { polling, happened } = await pollingWhile(orderReference, async () => {
      // The merchant refunds again through the other instance while this one holds the order; the answer is lost.
      const answer = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 5 });
      expect(answer.body).toMatchObject({ status: 'pending' });
    });
    const due = (await stack.db.store.orders.get(orderReference))!.nextPollAt!;
    clock.offsetMs = due.getTime() - Date.now() + 1;
    expect(await polling.reconciler.reconcileOnce()).toMatchObject({ orders: 1 });
    stack.sandbox.clearFaults();
    expect(happened()).toBe(true);
    const after = (await stack.db.store.orders.get(orderReference))!;
    // 30 s at most (the first check's delay), where the order's third poll would wait 2 minutes.
    expect(after).toMatchObject({ claimedBy: null });
    expect(after.nextPollAt!.getTime() - clock.now().getTime()).toBeLessThanOrEqual(30_000);
  });

  it('makes the read a notice asked for on an order the ledger holds failed, until the upstream answers it', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    await stack.sandbox.decide(orderReference, { outcome: 'approve' });
    await stack.sandbox.idle();
    // The ledger concluded the order failed (as after a create it found never made); the upstream made it after all.
    await stack.db.store.orders.update(orderReference, { status: 'failed', nextPollAt: null });
    stack.sandbox.setFault('get-order', { kind: 'status', status: 503 });
    const notice = await call(
      stack.bff.webhookUrl,
      json('POST', { event: 'ORDER_STATUS_UPDATE', merchantReference: orderReference, status: 'SUCCESSFUL' }),
    );
    expect(notice.status).toBeLessThan(300);
    // Its own read failed (answered late, if the retries outlast the answer's budget): the reconciler is asked to read.
    await expect.poll(async () => (await stack.db.store.orders.get(orderReference))!.rereadAskedAt).not.toBeNull();
    // The reconciler's first try fails too: the read stays asked for, at the backoff.
    const pollWhenDue = async () => {
      const due = (await stack.db.store.orders.get(orderReference))!.nextPollAt!;
      clock.offsetMs = Math.max(clock.offsetMs, due.getTime() - Date.now() + 1);
      expect(await stack.bff.reconciler.reconcileOnce()).toMatchObject({ orders: 1 });
    };
    await pollWhenDue();
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({
      status: 'failed',
      rereadAskedAt: expect.any(Date),
    });
    stack.sandbox.clearFaults();
    await pollWhenDue();
    const after = (await stack.db.store.orders.get(orderReference))!;
    expect(after).toMatchObject({ status: 'paid', upstreamStatus: 'SUCCESSFUL', rereadAskedAt: null });
    const events = await stack.db.store.events.list(orderReference);
    expect(events.at(-1)).toMatchObject({ source: 'poll', status: 'paid', payload: { contradicts: 'failed' } });
  });

  it('reads the cancellation the upstream made at the timeout, then stops', async () => {
    const { orderReference } = await placeOrder(stack.bff.url, { cancellationTimeout: 1 });
    await new Promise((resolve) => setTimeout(resolve, 60)); // the sandbox cancels after 1 "minute" = 20 ms
    clock.advance(31_000);
    await stack.bff.reconciler.reconcileOnce();
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({
      status: 'cancelled',
      upstreamStatus: 'CANCELLED',
      nextPollAt: null,
    });
  });

  it('never drops an order at its deadline: slower polls up to the horizon read a cancellation that lands late', async () => {
    // Minutes are real minutes here: the upstream's own cancellation is made by hand, long after the deadline.
    await withSlowUpstream({ OPI_POLL_GRACE_MINUTES: '5', OPI_POLL_HORIZON_DAYS: '2' }, async (slow, other) => {
      const { orderReference } = await placeOrder(other.url, { cancellationTimeout: 1 });
      const created = (await stack.db.store.orders.get(orderReference))!;
      // Its deadline: the cancellation timeout and the grace.
      expect(created.deadlineAt.getTime()).toBe(created.createdAt.getTime() + MINUTE + 5 * MINUTE);
      clock.advance(7 * MINUTE);
      await other.reconciler.reconcileOnce(); // past the deadline: still pending upstream
      const overdue = (await stack.db.store.orders.get(orderReference))!;
      expect(overdue.status).toBe('pending');
      const slowGap = overdue.nextPollAt!.getTime() - clock.now().getTime();
      expect(slowGap).toBeGreaterThan(60 * MINUTE - 1_000);
      expect(slowGap).toBeLessThanOrEqual(60 * MINUTE);
      expect((await stack.db.store.events.list(orderReference)).at(-1)).toMatchObject({
        source: 'poll',
        payload: { reason: 'poll_deadline_passed' },
      });
      expect((await getOrder(other.url, orderReference)).body).toMatchObject({ status: 'pending', overdue: true });

      // The upstream cancels it hours later: the next slow poll reads it.
      await slow.decide(orderReference, { outcome: 'cancel' });
      clock.advance(61 * MINUTE);
      expect(await other.reconciler.reconcileOnce()).toMatchObject({ orders: 1 });
      expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ status: 'cancelled', nextPollAt: null });
      expect((await getOrder(other.url, orderReference)).body.overdue).toBeUndefined();
    });
  });

  it('stops at the horizon, journalled; the order stays overdue and a merchant read still asks', async () => {
    await withSlowUpstream({ OPI_POLL_GRACE_MINUTES: '0', OPI_POLL_HORIZON_DAYS: '1' }, async (slow, other) => {
      const { orderReference } = await placeOrder(other.url, { cancellationTimeout: 1 });
      // Every poll as soon as it is due, until none is.
      for (let polls = 0; polls < 60; polls++) {
        const due = (await stack.db.store.orders.get(orderReference))!.nextPollAt;
        if (!due) break;
        clock.offsetMs = due.getTime() - Date.now() + 1;
        await other.reconciler.reconcileOnce();
      }
      const last = (await stack.db.store.orders.get(orderReference))!;
      expect(last).toMatchObject({ status: 'pending', nextPollAt: null });
      // Quick polls up to the deadline (1 minute), then hourly to the horizon (a day), then no more.
      expect(upstreamReads(slow, orderReference)).toBeGreaterThanOrEqual(24);
      expect(upstreamReads(slow, orderReference)).toBeLessThanOrEqual(27);
      const events = await stack.db.store.events.list(orderReference);
      expect(events.at(-1)).toMatchObject({ payload: { reason: 'poll_horizon_passed' } });
      // A notice naming nothing known sweeps only the orders created within the horizon: this one is not read again,
      // and nothing more is journalled.
      const reads = upstreamReads(slow, orderReference);
      const hint = await call(other.webhookUrl, json('POST', { event: 'ORDER_STATUS_UPDATE' }));
      expect(hint.status).toBe(202);
      await other.reconciler.reconcileOnce();
      expect(upstreamReads(slow, orderReference)).toBe(reads);
      expect(await stack.db.store.events.list(orderReference)).toHaveLength(events.length);
      await slow.decide(orderReference, { outcome: 'decline' });
      expect((await getOrder(other.url, orderReference)).body).toMatchObject({ status: 'declined' });
    });
  });

  it('keeps polling when the upstream is down, and finishes when it is back', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    await stack.sandbox.decide(orderReference, { outcome: 'decline' });
    stack.sandbox.setFault('get-order', { kind: 'status', status: 503 });
    clock.advance(31_000);
    await stack.bff.reconciler.reconcileOnce();
    const waiting = await stack.db.store.orders.get(orderReference);
    expect(waiting).toMatchObject({ status: 'pending', pollAttempts: 1, claimedBy: null });
    expect(stack.bff.logs.some((line) => line.includes('reconciliation poll failed'))).toBe(true);

    stack.sandbox.clearFaults();
    clock.offsetMs = waiting!.nextPollAt!.getTime() - Date.now() + 1;
    await stack.bff.reconciler.reconcileOnce();
    expect((await stack.db.store.orders.get(orderReference))?.status).toBe('declined');
  });

  it("keeps a refund whose answer was lost reserved and followed while the upstream's records do not show it", async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    stack.sandbox.setFault('refund', { kind: 'hang' });
    const answer = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 10 });
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ status: 'pending' });
    stack.sandbox.clearFaults();

    // Until the reconciler has asked, the refund holds its amount.
    expect(await stack.bff.reconciler.reconcileOnce()).toMatchObject({ orders: 0 });
    expect((await stack.db.store.operations.list(orderReference, 'refund'))[0]).toMatchObject({
      status: 'requested',
      amountMinor: 1000,
    });
    expect((await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 133.9 })).body).toMatchObject({
      code: 'refund_exceeds_refundable',
    });

    // The upstream's list does not show it, long after the call: silence is not a refusal (the list may lag, or
    // name it in a way we cannot match), so it stays reserved and the reconciler keeps asking.
    clock.advance(31_000);
    expect(await stack.bff.reconciler.reconcileOnce()).toMatchObject({ orders: 1 });
    expect((await stack.db.store.operations.list(orderReference, 'refund'))[0]).toMatchObject({
      status: 'requested',
      amountMinor: 1000,
    });
    const order = await stack.db.store.orders.get(orderReference);
    expect(order).toMatchObject({ refundedMinor: 0 });
    expect(order?.nextPollAt?.getTime()).toBeGreaterThan(clock.now().getTime());
  });
});

describe('a pending order left by a stopped instance', () => {
  let sandbox: Sandbox;
  let dataDir: string;

  beforeAll(async () => {
    sandbox = await startSandbox(FAST_SANDBOX);
    dataDir = await mkdtemp(join(tmpdir(), 'opi-reconcile-'));
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    sandbox.setCallbackFailures(0);
  });

  it('is finished by a new instance on the same ledger, once the old claim lapses', async () => {
    const clock = testClock();
    const first = await openStore({ dataDir });
    const before = await startBff({
      upstreamUrl: sandbox.url,
      tokenUrl: sandbox.tokenUrl,
      store: first,
      env: POLL_ENV,
      now: clock.now,
    });
    const { orderReference } = await placeOrder(before.url);
    // The shopper pays while the first instance is going down: its callback goes nowhere.
    sandbox.setCallbackFailures(1_000);
    await sandbox.decide(orderReference, { outcome: 'approve', mode: 'pending' });
    // It had just claimed the order for a poll when it stopped.
    await first.orders.update(orderReference, {
      claimedBy: 'stopped-instance',
      claimedUntil: new Date(clock.now().getTime() + 2 * MINUTE),
    });
    await before.close();
    await first.close();
    await sandbox.idle();

    const second = await openStore({ dataDir });
    const after = await startBff({
      upstreamUrl: sandbox.url,
      tokenUrl: sandbox.tokenUrl,
      store: second,
      env: POLL_ENV,
      now: clock.now,
    });
    try {
      clock.advance(31_000);
      expect(await after.reconciler.reconcileOnce()).toMatchObject({ orders: 0 }); // still claimed
      clock.advance(2 * MINUTE);
      expect(await after.reconciler.reconcileOnce()).toMatchObject({ orders: 1 });
      expect(await second.orders.get(orderReference)).toMatchObject({ status: 'paid', claimedBy: null });
    } finally {
      await after.close();
      await second.close();
    }
  });
});
