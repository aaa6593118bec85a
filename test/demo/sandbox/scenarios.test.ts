// The test kit's scenarios (demo/sandbox/scenarios.ts): the shopper's email tag or the amount's last two digits pick
// the outcome, and the hosted page's one button (a POST with no fields, as the browser sends it) applies it. Each
// row of the table goes through the real BFF: the return's status, the upstream's final record and the merchant's view.
import { describe, expect, it } from 'vitest';
import { SCENARIOS, type ScenarioName } from '../../../demo/sandbox/sandbox.js';
import { scenarioOf } from '../../../demo/sandbox/scenarios.js';
import { FAST_SANDBOX, getOrder, placeOrder } from '../../support/after-payment-harness.js';
import { call, createSession, json, shopper } from '../../support/checkout.js';
import { customer } from '../../support/shopper.js';
import { useCheckoutStack } from '../../support/stack.js';
import { waitUntil } from '../../support/wait.js';

const stack = useCheckoutStack({ sandbox: FAST_SANDBOX, between: 'settle' });

/** What the merchant's view of the order ends as, per scenario (the BFF's words for the upstream's final status). */
const MERCHANT_SEES: Record<ScenarioName, string> = {
  approve: 'paid',
  decline: 'declined',
  cancel: 'cancelled',
  'error-then-approve': 'paid',
  'error-then-decline': 'declined',
  pending: 'paid',
  'lost-answer': 'paid',
  'late-cancel': 'cancelled',
  error: 'error',
};

/** A one-item cart whose total is 10.<ending> AED. */
const cartEndingIn = (ending: number) => {
  const price = 10 + ending / 100;
  return {
    orderItems: [{ name: 'Test mug', sku: 'T-1', quantity: 1, unitPrice: price, totalAmount: price }],
    shippingAmount: 0,
    taxAmount: 0,
  };
};

/** The shopper at the provider: the page shows no choice, and its one button posts an empty form. */
async function payOnHostedPage(redirectUrl: string): Promise<URL> {
  const page = await call(redirectUrl);
  expect(page.text).not.toContain('<legend>');
  expect(page.text).toMatch(/<p role="note">Test scenario “[a-z-]+”, chosen by the order’s test data/);
  const submitted = await call(redirectUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(submitted.status).toBe(303);
  return new URL(submitted.headers.get('location')!);
}

async function runScenario(name: ScenarioName, placed: { orderReference: string; redirectUrl: string }) {
  const row = SCENARIOS.find((scenario) => scenario.name === name)!;
  const back = await payOnHostedPage(placed.redirectUrl);
  expect(back.searchParams.get('status')).toBe(row.redirectStatus);
  // The shopper's browser comes back to the BFF.
  await call(back.href, { redirect: 'manual' });
  await stack.sandbox.idle();
  const record = stack.sandbox.records().find((order) => order.reference === placed.orderReference)!;
  expect(record.status).toBe(row.finalStatus === '(none)' ? 'ERROR' : row.finalStatus);
  await waitUntil(
    async () => (await getOrder(stack.bff.url, placed.orderReference)).body.status === MERCHANT_SEES[name],
    10_000,
  );
  // The system's cancellation, not the shopper's: the provider's page says so.
  if (name === 'late-cancel') expect((await call(placed.redirectUrl)).text).toContain('Order cancelled by the system');
}

/**
 * The shopper's order, as the widget places it. With lost-answer the first attempt's answer is cut (the BFF says
 * 502, try again) and the next attempt is a new order that goes through.
 */
async function place(name: ScenarioName, cart: Record<string, unknown>, who: Record<string, unknown>) {
  if (name !== 'lost-answer') return placeOrder(stack.bff.url, cart, who);
  const session = await createSession(stack.bff.url, cart);
  const attempt = () => call(`${stack.bff.url}/v1/checkout-sessions/${session}/orders`, json('POST', shopper(who)));
  expect((await attempt()).status).toBe(502);
  const retried = await attempt();
  expect(retried.status).toBe(201);
  const creates = stack.sandbox.journal.filter((entry) => entry.route === 'create-order');
  expect(creates.map((entry) => entry.status)).toEqual([201, 201]);
  return { orderReference: retried.body.orderReference as string, redirectUrl: retried.body.redirectUrl as string };
}

describe('scenarios chosen by test data', () => {
  it.each(SCENARIOS.map((row) => row.name))('%s, by the email tag', async (name) => {
    const email = `shopper+${name}@example.com`;
    await runScenario(name, await place(name, {}, { customer: { ...customer, email } }));
  });

  it.each(SCENARIOS.map((row) => [row.name, row.amountEnding] as const))(
    '%s, by an amount ending in %i',
    async (name, ending) => {
      await runScenario(name, await place(name, cartEndingIn(ending), {}));
    },
  );

  it('waits N seconds with +pending-N, then succeeds', async () => {
    const placed = await placeOrder(stack.bff.url, {}, { customer: { ...customer, email: 'a+pending-2@example.com' } });
    const back = await payOnHostedPage(placed.redirectUrl);
    expect(back.searchParams.get('status')).toBe('PENDING');
    // Half a second in, well inside the two: still pending even on a loaded machine.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stack.sandbox.records().find((order) => order.reference === placed.orderReference)!.status).toBe('PENDING');
    await stack.sandbox.idle();
    expect(stack.sandbox.records().find((order) => order.reference === placed.orderReference)!.status).toBe(
      'SUCCESSFUL',
    );
  });

  it('leaves ordinary data to the tester, and a chosen outcome still wins over the scenario', async () => {
    const plain = await placeOrder(stack.bff.url);
    expect((await call(plain.redirectUrl)).text).toContain('<legend>Outcome</legend>');
    const tagged = await placeOrder(stack.bff.url, {}, { customer: { ...customer, email: 'a+decline@example.com' } });
    const chosen = await call(tagged.redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=approve&mode=instant',
      redirect: 'manual',
    });
    expect(new URL(chosen.headers.get('location')!).searchParams.get('status')).toBe('SUCCESSFUL');
  });
});

describe('scenarioOf', () => {
  it('reads the tag of the local part, the email before the amount, and nothing from other tags', () => {
    const byEmail = (email: string) => ({ chosenBy: `email:${email.toLowerCase()}` });
    expect(scenarioOf('shopper+decline@example.com', 1000)).toEqual({
      name: 'decline',
      ...byEmail('shopper+decline@example.com'),
    });
    expect(scenarioOf('shopper+Error-Then-Approve@example.com', 1000)).toMatchObject({ name: 'error-then-approve' });
    expect(scenarioOf('shopper+pending-30@example.com', 1042)).toEqual({
      name: 'pending',
      settleMs: 30_000,
      ...byEmail('shopper+pending-30@example.com'),
    });
    expect(scenarioOf('shopper+decline@example.com', 1041)).toMatchObject({ name: 'decline' });
    expect(scenarioOf('shopper@example.com', 1042)).toEqual({ name: 'decline', chosenBy: 'amount:1042' });
    expect(scenarioOf('shopper+newsletter@example.com', 1000)).toBeUndefined();
    expect(scenarioOf('shopper+decline-5@example.com', 1000)).toBeUndefined();
    expect(scenarioOf('shopper+pending-3601@example.com', 1000)).toBeUndefined();
    expect(scenarioOf('decline@example.com', 1050)).toBeUndefined();
    expect(scenarioOf('shopper@ex+decline.com', 1000)).toBeUndefined();
  });
});
