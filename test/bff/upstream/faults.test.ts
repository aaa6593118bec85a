// What the widget sees when the upstream misbehaves: bounded waits, retryable 5xx problems, an unsafe redirect
// refused, and a lost create answer recovered without a second order. Upstream budget: 300 ms.
import { describe, expect, it } from 'vitest';
import { call, createSession, json, shopper } from '../../support/checkout.js';
import { useCheckoutStack } from '../../support/stack.js';

const BUDGET_MS = 300;
const stack = useCheckoutStack({ env: { OPI_UPSTREAM_TIMEOUT_MS: String(BUDGET_MS), OPI_OPTIONS_CACHE_SECONDS: '0' } });

const place = (id: string, body: unknown = shopper(), bffUrl = stack.bff.url) =>
  call(`${bffUrl}/v1/checkout-sessions/${id}/orders`, json('POST', body));
const creates = () => stack.sandbox.journal.filter((entry) => entry.method === 'POST' && entry.path === '/orders');
const created = () => creates().filter((entry) => entry.status === 201);

/** An instance with time enough for what is not about the budget, on a loaded machine too (5 s per call). */
const patientBff = () => stack.startBff({ env: { OPI_UPSTREAM_TIMEOUT_MS: '5000', OPI_OPTIONS_CACHE_SECONDS: '0' } });

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const result = await work();
  return [result, Date.now() - started];
}

describe('upstream faults seen through the BFF', () => {
  it('a hanging options call gives a retryable 504 within the budget', async () => {
    const id = await createSession(stack.bff.url);
    stack.sandbox.setFault('options', { kind: 'hang' });
    const [answer, elapsed] = await timed(() => call(`${stack.bff.url}/v1/checkout-sessions/${id}`));
    expect(answer.status).toBe(504);
    expect(answer.body).toMatchObject({ code: 'upstream_timeout', retryable: true });
    expect(elapsed).toBeGreaterThanOrEqual(BUDGET_MS - 10);
    expect(elapsed).toBeLessThan(BUDGET_MS + 1_500); // the budget, and a loaded machine's margin
  });

  it('a hanging create gives a retryable 504 within the budget; the next submit sends the same reference', async () => {
    const id = await createSession(stack.bff.url);
    stack.sandbox.setFault('create-order', { kind: 'hang' });
    const [answer, elapsed] = await timed(() => place(id));
    expect(answer.status).toBe(504);
    expect(answer.body).toMatchObject({ code: 'upstream_timeout', retryable: true });
    expect(elapsed).toBeLessThan(2 * BUDGET_MS + 1_500); // the create and its lookup, and a loaded machine's margin
    const [attempt] = await stack.db.store.orders.listOfSession(id);
    expect(attempt).toMatchObject({ createState: 'unknown', status: 'initiated' });

    stack.sandbox.clearFaults();
    // The retry through an instance with time for its three calls (options, lookup, resend) on a loaded machine.
    const patient = await patientBff();
    const retry = await place(id, shopper(), patient.url);
    expect(retry.status).toBe(201);
    expect(retry.body.orderReference).toBe(attempt!.orderReference);
    expect(creates().map((entry) => (entry.body as { orderReference: string }).orderReference)).toEqual([
      attempt!.orderReference,
      attempt!.orderReference,
    ]);
    expect(created()).toHaveLength(1);
  });

  it('an upstream 500 on create gives a retryable 502 and no order', async () => {
    const id = await createSession(stack.bff.url);
    stack.sandbox.setFault('create-order', { kind: 'status', status: 500 });
    const answer = await place(id);
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ code: 'upstream_unavailable', retryable: true });
    expect(answer.body.detail).not.toMatch(/500|Internal server error/);
    expect(created()).toHaveLength(0);
  });

  it('garbage from the upstream gives a retryable 502', async () => {
    const id = await createSession(stack.bff.url);
    stack.sandbox.setFault('options', { kind: 'malformed-json' });
    const answer = await call(`${stack.bff.url}/v1/checkout-sessions/${id}`);
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ code: 'upstream_invalid_response', retryable: true });
  });

  it('a create whose connection drops after the order was made: recovered by asking, still one order', async () => {
    // Asking needs 250 ms of the budget left after the lost create: more room than 300 ms gives on a busy machine.
    const roomy = await stack.startBff({ env: { OPI_UPSTREAM_TIMEOUT_MS: '3000', OPI_OPTIONS_CACHE_SECONDS: '0' } });
    const id = await createSession(roomy.url);
    stack.sandbox.setFault('create-order', { kind: 'lost-answer' }, { times: 1 });
    const answer = await place(id, shopper(), roomy.url);
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ code: 'upstream_unavailable', retryable: true });
    const [attempt] = await stack.db.store.orders.listOfSession(id);
    expect(attempt).toMatchObject({ createState: 'unknown', status: 'pending', upstreamStatus: 'PENDING' });
    expect(creates()).toHaveLength(1);
    expect(
      stack.sandbox.journal.filter(
        (entry) => entry.method === 'GET' && entry.path === `/orders/${attempt!.orderReference}`,
      ),
    ).toHaveLength(1);

    // Its redirectUrl never reached anyone, so nobody can pay it: the next submit orphans it and starts afresh.
    const retry = await place(id, shopper(), roomy.url);
    expect(retry.status).toBe(201);
    expect(retry.body.orderReference).toMatch(/-2$/);
    expect(await stack.db.store.orders.get(attempt!.orderReference)).toMatchObject({ createState: 'orphaned' });
    expect(creates()).toHaveLength(2);
  });

  it('a foreign http redirectUrl is refused with 502 upstream_invalid_redirect', async () => {
    const bff = await patientBff();
    const id = await createSession(bff.url);
    stack.sandbox.setFault('create-order', { kind: 'redirect-url', url: 'http://evil.example/pay/123' });
    const answer = await place(id, shopper(), bff.url);
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ code: 'upstream_invalid_redirect', retryable: false });
    expect(answer.text).not.toContain('evil.example');
    // The upstream made the order: it is never shown failed, and it is read until final (nobody can pay it here).
    const [attempt] = await stack.db.store.orders.listOfSession(id);
    expect(attempt).toMatchObject({ createState: 'orphaned', status: 'pending', redirectUrl: null });
    expect(attempt!.nextPollAt).not.toBeNull();
  });

  it('an https redirectUrl on a provider host is accepted', async () => {
    const bff = await patientBff();
    const id = await createSession(bff.url);
    stack.sandbox.setFault('create-order', { kind: 'redirect-url', url: 'https://pay.provider.example/r/ABC' });
    const answer = await place(id, shopper(), bff.url);
    expect(answer.status).toBe(201);
    expect(answer.body.redirectUrl).toBe('https://pay.provider.example/r/ABC');
  });
});
