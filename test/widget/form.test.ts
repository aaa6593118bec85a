import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { PlaceOrderRequest } from '../../shared/schemas/checkout-api.js';
import { created, fakeBff, problem, type FakeBff } from './support/fake-bff.js';
import { sessionView, shopper, tabby, tamara } from './support/fixtures.js';
import { choose, control, describedBy, fill, mount, part, parts, status, submit, text } from './support/mount.js';

async function formFor(bff: FakeBff, provider = 'TABBY_AE') {
  const el = await mount(bff);
  await choose(el, provider);
  return el;
}

const lastOrder = (bff: FakeBff) => bff.orders().at(-1)!.body as PlaceOrderRequest;

describe('<opi-checkout> form', () => {
  it('gives every field a label, an autofill token, the right type and keyboard', async () => {
    const el = await formFor(fakeBff({ session: sessionView({ requiresShipping: true }) }));
    control<HTMLInputElement>(el, 'sameAsBilling').click();
    await el.updateComplete;
    const expected: Record<string, [autocomplete: string, type: string, inputmode: string | null]> = {
      'customer.firstName': ['given-name', 'text', null],
      'customer.lastName': ['family-name', 'text', null],
      'customer.email': ['email', 'email', 'email'],
      'customer.phoneNumber': ['tel', 'tel', 'tel'],
      'billingAddress.streetAddress': ['billing address-line1', 'text', null],
      'billingAddress.streetAddress2': ['billing address-line2', 'text', null],
      'billingAddress.city': ['billing address-level2', 'text', null],
      'billingAddress.state': ['billing address-level1', 'text', null],
      'billingAddress.postalCode': ['billing postal-code', 'text', null],
      'billingAddress.country': ['billing country', 'select-one', null],
      'shippingAddress.firstName': ['shipping given-name', 'text', null],
      'shippingAddress.lastName': ['shipping family-name', 'text', null],
      'shippingAddress.phoneNumber': ['shipping tel', 'tel', 'tel'],
      'shippingAddress.streetAddress': ['shipping address-line1', 'text', null],
      'shippingAddress.streetAddress2': ['shipping address-line2', 'text', null],
      'shippingAddress.city': ['shipping address-level2', 'text', null],
      'shippingAddress.state': ['shipping address-level1', 'text', null],
      'shippingAddress.postalCode': ['shipping postal-code', 'text', null],
      'shippingAddress.country': ['shipping country', 'select-one', null],
    };
    for (const [path, [autocomplete, type, inputmode]] of Object.entries(expected)) {
      const input = control<HTMLInputElement>(el, path);
      expect(input.getAttribute('autocomplete'), path).to.equal(autocomplete);
      expect(input.type, path).to.equal(type);
      expect(input.getAttribute('inputmode'), path).to.equal(inputmode);
      expect(input.labels?.[0]?.textContent, `${path} has a label`).to.match(/\S/);
    }
    expect(text(control(el, 'billingAddress.streetAddress2').labels![0])).to.equal(
      'Apartment, suite, building (optional)',
    );
    expect(control(el, 'billingAddress.streetAddress2').required).to.equal(false);
    expect(control(el, 'customer.email').required).to.equal(true);
    expect(parts(el, 'fieldset').map((fieldset) => text(fieldset.querySelector('legend')))).to.deep.equal([
      'Your details',
      'Billing address',
      'Shipping',
    ]);
  });

  it('lists countries by name from Intl.DisplayNames, the session country first and chosen', async () => {
    const el = await formFor(fakeBff({ session: sessionView({ country: 'SA' }) }));
    const select = control<HTMLSelectElement>(el, 'billingAddress.country');
    expect(select.value).to.equal('SA');
    expect(select.options[0]!.value).to.equal('SA');
    expect(select.options[0]!.textContent).to.equal('Saudi Arabia');
    expect(select.options.length).to.be.greaterThan(200);
    const names = [...select.options].slice(1).map((option) => option.textContent!);
    expect(names).to.deep.equal([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect([...select.options].find((option) => option.value === 'AE')!.textContent).to.equal('United Arab Emirates');
    // One entry per country: no withdrawn code beside its successor (United Kingdom as GB only, Serbia as RS only).
    expect(new Set([...select.options].map((option) => option.textContent)).size).to.equal(select.options.length);
    const codes = [...select.options].map((option) => option.value);
    expect(codes.filter((code) => ['UK', 'YU', 'CS', 'DD', 'XK'].includes(code))).to.deep.equal([]);
  });

  it('shows no message before a field is touched, then one beside it once it is left', async () => {
    const el = await formFor(fakeBff({ session: sessionView() }));
    const email = control(el, 'customer.email');
    expect(email.getAttribute('aria-invalid')).to.equal('false');
    expect(email.hasAttribute('aria-describedby')).to.equal(false);
    await fill(el, { 'customer.email': 'not-an-email' });
    expect(part(el, 'error'), 'no message while typing').to.equal(null);
    email.dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true }));
    await el.updateComplete;
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    expect(describedBy(el, 'customer.email')).to.equal('Enter an email address like name@example.com.');
    await fill(el, { 'customer.email': 'aisha@example.com' });
    expect(email.getAttribute('aria-invalid')).to.equal('false');
  });

  it('says a required field is empty as soon as the shopper leaves it, and leaves an optional one alone', async () => {
    const el = await formFor(fakeBff({ session: sessionView() }));
    for (const path of ['customer.lastName', 'billingAddress.streetAddress2']) {
      control(el, path).focus();
      control(el, path).blur();
      await el.updateComplete;
    }
    expect(control(el, 'customer.lastName').getAttribute('aria-invalid')).to.equal('true');
    expect(describedBy(el, 'customer.lastName')).to.equal('Fill in this field.');
    expect(control(el, 'billingAddress.streetAddress2').getAttribute('aria-invalid')).to.equal('false');
    expect(
      control(el, 'customer.firstName').getAttribute('aria-invalid'),
      'a field never visited says nothing',
    ).to.equal('false');
  });

  it('on a failed submit shows every problem, announces the count and focuses the first invalid field', async () => {
    const bff = fakeBff({ session: sessionView() });
    const el = await formFor(bff);
    await fill(el, { 'customer.firstName': 'Aisha', 'customer.phoneNumber': '12' });
    await submit(el);
    await waitUntil(
      () => el.shadowRoot!.activeElement === control(el, 'customer.lastName'),
      'focus did not move to the first invalid field',
    );
    expect(describedBy(el, 'customer.lastName')).to.equal('Fill in this field.');
    expect(describedBy(el, 'customer.phoneNumber')).to.equal('Enter a phone number with 6 to 15 digits.');
    expect(describedBy(el, 'billingAddress.city')).to.equal('Fill in this field.');
    expect(control(el, 'customer.firstName').getAttribute('aria-invalid')).to.equal('false');
    expect(control(el, 'billingAddress.streetAddress2').getAttribute('aria-invalid'), 'optional').to.equal('false');
    expect(text(part(el, 'alert'))).to.equal('5 fields need your attention.');
    await waitUntil(() => status(el) === '5 fields need your attention.', 'the live region did not announce the count');
    expect(bff.orders(), 'nothing sent').to.deep.equal([]);
  });

  it('announces a second failed submit with the same count again: the live region empties, then speaks', async () => {
    const el = await formFor(fakeBff({ session: sessionView() }));
    const heard: string[] = [];
    const region = part(el, 'status')!;
    const observer = new MutationObserver(() => {
      if (heard.at(-1) !== status(el)) heard.push(status(el));
    });
    observer.observe(region, { subtree: true, childList: true, characterData: true });
    const count = '6 fields need your attention.';
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      await submit(el);
      await waitUntil(
        () => heard.filter((said) => said === count).length === attempt,
        `attempt ${attempt} was not announced`,
      );
    }
    observer.disconnect();
    expect(heard).to.deep.equal(['', count, '', count]);
  });

  it('sends the order the BFF expects: trimmed, the customer as billing contact, what was left out left to the BFF', async () => {
    const bff = fakeBff({ session: sessionView() });
    const el = await formFor(bff, 'TAMARA_AE');
    await fill(el, { ...shopper, 'customer.firstName': '  Aisha ' });
    const createdEvent = oneEvent(el, 'opi-order-created');
    await submit(el);
    await createdEvent;
    const [request] = bff.orders();
    expect(request!.headers.get('content-type')).to.equal('application/json');
    expect(request!.headers.get('idempotency-key')).to.match(/^[0-9a-f-]{36}$/);
    expect(request!.url.href).to.equal('https://bff.example/v1/checkout-sessions/cs_test_1/orders');
    const contact = {
      firstName: 'Aisha',
      lastName: 'Khan',
      email: 'aisha@example.com',
      phoneNumber: '+971 50 123 4567',
    };
    expect(request!.body).to.deep.equal({
      bnplProvider: 'TAMARA_AE',
      customer: contact,
      billingAddress: {
        ...contact,
        streetAddress: '1 Marina Walk',
        city: 'Dubai',
        country: 'AE',
      },
    });
  });

  it('asks for a shipping address when the cart ships, the same as billing until the shopper says otherwise', async () => {
    const bff = fakeBff({ session: sessionView({ requiresShipping: true }) });
    const el = await formFor(bff);
    const same = control<HTMLInputElement>(el, 'sameAsBilling');
    expect(same.checked).to.equal(true);
    expect(text(same.labels![0])).to.equal('Ship to my billing address');
    expect(el.shadowRoot!.querySelector('[name="shippingAddress.city"]')).to.equal(null);
    const method = control<HTMLSelectElement>(el, 'shippingMethod');
    expect(method.value).to.equal('delivery');
    expect([...method.options].map((option) => option.value)).to.deep.equal(['delivery', 'store', 'digital', 'pickup']);
    await fill(el, { ...shopper, shippingMethod: 'pickup' });
    const first = oneEvent(el, 'opi-order-created');
    await submit(el);
    await first;
    expect(lastOrder(bff).shippingAddress).to.deep.equal(lastOrder(bff).billingAddress);
    expect(lastOrder(bff).shippingMethod).to.equal('pickup');
  });

  it('collects a separate shipping recipient and address when "same as billing" is off', async () => {
    const bff = fakeBff({
      session: sessionView({
        providers: [{ ...tamara, requiresShippingAddress: true, requiredFields: ['shippingAddress'] }],
      }),
    });
    const el = await mount(bff);
    expect(
      el.shadowRoot!.querySelector('[name="shippingMethod"]'),
      'no delivery method for a cart that does not ship',
    ).to.equal(null);
    control<HTMLInputElement>(el, 'sameAsBilling').click();
    await el.updateComplete;
    await fill(el, shopper);
    await submit(el);
    await waitUntil(() => el.shadowRoot!.activeElement === control(el, 'shippingAddress.firstName'));
    await fill(el, {
      'shippingAddress.firstName': 'Omar',
      'shippingAddress.lastName': 'Saleh',
      'shippingAddress.phoneNumber': '+971 55 765 4321',
      'shippingAddress.streetAddress': '5 Palm Road',
      'shippingAddress.city': 'Abu Dhabi',
      'shippingAddress.postalCode': '11111',
      'shippingAddress.state': 'AZ',
    });
    const createdEvent = oneEvent(el, 'opi-order-created');
    await submit(el);
    await createdEvent;
    expect(lastOrder(bff).shippingAddress).to.deep.equal({
      firstName: 'Omar',
      lastName: 'Saleh',
      email: 'aisha@example.com',
      phoneNumber: '+971 55 765 4321',
      streetAddress: '5 Palm Road',
      city: 'Abu Dhabi',
      state: 'AZ',
      postalCode: '11111',
      country: 'AE',
    });
  });

  it('does not ask for a delivery method the merchant already chose', async () => {
    const bff = fakeBff({ session: sessionView({ requiresShipping: true, shippingMethod: 'store' }) });
    const el = await formFor(bff);
    expect(el.shadowRoot!.querySelector('[name="shippingMethod"]')).to.equal(null);
    expect(control(el, 'sameAsBilling')).to.exist;
  });

  it('asks for a delivery method a provider requires', async () => {
    const el = await formFor(
      fakeBff({ session: sessionView({ providers: [{ ...tabby, requiredFields: ['shippingMethod'] }, tamara] }) }),
    );
    expect(control<HTMLSelectElement>(el, 'shippingMethod').value).to.equal('delivery');
  });

  it('asks a postal code where the country has them: optional in the UAE, required once Saudi Arabia is chosen', async () => {
    const bff = fakeBff({ session: sessionView() });
    const el = await formFor(bff);
    const postalCode = () => control<HTMLInputElement>(el, 'billingAddress.postalCode');
    expect(text(postalCode().labels![0])).to.equal('Postal code (optional)');
    expect(postalCode().required).to.equal(false);
    await fill(el, { ...shopper, 'billingAddress.country': 'SA' });
    expect(text(postalCode().labels![0])).to.equal('Postal code');
    expect(postalCode().required).to.equal(true);
    await submit(el);
    expect(bff.orders(), 'nothing sent without a Saudi postal code').to.deep.equal([]);
    expect(describedBy(el, 'billingAddress.postalCode')).to.equal('Fill in this field.');
    expect(text(part(el, 'alert'))).to.equal('1 field needs your attention.');
    await fill(el, { 'billingAddress.country': 'AE' });
    await submit(el);
    await waitUntil(() => bff.orders().length === 1);
    expect(lastOrder(bff).billingAddress).to.include({ country: 'AE' }).and.not.have.property('postalCode');
  });

  it('requires a UAE postal code when the provider names it in its requiredFields', async () => {
    const strict = { ...tabby, requiredFields: ['billingAddress.postalCode'] };
    const bff = fakeBff({ session: sessionView({ providers: [strict, tamara] }) });
    const el = await formFor(bff);
    expect(text(control(el, 'billingAddress.postalCode').labels![0])).to.equal('Postal code');
    await fill(el, shopper);
    await submit(el);
    expect(describedBy(el, 'billingAddress.postalCode')).to.equal('Fill in this field.');
    await fill(el, { 'billingAddress.postalCode': '00000' });
    await submit(el);
    await waitUntil(() => bff.orders().length === 1);
    expect(lastOrder(bff).billingAddress.postalCode).to.equal('00000');
  });

  it("requires the optional fields a provider's requiredFields name, and ignores ones the form does not show", async () => {
    const strict = {
      ...tabby,
      requiredFields: ['shippingAddress', 'billingAddress.streetAddress2', 'shippingAddress.state', 'customer.title'],
      requiresShippingAddress: true,
    };
    const bff = fakeBff({ session: sessionView({ providers: [strict, tamara] }) });
    const el = await formFor(bff);
    // Shipping is the billing address for now, so the shipping state is asked as the billing one.
    for (const [path, label] of [
      ['billingAddress.streetAddress2', 'Apartment, suite, building'],
      ['billingAddress.state', 'State or province'],
    ]) {
      expect(control(el, path).required, path).to.equal(true);
      expect(text(control(el, path).labels![0]), 'no "(optional)"').to.equal(label);
    }
    await fill(el, shopper);
    await submit(el);
    expect(bff.orders(), 'nothing sent while they are empty').to.deep.equal([]);
    expect(describedBy(el, 'billingAddress.streetAddress2')).to.equal('Fill in this field.');
    expect(describedBy(el, 'billingAddress.state')).to.equal('Fill in this field.');
    expect(text(part(el, 'alert'))).to.equal('2 fields need your attention.');

    await fill(el, { 'billingAddress.streetAddress2': 'Tower B', 'billingAddress.state': 'Dubai' });
    await submit(el);
    await waitUntil(() => bff.orders().length === 1);
    expect(lastOrder(bff).billingAddress).to.include({ streetAddress2: 'Tower B', state: 'Dubai' });
    expect(lastOrder(bff).shippingAddress).to.include({ streetAddress2: 'Tower B', state: 'Dubai' });
  });

  it('asks a separate shipping address for the fields the provider requires of it', async () => {
    const strict = { ...tabby, requiredFields: ['shippingAddress.state'], requiresShippingAddress: true };
    const el = await formFor(fakeBff({ session: sessionView({ providers: [strict, tamara] }) }));
    control<HTMLInputElement>(el, 'sameAsBilling').click();
    await el.updateComplete;
    expect(control(el, 'shippingAddress.state').required).to.equal(true);
    expect(control(el, 'billingAddress.state').required, 'the billing state stays optional').to.equal(false);
    await choose(el, 'TAMARA_AE');
    expect(el.shadowRoot!.querySelector('[name="shippingAddress.state"]'), 'Tamara needs no shipping address').to.equal(
      null,
    );
    expect(control(el, 'billingAddress.state').required).to.equal(false);
  });

  it('fills the form from the session prefill, the customer from a prefilled billing contact', async () => {
    const bff = fakeBff({
      session: sessionView({
        requiresShipping: true,
        prefill: {
          billingAddress: {
            firstName: 'Layla',
            lastName: 'Haddad',
            email: 'layla@example.com',
            streetAddress: '9 Corniche',
            city: 'Doha',
            country: 'QA',
          },
          customer: { phoneNumber: '+974 5555 1234' },
          shippingAddress: { streetAddress: '3 Pearl Blvd', city: 'Doha', firstName: 'Layla' },
        },
      }),
    });
    const el = await formFor(bff);
    const value = (path: string) => control<HTMLInputElement>(el, path).value;
    expect(value('customer.firstName')).to.equal('Layla');
    expect(value('customer.email')).to.equal('layla@example.com');
    expect(value('customer.phoneNumber')).to.equal('+974 5555 1234');
    expect(value('billingAddress.streetAddress')).to.equal('9 Corniche');
    expect(value('billingAddress.country')).to.equal('QA');
    expect(control<HTMLInputElement>(el, 'sameAsBilling').checked, 'a different prefilled shipping address').to.equal(
      false,
    );
    expect(value('shippingAddress.streetAddress')).to.equal('3 Pearl Blvd');
    expect(value('shippingAddress.country'), 'the session country where the prefill has none').to.equal('AE');
  });

  it('puts the BFF field errors beside their fields and focuses the first', async () => {
    const bff = fakeBff({
      session: sessionView(),
      order: () =>
        problem(400, 'validation_failed', {
          errors: [
            { path: 'billingAddress.city', message: 'is not a city we deliver to' },
            { path: 'billingAddress.email', message: 'must be a valid email address' },
          ],
        }),
    });
    const el = await formFor(bff);
    await fill(el, shopper);
    const failed = oneEvent(el, 'opi-error');
    await submit(el);
    expect((await failed).detail).to.deep.equal({
      code: 'validation_failed',
      message: '2 fields need your attention.',
      retryable: false,
    });
    await waitUntil(
      () => el.shadowRoot!.activeElement === control(el, 'customer.email'),
      'focus did not move to the first refused field',
    );
    expect(describedBy(el, 'billingAddress.city')).to.equal('Check this field.');
    expect(describedBy(el, 'customer.email'), 'the billing email is the customer email').to.equal(
      'Enter an email address like name@example.com.',
    );
    expect(text(part(el, 'alert'))).to.equal('2 fields need your attention.');
    await fill(el, { 'billingAddress.city': 'Sharjah' });
    expect(describedBy(el, 'billingAddress.city'), 'an edit clears the BFF error').to.equal('');
  });

  it('says so above the button when the BFF refuses a field the form does not show, never "try again"', async () => {
    const bff = fakeBff({
      session: sessionView(),
      order: () => problem(400, 'validation_failed', { errors: [{ path: 'bnplProvider', message: 'is not offered' }] }),
    });
    const el = await formFor(bff);
    await fill(el, shopper);
    await submit(el);
    await waitUntil(() => part(el, 'alert'));
    // The refusal is final (retryable: false) and the shopper cannot fix a field they cannot see.
    expect(text(part(el, 'alert'))).to.equal('The checkout cannot continue. Contact the shop.');
  });

  it('says "choose another" only when another provider is offered', async () => {
    const bff = fakeBff({
      session: sessionView({ providers: [sessionView().providers[0]!] }),
      order: () => problem(422, 'provider_not_eligible'),
    });
    const el = await formFor(bff);
    await fill(el, shopper);
    await submit(el);
    await waitUntil(() => part(el, 'alert'));
    expect(text(part(el, 'alert'))).to.equal('This payment option cannot take this order.');
  });

  it('reports a provider that turns the order down and keeps the form', async () => {
    const bff = fakeBff({ session: sessionView(), order: () => problem(422, 'provider_not_eligible') });
    const el = await formFor(bff);
    await fill(el, shopper);
    const failed = oneEvent(el, 'opi-error');
    await submit(el);
    expect((await failed).detail).to.deep.equal({
      code: 'provider_not_eligible',
      message: 'This payment option cannot take this order. Choose another.',
      retryable: false,
    });
    await el.updateComplete;
    expect(text(part(el, 'alert'))).to.equal('This payment option cannot take this order. Choose another.');
    expect(status(el)).to.equal('This payment option cannot take this order. Choose another.');
    await choose(el, 'TAMARA_AE');
    expect(part(el, 'alert'), 'a new choice clears it').to.equal(null);
  });

  it('retries an unanswered order with the same Idempotency-Key, and uses a new one for a changed order', async () => {
    let calls = 0;
    const bff = fakeBff({
      session: sessionView(),
      order: () => {
        calls += 1;
        return calls < 3 ? problem(502, 'upstream_unavailable', { retryable: true }) : created();
      },
    });
    const el = await formFor(bff);
    await fill(el, shopper);
    const failed = oneEvent(el, 'opi-error');
    await submit(el);
    expect((await failed).detail).to.deep.equal({
      code: 'upstream_unavailable',
      message: 'The payment provider did not answer. Try again.',
      retryable: true,
    });
    await waitUntil(() => part(el, 'alert'));
    await submit(el);
    await waitUntil(() => bff.orders().length === 2 && part(el, 'alert'));
    await fill(el, { 'billingAddress.city': 'Ajman' });
    const createdEvent = oneEvent(el, 'opi-order-created');
    await submit(el);
    await createdEvent;
    const keys = bff.orders().map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).to.equal(keys[1]);
    expect(keys[2]).to.not.equal(keys[1]);
  });

  for (const [name, answer, said] of [
    [
      'the session expires',
      () => problem(410, 'session_expired'),
      'This checkout has expired. Start again from the shop.',
    ],
    [
      'the session has no attempts left',
      () => problem(409, 'session_exhausted'),
      'Too many attempts. Start again from the shop.',
    ],
  ] as const) {
    it(`ends the checkout when ${name} at submit`, async () => {
      const el = await formFor(fakeBff({ session: sessionView(), order: answer }));
      await fill(el, shopper);
      await submit(el);
      await waitUntil(() => part(el, 'message'));
      expect(text(part(el, 'message'))).to.equal(said);
      expect(part(el, 'form')).to.equal(null);
    });
  }
});
