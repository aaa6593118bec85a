// Merchant notifications end to end: a real merchant endpoint on port 0 receives signed POSTs for final order
// statuses and refund results, failed deliveries are retried with backoff, and retries are bounded.
import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyNotificationSignature } from '../../../bff/notify/signature.js';
import { merchantNotificationSchema, type MerchantNotification } from '../../../shared/schemas/merchant-api.js';
import { DEV_MERCHANT_KEY, listenOnPort0 } from '../../support/servers.js';
import { useCheckoutStack } from '../../support/stack.js';
import { FAST_SANDBOX, paidOrder, getOrder, postOperation, testClock } from '../../support/after-payment-harness.js';

const SECRET = 'whsec_test_0123456789abcdef';

interface Delivery {
  signature: string;
  raw: string;
}

const deliveries: Delivery[] = [];
/** Status codes the merchant answers, one per delivery; 204 once they run out. */
let answers: number[] = [];
const clock = testClock();

const merchantServer = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    deliveries.push({ signature: String(req.headers['opi-signature']), raw: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(answers.shift() ?? 204).end();
  });
});
let merchantUrl: string;
// The merchant's endpoint listens first (the BFF is configured with its URL) and closes last.
beforeAll(async () => {
  merchantUrl = await listenOnPort0(merchantServer);
});
afterAll(async () => {
  merchantServer.closeAllConnections();
  await new Promise((resolve) => merchantServer.close(resolve));
});

const stack = useCheckoutStack({
  sandbox: { ...FAST_SANDBOX, refundSettlement: 'instant' },
  now: clock.now,
  env: () => ({
    OPI_UPSTREAM_TIMEOUT_MS: '1000',
    OPI_MERCHANT_WEBHOOK_URL: `${merchantUrl}/opi/notifications`,
    OPI_MERCHANT_WEBHOOK_SECRET: SECRET,
    // A minute (on the test's clock): a retry is never due by itself while the test looks, however slow the machine.
    OPI_NOTIFY_RETRY_MS: '60000',
    OPI_NOTIFY_MAX_ATTEMPTS: '3',
  }),
  between: 'settle',
});
beforeEach(() => {
  deliveries.length = 0;
  answers = [];
  clock.offsetMs = 0;
});

function received(): MerchantNotification[] {
  return deliveries.map(({ signature, raw }) => {
    expect(
      verifyNotificationSignature(signature, raw, SECRET, { nowSeconds: Math.floor(clock.now().getTime() / 1000) }),
    ).toBe(true);
    return merchantNotificationSchema.parse(JSON.parse(raw));
  });
}

const paid = async () => (await paidOrder(stack)).orderReference;

describe('merchant notifications', () => {
  it('announces a final status once, signed, however many deliveries told the BFF about it', async () => {
    const orderReference = await paid();
    const notes = received();
    expect(notes).toEqual([
      {
        id: expect.stringMatching(/^ntf_/),
        type: 'order.status',
        createdAt: expect.any(String),
        data: expect.objectContaining({ orderReference, status: 'paid', paidAmount: 143.89, refundableAmount: 143.89 }),
      },
    ]);
  });

  it('announces a refund result', async () => {
    const orderReference = await paid();
    deliveries.length = 0;
    const refund = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 12.5 });
    await stack.bff.notifier.idle();
    expect(received()).toEqual([expect.objectContaining({ type: 'refund.result', data: refund.body })]);
  });

  it('retries a failed delivery with backoff until the merchant accepts it', async () => {
    answers = [500, 503];
    const orderReference = await paid();
    expect(deliveries).toHaveLength(1);
    await stack.bff.reconciler.reconcileOnce(); // not due yet: no second attempt
    expect(deliveries).toHaveLength(1);
    clock.advance(60_000);
    await stack.bff.reconciler.reconcileOnce();
    expect(deliveries).toHaveLength(2);
    clock.advance(120_000); // the delay doubles
    await stack.bff.reconciler.reconcileOnce();
    expect(deliveries).toHaveLength(3);
    const notes = received();
    expect(new Set(notes.map((note) => note.id)).size).toBe(1);
    expect(notes.every((note) => note.type === 'order.status' && note.data.orderReference === orderReference)).toBe(
      true,
    );
    clock.advance(60 * 60_000);
    await stack.bff.reconciler.reconcileOnce();
    expect(deliveries).toHaveLength(3); // delivered: never again
  });

  it('gives up after the configured number of attempts, and says so in the log', async () => {
    answers = [500, 500, 500, 500, 500];
    await paid();
    for (let i = 0; i < 5; i++) {
      clock.advance(240_000);
      await stack.bff.reconciler.reconcileOnce();
    }
    expect(deliveries).toHaveLength(3);
    expect(stack.bff.logs.some((line) => line.includes('merchant notification given up after its last attempt'))).toBe(
      true,
    );
  });

  it('no secret reaches a log line, a notification or a merchant answer', async () => {
    const orderReference = await paid();
    const refund = await postOperation(stack.bff.url, orderReference, 'refunds', { amount: 1 });
    const view = await getOrder(stack.bff.url, orderReference);
    await stack.bff.notifier.idle();
    const { callbackSecret } = (await stack.db.store.orders.get(orderReference))!;
    const seen = [...stack.bff.logs, ...deliveries.map((delivery) => delivery.raw), refund.text, view.text].join('\n');
    expect(seen).toContain(orderReference);
    for (const secret of [
      SECRET,
      callbackSecret,
      stack.sandbox.credentials.paymentSecret,
      stack.sandbox.credentials.clientSecret,
      DEV_MERCHANT_KEY,
    ]) {
      expect(seen).not.toContain(secret);
    }
  });
});
