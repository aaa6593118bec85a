// What the create call learns is recorded through the same observation as every other upstream answer: a
// callback that lands while the create answer is still on its way keeps its final status, and the create
// answer alone never makes an order paid.
import { describe, expect, it } from 'vitest';
import { call, createSession, json, shopper } from '../../support/checkout.js';
import { useCheckoutStack } from '../../support/stack.js';
import { FAST_SANDBOX } from '../../support/after-payment-harness.js';

// Each test starts its own BFF (with its own hooked upstream client) on the stack's sandbox and ledger.
const stack = useCheckoutStack({ sandbox: FAST_SANDBOX, bff: 'none', between: 'settle' });

type Fetch = typeof fetch;
const isCreate = (url: string, init?: RequestInit) => init?.method === 'POST' && new URL(url).pathname === '/orders';

/** A BFF whose upstream client hands `onCreateAnswer` each create answer before the BFF sees it. */
function bffWithCreateHook(
  onCreateAnswer: (body: {
    orderReference: string;
    paymentStatus: string;
  }) => Promise<Record<string, unknown> | undefined>,
) {
  const hooked: Fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!isCreate(String(input), init) || response.status !== 201) return response;
    const body = (await response.json()) as { orderReference: string; paymentStatus: string };
    const replaced = (await onCreateAnswer(body)) ?? body;
    return new Response(JSON.stringify(replaced), { status: 201, headers: { 'content-type': 'application/json' } });
  };
  return stack.startBff({ env: { OPI_UPSTREAM_TIMEOUT_MS: '3000' }, client: { fetch: hooked } });
}

async function placeThrough(bffUrl: string) {
  const sessionId = await createSession(bffUrl);
  const answer = await call(`${bffUrl}/v1/checkout-sessions/${sessionId}/orders`, json('POST', shopper()));
  expect(answer.status).toBe(201);
  return { sessionId, orderReference: answer.body.orderReference as string };
}

describe('the create answer obeys the forward-only rule', () => {
  it.each([
    ['decline', 'declined', 'open'],
    ['approve', 'paid', 'completed'],
  ] as const)(
    '%s: a callback recorded before the late create answer keeps %s',
    async (outcome, status, sessionState) => {
      const bff = await bffWithCreateHook(async ({ orderReference }) => {
        // The shopper decides, and the callback is handled, while the create answer is still on its way.
        await stack.sandbox.decide(orderReference, { outcome });
        await stack.sandbox.idle();
      });
      const { sessionId, orderReference } = await placeThrough(bff.url);

      const order = await stack.db.store.orders.get(orderReference);
      expect(order).toMatchObject({ status, createState: 'created', redirectUrl: expect.stringContaining('/pay/') });
      expect((await stack.db.store.sessions.get(sessionId))?.state).toBe(sessionState);
      const createEvent = (await stack.db.store.events.list(orderReference)).at(-1);
      expect(createEvent).toMatchObject({
        source: 'create',
        status,
        upstreamStatus: 'pending',
        payload: { reason: 'created' },
      });
      expect(createEvent?.payload).not.toHaveProperty('from');
    },
  );
});

describe('the create answer is not proof of payment', () => {
  it('a create answer saying SUCCESSFUL records pending, not paid, and leaves the session open', async () => {
    const bff = await bffWithCreateHook(async (body) => ({ ...body, paymentStatus: 'SUCCESSFUL' }));
    const { sessionId, orderReference } = await placeThrough(bff.url);

    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({
      status: 'pending',
      upstreamStatus: 'SUCCESSFUL',
      paidMinor: 0,
    });
    expect((await stack.db.store.sessions.get(sessionId))?.state).toBe('open');
  });
});
