// The whole flow with the keyboard alone, through real key presses (sendKeys drives each engine's input pipeline).
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { PlaceOrderRequest } from '../../shared/schemas/checkout-api.js';
import type { OpiCheckout } from '../../widget/components/opi-checkout/opi-checkout.js';
import { created, fakeBff, problem } from './support/fake-bff.js';
import { sessionView, shopper } from './support/fixtures.js';
import { choose, fill, mount, part } from './support/mount.js';
import { typeText } from './support/engines.js';

const focused = (el: OpiCheckout) => el.shadowRoot!.activeElement as HTMLInputElement | null;

describe('<opi-checkout> keyboard', () => {
  it('goes from the provider choice to a placed order with Tab, arrows, typing and Enter', async () => {
    const bff = fakeBff({ session: sessionView() });
    const navigations: string[] = [];
    const el = await mount(bff, { navigations });

    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.name, 'Tab enters the provider group').to.equal('provider');
    expect(focused(el)?.value).to.equal('TABBY_AE');
    const changed = oneEvent(el, 'opi-provider-change');
    await sendKeys({ press: 'ArrowDown' });
    expect((await changed).detail.provider, 'an arrow key chooses within the group').to.equal('TAMARA_AE');
    expect(focused(el)?.checked).to.equal(true);
    await el.updateComplete;

    const visited: string[] = [];
    for (let presses = 0; presses < 20; presses += 1) {
      await sendKeys({ press: 'Tab' });
      const control = focused(el);
      if (control?.getAttribute('part') === 'submit') break;
      visited.push(control?.name || control?.getAttribute('part') || '(outside)');
      const answer = shopper[control?.name ?? ''];
      if (answer) await typeText(answer);
    }
    expect(visited, 'Tab leaves the group and walks the form in order').to.deep.equal([
      'customer.firstName',
      'customer.lastName',
      'customer.email',
      'customer.phoneNumber',
      'billingAddress.streetAddress',
      'billingAddress.streetAddress2',
      'billingAddress.city',
      'billingAddress.state',
      'billingAddress.postalCode',
      'billingAddress.country',
      // The chosen plan's schedule, a disclosure the keyboard opens, before the pay button.
      'schedule-summary',
    ]);
    expect(focused(el)?.textContent?.replace(/\s+/g, ' ').trim()).to.equal('Pay AED 100.00 with Tamara');

    const createdEvent = oneEvent(el, 'opi-order-created');
    await sendKeys({ press: 'Enter' });
    await createdEvent;
    const order = bff.orders()[0]!.body as PlaceOrderRequest;
    expect(order.bnplProvider).to.equal('TAMARA_AE');
    expect(order.customer).to.deep.equal({
      firstName: 'Aisha',
      lastName: 'Khan',
      email: 'aisha@example.com',
      phoneNumber: '+971 50 123 4567',
    });
    await el.updateComplete;
    expect(navigations).to.deep.equal(['https://provider.example/pay/ord_1']);
  });

  it('submits with Enter from inside a field, and a refused submit leaves focus on the first problem', async () => {
    const el = await mount(fakeBff({ session: sessionView() }));
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: ' ' });
    await el.updateComplete;
    await sendKeys({ press: 'Tab' });
    await typeText('Aisha');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(focused(el)?.name).to.equal('customer.lastName');
  });

  // The pay button the shopper pressed is gone once a message replaces the form; the message takes the focus so a
  // keyboard or screen-reader user is not dropped to the top of the page.
  const REPLACED: Record<string, { order: () => Response; takeOver?: boolean }> = {
    'the session expired at submit': { order: () => problem(410, 'session_expired') },
    'an unsafe redirect URL': { order: () => created('javascript:alert(1)') },
    'the host taking over the redirect': { order: () => created(), takeOver: true },
    redirecting: { order: () => created() },
  };
  for (const [name, { order, takeOver }] of Object.entries(REPLACED)) {
    it(`moves focus to the message that replaces the form: ${name}`, async () => {
      const el = await mount(fakeBff({ session: sessionView(), order }));
      if (takeOver) el.addEventListener('opi-order-created', (event) => event.preventDefault());
      await choose(el, 'TABBY_AE');
      await fill(el, shopper);
      part(el, 'submit')!.focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => part(el, 'message'), 'the form was not replaced by a message', { timeout: 5_000 });
      await el.updateComplete;
      expect(part(el, 'message')!.getAttribute('tabindex')).to.equal('-1');
      // Compared as text: a failing comparison of two elements makes chai walk a whole DOM graph.
      expect(
        el.shadowRoot!.activeElement?.getAttribute('part') ?? document.activeElement?.tagName,
        'where the focus is',
      ).to.equal('message');
    });
  }

  it('leaves the focus alone when it was not in the widget', async () => {
    const el = await mount(fakeBff({ session: sessionView(), order: () => problem(410, 'session_expired') }));
    await choose(el, 'TABBY_AE');
    await fill(el, shopper);
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    part<HTMLButtonElement>(el, 'submit')!.click();
    await waitUntil(() => part(el, 'message'));
    await el.updateComplete;
    expect(document.activeElement === outside, "the focus stays on the host page's button").to.equal(true);
    outside.remove();
  });
});
