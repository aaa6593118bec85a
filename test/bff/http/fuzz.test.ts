// Hostile input on every route, over real HTTP, seeded and bounded in time: U+0000, lone surrogates, broken
// escapes, huge and odd numbers, deep nesting, __proto__ keys, wrong types, wrong media types and encodings. No
// answer is a 5xx; every 4xx of a JSON route is problem+json; and afterwards the BFF still takes a whole checkout.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSession, merchant } from '../../support/checkout.js';
import { useCheckoutStack } from '../../support/stack.js';
import { TEST_WEBHOOK_SECRET } from '../../support/servers.js';
import { storeDrivers } from '../../support/store.js';
import {
  callbackUrlOf,
  FAST_SANDBOX,
  followReturn,
  getOrder,
  placeOrder,
} from '../../support/after-payment-harness.js';

type Auth = 'none' | 'merchant';
interface Route {
  method: 'GET' | 'POST';
  /** `{ref}`, `{session}`, `{secret}` and `{webhook}` are filled with a known value or with fuzz. */
  path: string;
  auth: Auth;
  /** Answers a plain HTML page, not problem+json (the shopper's return). */
  html?: boolean;
}

const ROUTES: Route[] = [
  { method: 'GET', path: '/healthz', auth: 'none' },
  { method: 'GET', path: '/readyz', auth: 'none' },
  { method: 'GET', path: '/openapi.json', auth: 'none' },
  { method: 'GET', path: '/v1/widget', auth: 'none' },
  { method: 'POST', path: '/v1/checkout-sessions', auth: 'merchant' },
  { method: 'GET', path: '/v1/checkout-sessions/{session}', auth: 'none' },
  { method: 'POST', path: '/v1/checkout-sessions/{session}/orders', auth: 'none' },
  { method: 'GET', path: '/v1/orders', auth: 'merchant' },
  { method: 'GET', path: '/v1/orders/{ref}', auth: 'merchant' },
  { method: 'GET', path: '/v1/orders/{ref}/refunds', auth: 'merchant' },
  { method: 'POST', path: '/v1/orders/{ref}/refunds', auth: 'merchant' },
  { method: 'POST', path: '/v1/orders/{ref}/capture', auth: 'merchant' },
  { method: 'POST', path: '/v1/orders/{ref}/void', auth: 'merchant' },
  { method: 'GET', path: '/v1/returns/{ref}', auth: 'none', html: true },
  { method: 'POST', path: '/v1/callbacks/{ref}/{secret}', auth: 'none' },
  { method: 'POST', path: '/v1/webhooks/upstream/{webhook}', auth: 'none' },
];

// Text that has hurt before, mixed with ordinary text.
const nasty = fc.constantFrom(
  '\u0000',
  '\ud800',
  '\udfff',
  'a\u0000b',
  '\u202e',
  '%00',
  '%',
  '%zz',
  '%ED%A0%80',
  '../',
  '\\',
  '"',
  '\n',
  ' ',
  '',
  'x'.repeat(5000),
);
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  nasty,
  fc.tuple(fc.string(), nasty, fc.string()).map((parts) => parts.join('')),
);
const number = fc.oneof(
  fc.double(),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -0, 1e-7, 0.1 + 0.2, 10.001),
  fc.integer(),
);
const nested = (depth: number, leaf: unknown): unknown =>
  depth === 0 ? leaf : depth % 2 ? [nested(depth - 1, leaf)] : { a: nested(depth - 1, leaf) };

/** A JSON body as text: ordinary values, the widget's and merchant's shapes with hostile fields, or not JSON at all. */
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc.record({ amount: number, description: text }, { requiredKeys: [] }).map((value) => JSON.stringify(value)),
  fc
    .record(
      { bnplProvider: text, customer: fc.record({ firstName: text, email: text }), billingAddress: fc.anything() },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        orderItems: fc.array(
          fc.record({ name: text, quantity: number, unitPrice: number, totalAmount: number, sku: text }),
        ),
        purchaseCurrency: text,
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        event: text,
        status: text,
        merchantReference: text,
        data: fc.record({ status: text, merchantReference: text }),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc.constantFrom(
    '{"__proto__": {"amount": 1}}',
    '{"constructor": {"prototype": {"x": 1}}}',
    '{"amount": 1e999}',
    '[]',
    'null',
    '"x"',
    '{',
    '',
    '\u0000',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
  ),
  fc.integer({ min: 100, max: 3000 }).map((depth) => JSON.stringify(nested(depth, 1))),
);

type Encoding = 'utf8' | 'latin1' | 'broken' | 'utf16le' | 'utf7';
/** Bytes as sent: UTF-8, or as raw bytes that are not (latin1, broken sequences, UTF-16, UTF-7). */
const encoding = fc.constantFrom<Encoding>('utf8', 'utf8', 'latin1', 'broken', 'utf16le', 'utf7');
const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=latin1',
  'application/json; charset=utf-16le',
  'application/json; charset=UTF-7',
  'application/json; charset="utf-8"',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/merge-patch+json',
  '',
);
const contentEncoding = fc.constantFrom(undefined, undefined, undefined, 'gzip', 'br', 'identity');

/** Percent-escapes of any text (lone surrogates included, as their UTF-8 replacement bytes); raw escapes kept. */
const percentEscape = (value: string) =>
  /^(%[0-9A-Fa-f]{0,2}|%zz)$/.test(value)
    ? value
    : [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** UTF-7 as body-parser would decode it: ASCII as is, every bracket and the rest as +base64(UTF-16BE)-. */
const utf7 = (value: string) =>
  value.replace(/[^A-Za-z0-9 '(),./:?-]+/g, (run) => {
    const utf16be = Buffer.from(run, 'utf16le').swap16();
    return `+${utf16be.toString('base64').replace(/=+$/, '')}-`;
  });

function bytes(value: string, how: Encoding): Buffer {
  if (how === 'latin1') return Buffer.from(value, 'latin1');
  if (how === 'utf16le') return Buffer.from(value, 'utf16le');
  if (how === 'utf7') return Buffer.from(utf7(value), 'ascii');
  if (how === 'broken')
    return Buffer.concat([Buffer.from(value, 'utf8'), Buffer.from([0xc3, 0x28, 0xff, 0xed, 0xa0, 0x80])]);
  return Buffer.from(value, 'utf8');
}

describe.each(storeDrivers())('every route under hostile input, on $name', ({ open }) => {
  const stack = useCheckoutStack({ sandbox: FAST_SANDBOX, between: 'keep', openStore: open });

  it('answers no 5xx and a problem for every 4xx, then still takes a whole checkout', {
    timeout: 120_000,
  }, async () => {
    const session = await createSession(stack.bff.url);
    const { orderReference } = await placeOrder(stack.bff.url);
    const secret = callbackUrlOf(stack.sandbox, orderReference).split('/').at(-1)!;
    const known: Record<string, string> = { session, ref: orderReference, secret, webhook: TEST_WEBHOOK_SECRET };

    const request = fc.record({
      route: fc.constantFrom(...ROUTES),
      params: fc.dictionary(fc.constantFrom('session', 'ref', 'secret', 'webhook'), fc.oneof(fc.constant(null), text), {
        maxKeys: 4,
      }),
      query: fc.dictionary(fc.oneof(fc.constantFrom('status', 'cursor', 'limit', 'hash', 'reference'), text), text, {
        maxKeys: 4,
      }),
      body,
      encoding,
      contentType,
      contentEncoding,
      idempotencyKey: fc.oneof(fc.constant(undefined), fc.uuid(), fc.string({ maxLength: 300 })),
      withKey: fc.boolean(),
    });

    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const path = r.route.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
          percentEscape(r.params[name] ?? known[name]!),
        );
        const query = Object.entries(r.query)
          .map(([key, value]) => `${percentEscape(key)}=${percentEscape(value)}`)
          .join('&');
        const headers: Record<string, string> = {};
        if (r.route.auth === 'merchant' && r.withKey) Object.assign(headers, merchant);
        if (r.contentType) headers['content-type'] = r.contentType;
        if (r.contentEncoding) headers['content-encoding'] = r.contentEncoding;
        if (r.idempotencyKey !== undefined && /^[\x20-\x7e]*$/.test(r.idempotencyKey))
          headers['idempotency-key'] = r.idempotencyKey;
        const response = await fetch(`${stack.bff.url}${path}${query ? `?${query}` : ''}`, {
          method: r.route.method,
          headers,
          redirect: 'manual',
          ...(r.route.method === 'POST' ? { body: bytes(r.body, r.encoding) } : {}),
        });
        const type = response.headers.get('content-type') ?? '';
        await response.arrayBuffer();
        const what = `${r.route.method} ${r.route.path} -> ${response.status} ${type}`;
        if (response.status >= 500) failures.push(what);
        else if (response.status >= 400 && !r.route.html && !type.startsWith('application/problem+json'))
          failures.push(what);
        return response.status < 500;
      }),
      // Every run, or a failure: a slow machine must not pass on fewer cases (2,500 take about 6 s here).
      { seed: 20261124, numRuns: 2500, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true },
    );
    expect(failures).toEqual([]);

    // Other charsets never reach the parse: a UTF-16 or UTF-7 body is refused (415) before its brackets could be
    // counted wrongly, however deep it nests.
    const deep = `{"bnplProvider":${'['.repeat(1_000)}${']'.repeat(1_000)}}`;
    for (const [how, charset] of [
      ['utf16le', 'utf-16le'],
      ['utf16le', 'utf-16'],
      ['utf7', 'utf-7'],
      ['latin1', 'iso-8859-1'],
    ] as const) {
      const answer = await fetch(`${stack.bff.url}/v1/checkout-sessions/${session}/orders`, {
        method: 'POST',
        headers: { 'content-type': `application/json; charset=${charset}` },
        body: bytes(deep, how),
      });
      expect([charset, answer.status, ((await answer.json()) as { code: string }).code]).toEqual([
        charset,
        415,
        'unsupported_media_type',
      ]);
    }

    // Still whole: a checkout from session to a paid order, read back by the merchant.
    const paid = await placeOrder(stack.bff.url);
    await followReturn((await stack.sandbox.decide(paid.orderReference, { outcome: 'approve' })).redirectTo);
    expect((await getOrder(stack.bff.url, paid.orderReference)).body).toMatchObject({
      status: 'paid',
      paidAmount: 143.89,
    });
  });
});
