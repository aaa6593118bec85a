import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signNotification, verifyNotificationSignature } from '../../../bff/notify/signature.js';

const secret = 'whsec_test_secret';
const body = JSON.stringify({ id: 'ntf_1', type: 'order.status', data: { orderReference: 'o1', status: 'paid' } });
const now = 1_800_000_000;

describe('notification signature', () => {
  it('signs HMAC-SHA256 of "timestamp.body" as t=..,v1=<hex>', () => {
    const expected = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
    expect(signNotification(body, secret, now)).toBe(`t=${now},v1=${expected}`);
  });

  it('verifies its own signature, from a string or the raw bytes', () => {
    const header = signNotification(body, secret, now);
    expect(verifyNotificationSignature(header, body, secret, { nowSeconds: now })).toBe(true);
    expect(verifyNotificationSignature(header, Buffer.from(body), secret, { nowSeconds: now + 299 })).toBe(true);
  });

  it('accepts a header with spaces and several v1 entries (secret rotation)', () => {
    const good = signNotification(body, secret, now).split(',')[1];
    const other = signNotification(body, 'old-secret', now).split(',')[1];
    expect(verifyNotificationSignature(`t=${now}, ${other}, ${good}`, body, secret, { nowSeconds: now })).toBe(true);
  });

  it.each([
    ['a changed body', signNotification(body, secret, now), body.replace('paid', 'declined')],
    ['a body with added whitespace', signNotification(body, secret, now), `${body} `],
    ['another secret', signNotification(body, 'not-the-secret', now), body],
    ['no header', undefined, body],
    ['a header without v1', `t=${now}`, body],
    ['a header without t', signNotification(body, secret, now).split(',')[1], body],
    ['a moved timestamp', signNotification(body, secret, now).replace(`t=${now}`, `t=${now + 1}`), body],
    ['a truncated mac', signNotification(body, secret, now).slice(0, -2), body],
  ])('refuses %s', (_name, header, raw) => {
    expect(verifyNotificationSignature(header, raw, secret, { nowSeconds: now })).toBe(false);
  });

  it('refuses a delivery outside the tolerance window (a replay)', () => {
    const header = signNotification(body, secret, now);
    expect(verifyNotificationSignature(header, body, secret, { nowSeconds: now + 301 })).toBe(false);
    expect(verifyNotificationSignature(header, body, secret, { nowSeconds: now - 301 })).toBe(false);
    expect(verifyNotificationSignature(header, body, secret, { nowSeconds: now + 3600, toleranceSeconds: 7200 })).toBe(
      true,
    );
  });

  it('never verifies with an empty secret', () => {
    expect(verifyNotificationSignature(signNotification(body, '', now), body, '', { nowSeconds: now })).toBe(false);
  });
});
