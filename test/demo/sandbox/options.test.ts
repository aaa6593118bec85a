import { describe, expect, it } from 'vitest';
import { readOptionItems } from '../../../bff/upstream/contract.js';
import { call, getToken, startSandbox } from './helpers.js';

async function options(query: string) {
  const sandbox = await startSandbox();
  const token = await getToken(sandbox);
  return { sandbox, response: await call(sandbox, `/options${query}`, { token }) };
}

describe('GET /options', () => {
  it('lists the providers for a currency and amount in priority order, numbers sent as strings', async () => {
    const { response } = await options('?amount=100&currency=AED');
    expect(response.status).toBe(200);
    expect(response.body.map((item: { name: string }) => item.name)).toEqual(['TABBY_AE', 'TAMARA_AE']);
    const [tabby] = response.body;
    expect(tabby).toMatchObject({
      name: 'TABBY_AE',
      currency: 'AED',
      minAmount: '1',
      maxAmount: '10000',
      priority: '1',
      interestRate: '0',
      recommended: true,
      requiredFields: [],
      terms: 'Pay 4 x AED 25.00 monthly, interest-free, with Tabby.',
      instalment: { rate: { amount: 25, currency: 'AED' }, termDuration: 4, termUnit: 'months' },
      monthlyCost: { amount: 25, currency: 'AED' },
      termDurationInMonths: 4,
      weeklyCost: { amount: 6.25, currency: 'AED' },
      termDurationInWeeks: 16,
      checkoutConfig: { button: { type: 'global', text: 'Checkout', background: '#3BFFC1' } },
    });
    expect(response.body[1].requiredFields).toEqual(['shippingAddress']);
    // The BFF's tolerant schema reads it, coercing the strings.
    const parsed = readOptionItems(response.body).items;
    expect(parsed[0]).toMatchObject({ minAmount: 1, maxAmount: 10000, priority: 1, interestRate: 0 });
    expect(tabby.image).toBeUndefined();
  });

  it('computes the plan from the amount: the last instalment absorbs the remainder', async () => {
    const { response } = await options('?amount=100&currency=SGD');
    const hoolah = response.body.find((item: { name: string }) => item.name === 'HOOLAH_SG');
    // The docs' own example: SGD 100 over 3 weeks with Hoolah.
    expect(hoolah).toMatchObject({
      terms: 'Pay 3 x SGD 33.33 (last SGD 33.34) weekly, interest-free, with Hoolah.',
      instalment: { rate: { amount: 33.33, currency: 'SGD' }, termDuration: 3, termUnit: 'weeks' },
      weeklyCost: { amount: 33.33, currency: 'SGD' },
      monthlyCost: { amount: 100, currency: 'SGD' },
      termDurationInMonths: 0.75,
      termDurationInWeeks: 3,
    });
  });

  it('keeps three decimals for KWD', async () => {
    const { response } = await options('?amount=12.5&currency=KWD');
    expect(response.body).toHaveLength(1);
    expect(response.body[0]).toMatchObject({
      name: 'TABBY_KW',
      terms: 'Pay 4 x KWD 3.125 monthly, interest-free, with Tabby.',
      instalment: { rate: { amount: 3.125, currency: 'KWD' } },
    });
  });

  it('offers every market of the catalogue', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    const names: string[] = [];
    for (const currency of ['AED', 'SAR', 'KWD', 'AUD', 'SGD', 'USD']) {
      const response = await call(sandbox, `/options?amount=100&currency=${currency}`, { token });
      expect(response.status).toBe(200);
      names.push(...response.body.map((item: { name: string }) => item.name));
    }
    expect(names).toEqual(
      expect.arrayContaining([
        'TABBY_AE',
        'TAMARA_SA',
        'TABBY_KW',
        'AFTERPAY_AU',
        'ZIP_AU',
        'ATOME_SG',
        'HOOLAH_SG',
        'KLARNA_US',
      ]),
    );
    expect(new Set(names.map((name) => name.split('_')[1])).size).toBeGreaterThanOrEqual(5);
  });

  it.each([
    ['below a minimum', '?amount=20&currency=USD', []],
    ['at the minimum', '?amount=35&currency=USD', ['KLARNA_US']],
    ['between the limits', '?amount=500&currency=USD', ['KLARNA_US', 'AFFIRM_US']],
    ['above a maximum', '?amount=1000.01&currency=USD', ['AFFIRM_US']],
    ['an unlisted currency', '?amount=100&currency=EUR', []],
  ])('filters by amount limits: %s', async (_label, query, expected) => {
    const { response } = await options(query);
    expect(response.status).toBe(200);
    expect(response.body.map((item: { name: string }) => item.name)).toEqual(expected);
  });

  it('filters by channel: without one only the default channel, with one only that channel', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    const instore = await call(sandbox, '/options?amount=100&currency=SGD&channel=instore', { token });
    expect(instore.body.map((item: { name: string }) => item.name)).toEqual(['ATOME_SG']);
    const unknown = await call(sandbox, '/options?amount=100&currency=SGD&channel=kiosk', { token });
    expect(unknown.body).toEqual([]);
  });

  it('serves each logo itself, on its own origin, and inlines it as base64 with isCapable=true', async () => {
    const sandbox = await startSandbox();
    const token = await getToken(sandbox);
    const response = await call(sandbox, '/options/?currency=AUD&amount=100&isCapable=true', { token });
    expect(response.status).toBe(200);
    expect(response.body.map((item: { name: string }) => item.name)).toEqual(['AFTERPAY_AU', 'ZIP_AU']);
    for (const item of response.body as { imageUrl: string; image: string }[]) {
      expect(new URL(item.imageUrl).origin).toBe(sandbox.url);
      const logo = await fetch(item.imageUrl);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toBe('image/svg+xml');
      const svg = await logo.text();
      expect(svg).toMatch(/^<svg [^>]*role="img"/);
      expect(Buffer.from(item.image, 'base64').toString('utf8')).toBe(svg);
    }
    // Logos are not API requests: the journal holds only the token and options calls.
    expect(sandbox.journal.map((entry) => entry.route)).toEqual(['token', 'options']);
  });

  it.each([
    [
      'no amount nor currency',
      '',
      ['amount must be a number', 'currency must be an ISO 4217 currency code, such as AED'],
    ],
    ['a text amount', '?amount=ten&currency=AED', ['amount must be a number']],
    ['an amount below 1', '?amount=0.5&currency=AED', ['amount must not be less than 1']],
    ['too many decimals', '?amount=10.001&currency=AED', ['amount must have at most 2 decimals in AED']],
    ['an amount beyond the safe range', '?amount=1e16&currency=AED', ['amount must be at most 1000000000']],
    ['an amount just above the limit', '?amount=1000000000.01&currency=KWD', ['amount must be at most 1000000000']],
    [
      'a too large amount in an unknown currency',
      '?amount=1e16&currency=XYZ',
      ['amount must be at most 1000000000', 'currency must be an ISO 4217 currency code, such as AED'],
    ],
    ['an unknown currency', '?amount=10&currency=XYZ', ['currency must be an ISO 4217 currency code, such as AED']],
    ['a lower-case currency', '?amount=10&currency=aed', ['currency must be an ISO 4217 currency code, such as AED']],
    ['a non-boolean isCapable', '?amount=10&currency=AED&isCapable=yes', ['isCapable must be a boolean value']],
  ])('refuses %s with a 400 naming the fields', async (_label, query, messages) => {
    const { response } = await options(query);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ statusCode: 400, message: messages, error: 'Bad Request' });
  });
});
