// An Idempotency-Key whose request died (a crash, a release that failed) is not blocked for ever: its claim has a
// lease, and once that lapses a retry of the same request takes the key over; one let go bound to its request (an
// outcome not known yet) is taken at once by the same request, never by another. On the ledger of each driver, and
// end to end for an order placement and a capture, through the real sandbox.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { idempotencyLeaseMs } from '../../../bff/domain/idempotency.js';
import type { Store } from '../../../bff/store/types.js';
import { call, createSession, json, shopper } from '../../support/checkout.js';
import { useCheckoutStack } from '../../support/stack.js';
import { storeDrivers, useTestStore } from '../../support/store.js';
import {
  FAST_SANDBOX,
  followReturn,
  placeOrder,
  postOperation,
  testClock,
} from '../../support/after-payment-harness.js';

const T0 = new Date('2030-01-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
/** A claim at `now` that takes over claims made 1 s or more before it. */
const lease = (now: Date) => ({ now, takeOverBefore: new Date(now.getTime() - 1_000) });

describe.each(storeDrivers())('idempotency key leases on $name', ({ open }) => {
  const t = useTestStore(open);

  it('a fresh claim holds; an abandoned one is taken over by the same request only', async () => {
    expect(await t.store.idempotency.claim('s', 'k', 'hash-1', lease(at(0)))).toBe(true);
    expect(await t.store.idempotency.claim('s', 'k', 'hash-1', lease(at(500)))).toBe(false);
    expect(await t.store.idempotency.claim('s', 'k', 'hash-2', lease(at(5_000)))).toBe(false);
    expect(await t.store.idempotency.claim('s', 'k', 'hash-1', lease(at(5_000)))).toBe(true);
    expect(await t.store.idempotency.get('s', 'k')).toMatchObject({
      requestHash: 'hash-1',
      statusCode: null,
      claimedAt: at(5_000),
    });
  });

  it('the claim that was taken over can neither answer for the key nor release it', async () => {
    await t.store.idempotency.claim('s', 'k', 'hash-1', lease(at(0)));
    await t.store.idempotency.claim('s', 'k', 'hash-1', lease(at(5_000)));
    await t.store.idempotency.complete('s', 'k', 201, { from: 'the old claim' }, at(0));
    await t.store.idempotency.release('s', 'k', at(0));
    expect(await t.store.idempotency.get('s', 'k')).toMatchObject({ statusCode: null, claimedAt: at(5_000) });

    await t.store.idempotency.complete('s', 'k', 201, { from: 'the new claim' }, at(5_000));
    expect(await t.store.idempotency.get('s', 'k')).toMatchObject({
      statusCode: 201,
      response: { from: 'the new claim' },
    });
  });

  it('a key let go bound to its request is taken at once by the same request, never by another', async () => {
    await t.store.idempotency.claim('s', 'k', 'hash-1', lease(at(0)));
    await t.store.idempotency.yieldClaim('s', 'k', at(0));
    expect(await t.store.idempotency.get('s', 'k')).toMatchObject({ requestHash: 'hash-1', statusCode: null });
    expect(await t.store.idempotency.claim('s', 'k', 'hash-2', lease(at(100)))).toBe(false);
    expect(await t.store.idempotency.claim('s', 'k', 'hash-1', lease(at(100)))).toBe(true);
  });

  it('an answered key is never taken over', async () => {
    await t.store.idempotency.claim('s', 'k', 'hash-1', lease(at(0)));
    await t.store.idempotency.complete('s', 'k', 201, { done: true }, at(0));
    expect(await t.store.idempotency.claim('s', 'k', 'hash-1', lease(at(60_000)))).toBe(false);
    expect(await t.store.idempotency.get('s', 'k')).toMatchObject({ statusCode: 201, response: { done: true } });
  });
});

describe('a key whose release failed', () => {
  const TIMEOUT_MS = 300;
  const clock = testClock();
  const stack = useCheckoutStack({ sandbox: FAST_SANDBOX, bff: 'none', between: 'settle' });
  beforeEach(() => {
    clock.offsetMs = 0;
  });

  /**
   * A BFF on the stack's ledger whose releases of idempotency keys fail (the connection dropped just then), whether
   * the key is forgotten or kept bound to its request.
   */
  function bffWithFailingRelease() {
    const dropped = async () => {
      throw new Error('connection terminated');
    };
    const store: Store = {
      ...stack.db.store,
      idempotency: { ...stack.db.store.idempotency, release: dropped, yieldClaim: dropped },
    };
    return stack.startBff({ store, now: clock.now, env: { OPI_UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) } });
  }

  it('an order placement answers in flight until the lease lapses, then the retry places the order', async () => {
    const bff = await bffWithFailingRelease();
    const sessionId = await createSession(bff.url);
    const key = randomUUID();
    const submit = () =>
      call(`${bff.url}/v1/checkout-sessions/${sessionId}/orders`, json('POST', shopper(), { 'idempotency-key': key }));

    stack.sandbox.setFault('create-order', { kind: 'status', status: 503 });
    expect((await submit()).status).toBeGreaterThanOrEqual(500);
    stack.sandbox.clearFaults();

    const blocked = await submit();
    expect([blocked.status, blocked.body.code]).toEqual([409, 'idempotency_key_in_flight']);

    clock.advance(idempotencyLeaseMs(TIMEOUT_MS) + 1);
    const retried = await submit();
    expect(retried.status).toBe(201);
    expect(retried.body.redirectUrl).toContain('/pay/');
    const replayed = await submit();
    expect([replayed.status, replayed.headers.get('idempotent-replayed'), replayed.body]).toEqual([
      201,
      'true',
      retried.body,
    ]);
  });

  it('a capture answers in flight until the lease lapses, then the retry finishes it once', async () => {
    const bff = await bffWithFailingRelease();
    const { orderReference } = await placeOrder(bff.url, { autoCapture: false });
    await followReturn((await stack.sandbox.decide(orderReference, { outcome: 'approve' })).redirectTo);
    const key = randomUUID();

    stack.sandbox.setFault('capture', { kind: 'hang' }, { times: 1 });
    expect(
      (await postOperation(bff.url, orderReference, 'capture', { amount: 50 }, key)).status,
    ).toBeGreaterThanOrEqual(500);

    const blocked = await postOperation(bff.url, orderReference, 'capture', { amount: 50 }, key);
    expect([blocked.status, blocked.body.code]).toEqual([409, 'idempotency_key_in_flight']);

    clock.advance(idempotencyLeaseMs(TIMEOUT_MS) + 1);
    const retried = await postOperation(bff.url, orderReference, 'capture', { amount: 50 }, key);
    expect([retried.status, retried.body.amount]).toEqual([201, 50]);
    expect(await stack.db.store.orders.get(orderReference)).toMatchObject({ capturedMinor: 5000 });
    const captures = stack.sandbox.journal.filter(
      (entry) => entry.method === 'POST' && entry.path.endsWith('/capture') && entry.status === 201,
    );
    expect(captures).toHaveLength(1);
  });
});
