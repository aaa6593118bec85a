// What opens something never reaches a log line: the callback secret (however the path is cased, since Express
// routes case-insensitively), the checkout session id (it opens the shopper's prefill), nor the shopper's personal
// data, through a session, an order, the return, a callback, a refund and its REFUND_CALLBACK.
import { describe, expect, it } from 'vitest';
import { maskSecretsInUrl } from '../../../bff/http/request-logging.js';
import { call, createSession, json, merchant, shopper } from '../../support/checkout.js';
import { useCheckoutStack } from '../../support/stack.js';
import { callbackUrlOf, FAST_SANDBOX, followReturn, postOperation } from '../../support/after-payment-harness.js';

const stack = useCheckoutStack({
  sandbox: { ...FAST_SANDBOX, refundSettlement: 'pending' },
  env: { OPI_LOG_LEVEL: 'trace', OPI_UPSTREAM_TIMEOUT_MS: '2000' },
  between: 'settle',
});

const PERSONAL = ['amal@example.com', '+971 50 123 4567', '12 Al Wasl Road', 'Haddad'];
const linesWith = (text: string) => stack.bff.logs.filter((line) => line.includes(text));

describe('masking in log lines', () => {
  it.each([
    ['/v1/callbacks/opi-1/s3cr3t', '/v1/callbacks/opi-1/[redacted]'],
    ['/V1/CALLBACKS/opi-1/s3cr3t?x=1', '/V1/CALLBACKS/opi-1/[redacted]?x=1'],
    ['/v1/webhooks/upstream/s3cr3t-of-the-account', '/v1/webhooks/upstream/[redacted]'],
    ['/shop/V1/Webhooks/Upstream/s3cr3t?x=1', '/shop/V1/Webhooks/Upstream/[redacted]?x=1'],
    ['/v1/checkout-sessions/cs_abcdefghijklmnopqrstuv/orders', '/v1/checkout-sessions/[redacted]/orders'],
    ['/V1/Checkout-Sessions/cs_abcdefghijklmnopqrstuv', '/V1/Checkout-Sessions/[redacted]'],
    ['/v1/checkout-sessions', '/v1/checkout-sessions'],
    ['/v1/returns/opi-1?status=SUCCESSFUL&hash=c2lnbmF0dXJl', '/v1/returns/opi-1?status=SUCCESSFUL&hash=[redacted]'],
    ['/V1/Returns/opi-1?HASH=c2ln&status=x', '/V1/Returns/opi-1?HASH=[redacted]&status=x'],
    ['/checkout-api/v1/returns/opi-1?hash=c2ln', '/checkout-api/v1/returns/opi-1?hash=[redacted]'],
    ['/v1/orders?next=/v1/returns/&hash=c2ln', '/v1/orders?next=/v1/returns/&hash=c2ln'],
  ])('%s is logged as %s', (url, logged) => {
    expect(maskSecretsInUrl(url)).toBe(logged);
  });

  it("keeps at most 512 characters of a stranger's URL and 256 of its Origin in a log line", async () => {
    const path = `/v1/${'x'.repeat(8_000)}`;
    const origin = `https://${'o'.repeat(4_000)}.example`;
    expect((await call(`${stack.bff.url}${path}`, { headers: { origin } })).status).toBe(404);
    const [line] = linesWith('/v1/xxxx');
    expect(line!.length).toBeLessThan(1_500);
    expect(line).toContain(`${path.slice(0, 512)}…`);
    expect(line).toContain(`${origin.slice(0, 256)}…`);
  });

  it('a whole checkout, return, callback and refund log no session id, callback secret, return signature or personal data', async () => {
    const sessionId = await createSession(stack.bff.url, {
      customer: { email: 'amal@example.com', lastName: 'Haddad' },
    });
    expect((await call(`${stack.bff.url}/v1/checkout-sessions/${sessionId}`)).status).toBe(200);
    expect((await call(`${stack.bff.url}/V1/CHECKOUT-SESSIONS/${sessionId}`)).status).toBe(200);
    const placed = await call(`${stack.bff.url}/v1/checkout-sessions/${sessionId}/orders`, json('POST', shopper()));
    expect(placed.status).toBe(201);
    const { orderReference } = placed.body as { orderReference: string };
    const callbackUrl = callbackUrlOf(stack.sandbox, orderReference);
    const secret = callbackUrl.split('/').at(-1)!;

    stack.sandbox.setCallbackFailures(1_000);
    const { redirectTo } = await stack.sandbox.decide(orderReference, { outcome: 'approve' });
    await stack.sandbox.idle();
    stack.sandbox.setCallbackFailures(0);
    expect((await followReturn(redirectTo)).status).toBe(303);
    // The upstream's callback, with the path in capitals: Express routes it all the same.
    const shouted = callbackUrl.replace('/v1/callbacks/', '/V1/CALLBACKS/');
    const delivered = await call(
      shouted,
      json('POST', { event: 'ORDER_ASYNC_CALLBACK', data: { orderReference, status: 'SUCCESSFUL' } }),
    );
    expect(delivered.status).toBe(200);
    const refund = await postOperation(stack.bff.url, orderReference, 'refunds', {
      amount: 10,
      description: 'Returned by Amal Haddad',
    });
    expect(refund.status).toBe(202);
    await stack.sandbox.idle(); // the pending refund settles upstream
    // The upstream tells only an account-level webhook of refunds: its REFUND_CALLBACK is delivered here by hand.
    const hint = {
      event: 'REFUND_CALLBACK',
      data: { orderReference, refundReference: refund.body.refundReference, refundStatus: 'SUCCESSFUL' },
    };
    expect((await call(callbackUrl, json('POST', hint))).status).toBe(200);
    expect((await stack.db.store.operations.list(orderReference, 'refund'))[0]?.status).toBe('succeeded');
    expect(
      (await call(`${stack.bff.url}/v1/orders/${orderReference}/refunds`, { headers: merchant })).body.data[0].status,
    ).toBe('succeeded');

    expect(stack.bff.logs.some((line) => line.includes('/V1/CALLBACKS/') && line.includes('[redacted]'))).toBe(true);
    expect(stack.bff.logs.some((line) => line.includes('/v1/checkout-sessions/[redacted]'))).toBe(true);
    expect(linesWith(secret)).toEqual([]);
    const signature = new URL(redirectTo).searchParams.get('hash')!;
    expect(signature.length).toBeGreaterThan(16);
    expect(linesWith(signature)).toEqual([]);
    expect(linesWith(sessionId)).toEqual([]);
    expect(linesWith(sessionId.slice(3))).toEqual([]);
    for (const data of PERSONAL) expect(linesWith(data)).toEqual([]);
  });
});
