import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { OpiCheckout } from '../../widget/components/opi-checkout/opi-checkout.js';
import { acceptValidOrder, fakeBff, gate, json, problem } from './support/fake-bff.js';
import { postpay, sessionView, shopper, tabby, tamara, tamaraTooSmall } from './support/fixtures.js';
import {
  choose,
  fill,
  mount,
  moveWhileAnswering,
  part,
  parts,
  settled,
  status,
  submit,
  text,
} from './support/mount.js';

describe('<opi-checkout> states', () => {
  it('shows a skeleton of the final height of the common two-provider list while the session loads, announced in the live region', async () => {
    const answer = gate();
    const bff = fakeBff({
      session: async () => {
        await answer.wait;
        return json(200, sessionView({ providers: [tabby, tamara] }));
      },
    });
    const el = await mount(bff, { wait: false });
    const skeleton = part(el, 'skeleton')!;
    expect(skeleton, 'skeleton').to.exist;
    expect(skeleton.getAttribute('aria-hidden')).to.equal('true');
    expect(status(el)).to.equal('Loading payment options…');
    const before = el.getBoundingClientRect().height;
    answer.open();
    await settled(el);
    expect(parts(el, 'provider')).to.have.length(2);
    expect(el.getBoundingClientRect().height, 'height after the providers arrive').to.equal(before);
  });

  it('reads the session again when a framework moves it while the read is on its way (the newest load wins)', async () => {
    const first = gate();
    const bff = fakeBff({
      session: async () => {
        if (bff.requests.length === 1) await first.wait;
        return json(200, sessionView({ providers: [tabby, tamara] }));
      },
    });
    const el = await mount(bff, { wait: false });
    await moveWhileAnswering(el, bff, first);
    await settled(el);
    expect(
      bff.requests.map(({ signal }) => signal?.aborted),
      'the read the move cut short, aborted and made again',
    ).to.deep.equal([true, false]);
    expect(parts(el, 'provider')).to.have.length(2);
  });

  for (const providers of [[tabby], [tabby, tamara], [tabby, tamara, postpay]]) {
    it(`lands ${providers.length} provider row(s) where the skeleton's bones were: the list itself does not move`, async () => {
      const answer = gate();
      const el = await mount(
        fakeBff({
          session: async () => {
            await answer.wait;
            return json(200, sessionView({ providers }));
          },
        }),
        { wait: false },
      );
      const box = (node: Element) => {
        const { top, height } = node.getBoundingClientRect();
        return { top, height };
      };
      const [legendBone, ...rowBones] = parts(el, 'bone').map(box);
      answer.open();
      await settled(el);
      expect(box(part(el, 'providers')!.querySelector('legend')!), 'the legend').to.deep.equal(legendBone);
      const rows = parts(el, 'provider').map(box);
      expect(rows).to.have.length(providers.length);
      rows.slice(0, rowBones.length).forEach((row, index) => {
        expect(row, `row ${index + 1}`).to.deep.equal(rowBones[index]);
      });
    });
  }

  it('lists the providers in the order the BFF sent, with logo, plan (or terms) and badge, then fires opi-ready', async () => {
    const bff = fakeBff({ session: sessionView({ providers: [tamara, tabby, postpay] }) });
    const ready = oneEvent(document, 'opi-ready');
    const el = await mount(bff);
    expect((await ready).detail).to.deep.equal({
      session: 'cs_test_1',
      providers: ['TAMARA_AE', 'TABBY_AE', 'POSTPAY_AE'],
    });
    const rows = parts(el, 'provider');
    expect(rows.map((row) => row.querySelector('input')!.value)).to.deep.equal(['TAMARA_AE', 'TABBY_AE', 'POSTPAY_AE']);
    const tabbyRow = rows[1]!;
    expect(tabbyRow.querySelector<HTMLImageElement>('[part="provider-logo"]')!.alt).to.equal('Tabby');
    expect(text(tabbyRow.querySelector('[part="provider-plan"]'))).to.equal('4 × AED 25.00 · monthly');
    expect(text(tabbyRow.querySelector('[part="badge"]'))).to.equal('Recommended');
    // The plan is written once: the upstream's terms restate it, so they are shown only without a plan.
    expect(tabbyRow.querySelector('[part="provider-terms"]'), 'no terms beside a plan').to.equal(null);
    expect(tabbyRow.querySelector('input')!.hasAttribute('aria-describedby')).to.equal(false);
    expect(text(rows[0]!.querySelector('[part="provider-name"]'))).to.equal('Tamara');
    expect(text(rows[0]!.querySelector('[part="provider-plan"]'))).to.equal('3 × AED 33.34 · every 2 weeks');
    expect(rows[0]!.querySelector('[part="badge"]')).to.equal(null);
    expect(rows[2]!.querySelector('[part="provider-plan"]'), 'no plan without instalments').to.equal(null);
    const terms = rows[2]!.querySelector('[part="provider-terms"]')!;
    expect(text(terms)).to.equal(postpay.terms);
    expect(rows[2]!.querySelector('input')!.getAttribute('aria-describedby')).to.equal(terms.id);
    expect(status(el)).to.equal('3 payment options available');
    expect(part(el, 'form'), 'no form before a choice').to.equal(null);
  });

  it('opens the form when a provider is chosen and fires opi-provider-change', async () => {
    const el = await mount(fakeBff({ session: sessionView() }));
    const changed = oneEvent(el, 'opi-provider-change');
    await choose(el, 'TAMARA_AE');
    const event = await changed;
    expect(event.detail).to.deep.equal({ provider: 'TAMARA_AE' });
    expect(event.bubbles && event.composed).to.equal(true);
    expect(part(el, 'provider-selected')!.querySelector('input')!.value).to.equal('TAMARA_AE');
    expect(text(part(el, 'submit'))).to.equal('Pay AED 100.00 with Tamara');
  });

  it('preselects the provider when there is only one', async () => {
    const el = await mount(fakeBff({ session: sessionView({ providers: [tabby] }) }));
    expect(part(el, 'form')).to.exist;
    expect(text(part(el, 'submit'))).to.equal('Pay AED 100.00 with Tabby');
  });

  it('shows the submitting state while the order is placed, then redirects to the provider', async () => {
    const answer = gate();
    const bff = fakeBff({
      session: sessionView(),
      order: async (request) => {
        await answer.wait;
        return acceptValidOrder(request);
      },
    });
    const navigations: string[] = [];
    const el = await mount(bff, { navigations });
    await choose(el, 'TABBY_AE');
    await fill(el, shopper);
    const createdEvent = oneEvent(el, 'opi-order-created');
    await submit(el);
    const button = part<HTMLButtonElement>(el, 'submit')!;
    expect(text(button)).to.equal('Placing your order…');
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    expect(part(el, 'form')!.getAttribute('aria-busy')).to.equal('true');
    expect(status(el)).to.equal('Placing your order…');
    button.click(); // a double click must not place a second order
    // The provider stays the one the order is sent with: "Taking you to" names it.
    expect(part<HTMLFieldSetElement>(el, 'providers')!.disabled, 'the provider list while sending').to.equal(true);
    el.shadowRoot!.querySelector<HTMLInputElement>('input[value="TAMARA_AE"]')!.click();
    answer.open();
    const event = await createdEvent;
    expect(event.detail).to.deep.equal({ orderReference: 'ord_1', redirectUrl: 'https://provider.example/pay/ord_1' });
    expect(event.cancelable && event.bubbles && event.composed).to.equal(true);
    await waitUntil(() => navigations.length === 1, 'no redirect');
    expect(navigations).to.deep.equal(['https://provider.example/pay/ord_1']);
    expect(text(part(el, 'message'))).to.equal('Taking you to Tabby…');
    expect(status(el)).to.equal('Taking you to Tabby…');
    expect(bff.orders()).to.have.length(1);
  });

  it('links to the provider while redirecting, and coming back from the back/forward cache shows the checkout as it is', async () => {
    const navigations: string[] = [];
    let completed = false;
    const bff = fakeBff({ session: () => json(200, sessionView(completed ? { state: 'completed' } : {})) });
    const el = await mount(bff, { navigations });
    await choose(el, 'TABBY_AE');
    await fill(el, shopper);
    await submit(el);
    await waitUntil(() => navigations.length === 1, 'no redirect');
    await el.updateComplete;
    // In case the navigation does not happen, the sentence is a plain link to the provider's page.
    expect(part<HTMLAnchorElement>(el, 'link')!.href).to.equal('https://provider.example/pay/ord_1');
    // The shopper paid, then came back with the Back button: the frozen "Taking you to" is read anew.
    completed = true;
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await waitUntil(() => !part(el, 'link'), 'the page restored from the cache still says "Taking you to"');
    await waitUntil(() => part(el, 'message'));
    expect(text(part(el, 'message-text'))).to.equal('This checkout is already complete.');
    expect(part(el, 'submit')).to.not.exist;
  });

  it('does not navigate when the host cancels opi-order-created', async () => {
    const navigations: string[] = [];
    const bff = fakeBff({ session: sessionView() });
    const el = await mount(bff, { navigations });
    el.addEventListener('opi-order-created', (event) => event.preventDefault());
    await choose(el, 'TABBY_AE');
    await fill(el, shopper);
    const createdEvent = oneEvent(el, 'opi-order-created');
    await submit(el);
    expect((await createdEvent).defaultPrevented).to.equal(true);
    await waitUntil(() => part(el, 'message'), 'no hand-off message');
    expect(text(part(el, 'message'))).to.equal('Your order is placed. Continue with Tabby.');
    expect(navigations).to.deep.equal([]);
    // A cart change now reopens no form to pay again: the order is placed. (A read would answer at once.)
    const reads = bff.requests.length;
    window.dispatchEvent(new CustomEvent('opi-cart-changed', { detail: { session: 'cs_test_1' } }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await el.updateComplete;
    expect(bff.requests.length, 'the session is not read again').to.equal(reads);
    expect(text(part(el, 'message'))).to.equal('Your order is placed. Continue with Tabby.');
    expect(part(el, 'submit')).to.not.exist;
    // Nor does the page's own refresh().
    await el.refresh();
    await el.updateComplete;
    expect(bff.requests.length, 'refresh() reads nothing once the order is placed').to.equal(reads);
    expect(part(el, 'submit')).to.not.exist;
  });

  /** A BFF out of reach for the first session read, then answering `session`; `reads` counts them. */
  function unreachableOnce(session: ReturnType<typeof sessionView>) {
    const reads = { count: 0 };
    const bff = fakeBff({
      session: () => {
        reads.count += 1;
        if (reads.count === 1) throw new TypeError('Failed to fetch');
        return json(200, session);
      },
    });
    return { bff, reads };
  }

  it('says the BFF is unreachable, offers a retry, and loads on retry', async () => {
    const { bff } = unreachableOnce(sessionView());
    const failed = oneEvent(document, 'opi-error');
    const el = await mount(bff);
    expect((await failed).detail).to.deep.equal({
      code: 'bff_unreachable',
      message: 'We could not reach the checkout. Try again.',
      retryable: true,
    });
    expect(text(part(el, 'message'))).to.contain('We could not reach the checkout.');
    expect(status(el)).to.equal('We could not reach the checkout. Try again.');
    const ready = oneEvent(el, 'opi-ready');
    part<HTMLButtonElement>(el, 'retry')!.click();
    await ready;
    expect(parts(el, 'provider')).to.have.length(2);
    const firstRadio = el.shadowRoot!.querySelector('input[name="provider"]');
    await waitUntil(() => el.shadowRoot!.activeElement === firstRadio, 'focus did not move to the providers');
  });

  it('keeps the focus in the checkout when a retry ends in a message with nothing to press (the session expired)', async () => {
    const { bff, reads } = unreachableOnce(sessionView({ state: 'expired' }));
    const el = await mount(bff);
    await waitUntil(() => part(el, 'retry'), 'the retry offered');
    part<HTMLButtonElement>(el, 'retry')!.focus();
    part<HTMLButtonElement>(el, 'retry')!.click();
    await waitUntil(() => reads.count === 2 && !part(el, 'skeleton') && !part(el, 'retry'), 'the expired session said');
    await waitUntil(() => el.shadowRoot!.activeElement === part(el, 'message'), 'focus left the checkout');
  });

  it('says a message that replaces the focused form once: focused, with the live region quiet', async () => {
    const bff = fakeBff({ session: sessionView(), order: () => problem(410, 'session_expired') });
    const el = await mount(bff);
    await choose(el, 'TABBY_AE');
    await fill(el, shopper);
    part<HTMLButtonElement>(el, 'submit')!.focus();
    part<HTMLButtonElement>(el, 'submit')!.click();
    await waitUntil(() => el.shadowRoot!.activeElement === part(el, 'message'), 'the message did not take the focus');
    expect(text(part(el, 'message-text'))).to.equal('This checkout has expired. Start again from the shop.');
    expect(status(el), 'read once, as the focused message').to.equal('');
  });

  it('treats a gateway error page without a problem body as unreachable', async () => {
    const bff = fakeBff({ session: () => new Response('<h1>502 Bad Gateway</h1>', { status: 502 }) });
    const el = await mount(bff);
    expect(text(part(el, 'message'))).to.contain('We could not reach the checkout.');
    expect(part(el, 'retry')).to.exist;
  });

  for (const [name, response, expected] of [
    ['expired (410)', () => problem(410, 'session_expired'), 'This checkout has expired. Start again from the shop.'],
    [
      'expired (state)',
      () => json(200, sessionView({ state: 'expired' })),
      'This checkout has expired. Start again from the shop.',
    ],
    ['completed (409)', () => problem(409, 'session_completed'), 'This checkout is already complete.'],
    [
      'not found (404)',
      () => problem(404, 'session_not_found'),
      'This checkout does not exist. Start again from the shop.',
    ],
  ] as const) {
    it(`says the session is ${name}, with no retry`, async () => {
      const failed = oneEvent(document, 'opi-error');
      const el = await mount(fakeBff({ session: response }));
      const { detail } = await failed;
      expect(detail.retryable).to.equal(false);
      expect(detail.message).to.equal(expected);
      expect(text(part(el, 'message'))).to.equal(expected);
      expect(part(el, 'retry')).to.equal(null);
    });
  }

  it('says why no provider fits the cart: "available from AED 50.00"', async () => {
    const ready = oneEvent(document, 'opi-ready');
    const el = await mount(
      fakeBff({ session: sessionView({ amount: 30, providers: [], unavailableProviders: [tamaraTooSmall] }) }),
    );
    expect((await ready).detail.providers).to.deep.equal([]);
    expect(text(part(el, 'message'))).to.contain('No payment option is available for this order.');
    expect(text(part(el, 'unavailable'))).to.equal('Tamara: available from AED 50.00');
    expect(status(el)).to.equal('No payment option is available for this order.');
  });

  it('says when a provider stops above its maximum', async () => {
    const el = await mount(
      fakeBff({
        session: sessionView({
          amount: 9000,
          providers: [],
          unavailableProviders: [{ ...tamaraTooSmall, reason: 'above_maximum' }],
        }),
      }),
    );
    expect(text(part(el, 'unavailable'))).to.equal('Tamara: available up to AED 3,000.00');
  });

  it('refresh() fetches the session again, keeps what the shopper typed and chose, and announces the new total', async () => {
    let amount = 100;
    const el = await mount(fakeBff({ session: () => json(200, sessionView({ amount })) }));
    await choose(el, 'TAMARA_AE');
    await fill(el, { 'customer.firstName': 'Aisha' });
    amount = 120;
    const ready = oneEvent(el, 'opi-ready');
    await el.refresh();
    await ready;
    expect(text(part(el, 'submit'))).to.equal('Pay AED 120.00 with Tamara');
    expect(el.shadowRoot!.querySelector<HTMLInputElement>('[name="customer.firstName"]')!.value).to.equal('Aisha');
    expect(status(el)).to.equal('Order total updated: AED 120.00');
  });

  it('refreshes on an opi-cart-changed event on window, for its own session or for any', async () => {
    let amount = 100;
    const bff = fakeBff({ session: () => json(200, sessionView({ amount })) });
    const el = await mount(bff);
    amount = 80;
    window.dispatchEvent(new CustomEvent('opi-cart-changed', { detail: { session: 'cs_someone_else' } }));
    await el.updateComplete;
    expect(bff.requests.length, "another session's change").to.equal(1);
    let ready = oneEvent(el, 'opi-ready');
    window.dispatchEvent(new CustomEvent('opi-cart-changed', { detail: { session: 'cs_test_1' } }));
    await ready;
    expect(status(el)).to.equal('Order total updated: AED 80.00');
    amount = 60;
    ready = oneEvent(el, 'opi-ready');
    window.dispatchEvent(new Event('opi-cart-changed'));
    await ready;
    expect(status(el)).to.equal('Order total updated: AED 60.00');
    el.remove();
    window.dispatchEvent(new Event('opi-cart-changed'));
    expect(bff.requests.length, 'a removed element stops listening').to.equal(3);
  });

  it('keeps the form closed after session_changed until the new total is read: a second press sends nothing', async () => {
    let amount = 100;
    const reread = gate();
    const bff = fakeBff({
      session: async () => {
        if (amount === 120) await reread.wait;
        return json(200, sessionView({ amount }));
      },
      order: () => {
        amount = 120; // the merchant's server changed the cart meanwhile
        return problem(409, 'session_changed', { retryable: true });
      },
    });
    const el = await mount(bff);
    await choose(el, 'TABBY_AE');
    await fill(el, shopper);
    await submit(el);
    await waitUntil(() => bff.requests.length === 3, 'the session is read again');
    await submit(el);
    expect(bff.orders(), 'no order at a total the shopper has not seen').to.have.length(1);
    expect(part(el, 'submit')!.getAttribute('aria-disabled')).to.equal('true');
    reread.open();
    await waitUntil(() => text(part(el, 'submit')) === 'Pay AED 120.00 with Tabby', 'the new total on the button');
    expect(text(part(el, 'alert'))).to.equal('Your order total has changed. Check it, then pay again.');
  });

  it('after session_changed, a new total that cannot be read keeps the form closed: never the old total to pay', async () => {
    let reads = 0;
    const bff = fakeBff({
      session: () =>
        ++reads === 1
          ? json(200, sessionView({ amount: 100 }))
          : problem(503, 'ledger_unavailable', { retryable: true }),
      order: () => problem(409, 'session_changed', { retryable: true }),
    });
    const el = await mount(bff);
    await choose(el, 'TABBY_AE');
    await fill(el, shopper);
    await submit(el);
    await waitUntil(() => part(el, 'retry'), 'the failure in place of the form');
    await el.updateComplete;
    expect(part(el, 'submit'), 'no pay button at the old total').to.not.exist;
    expect(text(part(el, 'message-text'))).to.equal('Something went wrong. Try again.');
  });

  it('after session_changed without the chosen provider, says why the form closed and keeps the focus on the providers', async () => {
    let changed = false;
    const bff = fakeBff({
      session: () => json(200, sessionView(changed ? { providers: [tamara, postpay] } : {})),
      order: () => {
        changed = true;
        return problem(409, 'session_changed', { retryable: true });
      },
    });
    const el = await mount(bff);
    await choose(el, 'TABBY_AE');
    await fill(el, shopper);
    part<HTMLButtonElement>(el, 'submit')!.focus();
    await submit(el);
    await waitUntil(() => !part(el, 'form'), 'the form of a provider no longer offered closes');
    await waitUntil(() => part(el, 'alert'), 'no word of why');
    expect(text(part(el, 'alert'))).to.equal('Your order total has changed. Check it, then pay again.');
    await waitUntil(
      () => el.shadowRoot!.activeElement?.getAttribute('name') === 'provider',
      "the focus went to the page's body",
    );
  });

  it('after session_changed, waits for a newer reload the page started meanwhile before the form opens again', async () => {
    let amount = 100;
    let reads = 0;
    const newer = gate();
    const bff = fakeBff({
      session: async () => {
        reads += 1;
        if (reads === 2) await new Promise(() => {}); // the reload after session_changed: the page's takes over
        if (reads === 3) await newer.wait;
        return json(200, sessionView({ amount }));
      },
      order: () => {
        amount = 120;
        return problem(409, 'session_changed', { retryable: true });
      },
    });
    const el = await mount(bff);
    await choose(el, 'TABBY_AE');
    await fill(el, shopper);
    await submit(el);
    await waitUntil(() => reads === 2, 'the reload after session_changed');
    window.dispatchEvent(new Event('opi-cart-changed'));
    await waitUntil(() => reads === 3, "the page's reload");
    await new Promise((resolve) => setTimeout(resolve, 50));
    await el.updateComplete;
    expect(text(part(el, 'submit')), 'no pay button at the old total').to.equal('Placing your order…');
    newer.open();
    await waitUntil(() => text(part(el, 'submit')) === 'Pay AED 120.00 with Tabby', 'the new total on the button');
  });

  it('a reload still on its way when the order is placed changes nothing, nor fails it', async () => {
    const read = gate();
    const { el, answer } = await placingWithReload(async () => {
      await read.wait;
      return problem(503, 'ledger_unavailable', { retryable: true });
    });
    answer.open();
    await waitUntil(() => part(el, 'message'), 'the hand-off');
    read.open();
    await expectOrderStands(el);
  });

  it('moved while its order is placed, with a reload on its way, it reads nothing again once back: the order stands', async () => {
    const { el, answer, reads } = await placingWithReload(() => new Promise<never>(() => {}));
    const parent = el.parentElement!;
    el.remove();
    answer.open();
    await waitUntil(() => part(el, 'message'), 'the hand-off');
    parent.append(el);
    await expectOrderStands(el);
    expect(reads(), 'no read after the order').to.equal(2);
  });

  it("a cart change that drops the chosen provider takes its form's notice with it", async () => {
    let providers = [tabby, tamara];
    const bff = fakeBff({ session: () => json(200, sessionView({ providers })) });
    const el = await mount(bff);
    await choose(el, 'TABBY_AE');
    await submit(el);
    await waitUntil(() => part(el, 'alert'), 'the fields to fix');
    providers = [tamara, postpay];
    const ready = oneEvent(el, 'opi-ready');
    window.dispatchEvent(new Event('opi-cart-changed'));
    await ready;
    expect(part(el, 'form')).to.not.exist;
    expect(part(el, 'alert'), 'no notice about fields no longer there').to.not.exist;
  });

  it('leaves the focus where the shopper moved it while the order was sent', async () => {
    const outside = document.createElement('input');
    document.body.append(outside);
    let changed = false;
    const answer = gate();
    const bff = fakeBff({
      session: () => json(200, sessionView(changed ? { providers: [tamara, postpay] } : {})),
      order: async () => {
        await answer.wait;
        changed = true;
        return problem(409, 'session_changed', { retryable: true });
      },
    });
    try {
      const el = await mount(bff);
      await choose(el, 'TABBY_AE');
      await fill(el, shopper);
      await submit(el);
      outside.focus();
      answer.open();
      await waitUntil(() => part(el, 'alert'), 'the notice');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(document.activeElement).to.equal(outside);
    } finally {
      outside.remove();
    }
  });

  it('says a new total once: not again when a later notice clears', async () => {
    let amount = 100;
    const bff = fakeBff({
      session: () => json(200, sessionView({ amount })),
      order: () => problem(503, 'upstream_unavailable', { retryable: true }),
    });
    const el = await mount(bff);
    await choose(el, 'TABBY_AE');
    amount = 80;
    const ready = oneEvent(el, 'opi-ready');
    window.dispatchEvent(new Event('opi-cart-changed'));
    await ready;
    expect(status(el)).to.equal('Order total updated: AED 80.00');
    await fill(el, shopper);
    await submit(el);
    await waitUntil(() => status(el) === 'The payment provider did not answer. Try again.', 'the refusal');
    await choose(el, 'TAMARA_AE');
    expect(status(el)).to.equal('2 payment options available');
  });

  it('says a refused submit once, and nothing of the form in between', async () => {
    const bff = fakeBff({
      session: sessionView(),
      order: () => problem(503, 'upstream_unavailable', { retryable: true }),
    });
    const el = await mount(bff);
    await choose(el, 'TABBY_AE');
    await fill(el, shopper);
    const heard: string[] = [];
    const observer = new MutationObserver(() => {
      if (heard.at(-1) !== status(el)) heard.push(status(el));
    });
    observer.observe(part(el, 'status')!, { subtree: true, childList: true, characterData: true });
    await submit(el);
    const refused = 'The payment provider did not answer. Try again.';
    await waitUntil(() => heard.includes(refused), 'the refusal was not said');
    observer.disconnect();
    expect(heard).to.deep.equal(['Placing your order…', refused]);
  });

  it('does not reopen the form for a cart change while the order is sent, and shows the new total once refused', async () => {
    let amount = 100;
    const answer = gate();
    const bff = fakeBff({
      session: () => json(200, sessionView({ amount })),
      order: async () => {
        await answer.wait;
        return problem(503, 'upstream_unavailable', { retryable: true });
      },
    });
    const el = await mount(bff);
    await choose(el, 'TABBY_AE');
    await fill(el, shopper);
    await submit(el);
    amount = 80;
    window.dispatchEvent(new Event('opi-cart-changed'));
    await waitUntil(() => bff.requests.length === 3, 'the session is read again');
    await el.updateComplete;
    expect(part(el, 'skeleton'), 'no skeleton over the order being sent').to.not.exist;
    expect(part(el, 'submit')!.getAttribute('aria-disabled')).to.equal('true');
    expect(text(part(el, 'submit'))).to.equal('Placing your order…');
    answer.open();
    await waitUntil(() => text(part(el, 'submit')) === 'Pay AED 80.00 with Tabby', 'read again once refused');
  });

  it('loads the new session when the session attribute changes', async () => {
    const bff = fakeBff({
      session: (request) => json(200, sessionView({ id: request.url.pathname.split('/').pop()! })),
    });
    const el = await mount(bff);
    const ready = oneEvent(el, 'opi-ready');
    el.setAttribute('session', 'cs_other');
    expect((await ready).detail.session).to.equal('cs_other');
    expect(bff.requests.map((request) => request.url.href)).to.deep.equal([
      'https://bff.example/v1/checkout-sessions/cs_test_1',
      'https://bff.example/v1/checkout-sessions/cs_other',
    ]);
  });

  it('waits without a request until it has a session id', async () => {
    const bff = fakeBff({ session: sessionView() });
    const el = await fixture<OpiCheckout>(html`<opi-checkout .fetchImpl=${bff.fetch}></opi-checkout>`);
    expect(part(el, 'skeleton')).to.exist;
    expect(bff.requests).to.deep.equal([]);
    const ready = oneEvent(el, 'opi-ready');
    el.session = 'cs_late';
    await ready;
    expect(bff.requests.map((request) => request.url.pathname)).to.deep.equal(['/v1/checkout-sessions/cs_late']);
  });
});

/**
 * A checkout whose order is on its way (`answer` lets it come; the page takes it over), with a reload the page asked
 * for meanwhile (opi-cart-changed) on its way too, answered by `reload`.
 */
async function placingWithReload(reload: () => Promise<Response>) {
  const answer = gate();
  let reads = 0;
  const bff = fakeBff({
    session: async () => {
      reads += 1;
      return reads === 1 ? json(200, sessionView()) : reload();
    },
    order: async (request) => {
      await answer.wait;
      return acceptValidOrder(request);
    },
  });
  const el = await mount(bff);
  el.addEventListener('opi-order-created', (event) => event.preventDefault());
  await choose(el, 'TABBY_AE');
  await fill(el, shopper);
  await submit(el);
  window.dispatchEvent(new Event('opi-cart-changed'));
  await waitUntil(() => reads === 2, 'the reload on its way');
  return { el, answer, reads: () => reads };
}

/** A moment after, the order placed is still what the checkout says. */
async function expectOrderStands(el: OpiCheckout): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  await el.updateComplete;
  expect(text(part(el, 'message'))).to.equal('Your order is placed. Continue with Tabby.');
}
