// GET /v1/returns/:reference: forged returns never mark an order paid; a genuine one is re-read upstream and
// compared with what the order owes; an unknown reference gets a friendly page, never a 500.
import { createHmac } from 'node:crypto';
import { returnPageWords } from '../../../bff/routes/return-page/words/index.js';
import { LANGUAGES } from '../../../shared/languages.js';
import { describe, expect, it } from 'vitest';
import { call } from '../../support/checkout.js';
import { startBff, startSandbox } from '../../support/servers.js';
import { useCheckoutStack } from '../../support/stack.js';
import {
  destination,
  FAST_SANDBOX,
  followReturn,
  placeOrder,
  testClock,
  upstreamReads,
  signedBack,
} from '../../support/after-payment-harness.js';

// Only the return is under test here: the sandbox's callbacks are lost on the way.
const stack = useCheckoutStack({
  sandbox: FAST_SANDBOX,
  env: { OPI_UPSTREAM_TIMEOUT_MS: '500' },
  between: 'settle',
  loseCallbacks: true,
});

const sign = (status: string, reference: string, secret = stack.sandbox.credentials.paymentSecret) =>
  createHmac('sha512', secret).update(`${status}|${reference}`).digest('hex');

function returnUrl(reference: string, query: Record<string, string>): string {
  const url = new URL(`${stack.bff.url}/v1/returns/${reference}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.append(name, value);
  return url.href;
}

async function expectUnchanged(reference: string, answer: Awaited<ReturnType<typeof followReturn>>) {
  expect(answer.status).toBe(303);
  // An unsigned address tells nobody the order's status: the shop asks the merchant API.
  expect(destination(answer).query).toEqual({ orderReference: reference, status: 'unknown' });
  const order = await stack.db.store.orders.get(reference);
  expect(order).toMatchObject({ status: 'pending', paidMinor: 0 });
  expect((await stack.db.store.events.list(reference)).map((event) => event.source)).toEqual(['create', 'create']);
  expect(upstreamReads(stack.sandbox, reference)).toBe(0);
}

describe("a genuine return signed in the docs' 43-character form, under each reading of it", () => {
  it.each(['base64', 'base64-sha512-256', 'base64-sha512-first-32'] as const)(
    '%s: verified, read upstream, and the shopper told paid',
    async (returnHash) => {
      const upstream = await startSandbox({ ...FAST_SANDBOX, returnHash });
      const bff = await startBff({ upstreamUrl: upstream.url, tokenUrl: upstream.tokenUrl, store: stack.db.store });
      try {
        const { orderReference } = await placeOrder(bff.url);
        const { redirectTo } = await upstream.decide(orderReference, { outcome: 'approve' });
        expect(new URL(redirectTo).searchParams.get('hash')).toHaveLength(43);
        expect(destination(await followReturn(redirectTo)).query).toMatchObject({ orderReference, status: 'paid' });
      } finally {
        await bff.close();
        await upstream.close();
      }
    },
  );
});

describe('forged returns never mark an order paid', () => {
  it.each([
    ['no hash', (ref: string) => ({ reference: ref, status: 'SUCCESSFUL' })],
    ['an empty hash', (ref: string) => ({ reference: ref, status: 'SUCCESSFUL', hash: '' })],
    [
      'a hash made with another secret',
      (ref: string) => ({ reference: ref, status: 'SUCCESSFUL', hash: sign('SUCCESSFUL', ref, 'guessed') }),
    ],
    [
      'the status in lower case',
      (ref: string) => ({ reference: ref, status: 'successful', hash: sign('SUCCESSFUL', ref) }),
    ],
    [
      'a space after the status',
      (ref: string) => ({ reference: ref, status: 'SUCCESSFUL ', hash: sign('SUCCESSFUL', ref) }),
    ],
    [
      'a newline before the status',
      (ref: string) => ({ reference: ref, status: '\nSUCCESSFUL', hash: sign('SUCCESSFUL', ref) }),
    ],
    [
      'another order signed into the query',
      (ref: string) => ({ reference: `${ref}x`, status: 'SUCCESSFUL', hash: sign('SUCCESSFUL', `${ref}x`) }),
    ],
    [
      'the hash of a DECLINED return with the status changed',
      (ref: string) => ({ reference: ref, status: 'SUCCESSFUL', hash: sign('DECLINED', ref) }),
    ],
  ])('%s: nothing changes, no upstream read, the shopper still goes on', async (_name, query) => {
    const { orderReference } = await placeOrder(stack.bff.url);
    await expectUnchanged(orderReference, await followReturn(returnUrl(orderReference, query(orderReference))));
    expect(stack.bff.logs.some((line) => line.includes('return without a valid signature'))).toBe(true);
  });

  it('a repeated status parameter is not a genuine return', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    const url = `${returnUrl(orderReference, { reference: orderReference, status: 'SUCCESSFUL', hash: sign('SUCCESSFUL', orderReference) })}&status=SUCCESSFUL`;
    await expectUnchanged(orderReference, await followReturn(url));
  });

  it('a correctly signed SUCCESSFUL return while the upstream says PENDING stays pending', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    // Signed with the real secret (a leaked secret or a replayed link), but the shopper never paid.
    const answer = await followReturn(
      returnUrl(orderReference, {
        reference: orderReference,
        status: 'SUCCESSFUL',
        hash: sign('SUCCESSFUL', orderReference),
      }),
    );
    expect(destination(answer).query).toEqual(signedBack(orderReference, 'pending'));
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ status: 'pending', paidMinor: 0 });
    expect(upstreamReads(stack.sandbox, orderReference)).toBe(1);
    const events = await stack.db.store.events.list(orderReference);
    expect(events.at(-1)).toMatchObject({
      source: 'return',
      status: 'pending',
      upstreamStatus: 'PENDING',
      payload: { redirectStatus: 'SUCCESSFUL' },
    });
  });

  it('an order paid less than it owes goes on hold, not paid', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    // The ledger owes one fil more than the upstream's order carries.
    await stack.db.driver.query('update orders set amount_minor = amount_minor + 1 where order_reference = $1', [
      orderReference,
    ]);
    const { redirectTo } = await stack.sandbox.decide(orderReference, { outcome: 'approve' });
    const answer = await followReturn(redirectTo);
    expect(destination(answer).query).toEqual(signedBack(orderReference, 'on_hold'));
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({
      status: 'on_hold',
      paidMinor: 14389,
      capturedMinor: 0,
    });
    const events = await stack.db.store.events.list(orderReference);
    expect(events.at(-1)).toMatchObject({
      source: 'return',
      status: 'on_hold',
      payload: { holdReason: 'underpaid', from: 'pending' },
    });
  });
});

describe('genuine returns', () => {
  it('accepts the hash in upper case and keeps the return URL own query', async () => {
    const { orderReference } = await placeOrder(stack.bff.url, { returnUrl: 'https://shop.example/done?lang=ar' });
    const { redirectTo } = await stack.sandbox.decide(orderReference, { outcome: 'approve' });
    const url = new URL(redirectTo);
    url.searchParams.set('hash', url.searchParams.get('hash')!.toUpperCase());
    const answer = await followReturn(url.href);
    expect(destination(answer)).toEqual({
      base: 'https://shop.example/done',
      query: { lang: 'ar', ...signedBack(orderReference, 'paid') },
    });
  });

  it("accepts the docs' sample form: 32 bytes of base64 (HMAC-SHA256), percent-encoded in the query", async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    await stack.sandbox.decide(orderReference, { outcome: 'approve' });
    const hash = createHmac('sha256', stack.sandbox.credentials.paymentSecret)
      .update(`SUCCESSFUL|${orderReference}`)
      .digest('base64');
    const answer = await followReturn(
      returnUrl(orderReference, { reference: orderReference, status: 'SUCCESSFUL', hash }),
    );
    expect(destination(answer).query).toEqual(signedBack(orderReference, 'paid'));
  });

  it("a second visit of the same return changes nothing more, and shares the first one's upstream read", async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    const { redirectTo } = await stack.sandbox.decide(orderReference, { outcome: 'approve' });
    await followReturn(redirectTo);
    const again = await followReturn(redirectTo);
    expect(destination(again).query.status).toBe('paid');
    expect(upstreamReads(stack.sandbox, orderReference)).toBe(1);
    const statuses = (await stack.db.store.events.list(orderReference)).map((event) => [event.source, event.status]);
    expect(statuses).toEqual([
      ['create', 'initiated'],
      ['create', 'pending'],
      ['return', 'paid'],
    ]);
  });

  it('100 replays of a signed return, at once, cost one upstream read', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    const { redirectTo } = await stack.sandbox.decide(orderReference, { outcome: 'approve' });
    const answers = await Promise.all(Array.from({ length: 100 }, () => followReturn(redirectTo)));
    expect(new Set(answers.map((answer) => `${answer.status} ${destination(answer).query.status}`))).toEqual(
      new Set(['303 paid']),
    );
    expect(upstreamReads(stack.sandbox, orderReference)).toBe(1);
  });

  it('a signed return replayed window after window reads the upstream each time, and journals it once', async () => {
    const clock = testClock();
    const bff = await stack.startBff({ now: clock.now, env: { OPI_UPSTREAM_TIMEOUT_MS: '500' } });
    const { orderReference } = await placeOrder(bff.url);
    const { redirectTo } = await stack.sandbox.decide(orderReference, { outcome: 'approve' });
    for (let visit = 0; visit < 4; visit++) {
      expect(destination(await followReturn(redirectTo)).query.status).toBe('paid');
      clock.advance(10_000); // past the shared read's window
    }
    expect(upstreamReads(stack.sandbox, orderReference)).toBe(4);
    const returns = (await stack.db.store.events.list(orderReference)).filter((event) => event.source === 'return');
    expect(returns).toEqual([
      expect.objectContaining({ status: 'paid', payload: expect.objectContaining({ redirectStatus: 'SUCCESSFUL' }) }),
    ]);
  });

  it('is rate limited per client: a plain page that says to wait, with Retry-After', async () => {
    const limited = await stack.startBff({ env: { OPI_RATE_LIMIT_PER_MINUTE: '2', OPI_UPSTREAM_TIMEOUT_MS: '500' } });
    const { orderReference } = await placeOrder(limited.url);
    const url = `${limited.url}/v1/returns/${orderReference}`;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(url, { redirect: 'manual' })).status);
    expect(statuses).toEqual([303, 303, 429]);
    const refused = await call(url, { redirect: 'manual' });
    expect([refused.status, refused.headers.get('content-type')]).toEqual([429, 'text/html; charset=utf-8']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.text).toContain('Too many attempts');
  });

  it('with the upstream down, the shopper goes on with the ledger status, the visit is journalled and the read asked for', async () => {
    const { orderReference } = await placeOrder(stack.bff.url);
    const { redirectTo } = await stack.sandbox.decide(orderReference, { outcome: 'approve' });
    stack.sandbox.setFault('get-order', { kind: 'status', status: 503 });
    const answer = await followReturn(redirectTo);
    expect(answer.status).toBe(303);
    expect(destination(answer).query).toEqual(signedBack(orderReference, 'pending'));
    const events = await stack.db.store.events.list(orderReference);
    expect(events.at(-1)).toMatchObject({
      source: 'return',
      status: 'pending',
      upstreamStatus: null,
      payload: { upstreamError: 'upstream_unavailable' },
    });
    // The reconciler makes the read now, whatever the status (bff/reconcile/refresh.ts).
    const order = (await stack.db.store.orders.get(orderReference))!;
    expect(order.rereadAskedAt).not.toBeNull();
    expect(order.nextPollAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('an unknown reference', () => {
  it('gets a plain, friendly 404 page, not a 500 or JSON', async () => {
    const answer = await call(
      `${stack.bff.url}/v1/returns/opi-unknown-1?reference=opi-unknown-1&status=SUCCESSFUL&hash=${'a'.repeat(128)}`,
      { redirect: 'manual' },
    );
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(answer.text).toContain('<h1>We could not find this payment</h1>');
    expect(answer.text).not.toMatch(/<script|Error:|at .*\.ts/);
  });

  it('escapes nothing of the request into the page', async () => {
    const answer = await call(`${stack.bff.url}/v1/returns/${encodeURIComponent('<script>alert(1)</script>')}`, {
      redirect: 'manual',
    });
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('<script>');
  });
});

describe("the plain pages, in the shopper's language", () => {
  const unknown = () => `${stack.bff.url}/v1/returns/opi-unknown-2`;

  it.each(LANGUAGES)('%s, from the browser’s Accept-Language', async (language) => {
    const answer = await call(unknown(), { headers: { 'accept-language': `${language};q=0.9, ko;q=1` } });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-language')).toBe(language);
    expect(answer.headers.get('vary')).toMatch(/accept-language/i);
    expect(answer.text).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
    const { words } = returnPageWords([language]);
    expect(answer.text).toContain(`<h1>${words.notFound.title}</h1>`);
  });

  it.each([
    ['zh-TW, en;q=0.5', 'zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-HK', 'zh-Hant'],
    ['zh-CN', 'zh-CN', 'zh-Hans'],
    ['ar-SA, en;q=0.8', 'ar-SA', 'ar'],
    ['tl-PH', 'fil-PH', 'fil'],
    ['ko-KR, ja;q=0.8', 'en', 'en'],
  ])('Accept-Language %s: a region finds its language or script (%s, the %s words)', async (header, tag, language) => {
    const answer = await call(unknown(), { headers: { 'accept-language': header } });
    expect(answer.headers.get('content-language')).toBe(tag);
    expect(answer.text).toContain(`<h1>${returnPageWords([language]).words.notFound.title}</h1>`);
  });

  it("looks at the browser's first 8 languages only (a stranger's header can name thousands)", async () => {
    const unspoken = Array.from({ length: 8 }, (_, index) => `x${index}-a${String(index).padStart(2, '0')}`);
    const eighth = await call(unknown(), { headers: { 'accept-language': [...unspoken.slice(1), 'de'].join(', ') } });
    expect(eighth.headers.get('content-language')).toBe('de');
    const ninth = await call(unknown(), { headers: { 'accept-language': [...unspoken, 'de'].join(', ') } });
    expect(ninth.headers.get('content-language')).toBe('en');
  });

  it("prefers the session's locale, then the browser's, then English", () => {
    expect(returnPageWords(['th_TH', 'de']).language).toBe('th-TH');
    expect(returnPageWords([undefined, 'not a tag!', 'de-AT']).language).toBe('de-AT');
    expect(returnPageWords(['ko', '*']).language).toBe('en');
  });
});
