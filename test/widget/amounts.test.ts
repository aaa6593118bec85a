// Amounts in every currency the providers sell in, in the locale of their market, in every engine: the currency's own
// decimals, the locale's digits (or the page's choice of them), and every character drawn by a font of this machine.
import { expect } from '@open-wc/testing';
import { fakeBff } from './support/fake-bff.js';
import { sessionView, tabby, tamaraTooSmall } from './support/fixtures.js';
import { missingGlyphs } from './support/glyphs.js';
import { choose, mount, part, plain, status, text } from './support/mount.js';

/** Currency, the locale of its market, an order total and one instalment, in major units. */
const MARKETS: [currency: string, locale: string, total: number, instalment: number][] = [
  ['AED', 'ar-AE', 1234.5, 308.63],
  ['SAR', 'ar-SA', 1234.5, 411.5],
  ['KWD', 'ar-KW', 123.456, 30.864],
  ['QAR', 'ar-QA', 1234.5, 308.63],
  ['BHD', 'ar-BH', 123.456, 30.864],
  ['OMR', 'ar-OM', 123.456, 30.864],
  ['EGP', 'ar-EG', 12345.5, 3086.38],
  ['AUD', 'en-AU', 1234.5, 308.63],
  ['NZD', 'en-NZ', 1234.5, 308.63],
  ['SGD', 'en-SG', 1234.5, 411.5],
  ['MYR', 'ms-MY', 1234.5, 411.5],
  ['IDR', 'id-ID', 1234567, 411522],
  ['PHP', 'fil-PH', 12345.5, 3086.38],
  ['VND', 'vi-VN', 12345000, 4115000],
  ['THB', 'th-TH', 12345.5, 4115.17],
  ['HKD', 'zh-HK', 1234.5, 411.5],
  ['TWD', 'zh-TW', 12345, 4115],
  ['GBP', 'en-GB', 1234.5, 308.63],
  ['USD', 'en-US', 1234.5, 308.63],
  ['EUR', 'de-DE', 1234.5, 308.63],
  ['SEK', 'sv-SE', 12345.5, 3086.38],
];

const money = (locale: string, currency: string, amount: number) =>
  plain(new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount));

/** The digits a text is written in: Latin, Arabic-Indic or Thai. */
const digitsOf = (value: string) =>
  [/[0-9]/.test(value) && 'latn', /[٠-٩]/.test(value) && 'arab', /[๐-๙]/.test(value) && 'thai'].filter(Boolean);

async function checkout(currency: string, locale: string, total: number, instalment: number, digits = '') {
  const session = sessionView({
    currency,
    amount: total,
    providers: [{ ...tabby, instalments: { count: 4, amount: instalment, interval: 'month' } }],
    unavailableProviders: [{ ...tamaraTooSmall, minAmount: total * 2, maxAmount: total * 10 }],
  });
  const el = await mount(fakeBff({ session }), { locale });
  if (digits) {
    el.digits = digits;
    await el.updateComplete;
  }
  await choose(el, 'TABBY_AE');
  return el;
}

describe('amounts in every currency of the providers', () => {
  for (const [currency, locale, total, instalment] of MARKETS) {
    it(`${currency} in ${locale}: its decimals, its digits, every glyph drawn`, async () => {
      const el = await checkout(currency, locale, total, instalment);
      const shown = [part(el, 'submit'), part(el, 'provider-plan'), part(el, 'unavailable')].map(text).join(' ');
      for (const amount of [total, instalment, total * 2])
        expect(shown, `${currency} ${amount}`).to.contain(money(locale, currency, amount));
      expect(digitsOf(shown), 'one set of digits').to.have.length(1);
      const font = getComputedStyle(part(el, 'submit')!).font;
      expect(missingGlyphs(shown, font), 'characters no font draws').to.deep.equal([]);
    });
  }

  for (const [locale, digits, written] of [
    ['ar-SA', '', 'arab'],
    ['ar-SA', 'latn', 'latn'],
    ['ar-AE', '', 'latn'],
    ['ar-AE', 'arab', 'arab'],
    ['th-TH', '', 'latn'],
    ['th-TH', 'thai', 'thai'],
    ['th-TH', 'no such system!', 'latn'],
  ] as const) {
    it(`writes ${locale} amounts and counts in ${written} digits when the page chose "${digits}"`, async () => {
      const el = await checkout(locale.startsWith('ar') ? 'SAR' : 'THB', locale, 1234.5, 411.5, digits);
      const shown = [status(el), text(part(el, 'submit')), text(part(el, 'provider-plan'))].join(' ');
      expect(digitsOf(shown), shown).to.deep.equal([written]);
    });
  }
});
