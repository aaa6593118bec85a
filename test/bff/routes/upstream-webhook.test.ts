// POST /v1/webhooks/upstream/:secret, the merchant account's webhook, with the real sandbox sending to it: its
// REFUND_CALLBACK and ORDER_STATUS_UPDATE are hints that make the BFF re-read, never statuses to trust, and no notice
// is refused for what it lacks (the docs promise event, status and transactionId, nothing more). Without the
// merchant's secret in its address, a notice does nothing at all; with it, one that names nothing known sweeps the
// recent live orders once per window for every instance together.
import { describe, expect, it } from 'vitest';
import type { Store } from '../../../bff/store/types.js';
import { call, json } from '../../support/checkout.js';
import { useCheckoutStack } from '../../support/stack.js';
import {
  followReturn,
  getOrder,
  placeOrder,
  postOperation,
  SETTLES_AFTER_RETURN,
  testClock,
  upstreamReads,
} from '../../support/after-payment-harness.js';

// A pending refund settles a second after its answer: the merchant's POST sees it pending however slow the machine.
const stack = useCheckoutStack({
  sandbox: { ...SETTLES_AFTER_RETURN, refundSettlement: 'pending' },
  between: 'settle',
});
const webhook = () => stack.bff.webhookUrl;
const notify = (body: unknown) => call(webhook(), json('POST', body));

/** The sandbox's reads of the ledger's orders: GET /orders/{reference} and the transaction details. */
const readsOfOrders = () =>
  stack.sandbox.journal.filter((entry) => /^\/orders\/[^/]+(\/details)?$/.test(entry.path) && entry.method !== 'PUT')
    .length;

describe('the account webhook', () => {
  it("does nothing for a notice without the merchant's secret: 404 before the limiter, the ledger or the body", async () => {
    for (let i = 0; i < 3; i++) await placeOrder(stack.bff.url);
    const anonymous = await stack.startBff({ env: { OPI_RATE_LIMIT_PER_MINUTE: '1' } });
    const before = readsOfOrders();
    const addresses = [
      `${anonymous.url}/v1/webhooks/upstream`,
      `${anonymous.url}/v1/webhooks/upstream/not-the-secret-of-this-account`,
      `${anonymous.url}/v1/webhooks/upstream/${'x'.repeat(5_000)}`,
    ];
    const statuses: number[] = [];
    for (let round = 0; round < 2; round++)
      for (const address of addresses)
        for (const body of [{}, { event: 'REFUND_CALLBACK' }])
          statuses.push((await call(address, json('POST', body))).status);
    // Twelve anonymous notices naming nothing: all refused, and not even the per-client limit (10 a minute for the
    // webhook here) was spent, since the merchant's notice after them still gets in.
    expect(statuses).toEqual(Array(12).fill(404));
    expect((await call(anonymous.webhookUrl, json('POST', { event: 'ORDER_STATUS_UPDATE' }))).status).toBe(202);
    await anonymous.reconciler.reconcileOnce();
    expect(readsOfOrders() - before).toBeLessThanOrEqual(3);
  });

  it('is off without OPI_UPSTREAM_WEBHOOK_SECRET: every address of it is 404', async () => {
    const off = await stack.startBff({ env: { OPI_UPSTREAM_WEBHOOK_SECRET: '' } });
    expect(off.config.upstreamWebhookSecret).toBeUndefined();
    for (const address of [`${off.url}/v1/webhooks/upstream`, `${off.url}/v1/webhooks/upstream/anything-at-all`])
      expect((await call(address, json('POST', { event: 'ORDER_STATUS_UPDATE' }))).status).toBe(404);
  });

  it('sweeps once per window for the whole fleet: two instances, six notices naming nothing, one sweep', async () => {
    const [first, second] = [await stack.startBff({ metrics: true }), await stack.startBff()];
    const orders: string[] = [];
    for (let i = 0; i < 3; i++) orders.push((await placeOrder(first.url)).orderReference);
    const later = new Date(Date.now() + 3_600_000);
    const pushBack = () =>
      Promise.all(orders.map((reference) => stack.db.store.orders.update(reference, { nextPollAt: later })));
    await pushBack();
    const due = async () =>
      (await Promise.all(orders.map((reference) => stack.db.store.orders.get(reference)))).filter(
        (order) => order!.nextPollAt!.getTime() <= Date.now(),
      ).length;
    expect((await call(first.webhookUrl, json('POST', { event: 'ORDER_STATUS_UPDATE' }))).status).toBe(202);
    expect(await due()).toBe(3);
    await pushBack();
    for (let i = 0; i < 5; i++)
      expect((await call(second.webhookUrl, json('POST', { event: 'ORDER_STATUS_UPDATE', nonce: i }))).status).toBe(
        202,
      );
    expect(await due(), "the other instance's notices found the ledger's window taken").toBe(0);
    // Each instance counts the notices it could not place.
    const scraped = await (await fetch(first.metricsUrl!)).text();
    expect(scraped).toMatch(/^opi_upstream_notices_unplaced_total\{kind="orders"\} 1$/m);
  });

  it("settles a pending refund from the sandbox's REFUND_CALLBACK, with no reconciler", async () => {
    stack.sandbox.setWebhookUrl(webhook());
    const { orderReference } = await placeOrder(stack.bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    const refund = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 20 });
    expect(refund.body).toMatchObject({ status: 'pending' });

    await stack.sandbox.idle();
    const delivered = stack.sandbox.deliveries.filter((delivery) => delivery.url === webhook());
    expect(delivered.map((delivery) => [delivery.event, delivery.outcome])).toEqual([
      ['ORDER_STATUS_UPDATE', 'delivered'],
      ['REFUND_CALLBACK', 'delivered'],
    ]);
    expect((await stack.db.store.operations.list(orderReference, 'refund'))[0]).toMatchObject({
      status: 'succeeded',
      upstreamReference: `${refund.body.refundReference}-00`,
    });
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ refundedMinor: 2000 });
    stack.sandbox.setWebhookUrl(undefined);
  });

  it('takes a flat ORDER_STATUS_UPDATE as a hint: the order is re-read, and a forged status changes nothing', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    // The upstream still has it PENDING: the body's SUCCESSFUL is not believed.
    const forged = await notify({
      event: 'ORDER_STATUS_UPDATE',
      status: 'SUCCESSFUL',
      merchantReference: orderReference,
    });
    expect(forged.status).toBe(200);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ status: 'pending' });

    // Declined upstream while the per-order callbacks are lost: the account webhook's hint settles it.
    stack.sandbox.setCallbackFailures(10);
    await stack.sandbox.decide(orderReference, { outcome: 'decline' });
    await stack.sandbox.idle();
    stack.sandbox.setCallbackFailures(0);
    const reads = upstreamReads(stack.sandbox, orderReference);
    expect(
      (await notify({ event: 'ORDER_STATUS_UPDATE', data: { merchantReference: orderReference, status: 'DECLINED' } }))
        .status,
    ).toBe(200);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ status: 'declined' });
    expect(upstreamReads(stack.sandbox, orderReference)).toBe(reads + 1);
    const journal = await stack.db.store.events.list(orderReference);
    expect(journal.at(-1)).toMatchObject({
      source: 'callback',
      status: 'declined',
      payload: { event: 'ORDER_STATUS_UPDATE', hintStatus: 'DECLINED' },
    });

    // The same notification again within a minute: acknowledged, not re-read.
    expect(
      (await notify({ event: 'ORDER_STATUS_UPDATE', status: 'DECLINED', merchantReference: orderReference })).status,
    ).toBe(200);
    expect(upstreamReads(stack.sandbox, orderReference)).toBe(reads + 1);
  });

  it('places a notice that carries only transactionId by the id the ledger learnt from the upstream', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    // A read (the shopper's return, a poll) teaches the ledger the order's transactionReference.
    await getOrder(stack.bff.url, orderReference);
    const { transactionReference } = (await stack.db.store.orders.get(orderReference))!;
    expect(transactionReference).toMatch(/^[0-9a-f]{10}$/);
    // Approved upstream with its own notices lost (no account webhook set, the per-order callback dropped). Decided
    // only after the read, so no settling clock races the read.
    stack.sandbox.setCallbackFailures(10);
    await stack.sandbox.decide(orderReference, { outcome: 'approve' });
    await stack.sandbox.idle();
    stack.sandbox.setCallbackFailures(0);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ status: 'pending' });
    const reads = upstreamReads(stack.sandbox, orderReference);
    const answer = await notify({
      event: 'ORDER_STATUS_UPDATE',
      data: { status: 'SUCCESSFUL', transactionId: transactionReference },
    });
    expect(answer.status).toBe(200);
    expect(upstreamReads(stack.sandbox, orderReference)).toBe(reads + 1);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ status: 'paid' });
  });

  it('acts on two REFUND_CALLBACKs alike but for a field it does not read; the same delivery again is a repeat', async () => {
    const clock = testClock();
    const bff = await stack.startBff({ now: clock.now });
    const { orderReference } = await placeOrder(bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    await getOrder(bff.url, orderReference);
    const { transactionReference } = (await stack.db.store.orders.get(orderReference))!;
    // Two refunds made in the portal (no account webhook set: nobody is told but by the notices below), each
    // announced by a notice naming the order's transaction and the provider's refund id, nothing the BFF reads apart.
    const announce = (bnplRefundId: string) =>
      call(
        bff.webhookUrl,
        json('POST', {
          event: 'REFUND_CALLBACK',
          data: { status: 'SUCCESSFUL', transactionId: transactionReference, bnplRefundId },
        }),
      );
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    await stack.sandbox.portal(orderReference, { kind: 'refund', amount: 10 });
    expect((await announce(first)).status).toBe(200);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ refundedMinor: 1000 });

    clock.advance(10_000); // past the shared read's window, well inside the repeat window
    await stack.sandbox.portal(orderReference, { kind: 'refund', amount: 15 });
    expect((await announce(second)).status).toBe(200);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ refundedMinor: 2500 });

    clock.advance(10_000);
    const asked = () => stack.sandbox.journal.filter((entry) => entry.path.startsWith(`/orders/${orderReference}`));
    const before = asked().length;
    expect((await announce(second)).status).toBe(200);
    expect(asked().length, 'a repeat asks nothing upstream').toBe(before);
  });

  it('reads the refunds at the next poll when a REFUND_CALLBACK could not read them, though nothing was open', async () => {
    const clock = testClock();
    let detailsFail = false;
    const bff = await stack.startBff({
      now: clock.now,
      env: { OPI_UPSTREAM_TIMEOUT_MS: '1000' },
      client: {
        fetch: async (input, init) =>
          detailsFail && new URL(String(input)).pathname.endsWith('/details')
            ? Response.json({ statusCode: 503, message: 'Service Unavailable' }, { status: 503 })
            : fetch(input, init),
      },
    });
    const { orderReference } = await placeOrder(bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    await getOrder(bff.url, orderReference);
    const { transactionReference } = (await stack.db.store.orders.get(orderReference))!;
    // A refund made in the portal; its notice arrives while the upstream's records cannot be read.
    await stack.sandbox.portal(orderReference, { kind: 'refund', amount: 10 });
    detailsFail = true;
    const notice = { event: 'REFUND_CALLBACK', data: { status: 'SUCCESSFUL', transactionId: transactionReference } };
    expect((await call(bff.webhookUrl, json('POST', notice))).status).toBe(200);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ refundedMinor: 0 });

    detailsFail = false;
    clock.advance(60_000);
    expect(await bff.reconciler.reconcileOnce()).toMatchObject({ orders: 1 });
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ status: 'paid', refundedMinor: 1000 });
  });

  it('places a REFUND_CALLBACK that names only its refund, by the reference as the upstream answered it (X-00)', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    const refund = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 20 });
    expect(refund.body).toMatchObject({ status: 'pending' });
    // Settled upstream; no account webhook is set, so nobody is told but by the notice below.
    await stack.sandbox.idle();
    const answer = await notify({
      event: 'REFUND_CALLBACK',
      data: {
        status: 'SUCCESSFUL',
        transactionId: crypto.randomUUID(),
        refundReference: `${refund.body.refundReference}-00`,
      },
    });
    expect(answer.status).toBe(200);
    expect((await stack.db.store.operations.list(orderReference, 'refund'))[0]).toMatchObject({ status: 'succeeded' });
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ refundedMinor: 2000 });
  });

  it('makes a paid order with a refund still open due, for a REFUND_CALLBACK it cannot place', async () => {
    const sweeping = await stack.startBff();
    const { orderReference } = await placeOrder(sweeping.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    expect((await postOperation(sweeping.url, orderReference, 'refunds', { amount: 20 })).body).toMatchObject({
      status: 'pending',
    });
    await stack.db.store.transaction((tx) =>
      tx.orders.update(orderReference, { nextPollAt: new Date(Date.now() + 60_000) }),
    );
    const answer = await call(
      sweeping.webhookUrl,
      json('POST', { event: 'REFUND_CALLBACK', data: { status: 'SUCCESSFUL', transactionId: 'not-one-we-know' } }),
    );
    expect(answer.status).toBe(202);
    const order = (await stack.db.store.orders.get(orderReference))!;
    expect(order).toMatchObject({ status: 'paid' });
    expect(order.nextPollAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('makes a paid order with nothing open due, for a REFUND_CALLBACK it cannot place: a portal refund is recorded', async () => {
    const clock = testClock();
    const sweeping = await stack.startBff({ now: clock.now });
    const { orderReference } = await placeOrder(sweeping.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ status: 'paid', nextPollAt: null });
    await stack.sandbox.portal(orderReference, { kind: 'refund', amount: 10 });
    // A status notice cannot hold the refund sweep back: each kind has its own window.
    const unknown = { transactionId: 'not-one-we-know', status: 'SUCCESSFUL' };
    await call(sweeping.webhookUrl, json('POST', { event: 'ORDER_STATUS_UPDATE', ...unknown }));
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ nextPollAt: null });
    const answer = await call(sweeping.webhookUrl, json('POST', { event: 'REFUND_CALLBACK', data: unknown }));
    expect(answer.status).toBe(202);
    expect((await stack.db.store.orders.get(orderReference))!.nextPollAt!.getTime()).toBeLessThanOrEqual(
      clock.now().getTime(),
    );
    await sweeping.reconciler.reconcileOnce();
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ status: 'paid', refundedMinor: 1000 });
  });

  it('sweeps when a REFUND_CALLBACK it cannot place is delivered again after the ledger failed the first sweep', async () => {
    let broken = true;
    const flaky: Store = {
      ...stack.db.store,
      orders: {
        ...stack.db.store.orders,
        sweepLive: (sweep) =>
          broken ? Promise.reject(new Error('connection terminated')) : stack.db.store.orders.sweepLive(sweep),
      },
    };
    const clock = testClock();
    const sweeping = await stack.startBff({ store: flaky, now: clock.now });
    const { orderReference } = await placeOrder(sweeping.url);
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ status: 'paid', nextPollAt: null });
    const notice = json('POST', { event: 'REFUND_CALLBACK', data: { status: 'SUCCESSFUL', transactionId: 'x-1' } });
    expect((await call(sweeping.webhookUrl, notice)).status).toBe(503);
    broken = false;
    // Delivered again after the 503's Retry-After (5 s), well inside the sweep's window (30 s).
    clock.advance(5_000);
    expect((await call(sweeping.webhookUrl, notice)).status).toBe(202);
    expect((await stack.db.store.orders.get(orderReference))!.nextPollAt!.getTime()).toBeLessThanOrEqual(
      clock.now().getTime(),
    );
  });

  it('acknowledges any notice it cannot place (202), asks nothing upstream for it, and makes the live orders due once', async () => {
    const sweeping = await stack.startBff();
    const { orderReference } = await placeOrder(sweeping.url);
    const bodies = [
      { event: 'ORDER_STATUS_UPDATE', status: 'SUCCESSFUL', merchantReference: 'someone-elses-order' },
      { event: 'ORDER_STATUS_UPDATE', status: 'SUCCESSFUL', transactionId: 'not-one-we-know' },
      { status: 'SUCCESSFUL' },
      { event: 'ORDER_STATUS_UPDATE' },
      'not json',
      `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    ];
    for (const body of bodies) {
      const answer = await call(
        sweeping.webhookUrl,
        typeof body === 'string'
          ? { method: 'POST', body, headers: { 'content-type': 'application/json' } }
          : json('POST', body),
      );
      expect(answer.status).toBe(202);
    }
    expect(upstreamReads(stack.sandbox, 'someone-elses-order')).toBe(0);
    // The live order is due for the reconciler now, moved once however many notices came.
    const order = (await stack.db.store.orders.get(orderReference))!;
    expect(order.nextPollAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const moved = order.nextPollAt;
    await stack.db.store.transaction((tx) =>
      tx.orders.update(orderReference, { nextPollAt: new Date(Date.now() + 60_000) }),
    );
    await call(sweeping.webhookUrl, json('POST', { event: 'ORDER_STATUS_UPDATE', transactionId: 'x' }));
    expect((await stack.db.store.orders.get(orderReference))!.nextPollAt!.getTime()).toBeGreaterThan(moved!.getTime());
  });

  it('is rate limited per client, at ten times the widget limit', async () => {
    const limited = await stack.startBff({ env: { OPI_RATE_LIMIT_PER_MINUTE: '1' } });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await call(limited.webhookUrl, json('POST', { event: 'ORDER_STATUS_UPDATE', merchantReference: `o-${i}` })))
          .status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
  });
});
