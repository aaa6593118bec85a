// Ways an attempt's create answer goes missing, against the real sandbox: the BFF dies before recording it (the
// reconciler must still settle the attempt from the upstream), a create that never reached the upstream (failed by
// the upstream's records once its settle window passed, never before), and a re-send refused in whatever words (the
// outcome stays unknown: never failed, and the shopper's retry gets through).
import { describe, expect, it } from 'vitest';
import { call, createSession, json, merchant, shopper } from '../../support/checkout.js';
import { useCheckoutStack } from '../../support/stack.js';
import { storeDrivers } from '../../support/store.js';
import { FAST_SANDBOX, testClock } from '../../support/after-payment-harness.js';

const TIMEOUT_MS = 300;
const clock = testClock();
const isCreate = (input: unknown, init?: RequestInit) =>
  init?.method === 'POST' && /\/orders\/?$/.test(new URL(String(input)).pathname);

describe.each(storeDrivers())('on $name', ({ open }) => {
  const stack = useCheckoutStack({
    sandbox: FAST_SANDBOX,
    now: clock.now,
    env: { OPI_UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) },
    openStore: open,
  });

  describe('an attempt whose create answer was never recorded', () => {
    it('is settled by the reconciler from the upstream: here the shopper cancelled at the provider', async () => {
      clock.offsetMs = 0;
      // This instance sends the create, and "dies" before it reads the answer: it never records anything more.
      let dead!: () => void;
      const died = new Promise<void>((resolve) => (dead = resolve));
      const dying = await stack.startBff({
        now: clock.now,
        env: { OPI_UPSTREAM_TIMEOUT_MS: '60000' },
        client: {
          fetch: async (input, init) => {
            if (!isCreate(input, init)) return fetch(input, init);
            await fetch(input, init);
            await died;
            throw new TypeError('fetch failed');
          },
        },
      });
      const id = await createSession(dying.url);
      const placing = call(`${dying.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
      await expect
        .poll(
          () => stack.sandbox.journal.filter((entry) => entry.route === 'create-order' && entry.status === 201).length,
        )
        .toBe(1);
      const [order] = await stack.db.store.orders.listOfSession(id);
      expect(order).toMatchObject({ status: 'initiated', createState: 'creating' });
      expect(order!.nextPollAt).not.toBeNull();

      await stack.sandbox.decide(order!.orderReference, { outcome: 'cancel' });
      clock.advance(10 * 60_000);
      expect(await stack.bff.reconciler.reconcileOnce()).toMatchObject({ orders: 1 });
      expect(await stack.db.store.orders.get(order!.orderReference)).toMatchObject({
        status: 'cancelled',
        upstreamStatus: 'CANCELLED',
      });
      dead();
      await placing;
    });
  });

  describe('a create that never reached the upstream, and a shopper who never came back', () => {
    it('is pending with its outcome unknown, then failed (not found upstream) once its window passed', async () => {
      clock.offsetMs = 0;
      stack.sandbox.setFault('create-order', { kind: 'hang' });
      const id = await createSession(stack.bff.url);
      const lost = await call(`${stack.bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
      expect([lost.status, lost.body.retryable]).toEqual([504, true]);
      const [order] = await stack.db.store.orders.listOfSession(id);
      const view = await call(`${stack.bff.url}/v1/orders/${order!.orderReference}`, { headers: merchant });
      expect(view.body).toMatchObject({ status: 'initiated', upstreamOutcome: 'unknown' });

      clock.advance(5 * 60_000); // inside its window: a 404 may still be a create on its way
      await stack.bff.reconciler.reconcileOnce();
      expect(await stack.db.store.orders.get(order!.orderReference)).toMatchObject({ status: 'initiated' });
      clock.advance(6 * 60_000); // the poll the reconciler made due when the window closes
      expect(await stack.bff.reconciler.reconcileOnce()).toMatchObject({ orders: 1 });
      expect(await stack.db.store.orders.get(order!.orderReference)).toMatchObject({
        status: 'failed',
        createState: 'absent',
        nextPollAt: null,
      });
      expect((await stack.db.store.events.list(order!.orderReference)).at(-1)).toMatchObject({
        source: 'poll',
        payload: { reason: 'not_found_upstream' },
      });
    });
  });

  describe('a shopper who keeps submitting while every create is lost', () => {
    it('sends the attempt at most three times, then waits for the reconciler, asking the upstream nothing', async () => {
      clock.offsetMs = 0;
      stack.sandbox.setFault('create-order', { kind: 'hang' });
      const id = await createSession(stack.bff.url);
      const submit = () => call(`${stack.bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
      const statuses: number[] = [];
      for (let sent = 0; sent < 3; sent += 1) statuses.push((await submit()).status);
      expect(statuses, 'each send timed out').toEqual([504, 504, 504]);
      const asked = stack.sandbox.journal.length;
      for (let again = 0; again < 5; again += 1) {
        const answer = await submit();
        expect([answer.status, answer.body.code, answer.body.retryable]).toEqual([409, 'order_in_progress', true]);
      }
      expect(stack.sandbox.journal.length, 'no upstream call for the later submits').toBe(asked);
      const orders = await stack.db.store.orders.listOfSession(id);
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ createState: 'unknown', createSends: 3 });
    });
  });

  describe('a shopper who keeps submitting while the lookups of a lost create fail', () => {
    it('asks the upstream about the attempt three times at most, failing or not, then waits for the reconciler', async () => {
      clock.offsetMs = 0;
      stack.sandbox.setFault('create-order', { kind: 'hang' }, { times: 1 });
      stack.sandbox.setFault('get-order', { kind: 'status', status: 503 });
      const id = await createSession(stack.bff.url);
      const submit = () => call(`${stack.bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
      expect((await submit()).status, 'the first send timed out').toBe(504);
      const lookups = () => stack.sandbox.journal.filter((entry) => entry.route === 'get-order').length;
      for (let again = 0; again < 6; again += 1) await submit();
      // Two lookups, each tried up to three times on a 503 (fewer when the 300 ms budget runs out first).
      const asked = lookups();
      expect(asked).toBeGreaterThanOrEqual(2);
      expect(asked).toBeLessThanOrEqual(6);
      const answer = await submit();
      expect([answer.status, answer.body.code]).toEqual([409, 'order_in_progress']);
      expect(lookups(), 'no lookup once they are spent').toBe(asked);
      stack.sandbox.clearFaults();
    });
  });

  describe('a flood of submits on one session while its create is slow', () => {
    it('holds twenty in line (they replay the attempt) and refuses the rest at once, retryable', async () => {
      clock.offsetMs = 0;
      const patient = await stack.startBff({ now: clock.now, env: { OPI_UPSTREAM_TIMEOUT_MS: '10000' } });
      stack.sandbox.setFault('create-order', { kind: 'latency', ms: 2_000 }, { times: 1 });
      const id = await createSession(patient.url);
      const answers = await Promise.all(
        Array.from({ length: 23 }, () =>
          call(`${patient.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper())),
        ),
      );
      const refused = answers.filter((answer) => answer.status === 409);
      expect(refused.map((answer) => [answer.body.code, answer.body.retryable])).toEqual(
        Array.from({ length: 3 }, () => ['order_in_progress', true]),
      );
      const placed = answers.filter((answer) => answer.status === 201);
      expect(placed).toHaveLength(20);
      expect(new Set(placed.map((answer) => answer.body.orderReference)).size, 'one attempt, replayed').toBe(1);
    });
  });

  /** A session whose attempt's create answer was lost, the read after the loss finding the order upstream. */
  async function shownThenLost() {
    clock.offsetMs = 0;
    // Time enough for the read that follows the lost answer to find the order, even on a loaded machine.
    const patient = await stack.startBff({ now: clock.now, env: { OPI_UPSTREAM_TIMEOUT_MS: '5000' } });
    stack.sandbox.setFault('create-order', { kind: 'lost-answer' }, { times: 1 });
    const id = await createSession(patient.url);
    const lost = await call(`${patient.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
    expect([lost.status, lost.body.retryable]).toEqual([502, true]);
    const [order] = await stack.db.store.orders.listOfSession(id);
    expect(order).toMatchObject({ createState: 'unknown', upstreamStatus: expect.any(String) });
    return { id, order: order! };
  }

  /** An instance the upstream answers 404 for `reference` from now on (a lagging replica, a gateway in front of it). */
  const answering404For = (reference: string) =>
    stack.startBff({
      now: clock.now,
      env: { OPI_UPSTREAM_TIMEOUT_MS: '5000' },
      client: {
        fetch: async (input, init) =>
          (init?.method ?? 'GET') === 'GET' && new URL(String(input)).pathname === `/orders/${reference}`
            ? Response.json({ statusCode: 404, message: 'Order not found' }, { status: 404 })
            : fetch(input, init),
      },
    });

  describe('a create whose answer was lost, of an order the upstream then showed', () => {
    it('is never failed by a later read that finds no such order: the read is journalled against the shown word', async () => {
      const { order } = await shownThenLost();
      const shown = order.upstreamStatus;
      const gone = await answering404For(order.orderReference);
      // Past its settle window.
      clock.advance(11 * 60_000);
      expect(await gone.reconciler.reconcileOnce()).toMatchObject({ orders: 1 });
      expect(await stack.db.store.orders.get(order.orderReference)).toMatchObject({
        status: order.status,
        createState: 'unknown',
        upstreamStatus: shown,
      });
      expect((await stack.db.store.events.list(order.orderReference)).at(-1)).toMatchObject({
        source: 'poll',
        payload: { upstream: 'not_found', contradicts: shown },
      });
    });

    it('is never sent again on a resubmit whose read finds no such order: the shopper gets a new attempt', async () => {
      const { id, order } = await shownThenLost();
      const gone = await answering404For(order.orderReference);
      const sent = () =>
        stack.sandbox.journal
          .filter((entry) => entry.method === 'POST' && entry.path === '/orders')
          .map((entry) => (entry.body as { orderReference: string }).orderReference);
      const before = sent().length;
      const again = await call(`${gone.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
      expect(again.status).toBe(201);
      expect(again.body.orderReference).not.toBe(order.orderReference);
      expect(sent().slice(before), 'the shown reference is never sent again').toEqual([again.body.orderReference]);
      expect(await stack.db.store.orders.get(order.orderReference)).toMatchObject({
        createState: 'orphaned',
        upstreamStatus: order.upstreamStatus,
        discrepancy: [expect.objectContaining({ kind: 'not_found', lastUpstreamStatus: order.upstreamStatus })],
      });
    });
  });

  describe('a re-send refused, in whatever words, after a lost answer', () => {
    it('is never failed: the outcome stays unknown (a retryable 502), and the retry finds the order and moves on', async () => {
      clock.offsetMs = 0;
      // The first create's answer is lost after the order was made, and the lookup that follows does not see it yet
      // (the upstream lags), so the client sends the same reference again.
      let lagging = true;
      const bff = await stack.startBff({
        now: clock.now,
        client: {
          fetch: async (input, init) => {
            const path = new URL(String(input)).pathname;
            if (lagging && (init?.method ?? 'GET') === 'GET' && /^\/orders\/[^/]+$/.test(path)) {
              lagging = false;
              return new Response(JSON.stringify({ statusCode: 404, message: 'Order not found' }), {
                status: 404,
                headers: { 'content-type': 'application/json' },
              });
            }
            return fetch(input, init);
          },
        },
      });
      stack.sandbox.setFault('create-order', { kind: 'lost-answer' }, { times: 1 });
      const id = await createSession(bff.url);
      const first = await call(`${bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
      expect([first.status, first.body.code, first.body.retryable]).toEqual([502, 'outcome_unknown', true]);
      const [held] = await stack.db.store.orders.listOfSession(id);
      expect(held).toMatchObject({ status: 'initiated', createState: 'unknown' });

      const retry = await call(`${bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
      expect(retry.status).toBe(201);
      expect(retry.body.orderReference).not.toBe(held!.orderReference);
      expect((await stack.db.store.orders.get(held!.orderReference))?.createState).toBe('orphaned');
    });
  });
});
