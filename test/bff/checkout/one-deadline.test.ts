// One deadline per incoming request: the token's fetch, the create and any lookup after it all spend the same
// OPI_UPSTREAM_TIMEOUT_MS, so a hanging token endpoint costs the shopper one budget, not one per call.
import { describe, expect, it } from 'vitest';
import { call, createSession, json, shopper } from '../../support/checkout.js';
import { useCheckoutStack } from '../../support/stack.js';

const TIMEOUT_MS = 600;
// Tokens live 1 s here, so the next call needs a new one.
const stack = useCheckoutStack({
  sandbox: { tokenLifetimeSeconds: 1 },
  env: { OPI_UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) },
});

describe('placing an order while the token endpoint hangs', () => {
  it('answers a retryable 504 within one budget, and the attempt is left to be asked about', async () => {
    const id = await createSession(stack.bff.url);
    // The widget's read fills the options cache while tokens still come.
    expect((await call(`${stack.bff.url}/v1/checkout-sessions/${id}`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    stack.sandbox.setFault('token', { kind: 'hang' });
    const tokensBefore = stack.sandbox.journal.filter((entry) => entry.route === 'token').length;

    const answer = await call(`${stack.bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
    expect([answer.status, answer.body.code, answer.body.retryable]).toEqual([504, 'upstream_timeout', true]);
    // One token request, which spent the whole budget: no second one (and no second budget) for a lookup.
    expect(stack.sandbox.journal.filter((entry) => entry.route === 'token').length - tokensBefore).toBe(1);
    const [attempt] = await stack.db.store.orders.listOfSession(id);
    expect(attempt).toMatchObject({ createState: 'unknown', status: 'initiated' });
    expect(stack.sandbox.journal.filter((entry) => entry.route === 'create-order')).toEqual([]);
  });
});
