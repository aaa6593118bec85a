// The BFF's upstream client against the docs' own examples (fixtures/): it parses every documented answer form and
// sends every request in the documented form. The "upstream" here replays the docs' payloads over real HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { verifyReturnSignature } from '../../bff/inbound/return-signature.js';
import { loadConfig } from '../../bff/config.js';
import { createUpstreamClient } from '../../bff/upstream/client.js';
import { UpstreamAuthError, UpstreamUnavailableError, UpstreamValidationError } from '../../bff/upstream/errors.js';
import { notificationSchema, orderRequestSchema, upstreamErrorSchema } from '../../bff/upstream/contract.js';
import { startDocsUpstream, type DocsAnswer } from './docs-upstream.js';
import { docs, keysOf } from './fixtures.js';

const { token, options, createOrder, orderStatus, details, capture, voids, refund, notifications, errors, redirect } =
  docs;

const REF = 'LP000_OrderID';
const ORDER = `/orders/${REF}`;
let upstream: Awaited<ReturnType<typeof startDocsUpstream>> | undefined;
afterEach(async () => {
  await upstream?.close();
  upstream = undefined;
});

/** The client pointed at the docs' server for both hosts (plain http on loopback, so named a local sandbox). */
async function clientAgainst(routes: Record<string, DocsAnswer>) {
  upstream = await startDocsUpstream(
    (method, path) => routes[`${method} ${path}`] ?? (path === '/token' ? token.answer : undefined),
  );
  const config = loadConfig({
    OPI_UPSTREAM_URL: upstream.url,
    OPI_TOKEN_URL: `${upstream.url}/token`,
    OPI_ENVIRONMENT: 'sandbox',
    OPI_UPSTREAM_SANDBOX: 'true',
    OPI_UPSTREAM_TIMEOUT_MS: '2000',
  });
  return { client: createUpstreamClient({ config: config.upstream, sleep: async () => {} }), upstream };
}

const json = (body: string) => JSON.parse(body) as Record<string, unknown>;

describe('requests the BFF sends, in the documented forms', () => {
  it('asks for a token with the documented form body, and no more', async () => {
    const { client, upstream } = await clientAgainst({});
    await client.checkToken();
    const [sent] = upstream.sent('POST', '/token');
    expect(sent!.contentType).toBe(token.request.contentType);
    const form = Object.fromEntries(new URLSearchParams(sent!.body));
    expect(keysOf(form)).toEqual(keysOf(token.request.form));
    expect(form).toMatchObject({ grant_type: 'client_credentials', scope: 'api-user' });
    // The docs' unexplained ?expires_in=1 is not sent: the token lives 24 h and is refreshed early.
    expect(sent!.query).toEqual({});
  });

  it('asks GET /options with amount, currency and isCapable=false', async () => {
    const { client, upstream } = await clientAgainst({ 'GET /options': options.answer });
    await client.getOptions({ amount: 100, currency: 'SGD' });
    expect(upstream.sent('GET', '/options')[0]!.query).toEqual(options.request.query);
  });

  it("sends the docs' create-order example as the docs write it, through the contract", async () => {
    const { client, upstream } = await clientAgainst({ 'POST /orders': createOrder.answer });
    const order = orderRequestSchema.parse(createOrder.request.body);
    await client.createOrder(order);
    expect(json(upstream.sent('POST', '/orders')[0]!.body)).toEqual(createOrder.request.body);
  });

  it.each([
    ['refund', `${ORDER}/refund`, refund, (c: any) => c.refund(REF, refund.request.body)],
    ['capture', `${ORDER}/capture`, capture, (c: any) => c.capture(REF, capture.request.body)],
    ['void', `${ORDER}/void`, voids, (c: any) => c.void(REF, voids.request.body)],
  ])('sends the %s request as the docs write it', async (_name, path, fixture, send) => {
    const { client, upstream } = await clientAgainst({ [`POST ${path}`]: fixture.answer });
    await send(client);
    expect(json(upstream.sent('POST', path)[0]!.body)).toEqual(fixture.request.body);
  });
});

describe('answers the BFF reads, in every documented form', () => {
  it('reads the options with numbers as strings and a base64 image, and drops an odd item by itself', async () => {
    const odd = { ...options.capableItem.body, name: 'ODD_SG', minAmount: 'ten' };
    const answer = { status: 200, body: [...options.answer.body, options.capableItem.body, odd] };
    const { client } = await clientAgainst({ 'GET /options': answer });
    const items = await client.getOptions({ amount: 100, currency: 'SGD' });
    expect(items.map((item) => [item.name, item.minAmount, item.maxAmount, item.priority, item.interestRate])).toEqual([
      ['HOOLAH_SG', 1, 10000, 24, 0],
      ['ATOME_SG', 10, 5000, 1, 0],
    ]);
    expect(items[1]!.image).toBe(options.capableItem.body.image);
  });

  it.each([
    ['with every field (201)', createOrder.answer],
    ['without transactionReference, orderDate to the second (no document shows it)', createOrder.sparseAnswer],
  ])('reads the create-order answer %s', async (_form, answer) => {
    const { client } = await clientAgainst({ 'POST /orders': answer });
    const outcome = await client.createOrder(orderRequestSchema.parse(createOrder.request.body));
    expect(outcome).toMatchObject({
      kind: 'created',
      record: { redirectUrl: answer.body.redirectUrl, paymentStatus: 'pending', orderDate: answer.body.orderDate },
    });
  });

  it('reads GET /orders/{reference}, documented with status 201', async () => {
    const { client } = await clientAgainst({ [`GET ${ORDER}`]: orderStatus.answer });
    expect(await client.getOrder(REF)).toMatchObject({
      merchantReference: REF,
      status: 'SUCCESSFUL',
      amount: 144.89,
      captureStatus: 'AUTHORIZED',
    });
  });

  it.each([
    ["the docs' example: suffixed reference, object description, RFC 1123 date (200)", refund.answer],
    ['a PENDING refund with a text description (201)', refund.pendingAnswer],
  ])('reads the refund answer: %s', async (_form, answer) => {
    const { client } = await clientAgainst({ [`POST ${ORDER}/refund`]: answer });
    expect(await client.refund(REF, refund.request.body)).toMatchObject({
      refundReference: answer.body.refundReference,
      refundedAmount: answer.body.refundedAmount,
      refundStatus: answer.body.refundStatus,
    });
  });

  it('reads capture and void answers', async () => {
    const { client } = await clientAgainst({
      [`POST ${ORDER}/capture`]: capture.answer,
      [`POST ${ORDER}/void`]: voids.answer,
    });
    expect(await client.capture(REF, capture.request.body)).toMatchObject(capture.answer.body);
    expect(await client.void(REF, voids.request.body)).toMatchObject(voids.answer.body);
  });

  it('reads refunds and captures from the transaction details (amounts as strings) where there is no refund list', async () => {
    const { client, upstream } = await clientAgainst({ [`POST ${ORDER}/details`]: details.answer });
    expect((await client.readRefunds(REF)).records).toEqual([
      {
        // The docs' sample names the refund by the order's own reference: no identifier of the refund itself.
        ids: [],
        reference: null,
        providerId: null,
        amount: 100,
        currency: 'AUD',
        status: 'SUCCESSFUL',
        at: '2022-03-02T09:00:00.000Z',
        reason: null,
      },
    ]);
    expect((await client.readDetails(REF)).captures.records).toEqual([
      {
        ids: ['LatEHAuPtpN2HSrTMK-1'],
        reference: null,
        providerId: 'LatEHAuPtpN2HSrTMK-1',
        amount: 260,
        currency: 'AUD',
        status: 'SUCCESSFUL',
        at: '2022-03-01T11:00:00.000Z',
        reason: null,
      },
    ]);
    expect(upstream.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /token',
      `GET ${ORDER}/refund`,
      `POST ${ORDER}/details`,
      `POST ${ORDER}/details`,
    ]);
  });

  it('reads each documented error body as the right error', async () => {
    for (const body of Object.values(errors).filter((value) => typeof value === 'object')) {
      expect(upstreamErrorSchema.safeParse(body).success).toBe(true);
    }
    const post = async (answer: DocsAnswer) => {
      const { client } = await clientAgainst({ [`POST ${ORDER}/capture`]: answer });
      const error = await client.capture(REF, capture.request.body).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      await upstream?.close();
      return error;
    };
    expect(await post(createOrder.refusals.validation)).toMatchObject({
      messages: createOrder.refusals.validation.body.message,
    });
    expect(await post(createOrder.refusals.malformedJson)).toBeInstanceOf(UpstreamValidationError);
    expect(await post(createOrder.refusals.unauthorized)).toBeInstanceOf(UpstreamAuthError);
    expect(await post(createOrder.refusals.serverError)).toBeInstanceOf(UpstreamUnavailableError);
    expect(await post(createOrder.refusals.wrongPath)).toMatchObject({ status: 404 });
  });

  it.each(Object.entries(notifications).filter(([name]) => name !== 'source'))(
    'reads the notification %s as one hint',
    (_name, body: any) => {
      const hint = notificationSchema.parse(body);
      expect(hint.event).toBe(body.event);
      expect(hint.orderReference).toBe(body.data?.merchantReference ?? body.merchantReference);
      expect(hint.status ?? hint.refundReference).toBeDefined();
    },
  );

  it("verifies the return's hash in the plugin's form (lower-case hex HMAC-SHA512 of status|reference)", () => {
    const secret = 'payment-secret-from-the-portal';
    const hash = createHmac('sha512', secret).update(redirect.signedString).digest('hex');
    expect(
      verifyReturnSignature({ status: redirect.query.status, reference: redirect.query.reference, hash }, secret),
    ).toBe(true);
    expect(verifyReturnSignature({ status: 'DECLINED', reference: redirect.query.reference, hash }, secret)).toBe(
      false,
    );
  });
});
