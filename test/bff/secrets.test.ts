// The token, the client secret, the payment secret, the merchant key, the callback secret and the shopper's
// personal data never appear in a response body or a log line, through a whole checkout and its failures.
import { describe, expect, it } from 'vitest';
import { call, cart, json, shopper } from '../support/checkout.js';
import type { TestBff } from '../support/servers.js';
import { useCheckoutStack } from '../support/stack.js';

const CLIENT_ID = 'cid-secrets-test';
const CLIENT_SECRET = 'client-secret-Q7f3kZ9w';
const PAYMENT_SECRET = 'payment-secret-V2m8xR4t';
const MERCHANT_KEY = 'mk_secret_merchant_key_P5n1';

const stack = useCheckoutStack({
  sandbox: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, paymentSecret: PAYMENT_SECRET },
  bff: 'none',
  between: 'keep',
});
const bodies: string[] = [];

async function record(url: string, init?: RequestInit) {
  const answer = await call(url, init);
  bodies.push(answer.text, JSON.stringify([...answer.headers]));
  return answer;
}

/**
 * A checkout through `bff`, with a wrong merchant key, bad input and upstream faults along the way, then the
 * shopper's approval (its callback and return) and a refund.
 */
async function exercise(bff: TestBff) {
  const auth = { authorization: `Bearer ${MERCHANT_KEY}` };
  await record(`${bff.url}/v1/checkout-sessions`, json('POST', cart(), { authorization: `Bearer ${MERCHANT_KEY}x` }));
  await record(`${bff.url}/v1/checkout-sessions`, json('POST', { ...cart(), secret: PAYMENT_SECRET }, auth));
  const session = await record(
    `${bff.url}/v1/checkout-sessions`,
    json('POST', cart({ customer: { email: 'amal@example.com' } }), auth),
  );
  const id = session.body.id as string;
  await record(`${bff.url}/v1/checkout-sessions/${id}`);
  await record(`${bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper({ customer: { firstName: '' } })));
  stack.sandbox.setFault('create-order', { kind: 'status', status: 503 }, { times: 2 });
  await record(`${bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
  const placed = await record(`${bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
  expect(placed.status).toBe(201);
  await record(`${bff.url}/readyz`);
  const orderReference = placed.body.orderReference as string;

  // The provider's decision: the upstream calls back (the callback secret is in that URL) and the shopper returns.
  const { redirectTo } = await stack.sandbox.decide(orderReference, { outcome: 'approve' });
  await stack.sandbox.idle();
  expect((await record(redirectTo, { redirect: 'manual' })).status).toBe(303);
  const refund = await record(
    `${bff.url}/v1/orders/${orderReference}/refunds`,
    json(
      'POST',
      { amount: 10, description: 'Returned by Amal Haddad' },
      { ...auth, 'idempotency-key': `refund-${orderReference}` },
    ),
  );
  expect(refund.status).toBe(201);
  await record(`${bff.url}/v1/orders/${orderReference}`, { headers: auth });
  expect((await stack.db.store.orders.get(orderReference))?.status).toBe('paid');
  const callbacks = bff.logs.filter((line) => line.includes('/v1/callbacks/'));
  expect(callbacks.length).toBeGreaterThan(0);
  return orderReference;
}

describe('secrets and personal data', () => {
  it('stay out of every response and every log line', async () => {
    const env = { OPI_PAYMENT_SECRET: PAYMENT_SECRET, OPI_MERCHANT_KEYS: MERCHANT_KEY, OPI_LOG_LEVEL: 'trace' };
    // With client credentials...
    const withCredentials = await stack.startBff({
      env: { ...env, OPI_CLIENT_ID: CLIENT_ID, OPI_CLIENT_SECRET: CLIENT_SECRET },
    });
    const first = await exercise(withCredentials);

    // ...and with a static token, which we then know and can look for.
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      scope: 'api-user',
    });
    const token = (
      (await (await fetch(stack.sandbox.tokenUrl, { method: 'POST', body: form })).json()) as { access_token: string }
    ).access_token;
    expect(token.length).toBeGreaterThan(20);
    const withToken = await stack.startBff({ env: { ...env, OPI_ACCESS_TOKEN: token } });
    const second = await exercise(withToken);

    const callbackSecrets = await Promise.all(
      [first, second].map(async (ref) => (await stack.db.store.orders.get(ref))!.callbackSecret),
    );
    const secrets = [CLIENT_SECRET, PAYMENT_SECRET, MERCHANT_KEY, token, ...callbackSecrets];
    const personal = ['amal@example.com', '+971 50 123 4567', 'Al Wasl', 'Haddad', 'Amal'];
    const logs = [...withCredentials.logs, ...withToken.logs];
    expect(logs.length).toBeGreaterThan(20);
    expect(logs.some((line) => line.includes('"statusCode":401'))).toBe(true);
    for (const secret of secrets) {
      expect(bodies.filter((text) => text.includes(secret))).toEqual([]);
      expect(logs.filter((line) => line.includes(secret))).toEqual([]);
    }
    for (const data of personal) expect(logs.filter((line) => line.includes(data))).toEqual([]);
  });
});
