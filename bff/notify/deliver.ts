// One attempt to deliver a merchant notification: POST the exact stored body, signed at send time.
import { inClientSpan, traceHeaders } from '../telemetry/tracing.js';
import { NOTIFICATION_SIGNATURE_HEADER, signNotification } from './signature.js';

export interface DeliveryTarget {
  url: string;
  secret: string;
  fetch: typeof fetch;
  timeoutMs: number;
  /** Unix seconds for the signature's timestamp. */
  nowSeconds: () => number;
}

export type DeliveryResult = { ok: true } | { ok: false; error: string };

/** 2xx is delivered; anything else (another status, a redirect, a timeout, a refused connection) is retried later. */
export function deliverNotification(body: string, target: DeliveryTarget): Promise<DeliveryResult> {
  return inClientSpan('merchant notification', { 'http.request.method': 'POST' }, async (span) => {
    const result = await attempt(body, target);
    span.setAttribute('opi.delivered', result.ok);
    return result;
  });
}

async function attempt(body: string, target: DeliveryTarget): Promise<DeliveryResult> {
  try {
    const response = await target.fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'opi-checkout-bff/1 (notifications)',
        [NOTIFICATION_SIGNATURE_HEADER]: signNotification(body, target.secret, target.nowSeconds()),
        ...traceHeaders(),
      },
      body,
      // Never follow a redirect: the signed body goes to the configured URL only.
      redirect: 'manual',
      signal: AbortSignal.timeout(target.timeoutMs),
    });
    await response.body?.cancel().catch(() => {});
    return response.status >= 200 && response.status < 300
      ? { ok: true }
      : { ok: false, error: `HTTP ${response.status}` };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { ok: false, error: timedOut ? 'timeout' : error instanceof Error ? error.message : 'failed' };
  }
}
