// The sandbox's failure paths, written from the upstream's documents (not from what the BFF reads): an order that shows
// ERROR before its final status, notifications in the docs' barest form, the docs' base64 return hash, pending
// refunds that end DECLINED or ERROR, and what a merchant does by hand in the portal.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, createOrder, expectedHash, getToken, orderRequest, startReceiver, startSandbox } from './helpers.js';

async function placed(options: Parameters<typeof startSandbox>[0] = {}, extra: Record<string, unknown> = {}) {
  const receiver = await startReceiver();
  const sandbox = await startSandbox(options);
  const token = await getToken(sandbox);
  const request = { ...orderRequest(), dynamicCallbackUrl: receiver.url, ...extra };
  await createOrder(sandbox, token, request);
  const reference = request.orderReference;
  const read = async () => (await call(sandbox, `/orders/${reference}`, { token })).body;
  const details = async () => (await call(sandbox, `/orders/${reference}/details`, { token, method: 'POST' })).body;
  return { sandbox, token, reference, receiver, read, details };
}

const statusOf = (redirectTo: string) => new URL(redirectTo).searchParams.get('status');
/** ERROR, then the final status a second later: room for the read that must still see ERROR, and for its notice. */
const SETTLES_LATER = { pendingSettleMs: 1_000 };

describe('an order that shows ERROR first (the docs: ERROR is a redirect status, not a final one)', () => {
  it('error-then-approve, instant: the shopper returns with ERROR, and the order later reads SUCCESSFUL', async () => {
    const { sandbox, reference, receiver, read, details } = await placed(SETTLES_LATER);
    const { redirectTo } = await sandbox.decide(reference, { outcome: 'error-then-approve' });
    expect(statusOf(redirectTo)).toBe('ERROR');
    expect(new URL(redirectTo).searchParams.get('hash')).toBe(
      expectedHash(sandbox.credentials.paymentSecret, 'ERROR', reference),
    );
    expect(await read()).toMatchObject({ status: 'ERROR', failureReason: expect.any(String) });
    await sandbox.idle();
    expect(await read()).toMatchObject({ status: 'SUCCESSFUL', failureReason: null });
    expect((await details()).transactionHistory.map((entry: { status: string }) => entry.status)).toEqual([
      'INITIATED',
      'PENDING',
      'ERROR',
      'SUCCESSFUL',
    ]);
    // A notification for every status change, as the docs say.
    expect(receiver.received.map((body) => body.data.status)).toEqual(['ERROR', 'SUCCESSFUL']);
  });

  it('error-then-decline, pending: PENDING on the return, then ERROR, then DECLINED', async () => {
    const { sandbox, reference, receiver, read } = await placed(SETTLES_LATER);
    const { redirectTo } = await sandbox.decide(reference, { outcome: 'error-then-decline', mode: 'pending' });
    expect(statusOf(redirectTo)).toBe('PENDING');
    await sandbox.idle();
    expect(await read()).toMatchObject({ status: 'DECLINED' });
    expect(receiver.received.map((body) => body.data.status)).toEqual(['ERROR', 'DECLINED']);
  });

  it('a plain error stays ERROR: nothing follows it', async () => {
    const { sandbox, reference, read } = await placed();
    await sandbox.decide(reference, { outcome: 'error' });
    await sandbox.idle();
    expect(await read()).toMatchObject({ status: 'ERROR' });
  });
});

describe("notifications in the docs' form", () => {
  it('carry transactionId always, and an order reference only where notificationReferences asks for one', async () => {
    const { sandbox, reference, receiver, read } = await placed({ notificationReferences: [] });
    await sandbox.decide(reference, { outcome: 'approve' });
    await sandbox.idle();
    const [notice] = receiver.received;
    expect(notice.data).toMatchObject({ status: 'SUCCESSFUL', transactionId: (await read()).transactionReference });
    expect(Object.keys(notice.data)).not.toContain('merchantReference');
    expect(Object.keys(notice.data)).not.toContain('orderReference');
  });

  it('carry both reference fields when asked', async () => {
    const { sandbox, reference, receiver } = await placed({
      notificationReferences: ['merchantReference', 'orderReference'],
    });
    await sandbox.decide(reference, { outcome: 'decline' });
    await sandbox.idle();
    expect(receiver.received[0].data).toMatchObject({ merchantReference: reference, orderReference: reference });
  });

  it('at their barest: event, status and the transactionId of the history entry the details list, nothing else', async () => {
    const { sandbox, reference, receiver, details } = await placed({
      notificationReferences: [],
      notificationFields: 'bare',
      notificationTransactionId: 'history-entry',
    });
    await sandbox.decide(reference, { outcome: 'approve' });
    await sandbox.idle();
    const history = (await details()).transactionHistory as { transactionId: string; status: string }[];
    expect(history.at(-1)?.status).toBe('SUCCESSFUL');
    expect(receiver.received).toEqual([
      { event: 'ORDER_ASYNC_CALLBACK', data: { status: 'SUCCESSFUL', transactionId: history.at(-1)!.transactionId } },
    ]);
    // The details name each entry by the same id on every read.
    expect((await details()).transactionHistory).toEqual(history);
  });

  it('refuses a reference field the setting does not know', () => {
    return expect(startSandbox({ notificationReferences: ['orderId' as 'orderReference'] })).rejects.toThrow(
      'notificationReferences must be one of: merchantReference, orderReference',
    );
  });
});

describe("the docs' base64 return hash", () => {
  it('signs the return with 43 characters of base64 when returnHash is base64', async () => {
    const { sandbox, reference } = await placed({ returnHash: 'base64' });
    const { redirectTo } = await sandbox.decide(reference, { outcome: 'approve' });
    const hash = new URL(redirectTo).searchParams.get('hash')!;
    expect(hash).toHaveLength(43);
    const expected = createHmac('sha256', sandbox.credentials.paymentSecret)
      .update(`SUCCESSFUL|${reference}`)
      .digest('base64')
      .replace(/=+$/, '');
    expect(hash).toBe(expected);
  });
});

describe('pending refunds that do not succeed', () => {
  async function pendingRefund(outcome: 'DECLINED' | 'ERROR') {
    const webhook = await startReceiver();
    const context = await placed({
      refundSettlement: 'pending',
      pendingRefundOutcome: outcome,
      webhookUrl: webhook.url,
    });
    const { sandbox, token, reference } = context;
    await sandbox.decide(reference, { outcome: 'approve' });
    const refund = (amount: number, refundReference: string) =>
      call(sandbox, `/orders/${reference}/refund`, {
        token,
        json: { refundReference, refundDescription: 'returned', refundAmount: { amount } },
      });
    expect((await refund(100, 'R1')).body.refundStatus).toBe('PENDING');
    await sandbox.idle();
    return { ...context, webhook, refund };
  }

  it('end DECLINED: the details say why, the refund callback says so, and the amount is refundable again', async () => {
    const { webhook, details, refund } = await pendingRefund('DECLINED');
    expect((await details()).refunds).toEqual([
      expect.objectContaining({ status: 'DECLINED', refundFailureReason: expect.any(String) }),
    ]);
    expect(webhook.received.at(-1)).toMatchObject({ event: 'REFUND_CALLBACK', data: { status: 'DECLINED' } });
    expect((await refund(100, 'R2')).status).toBe(201);
  });

  it('end ERROR and stay there: still counted, since an ERROR may yet go through', async () => {
    const { details, refund } = await pendingRefund('ERROR');
    expect((await details()).refunds).toEqual([expect.objectContaining({ status: 'ERROR' })]);
    expect((await refund(100, 'R2')).status).toBe(400);
  });
});

describe('the portal (what a merchant does by hand, unknown to its server)', () => {
  it('refunds, captures and voids as the API would, seen only in the records', async () => {
    const { sandbox, reference, receiver, details } = await placed({}, { autoCapture: false });
    await sandbox.decide(reference, { outcome: 'approve' });
    await sandbox.idle();
    const noticesBefore = receiver.received.length;
    await sandbox.portal(reference, { kind: 'capture', amount: 60 });
    await sandbox.portal(reference, { kind: 'refund', amount: 40 });
    await sandbox.portal(reference, { kind: 'void' });
    const record = sandbox.records().find((item) => item.reference === reference)!;
    expect(record).toMatchObject({ capturedMinor: 6_000, voidedMinor: 4_000 });
    expect(record.refunds).toEqual([expect.objectContaining({ amountMinor: 4_000, status: 'SUCCESSFUL' })]);
    expect(record.refunds[0]!.refundReference).toMatch(/^PORTAL-/);
    const read = await details();
    expect(read.refunds).toEqual([
      expect.objectContaining({ refundId: reference, amount: '40', status: 'SUCCESSFUL' }),
    ]);
    expect(read.orderCaptures).toEqual([expect.objectContaining({ amount: '60', status: 'SUCCESSFUL' })]);
    // Nothing is told to the merchant's server, and none of it is an API request.
    expect(receiver.received).toHaveLength(noticesBefore);
    expect(sandbox.journal.filter((entry) => /\/(capture|refund|void)$/.test(entry.path))).toEqual([]);
  });

  it('takes the same actions through the control endpoint, with the same rules', async () => {
    const { sandbox, reference } = await placed();
    await sandbox.decide(reference, { outcome: 'approve' });
    const portal = (body: unknown) => call(sandbox, `/__sandbox/orders/${reference}/portal`, { json: body });
    expect((await portal({ kind: 'refund', amount: 10 })).status).toBe(200);
    const over = await portal({ kind: 'refund', amount: 1_000 });
    expect([over.status, over.body.message]).toEqual([400, 'Over refund limit: AED 90.00 left to refund']);
    expect((await portal({ kind: 'refund' })).status).toBe(400);
    expect((await portal({ kind: 'teleport', amount: 1 })).body.message).toEqual([
      'kind must be one of: refund, capture, void',
    ]);
  });
});
