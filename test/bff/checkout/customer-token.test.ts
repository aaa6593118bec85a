// customerToken (docs §13): a merchant's customer-session JWT kept with the session's cart and sent as the order's
// customerToken; with OPI_CUSTOMER_SESSIONS=true the BFF creates one per new attempt. Against the real sandbox,
// which takes on POST /orders only a customerToken it issued itself.
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../bff/logger.js';
import { call, cart, cartChange, createSession, json, merchant, shopper } from '../../support/checkout.js';
import type { TestBff } from '../../support/servers.js';
import { customer } from '../../support/shopper.js';
import { useCheckoutStack } from '../../support/stack.js';
import { waitUntil } from '../../support/wait.js';

const ENV = { OPI_UPSTREAM_TIMEOUT_MS: '2000', OPI_LOG_LEVEL: 'trace' };
const stack = useCheckoutStack({ env: ENV });

const journal = (route: string) => stack.sandbox.journal.filter((entry) => entry.route === route);
const sentTokens = () =>
  journal('create-order').map((entry) => (entry.body as { customerToken?: string }).customerToken);
const place = (bff: TestBff, id: string) =>
  call(`${bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
/** A token the sandbox issued, as the merchant's own server would get it. */
const issuedToken = async () => (await stack.bff.upstream.createCustomerSession('merchant-side@example.com')).token;
const withCustomerSessions = (env: Record<string, string> = {}) =>
  stack.startBff({ env: { ...ENV, OPI_CUSTOMER_SESSIONS: 'true', ...env } });

/** Neither the token nor its signature, the part that makes it a credential, is in any log line. */
function expectNotLogged(bff: TestBff, token: string) {
  const signature = token.split('.')[2]!;
  expect(bff.logs.filter((line) => line.includes(signature))).toEqual([]);
}

describe("a merchant's customerToken", () => {
  it("is kept server-side and sent as the order's customerToken, never shown to the widget", async () => {
    const token = await issuedToken();
    const id = await createSession(stack.bff.url, { customerToken: token });
    expect((await stack.db.store.sessions.get(id))?.cart.customerToken).toBe(token);

    const view = await call(`${stack.bff.url}/v1/checkout-sessions/${id}`);
    expect(view.status).toBe(200);
    expect(view.text).not.toContain(token.split('.')[2]);

    const placed = await place(stack.bff, id);
    expect(placed.status).toBe(201);
    expect(sentTokens()).toEqual([token]);
    // Only the test's own customer session: the BFF made none.
    expect(journal('customer-session')).toHaveLength(1);
    expectNotLogged(stack.bff, token);
  });

  it('survives a cart change', async () => {
    const token = await issuedToken();
    const id = await createSession(stack.bff.url, { customerToken: token });
    const changed = await call(
      `${stack.bff.url}/v1/checkout-sessions/${id}`,
      json('PATCH', cartChange({ shippingAmount: 0 }), merchant),
    );
    expect(changed.status).toBe(200);
    expect((await place(stack.bff, id)).status).toBe(201);
    expect(sentTokens()).toEqual([token]);
  });

  it.each([
    ['not a JWT', 'amal@example.com'],
    ['a JWT with a fourth part', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln.c2ln'],
    ['a JWT in quotes', '"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln"'],
    ['longer than 4096 characters', `eyJhbGciOiJIUzI1NiJ9.${'a'.repeat(4096)}.c2ln`],
  ])('%s is refused with a 400 naming the field', async (_name, customerToken) => {
    const answer = await call(`${stack.bff.url}/v1/checkout-sessions`, json('POST', cart({ customerToken }), merchant));
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({ code: 'validation_failed', errors: [{ path: 'customerToken' }] });
    expect(answer.body.errors).toHaveLength(1);
    expect(answer.text).not.toContain(customerToken.slice(0, 40));

    await expect(stack.bff.checkout.createSession(cart({ customerToken }))).rejects.toMatchObject({
      status: 400,
      problem: { code: 'validation_failed', errors: [{ path: 'customerToken' }] },
    });
  });
});

describe('with OPI_CUSTOMER_SESSIONS=true', () => {
  it("creates one customer session for the shopper's email and sends its token with the order", async () => {
    const bff = await withCustomerSessions();
    const id = await createSession(bff.url);
    const placed = await place(bff, id);
    expect(placed.status).toBe(201);

    expect(journal('customer-session').map((entry) => [entry.body, entry.status])).toEqual([
      [{ customerIdentifier: customer.email }, 201],
    ]);
    const [sent] = sentTokens();
    expect(sent).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // The sandbox takes only tokens it issued: the order it created proves this one is its.
    expect(journal('create-order').map((entry) => entry.status)).toEqual([201]);
    expect(await stack.db.store.orders.get(placed.body.orderReference)).toMatchObject({ createState: 'created' });
    expectNotLogged(bff, sent!);
  });

  it('creates none for submits that replay the live attempt, whatever their Idempotency-Key', async () => {
    const bff = await withCustomerSessions();
    const id = await createSession(bff.url);
    const submit = (key: string) =>
      call(`${bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper(), { 'idempotency-key': key }));
    const first = await submit('submit-1');
    for (const key of ['submit-2', 'submit-3', 'submit-4']) {
      expect((await submit(key)).body.orderReference).toBe(first.body.orderReference);
    }
    expect(journal('customer-session')).toHaveLength(1);
  });

  it('creates none for a key already answered, once its attempt has ended, nor for the key with another body', async () => {
    const bff = await withCustomerSessions();
    const id = await createSession(bff.url);
    const submit = (body = shopper()) =>
      call(`${bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', body, { 'idempotency-key': 'submit-1' }));
    const first = await submit();
    expect(first.status).toBe(201);
    // Declined: the key's answer is no live attempt's any more, so only the key says this submit replays.
    await stack.db.store.orders.update(first.body.orderReference, { status: 'declined' });
    const again = await submit();
    expect([again.status, again.body.orderReference]).toEqual([201, first.body.orderReference]);
    const other = await submit(shopper({ customer: { ...customer, firstName: 'Other' } }));
    expect([other.status, other.body.code]).toEqual([422, 'idempotency_key_reused']);
    expect(journal('customer-session')).toHaveLength(1);
    expect(journal('create-order')).toHaveLength(1);
  });

  it('creates none for a submit answered 409 while another instance creates the live attempt', async () => {
    const [one, two] = [await withCustomerSessions(), await withCustomerSessions()];
    const id = await createSession(one.url);
    await call(`${one.url}/v1/checkout-sessions/${id}`); // options cached, so only the create is slow
    stack.sandbox.setFault('create-order', { kind: 'latency', ms: 400 }, { times: 1 });
    const first = place(one, id);
    await waitUntil(async () => (await stack.db.store.orders.listOfSession(id)).length === 1);
    for (let retry = 0; retry < 3; retry++) {
      expect((await place(two, id)).body).toMatchObject({ code: 'order_in_progress', retryable: true });
    }
    expect((await first).status).toBe(201);
    expect(journal('customer-session')).toHaveLength(1);
  });

  it("sends the merchant's own token when the session has one, and creates none", async () => {
    const token = await issuedToken();
    const bff = await withCustomerSessions();
    const id = await createSession(bff.url, { customerToken: token });
    expect((await place(bff, id)).status).toBe(201);
    expect(journal('customer-session')).toHaveLength(1); // the test's own
    expect(sentTokens()).toEqual([token]);
  });

  it('creates none for a submit the order itself refuses (a store pickup the cart does not offer)', async () => {
    const bff = await withCustomerSessions();
    const id = await createSession(bff.url);
    for (let i = 0; i < 5; i++) {
      const refused = await call(
        `${bff.url}/v1/checkout-sessions/${id}/orders`,
        json('POST', shopper({ shippingMethod: 'store' })),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([
        { path: 'shippingMethod', message: 'store pickup is not offered for this cart' },
      ]);
    }
    expect(journal('customer-session')).toEqual([]);
    expect(await stack.db.store.orders.listOfSession(id)).toEqual([]);
  });

  it('a failed customer session is a retryable 502 and records nothing; the retry places attempt 1', async () => {
    const bff = await withCustomerSessions();
    const id = await createSession(bff.url);
    stack.sandbox.setFault('customer-session', { kind: 'status', status: 503 }, { times: 1 });
    const failed = await place(bff, id);
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ code: 'upstream_unavailable', retryable: true });
    expect(journal('create-order')).toEqual([]);
    expect(await stack.db.store.orders.listOfSession(id)).toEqual([]);

    const retried = await place(bff, id);
    expect(retried.status).toBe(201);
    expect(retried.body.orderReference).toMatch(/-1$/);
    expect(journal('customer-session')).toHaveLength(2);
    expect(sentTokens()).toHaveLength(1);
  });

  it("a customer session that never answers ends within the request's one deadline (504), nothing recorded", async () => {
    const bff = await withCustomerSessions({ OPI_UPSTREAM_TIMEOUT_MS: '500' });
    const id = await createSession(bff.url);
    stack.sandbox.setFault('customer-session', { kind: 'hang' });
    const started = Date.now();
    const failed = await place(bff, id);
    expect(Date.now() - started).toBeLessThan(3_000); // the budget, and a loaded machine's margin
    expect(failed.status).toBe(504);
    expect(failed.body).toMatchObject({ code: 'upstream_timeout', retryable: true });
    expect(journal('create-order')).toEqual([]);
    expect(await stack.db.store.orders.listOfSession(id)).toEqual([]);
  });
});

describe('log redaction', () => {
  it('hides a customerToken that slips into a log object, up to a cart inside a session', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2VjcmV0LXNpZ25hdHVyZQ';
    logger.info({ customerToken: token, order: { customerToken: token }, session: { cart: { customerToken: token } } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('c2VjcmV0LXNpZ25hdHVyZQ');
    expect(lines[0]!.match(/\[redacted\]/g)).toHaveLength(3);
  });
});
