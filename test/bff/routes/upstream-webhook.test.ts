// POST /v1/webhooks/upstream, the merchant account's webhook, with the real sandbox sending to it: its
// REFUND_CALLBACK and ORDER_STATUS_UPDATE are hints that make the BFF re-read, never statuses to trust.
import { describe, expect, it } from 'vitest';
import { call, json } from '../../support/checkout.js';
import { useCheckoutStack } from '../../support/stack.js';
import {
  FAST_SANDBOX,
  followReturn,
  placeOrder,
  postOperation,
  upstreamReads,
} from '../../support/after-payment-harness.js';

const stack = useCheckoutStack({ sandbox: { ...FAST_SANDBOX, refundSettlement: 'pending' }, between: 'settle' });
const webhook = () => `${stack.bff.url}/v1/webhooks/upstream`;
const notify = (body: unknown) => call(webhook(), json('POST', body));

describe('the account webhook', () => {
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

  it('acknowledges an order it does not know without asking upstream, and refuses a body it cannot read', async () => {
    const unknown = await notify({
      event: 'ORDER_STATUS_UPDATE',
      status: 'SUCCESSFUL',
      merchantReference: 'someone-elses-order',
    });
    expect(unknown.status).toBe(202);
    expect(upstreamReads(stack.sandbox, 'someone-elses-order')).toBe(0);
    for (const body of ['not json', { status: 'SUCCESSFUL' }, { event: 'ORDER_STATUS_UPDATE' }]) {
      const refused = await call(
        webhook(),
        typeof body === 'string'
          ? { method: 'POST', body, headers: { 'content-type': 'application/json' } }
          : json('POST', body),
      );
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect(refused.body.code).toBe('unreadable_notification');
    }
  });

  it('is rate limited per client, at ten times the widget limit', async () => {
    const limited = await stack.startBff({ env: { OPI_RATE_LIMIT_PER_MINUTE: '1' } });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await call(
            `${limited.url}/v1/webhooks/upstream`,
            json('POST', { event: 'ORDER_STATUS_UPDATE', merchantReference: `o-${i}` }),
          )
        ).status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
  });
});
