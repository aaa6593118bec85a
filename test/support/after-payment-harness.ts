// Shared by the after-the-redirect tests: a fast sandbox, a clock the test can move, orders placed through the
// real widget API, and the merchant API's calls.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Sandbox, SandboxOptions } from '../../demo/sandbox/sandbox.js';
import { call, createSession, json, merchant, shopper, type Answer } from './checkout.js';
import type { TestBff } from './servers.js';

/**
 * Pending results settle in 40 ms; a failed callback is retried twice, 20 ms apart. A test that must see an order
 * still pending when the shopper returns settles later (SETTLES_AFTER_RETURN): 40 ms is shorter than a return on a
 * loaded CI machine.
 */
export const FAST_SANDBOX: SandboxOptions = {
  pendingSettleMs: 40,
  callbackRetry: { attempts: 3, baseDelayMs: 20 },
  callbackTimeoutMs: 1_000,
};

export const SETTLES_AFTER_RETURN: SandboxOptions = { ...FAST_SANDBOX, pendingSettleMs: 1_000 };

/** The BFF's clock: real time plus an offset a test moves forward (to make polls due). */
export function testClock() {
  const clock = {
    offsetMs: 0,
    now: () => new Date(Date.now() + clock.offsetMs),
    advance(ms: number) {
      clock.offsetMs += ms;
    },
  };
  return clock;
}

export interface PlacedOrder {
  sessionId: string;
  orderReference: string;
  redirectUrl: string;
}

/** A session from the merchant API, then an order from the widget API, as a shopper would place it. */
export async function placeOrder(
  bffUrl: string,
  cart: Record<string, unknown> = {},
  who: Record<string, unknown> = {},
): Promise<PlacedOrder> {
  const sessionId = await createSession(bffUrl, cart);
  const answer = await call(`${bffUrl}/v1/checkout-sessions/${sessionId}/orders`, json('POST', shopper(who)));
  if (answer.status !== 201) throw new Error(`order not placed: ${answer.status} ${answer.text}`);
  return { sessionId, orderReference: answer.body.orderReference, redirectUrl: answer.body.redirectUrl };
}

/** The shopper's browser arriving at the BFF's return URL; the 303 is not followed. */
export const followReturn = (url: string): Promise<Answer> => call(url, { redirect: 'manual' });

/**
 * An order placed, approved at the provider and returned from, with all it set off done: the sandbox's notices and
 * the merchant notifications they wrote.
 */
export async function paidOrder(
  { bff, sandbox }: { bff: TestBff; sandbox: Sandbox },
  cart: Record<string, unknown> = {},
): Promise<PlacedOrder> {
  const placed = await placeOrder(bff.url, cart);
  await followReturn((await sandbox.decide(placed.orderReference, { outcome: 'approve' })).redirectTo);
  await sandbox.idle();
  await bff.notifier.idle();
  return placed;
}

/** The query a signed return sends the shopper on with: the order, its status, and the way back to its session. */
export const signedBack = (orderReference: string, status: string) => ({
  orderReference,
  status,
  checkoutUrl: expect.stringMatching(/\/pay\/cs_[\w-]+$/),
});

/** Where a 303 sends the shopper, with its query as an object. */
export function destination(answer: Answer): { base: string; query: Record<string, string> } {
  const url = new URL(answer.headers.get('location')!);
  return { base: `${url.origin}${url.pathname}`, query: Object.fromEntries(url.searchParams) };
}

export const getOrder = (bffUrl: string, reference: string) =>
  call(`${bffUrl}/v1/orders/${reference}`, { headers: merchant });

export const postOperation = (
  bffUrl: string,
  reference: string,
  operation: 'refunds' | 'capture' | 'void',
  body: unknown,
  key: string = randomUUID(),
) => call(`${bffUrl}/v1/orders/${reference}/${operation}`, json('POST', body, { ...merchant, 'idempotency-key': key }));

/** How many times the sandbox was asked GET /orders/{reference}. */
export const upstreamReads = (sandbox: Sandbox, reference: string) =>
  sandbox.journal.filter((entry) => entry.method === 'GET' && entry.path === `/orders/${reference}`).length;

/** The callback URL the BFF gave the upstream for this order, as the sandbox received it at create. */
export function callbackUrlOf(sandbox: Sandbox, reference: string): string {
  const create = sandbox.journal.find(
    (entry) => entry.method === 'POST' && (entry.body as { orderReference?: string })?.orderReference === reference,
  );
  return (create!.body as { dynamicCallbackUrl: string }).dynamicCallbackUrl;
}
