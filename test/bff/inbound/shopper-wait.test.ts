// A shopper is never held waiting on a slow upstream: the return from the provider and the widget's first session read
// (options not cached yet) answer within a few seconds (the order as the ledger has it; a retryable refusal), well
// before the upstream's own timeout, while the upstream's answer is still taken and kept for the next look.
import { describe, expect, it } from 'vitest';
import { call, createSession, json, shopper } from '../../support/checkout.js';
import { SETTLES_AFTER_RETURN, destination, followReturn } from '../../support/after-payment-harness.js';
import { useCheckoutStack } from '../../support/stack.js';

/** Slower than the shopper's wait, within the BFF's upstream timeout: an upstream that answers, late. */
const UPSTREAM_LATENCY_MS = 6_000;
const stack = useCheckoutStack({ sandbox: SETTLES_AFTER_RETURN, env: { OPI_UPSTREAM_TIMEOUT_MS: '9000' } });

const timed = async <T>(work: () => Promise<T>) => {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
};

describe('a slow upstream', () => {
  it('the return sends the shopper on with the order as the ledger has it, and records the late read', async () => {
    const sessionId = await createSession(stack.bff.url);
    const placed = await call(`${stack.bff.url}/v1/checkout-sessions/${sessionId}/orders`, json('POST', shopper()));
    const reference: string = placed.body.orderReference;
    const { redirectTo } = await stack.sandbox.decide(reference, { outcome: 'decline' });
    stack.sandbox.setFault('get-order', { kind: 'latency', ms: UPSTREAM_LATENCY_MS }, { times: 1, reference });

    const { value: back, ms } = await timed(() => followReturn(redirectTo));
    expect(back.status).toBe(303);
    expect(ms).toBeLessThan(UPSTREAM_LATENCY_MS - 1_000);
    expect(destination(back).query).toMatchObject({ orderReference: reference, status: 'pending' });
    // The read went on: the ledger has the upstream's word once it came.
    await expect
      .poll(async () => (await stack.db.store.orders.get(reference))?.status, { timeout: 8_000, interval: 200 })
      .toBe('declined');
  }, 20_000);

  it('the first session read answers a retryable refusal, and a retry once the options came is the session', async () => {
    const bff = await stack.startBff({ env: { OPI_UPSTREAM_TIMEOUT_MS: '9000' } });
    const sessionId = await createSession(bff.url);
    stack.sandbox.setFault('options', { kind: 'latency', ms: UPSTREAM_LATENCY_MS }, { times: 1 });

    const { value: first, ms } = await timed(() => call(`${bff.url}/v1/checkout-sessions/${sessionId}`));
    expect(ms).toBeLessThan(UPSTREAM_LATENCY_MS - 1_000);
    expect([first.status, first.body.code, first.body.retryable, first.headers.get('retry-after')]).toEqual([
      504,
      'upstream_timeout',
      true,
      '2',
    ]);
    await expect
      .poll(async () => (await call(`${bff.url}/v1/checkout-sessions/${sessionId}`)).status, {
        timeout: 8_000,
        interval: 500,
      })
      .toBe(200);
  }, 20_000);
});
