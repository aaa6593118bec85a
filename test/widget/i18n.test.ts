import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import ar from '../../widget/components/opi-checkout/i18n/ar.js';
import enForm from '../../widget/components/opi-checkout/i18n/en-form.js';
import type { OpiCheckout } from '../../widget/components/opi-checkout/opi-checkout.js';
import { fakeBff, gate, json } from './support/fake-bff.js';
import { postpay, sessionView, shopper, tabby, tamaraTooSmall } from './support/fixtures.js';
import {
  choose,
  control,
  describedBy,
  fill,
  mount,
  part,
  parts,
  plain,
  status,
  submit,
  text,
} from './support/mount.js';

const money = (locale: string, currency: string, amount: number) =>
  plain(new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount));

/**
 * Declarations that would lay out differently right to left: physical left/right properties and values, and
 * four-value shorthands whose left and right sides differ (the grid and flex layout handle the rest).
 */
function physicalSides(cssText: string): string[] {
  const declarations = cssText.match(/[\w-]+\s*:[^;{}]+/g) ?? [];
  return declarations.filter((declaration) => {
    const [property = '', value = ''] = declaration.split(/:(.*)/s).map((part) => part.trim());
    if (/(^|-)(left|right)(-|$)/.test(property)) return true;
    if (
      /^(text-align|float|clear|justify-self|justify-items|justify-content)$/.test(property) &&
      /\b(left|right)\b/.test(value)
    )
      return true;
    const sides =
      /^(margin|padding|inset|border-width|border-style|border-color|border-radius|scroll-margin|scroll-padding)$/.test(
        property,
      )
        ? value.split(/\s+(?![^(]*\))/)
        : [];
    return sides.length === 4 && sides[1] !== sides[3];
  });
}

describe('<opi-checkout> languages and amounts', () => {
  it('lays out right to left with logical properties only: no physical left or right in its stylesheet', async () => {
    expect(
      physicalSides(
        'a{margin-left:1px;padding:1px 2px 3px 4px;text-align:right;border-top-right-radius:2px;left:0;margin:0 1px 0 1px}',
      ),
      'the check itself finds physical sides',
    ).to.deep.equal([
      'margin-left:1px',
      'padding:1px 2px 3px 4px',
      'text-align:right',
      'border-top-right-radius:2px',
      'left:0',
    ]);
    const el = await mount(fakeBff({ session: sessionView({ locale: 'ar_AE' }) }));
    const sheets = el.shadowRoot!.adoptedStyleSheets;
    const cssText = sheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('\n');
    expect(cssText, 'the sheet was read').to.contain('margin-block-end');
    expect(physicalSides(cssText)).to.deep.equal([]);
  });

  it('speaks Arabic, right to left, when the session is Arabic', async () => {
    const el = await mount(fakeBff({ session: sessionView({ locale: 'ar_AE', providers: [tabby, postpay] }) }));
    const base = part(el, 'base')!;
    expect(base.getAttribute('lang')).to.equal('ar-AE');
    expect(base.getAttribute('dir')).to.equal('rtl');
    expect(text(part(el, 'providers')!.querySelector('legend'))).to.equal(ar.providersLegend);
    expect(status(el)).to.equal('خيارات الدفع المتاحة: 2');
    expect(text(parts(el, 'provider-plan')[0])).to.equal(`4 × ${money('ar-AE', 'AED', 25)} · شهريًا`);
    const terms = part(el, 'provider-terms')!;
    expect(text(terms)).to.equal(postpay.terms);
    expect(terms.getAttribute('lang'), "the upstream's English terms say which language they are in").to.equal('en');
    await choose(el, 'TABBY_AE');
    expect(text(part(el, 'submit'))).to.equal(plain(`ادفع ${money('ar-AE', 'AED', 100)} عبر Tabby`));
    // Laid out with logical properties: the radio sits at the right of its label.
    const row = part(el, 'provider')!;
    expect(row.querySelector('input')!.getBoundingClientRect().left).to.be.greaterThan(
      row.querySelector('label')!.getBoundingClientRect().left,
    );
    const select = control<HTMLSelectElement>(el, 'billingAddress.country');
    expect(select.options[0]!.textContent).to.equal('الإمارات العربية المتحدة');
    // A phone number and an email are written left to right in any language: "+971 50 123 4567" keeps its order.
    expect(control(el, 'customer.phoneNumber').matches(':dir(ltr)')).to.equal(true);
    expect(control(el, 'customer.email').matches(':dir(ltr)')).to.equal(true);
    expect(control(el, 'customer.firstName').matches(':dir(rtl)')).to.equal(true);
  });

  // ar-SA writes numbers in Arabic-Indic digits, ar-AE in Western ones; -u-nu-latn asks for Western digits. Counts
  // (plan, provider count, fields to fix) must use the same digits as the amounts beside them.
  for (const [locale, digits, other] of [
    ['ar_SA', /[٠-٩]/, /[0-9]/],
    ['ar-SA-u-nu-latn', /[0-9]/, /[٠-٩]/],
  ] as const) {
    it(`writes counts and amounts in one set of digits: ${locale}`, async () => {
      const session = sessionView({
        locale: 'ar_SA',
        currency: 'SAR',
        country: 'SA',
        providers: [tabby, postpay],
        unavailableProviders: [tamaraTooSmall],
      });
      const el = await mount(fakeBff({ session }), { locale: locale === 'ar_SA' ? '' : locale });
      const tag = locale.replace('_', '-');
      const count = (n: number) => new Intl.NumberFormat(tag).format(n);
      expect(status(el)).to.equal(`خيارات الدفع المتاحة: ${count(2)}`);
      expect(text(parts(el, 'provider-plan')[0])).to.equal(`${count(4)} × ${money(tag, 'SAR', 25)} · شهريًا`);
      await choose(el, 'TABBY_AE');
      await fill(el, { 'customer.email': 'x@' });
      await submit(el);
      expect(text(part(el, 'alert'))).to.equal(`حقول تحتاج إلى مراجعة: ${count(7)}`);
      const shown = [
        status(el),
        ...['provider-plan', 'unavailable', 'alert', 'submit', 'error'].flatMap((name) => parts(el, name).map(text)),
      ];
      expect(shown.join(' '), `${locale} digits are used`).to.match(digits);
      expect(shown.join(' ')).not.to.match(other);
    });
  }

  it("shows Arabic messages for every field problem, never the schemas' English", async () => {
    const el = await mount(fakeBff({ session: sessionView({ locale: 'ar_AE' }) }));
    await choose(el, 'TABBY_AE');
    await fill(el, { 'customer.email': 'x@', 'customer.phoneNumber': 'abc' });
    await submit(el);
    const errors = parts(el, 'error').map((error) => text(error));
    expect(errors.length).to.equal(6);
    const arabic = [...Object.values(ar.errors), 'أدخل رقم هاتف من 6 إلى 15 رقمًا.'];
    for (const message of errors) expect(arabic, message).to.include(message);
    expect(describedBy(el, 'customer.email')).to.equal(ar.errors.email);
    expect(describedBy(el, 'customer.phoneNumber')).to.equal('أدخل رقم هاتف من 6 إلى 15 رقمًا.');
    expect(text(part(el, 'alert'))).to.equal('حقول تحتاج إلى مراجعة: 6');
    expect(errors.join(' ')).to.not.match(/must|required|invalid/i);
  });

  it('lets the locale attribute override the session: Arabic for an English session', async () => {
    const el = await mount(fakeBff({ session: sessionView() }), { locale: 'ar' });
    expect(part(el, 'base')!.getAttribute('dir')).to.equal('rtl');
    expect(text(part(el, 'providers')!.querySelector('legend'))).to.equal(ar.providersLegend);
  });

  it('lets the locale attribute override the session: English for an Arabic session', async () => {
    const el = await mount(fakeBff({ session: sessionView({ locale: 'ar_AE' }) }), { locale: 'en_GB' });
    expect(part(el, 'base')!.getAttribute('lang')).to.equal('en-GB');
    expect(part(el, 'base')!.getAttribute('dir')).to.equal('ltr');
    expect(status(el)).to.equal('2 payment options available');
  });

  it('uses the page language while the session loads, and a host dir="rtl"', async () => {
    const answer = gate();
    const bff = fakeBff({
      session: async () => {
        await answer.wait;
        return json(200, sessionView());
      },
    });
    const wrapper = await fixture<HTMLElement>(html`<div lang="ar">
      <opi-checkout dir="rtl" session="cs_test_1" api-base="https://bff.example" .fetchImpl=${bff.fetch}></opi-checkout>
    </div>`);
    const el = wrapper.querySelector<OpiCheckout>('opi-checkout')!;
    await el.updateComplete;
    expect(status(el)).to.equal(ar.loading);
    answer.open();
    await waitUntil(() => part(el, 'providers'));
    expect(part(el, 'base')!.getAttribute('lang'), 'the session decides once loaded').to.equal('en-AE');
    expect(part(el, 'base')!.getAttribute('dir'), 'the host asked for right to left').to.equal('rtl');
  });

  for (const [currency, amount, instalment, minimum, pay, plan, from] of [
    ['AED', 100, 25, 50, 'Pay AED 100.00 with Tabby', '4 × AED 25.00 · monthly', 'Tamara: available from AED 50.00'],
    [
      'KWD',
      12.345,
      3.086,
      5,
      'Pay KWD 12.345 with Tabby',
      '4 × KWD 3.086 · monthly',
      'Tamara: available from KWD 5.000',
    ],
    ['JPY', 1000, 250, 5000, 'Pay ¥1,000 with Tabby', '4 × ¥250 · monthly', 'Tamara: available from ¥5,000'],
  ] as const) {
    it(`formats ${currency} amounts with the currency's own decimals`, async () => {
      const el = await mount(
        fakeBff({
          session: sessionView({
            currency,
            amount,
            providers: [{ ...tabby, instalments: { count: 4, amount: instalment, interval: 'month' } }],
            unavailableProviders: [{ ...tamaraTooSmall, minAmount: minimum }],
          }),
        }),
      );
      expect(text(part(el, 'provider-plan'))).to.equal(plan);
      expect(text(part(el, 'unavailable'))).to.equal(from);
      expect(text(part(el, 'submit'))).to.equal(pay);
    });
  }

  it('refuses a session whose amount has more decimals than its currency, offering no retry that cannot help', async () => {
    const failed = oneEvent(document, 'opi-error');
    const el = await mount(fakeBff({ session: sessionView({ currency: 'JPY', amount: 1000.5 }) }));
    expect((await failed).detail.code).to.equal('bad_response');
    await el.updateComplete;
    expect(text(part(el, 'message'))).to.contain(enForm.failures.stopped);
    expect(part(el, 'retry')).to.not.exist;
  });

  it('takes string overrides from the host page, whole entries or parts of a group, in any language', async () => {
    const el = await mount(fakeBff({ session: sessionView() }));
    el.strings = {
      pay: 'Buy now: {amount} via {provider}',
      fields: { email: 'E-mail address' },
      failures: { session_expired: 'Your basket timed out.' },
    };
    await choose(el, 'TABBY_AE');
    await waitUntil(
      () => text(part(el, 'submit')) === 'Buy now: AED 100.00 via Tabby',
      'the words are checked, then used',
    );
    expect(text(control(el, 'customer.email').labels![0])).to.equal('E-mail address');
    expect(text(control(el, 'customer.firstName').labels![0]), 'the rest of the group stays').to.equal('First name');
    el.locale = 'ar';
    await el.updateComplete;
    expect(text(part(el, 'submit')), 'overrides apply over Arabic too').to.match(/^Buy now: .+ via Tabby$/);
    expect(text(control(el, 'customer.firstName').labels![0])).to.equal(ar.fields.firstName);
  });

  it('overrides a failure message by its code', async () => {
    const bff = fakeBff({
      session: sessionView(),
      order: () => json(410, { type: 'about:blank', title: 'gone', status: 410, code: 'session_expired' }),
    });
    const el = await mount(bff);
    el.strings = { failures: { session_expired: 'Your basket timed out.' } };
    await el.updateComplete;
    await choose(el, 'TABBY_AE');
    await fill(el, shopper);
    const failed = oneEvent(el, 'opi-error');
    await submit(el);
    expect((await failed).detail.message).to.equal('Your basket timed out.');
    expect(text(part(el, 'message'))).to.equal('Your basket timed out.');
  });
});
