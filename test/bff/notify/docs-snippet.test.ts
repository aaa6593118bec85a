// The verification snippet of docs/notifications.md is code merchants copy: it must verify what the BFF signs and
// refuse what it must refuse. This runs the snippet exactly as the page shows it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../../bff/config.js';
import { signNotification } from '../../../bff/notify/signature.js';

type Verify = (
  header: string | undefined,
  rawBody: string | Buffer,
  secret: string,
  toleranceSeconds?: number,
  nowSeconds?: number,
) => boolean;

function docsSnippet(): Verify {
  const page = readFileSync(new URL('../../../docs/notifications.md', import.meta.url), 'utf8');
  const match = /<!-- snippet:verify-notification -->\n```js\n([\s\S]*?)```/.exec(page);
  if (!match) throw new Error('docs/notifications.md has no verify-notification snippet');
  const body = match[1]!
    .replace("import { createHmac, timingSafeEqual } from 'node:crypto';", '')
    .replace('export function', 'function');
  return new Function('createHmac', 'timingSafeEqual', 'Buffer', `${body}\nreturn verifyOpiSignature;`)(
    createHmac,
    timingSafeEqual,
    Buffer,
  ) as Verify;
}

describe('the notification snippet of docs/notifications.md', () => {
  const verify = docsSnippet();
  const secret = 'whsec_readme_0123456789';
  const body = JSON.stringify({
    id: 'ntf_1',
    type: 'order.status',
    createdAt: '2030-01-01T00:00:00.000Z',
    data: { status: 'paid' },
  });
  const now = 1_900_000_000;
  const header = signNotification(body, secret, now);

  it('verifies what the BFF signs, from text or raw bytes', () => {
    expect(verify(header, body, secret, 300, now)).toBe(true);
    expect(verify(header, Buffer.from(body), secret, 300, now + 60)).toBe(true);
  });

  it('refuses another body, another secret, no header and an old timestamp', () => {
    expect(verify(header, body.replace('paid', 'failed'), secret, 300, now)).toBe(false);
    expect(verify(header, body, 'another-secret-value', 300, now)).toBe(false);
    expect(verify(undefined, body, secret, 300, now)).toBe(false);
    expect(verify(header, body, secret, 300, now + 301)).toBe(false);
  });

  it('reads the secret from the variable the BFF signs with', () => {
    const page = readFileSync(new URL('../../../docs/notifications.md', import.meta.url), 'utf8');
    const named = [...page.matchAll(/process\.env\.(\w+)/g)].map((match) => match[1]);
    expect(named).toEqual(['OPI_MERCHANT_WEBHOOK_SECRET']);
    expect(CONFIG_VARIABLES).toContain('OPI_MERCHANT_WEBHOOK_SECRET');
  });
});
