// Each plan's full cost where the shopper chooses: beside each provider what they pay in all, interest-free or the
// rate and the fees as the options state them (part of the radio's name), and for the chosen one its schedule (the
// same code as <opi-instalments>'s dialog) with the provider's terms link where the options give one.
import { expect, waitUntil } from '@open-wc/testing';
import { fakeBff } from './support/fake-bff.js';
import { sessionView, tabby, tamara } from './support/fixtures.js';
import { choose, mount, part, parts, text } from './support/mount.js';

const costs = async (el: HTMLElement) => {
  await waitUntil(() => parts(el, 'provider-cost').length > 0, 'no plan cost beside the providers');
  return parts(el, 'provider-cost').map(text);
};

describe('<opi-checkout> plan costs', () => {
  it('says beside each provider what the shopper pays in all, the interest and the fees', async () => {
    const el = await mount(
      fakeBff({
        session: sessionView({
          providers: [
            { ...tabby, customerFees: false },
            { ...tamara, customerFees: true, lateFees: true },
          ],
        }),
      }),
    );
    expect(await costs(el)).to.deep.equal([
      'Total AED 100.00 · interest-free · no fees',
      'Total AED 100.02 · 2.5% interest · fees may apply · late fees may apply',
    ]);
    const radio = el.shadowRoot!.querySelector<HTMLInputElement>('input[value="TAMARA_AE"]')!;
    expect(text(radio.labels![0]), 'the cost is part of the radio’s name').to.contain('2.5% interest');
    await expect(el).to.be.accessible();
  });

  it("shows the chosen plan's schedule behind a disclosure, and the provider's terms where they are a link", async () => {
    const el = await mount(
      fakeBff({ session: sessionView({ providers: [{ ...tabby, terms: 'https://tabby.example/terms' }, tamara] }) }),
    );
    await costs(el);
    await choose(el, 'TABBY_AE');
    await waitUntil(() => part(el, 'schedule'), 'no schedule for the chosen plan');
    const schedule = part<HTMLDetailsElement>(el, 'schedule')!;
    expect(text(part(el, 'schedule-summary'))).to.equal('Payment schedule with Tabby');
    expect(schedule.open, 'closed until asked').to.equal(false);
    part(el, 'schedule-summary')!.click();
    expect(schedule.open).to.equal(true);
    expect([...schedule.querySelectorAll('li')].map(text)).to.deep.equal([
      'today: AED 25.00',
      'next month: AED 25.00',
      'in 2 months: AED 25.00',
      'in 3 months: AED 25.00',
    ]);
    const terms = part<HTMLAnchorElement>(el, 'terms-link')!;
    expect([text(terms), terms.href, terms.rel]).to.deep.equal(['Terms', 'https://tabby.example/terms', 'noopener']);
    await expect(el).to.be.accessible();

    await choose(el, 'TAMARA_AE');
    expect(text(part(el, 'schedule-summary'))).to.equal('Payment schedule with Tamara');
    expect(part(el, 'terms-link'), 'text terms are no link').to.equal(null);
  });

  it("in the shopper's language", async () => {
    const el = await mount(fakeBff({ session: sessionView({ providers: [{ ...tabby, customerFees: false }] }) }), {
      locale: 'de',
    });
    expect(await costs(el)).to.deep.equal(['Gesamt 100,00 AED · zinsfrei · keine Gebühren']);
  });
});
