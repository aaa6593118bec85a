// Merchant notifications are signed like Stripe's webhooks: HMAC-SHA256 over `${timestamp}.${rawBody}` with the
// notification secret, sent as `Opi-Signature: t=<unix seconds>,v1=<hex>`. The timestamp is inside the MAC so a
// captured delivery cannot be replayed later. verifyNotificationSignature imports nothing but node:crypto, so a
// merchant can copy it as it is (docs/notifications.md shows it).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const NOTIFICATION_SIGNATURE_HEADER = 'Opi-Signature';

export function signNotification(rawBody: string, secret: string, timestampSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.`).update(rawBody).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

/**
 * True when `header` carries a v1 signature of this exact raw body (bytes as received, before JSON parsing) made
 * with `secret` at a time within `toleranceSeconds` of now. Several v1 entries are allowed (secret rotation).
 */
export function verifyNotificationSignature(
  header: string | undefined,
  rawBody: string | Buffer,
  secret: string,
  { toleranceSeconds = 300, nowSeconds = Math.floor(Date.now() / 1000) } = {},
): boolean {
  if (!header || !secret) return false;
  let timestamp: string | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = value;
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  return signatures.some((signature) => timingSafeEqual(signature, expected));
}
