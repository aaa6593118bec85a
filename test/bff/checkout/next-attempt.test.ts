// The shopper back from a provider's page, through the real sandbox: the session's read tells how the latest attempt
// ended and with whom, gives back what the shopper typed for it (to that session only), marks a provider that declined,
// and the next attempt is placed from the same session; the merchant may keep a declined provider out of it. What was
// typed is erased with the session's prefill on the retention's schedule.
import { describe, expect, it } from 'vitest';
import { call, createSession, json, shopper } from '../../support/checkout.js';
import { SETTLES_AFTER_RETURN, followReturn } from '../../support/after-payment-harness.js';
import { useCheckoutStack } from '../../support/stack.js';

const stack = useCheckoutStack({ sandbox: SETTLES_AFTER_RETURN, env: { OPI_UPSTREAM_TIMEOUT_MS: '2000' } });

/** What a shopper with no prefill typed: not the merchant's (the session is created without any). */
const huda = { firstName: 'Huda', lastName: 'Karim', email: 'huda@example.com', phoneNumber: '+971 50 765 4321' };
const typed = {
  customer: huda,
  billingAddress: { ...huda, streetAddress: '7 Marina Walk', city: 'Dubai', country: 'AE' },
};

const readSession = (bff: string, id: string) => call(`${bff}/v1/checkout-sessions/${id}`);
const place = (bff: string, id: string, provider: string) =>
  call(`${bff}/v1/checkout-sessions/${id}/orders`, json('POST', shopper({ bnplProvider: provider, ...typed })));

/** A session, an order with `provider`, and the shopper back from its page with `outcome`. */
async function backFrom(provider: string, decision: { outcome: string; mode?: string }, bff = stack.bff.url) {
  const sessionId = await createSession(bff);
  const placed = await place(bff, sessionId, provider);
  expect(placed.status).toBe(201);
  const { redirectTo } = await stack.sandbox.decide(placed.body.orderReference, decision as never);
  expect((await followReturn(redirectTo)).status).toBe(303);
  return sessionId;
}

const names = (providers: { name: string; declined?: true }[]) =>
  providers.map(({ name, declined }) => (declined ? `${name} (declined)` : name));

describe('the session after a declined attempt', () => {
  it('says who declined, gives back what was typed, marks the provider, and takes the next attempt', async () => {
    const sessionId = await backFrom('TABBY_AE', { outcome: 'decline' });
    const read = await readSession(stack.bff.url, sessionId);
    expect(read.status).toBe(200);
    // The sandbox's reason ("Declined by the provider") is in no class: the outcome alone, never the upstream's words.
    expect(read.body.lastAttempt).toEqual({
      attempt: 1,
      provider: 'TABBY_AE',
      displayName: 'Tabby',
      outcome: 'declined',
    });
    expect(read.text).not.toContain('sandbox decision');
    expect(read.body.prefill).toEqual(typed);
    expect(names(read.body.providers)).toEqual(['TABBY_AE (declined)', 'TAMARA_AE']);

    const next = await place(stack.bff.url, sessionId, 'TAMARA_AE');
    expect(next.status).toBe(201);
    const { redirectTo } = await stack.sandbox.decide(next.body.orderReference, { outcome: 'approve' });
    await followReturn(redirectTo);
    expect((await readSession(stack.bff.url, sessionId)).body.code).toBe('session_completed');
  });

  it('a cancelled attempt is told as such and marks no provider', async () => {
    const sessionId = await backFrom('TAMARA_AE', { outcome: 'cancel' });
    const { body } = await readSession(stack.bff.url, sessionId);
    expect(body.lastAttempt).toMatchObject({ attempt: 1, provider: 'TAMARA_AE', outcome: 'cancelled' });
    expect(names(body.providers)).toEqual(['TABBY_AE', 'TAMARA_AE']);
  });

  it('an attempt the upstream has not decided is pending, then tells its end', async () => {
    const sessionId = await backFrom('TABBY_AE', { outcome: 'decline', mode: 'pending' });
    expect((await readSession(stack.bff.url, sessionId)).body.lastAttempt).toMatchObject({ outcome: 'pending' });
    await stack.sandbox.idle();
    await expect
      .poll(async () => (await readSession(stack.bff.url, sessionId)).body.lastAttempt?.outcome, { timeout: 10_000 })
      .toBe('declined');
  });

  it('an attempt still at the provider tells nothing yet, and a fresh session has no attempt', async () => {
    const sessionId = await createSession(stack.bff.url);
    expect((await readSession(stack.bff.url, sessionId)).body).not.toHaveProperty('lastAttempt');
    expect((await place(stack.bff.url, sessionId, 'TABBY_AE')).status).toBe(201);
    const read = await readSession(stack.bff.url, sessionId);
    expect(read.body.lastAttempt).toBeUndefined();
    // What was typed comes back with the session already: a shopper who pressed back finds the form filled.
    expect(read.body.prefill).toEqual(typed);
  });

  it("what was typed goes to that session's reader only, and is erased with the session's prefill", async () => {
    const sessionId = await backFrom('TABBY_AE', { outcome: 'decline' });
    const other = await createSession(stack.bff.url);
    expect((await readSession(stack.bff.url, other)).body.prefill).toEqual({});
    const guessed = await readSession(stack.bff.url, `${sessionId.slice(0, -2)}xx`);
    expect([guessed.status, guessed.text.includes('Huda')]).toEqual([404, false]);

    const later = new Date(Date.now() + 365 * 24 * 3_600_000);
    const erased = await stack.db.store.applyRetention({
      sessionsExpiredBefore: new Date(0),
      keysCreatedBefore: new Date(0),
      personalBefore: later,
      now: later,
      batchSize: 10,
    });
    expect(erased.personalSessions).toBeGreaterThanOrEqual(1);
    const rows = await stack.db.driver.query<{ shopper: unknown }>(
      'select o.shopper from orders o where o.session_id = $1',
      [sessionId],
    );
    expect(rows).toEqual([{ shopper: null }]);
    expect((await stack.db.store.sessions.get(sessionId))?.attempts?.latest?.shopper).toBeNull();
  });
});

describe('a merchant who does not offer a declined provider again (OPI_OFFER_DECLINED_PROVIDER=false)', () => {
  it('leaves it out of the session and refuses an order with it; the attempt still names it', async () => {
    const bff = await stack.startBff({ env: { OPI_OFFER_DECLINED_PROVIDER: 'false' } });
    const sessionId = await backFrom('TABBY_AE', { outcome: 'decline' }, bff.url);
    const { body } = await readSession(bff.url, sessionId);
    expect(names(body.providers)).toEqual(['TAMARA_AE']);
    expect(body.lastAttempt).toMatchObject({ provider: 'TABBY_AE', displayName: 'Tabby', outcome: 'declined' });

    const again = await place(bff.url, sessionId, 'TABBY_AE');
    expect([again.status, again.body.code, again.body.errors]).toEqual([
      422,
      'provider_not_eligible',
      [{ path: 'bnplProvider', message: 'is not available for this cart' }],
    ]);
    expect((await place(bff.url, sessionId, 'TAMARA_AE')).status).toBe(201);
  });
});
