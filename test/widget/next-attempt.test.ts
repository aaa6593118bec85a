// The shopper back from a provider's page: the session says how its latest attempt ended; the checkout says so above
// the form in the shopper's language, chooses the provider to pay with next (another after a decline, the same after
// a cancel), has what was typed filled in (the session's prefill), and follows an attempt still pending to its end.
import { expect, waitUntil } from '@open-wc/testing';
import type { LastAttempt, SessionView } from '../../shared/schemas/checkout-api.js';
import { acceptValidOrder, fakeBff, json } from './support/fake-bff.js';
import { sessionView, tabby, tamara } from './support/fixtures.js';
import { control, mount, part, parts, status, submit, text } from './support/mount.js';

const kept = {
  customer: { firstName: 'Huda', lastName: 'Karim', email: 'huda@example.com', phoneNumber: '+971 50 765 4321' },
  billingAddress: { streetAddress: '7 Marina Walk', city: 'Dubai', country: 'AE' },
};

const backFrom = (lastAttempt: LastAttempt, overrides: Partial<SessionView> = {}) =>
  sessionView({ prefill: kept, providers: [{ ...tabby, declined: true }, tamara], lastAttempt, ...overrides });

const chosen = (el: HTMLElement) => el.shadowRoot!.querySelector<HTMLInputElement>('[name=provider]:checked')?.value;

/** The attempt's sentence is drawn once its chunk (and the language's words) arrived. */
const told = async (el: HTMLElement) => {
  await waitUntil(() => part(el, 'alert'), 'no word of the last attempt');
  return text(part(el, 'alert'));
};

describe('<opi-checkout> after an attempt', () => {
  it('after a decline: says who declined and why, chooses the next provider, and pays with what was typed', async () => {
    const bff = fakeBff({
      session: backFrom({
        attempt: 1,
        provider: 'TABBY_AE',
        displayName: 'Tabby',
        outcome: 'declined',
        reason: 'credit_check',
      }),
    });
    const el = await mount(bff);
    expect(await told(el)).to.equal(
      'Tabby did not approve this payment. No money was taken. It did not pass their credit check. ' +
        'Your details are filled in: pay with Tamara below.',
    );
    expect(status(el)).to.equal(text(part(el, 'alert')));
    expect(chosen(el)).to.equal('TAMARA_AE');
    // The provider that declined is marked, and may be chosen again.
    await waitUntil(() => parts(el, 'provider-cost').length === 2, 'no mark beside the provider that declined');
    expect(text(parts(el, 'provider-cost')[0])).to.match(/^declined this payment · Total AED 100\.00/);
    expect(text(parts(el, 'provider-cost')[1])).not.to.contain('declined');
    expect(control(el, 'customer.firstName').value).to.equal('Huda');
    expect(control(el, 'billingAddress.streetAddress').value).to.equal('7 Marina Walk');
    await expect(el).to.be.accessible();

    await submit(el);
    await waitUntil(() => bff.orders().length === 1);
    expect(bff.orders()[0]!.body).to.deep.include({ bnplProvider: 'TAMARA_AE', customer: kept.customer });
  });

  it('after a cancel: the same provider, chosen again, and no reason', async () => {
    const el = await mount(
      fakeBff({
        session: backFrom(
          { attempt: 2, provider: 'TAMARA_AE', displayName: 'Tamara', outcome: 'cancelled' },
          { providers: [tabby, tamara] },
        ),
      }),
    );
    expect(await told(el)).to.equal(
      'You left Tamara before paying. No money was taken. Your details are filled in: pay below when you are ready.',
    );
    expect(chosen(el)).to.equal('TAMARA_AE');
  });

  it("in the shopper's language", async () => {
    const el = await mount(
      fakeBff({ session: backFrom({ attempt: 1, provider: 'TABBY_AE', displayName: 'Tabby', outcome: 'declined' }) }),
      { locale: 'ar' },
    );
    expect(await told(el)).to.equal(
      'لم يوافق Tabby على هذه الدفعة. لم يُقتطع أي مبلغ. بياناتك معبأة: ادفع عبر Tamara أدناه.',
    );
  });

  it('while pending: says no money was taken yet, reads the session again, and tells the end', async () => {
    const pending: LastAttempt = { attempt: 1, provider: 'TABBY_AE', displayName: 'Tabby', outcome: 'pending' };
    let reads = 0;
    const bff = fakeBff({
      session: () => {
        reads += 1;
        return json(
          200,
          reads === 1
            ? backFrom(pending, { providers: [tabby, tamara] })
            : backFrom({ ...pending, outcome: 'declined' }),
        );
      },
      order: acceptValidOrder,
    });
    const el = await mount(bff);
    expect(await told(el)).to.equal(
      'Tabby is still confirming your payment. No money has been taken yet; this page updates when it is done.',
    );
    expect(chosen(el)).to.equal('TABBY_AE');
    await waitUntil(() => text(part(el, 'alert')).startsWith('Tabby did not approve'), 'the end was not told', {
      timeout: 8_000,
    });
    expect(reads).to.equal(2);
    expect(chosen(el)).to.equal('TAMARA_AE');
  });
});
