// The shop's own order number and labels, through the sandbox: given with the session, they are on the order view,
// the order list's filter (with a created-at range), every notification, and at the start of the order reference the
// upstream is sent (its portal then shows the shop's number); bad ones are refused by field, and with
// OPI_UNIQUE_MERCHANT_REFERENCE one live session per number, even when two creates race.
import { describe, expect, it } from 'vitest';
import { cart, cartChange, call, json, merchant, shopper } from '../../support/checkout.js';
import {
  FAST_SANDBOX,
  followReturn,
  paidOrder,
  placeOrder,
  postOperation,
} from '../../support/after-payment-harness.js';
import { useMerchantEndpoint } from '../../support/merchant-endpoint.js';
import { useCheckoutStack } from '../../support/stack.js';

const endpoint = useMerchantEndpoint();

const stack = useCheckoutStack({
  sandbox: { ...FAST_SANDBOX, refundSettlement: 'instant' },
  env: () => ({
    OPI_MERCHANT_WEBHOOK_URL: endpoint.url,
    OPI_MERCHANT_WEBHOOK_SECRET: 'whsec_test_0123456789abcdef',
    OPI_UNIQUE_MERCHANT_REFERENCE: 'true',
  }),
  between: 'keep',
});

const labels = { merchantReference: 'SO#1001/B', metadata: { customerId: 'C-77', channel: 'web' } };
const list = (query: string) => call(`${stack.bff.url}/v1/orders?${query}`, { headers: merchant });

const paid = (overrides: Record<string, unknown>) => paidOrder(stack, overrides);

describe("the shop's order number", () => {
  it('is on the order, its reference upstream, the list filter and every notification', async () => {
    const before = new Date();
    const { orderReference, sessionId } = await paid(labels);
    // The upstream's order reference starts with the shop's number, made of the characters references hold.
    expect(orderReference).toMatch(/^SO-1001-B-[0-9a-f]{16}-1$/);
    const sent = stack.sandbox.journal.find((entry) => entry.method === 'POST' && entry.path === '/orders');
    expect(sent?.body).toMatchObject({ orderReference });

    const order = await call(`${stack.bff.url}/v1/orders/${orderReference}`, { headers: merchant });
    expect(order.body).toMatchObject({ orderReference, sessionId, ...labels, status: 'paid' });

    const found = await list(`merchantReference=${encodeURIComponent(labels.merchantReference)}`);
    expect(found.body.data.map((row: { orderReference: string }) => row.orderReference)).toEqual([orderReference]);
    expect(found.body.data[0]).toMatchObject(labels);
    const range = (from: Date, to: Date) =>
      list(`createdFrom=${from.toISOString()}&createdTo=${to.toISOString()}&limit=100`).then((answer) =>
        answer.body.data.map((row: { orderReference: string }) => row.orderReference),
      );
    expect(await range(before, new Date(Date.now() + 1_000))).toContain(orderReference);
    expect(await range(new Date(before.getTime() - 60_000), before)).not.toContain(orderReference);

    endpoint.clear();
    const refund = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 10 });
    expect(refund.status).toBe(201);
    await stack.bff.notifier.idle();
    const notes = endpoint.received().filter((note) => note.type === 'refund.result');
    expect(notes).toEqual([expect.objectContaining({ ...labels, data: expect.objectContaining({ orderReference }) })]);
  });

  it('puts the status notification under the labels too, at the top and in the order', async () => {
    endpoint.clear();
    const { orderReference } = await paid({ merchantReference: 'SO-2002', metadata: { tier: 'gold' } });
    const status = endpoint.received().find((note) => note.type === 'order.status');
    expect(status).toMatchObject({
      merchantReference: 'SO-2002',
      metadata: { tier: 'gold' },
      data: { orderReference, merchantReference: 'SO-2002', metadata: { tier: 'gold' } },
    });
  });

  it('refuses a bad number or bad labels by field', async () => {
    const create = (overrides: Record<string, unknown>) =>
      call(`${stack.bff.url}/v1/checkout-sessions`, json('POST', cart(overrides), merchant));
    const refused = async (overrides: Record<string, unknown>) => (await create(overrides)).body.errors;
    expect(await refused({ merchantReference: 'x'.repeat(65) })).toEqual([
      { path: 'merchantReference', message: 'must be at most 64 characters' },
    ]);
    expect(await refused({ merchantReference: 'SO\u00a01' })).toEqual([
      { path: 'merchantReference', message: 'may contain only printable ASCII characters' },
    ]);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`k${index}`, 'v']));
    expect(await refused({ metadata: many })).toEqual([{ path: 'metadata', message: 'must have at most 20 keys' }]);
    expect((await refused({ metadata: { 'bad key': 'v' } }))[0]).toMatchObject({ path: 'metadata.bad key' });
    expect(await refused({ metadata: { note: 'x'.repeat(501) } })).toEqual([
      { path: 'metadata.note', message: 'must be at most 500 characters' },
    ]);
    expect((await create({ metadata: ['a'] })).status).toBe(400);
    const list400 = await list('createdFrom=yesterday');
    expect([list400.status, list400.body.errors]).toEqual([
      400,
      [{ path: 'createdFrom', message: 'must be an ISO 8601 date and time, such as 2026-12-01T00:00:00Z' }],
    ]);
  });

  it('allows one live session per number (OPI_UNIQUE_MERCHANT_REFERENCE), even when two creates race', async () => {
    const create = () =>
      call(`${stack.bff.url}/v1/checkout-sessions`, json('POST', cart({ merchantReference: 'SO-3003' }), merchant));
    const answers = await Promise.all([create(), create(), create()]);
    const made = answers.filter((answer) => answer.status === 201);
    expect(made).toHaveLength(1);
    const live = made[0]!.body.id as string;
    for (const answer of answers.filter((each) => each.status !== 201))
      expect(answer.body).toMatchObject({
        status: 409,
        code: 'merchant_reference_in_use',
        errors: [{ path: 'merchantReference', message: `is in use by the live session ${live}` }],
      });
    // Another number, or none, is another session.
    expect((await call(`${stack.bff.url}/v1/checkout-sessions`, json('POST', cart(), merchant))).status).toBe(201);
  });

  it('counts a session live past its expiry while an attempt may still be paid', async () => {
    const create = () =>
      call(`${stack.bff.url}/v1/checkout-sessions`, json('POST', cart({ merchantReference: 'SO-4004' }), merchant));
    const { orderReference, sessionId } = await placeOrder(stack.bff.url, { merchantReference: 'SO-4004' });
    // The session expires while the shopper is still on the provider's page.
    await stack.db.driver.query("update checkout_sessions set expires_at = now() - interval '1 minute' where id = $1", [
      sessionId,
    ]);
    expect((await create()).body).toMatchObject({ code: 'merchant_reference_in_use' });
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'decline' })).redirectTo);
    expect((await create()).status).toBe(201);
  });

  it('keeps the labels through a cart change', async () => {
    const sessionId = (
      await call(
        `${stack.bff.url}/v1/checkout-sessions`,
        json('POST', cart({ merchantReference: 'SO-5005', metadata: { coupon: 'none' } }), merchant),
      )
    ).body.id as string;
    const changed = await call(
      `${stack.bff.url}/v1/checkout-sessions/${sessionId}`,
      json('PATCH', cartChange(), merchant),
    );
    expect(changed.status).toBe(200);
    const placed = await call(`${stack.bff.url}/v1/checkout-sessions/${sessionId}/orders`, json('POST', shopper()));
    const order = await call(`${stack.bff.url}/v1/orders/${placed.body.orderReference}`, { headers: merchant });
    expect(order.body).toMatchObject({ merchantReference: 'SO-5005', metadata: { coupon: 'none' } });
  });
});
