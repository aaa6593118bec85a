// Every language we ship, in every engine: <opi-checkout> in each state a shopper meets and <opi-instalments> with
// its dialog open, each with zero axe violations, not one English word left outside what is marked English (the
// upstream's terms), and every character drawn by a font of this machine.
import { expect, waitUntil } from '@open-wc/testing';
import { LANGUAGES, type Language } from '../../shared/languages.js';
import { catalogues as checkoutCatalogues } from '../../widget/components/opi-checkout/i18n/index.js';
import { catalogues as instalmentCatalogues } from '../../widget/components/opi-instalments/i18n/index.js';
import { tabby, tamara } from './support/fixtures.js';
import { missingGlyphs } from './support/glyphs.js';
import { answer, mountInstalments } from './support/instalments.js';
import { part } from './support/mount.js';
import { STATES } from './support/states.js';

/** Each language with a region of one of its markets, so that a region always falls back to its language. */
const MARKET: Record<Language, string> = {
  en: 'en-GB',
  ar: 'ar-EG',
  de: 'de-AT',
  es: 'es-ES',
  fil: 'fil-PH',
  fr: 'fr-BE',
  id: 'id-ID',
  ms: 'ms-MY',
  sv: 'sv-SE',
  th: 'th-TH',
  vi: 'vi-VN',
  'zh-Hans': 'zh-SG',
  'zh-Hant': 'zh-TW',
};

/** The states whose texts, together, show every message a shopper can meet; the first three are audited by axe. */
const SHOWN = [
  'form with problems',
  'providers',
  'unreachable',
  'form',
  'provider refused',
  'redirecting',
  'redirect taken over by the host',
  'expired',
  'no provider',
  'submitting',
];

/** Every text of a catalogue, its plural forms included. */
function texts(catalogue: object): string[] {
  return Object.values(catalogue).flatMap((value) => (typeof value === 'string' ? [value] : texts(value as object)));
}

/** The words of at least four letters in a text, placeholders and the sample address left out, in lower case. */
const words = (text: string): string[] =>
  text
    .replace(/\{\w+\}|\S+@\S+/g, ' ')
    .toLowerCase()
    .match(/\p{L}{4,}/gu) ?? [];

const ENGLISH = new Set([...texts(checkoutCatalogues.en), ...texts(instalmentCatalogues.en)].flatMap(words));

/**
 * What a shopper reads or hears in the element: its text and accessible names, except what is marked English and
 * the country names, which are Intl's (CLDR's Filipino names many countries in English: "Vatican City").
 */
function shown(root: ShadowRoot): string {
  const found: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Element) {
      for (const name of ['aria-label', 'title', 'placeholder'])
        if (node.getAttribute(name)) found.push(node.getAttribute(name)!);
    } else if (!node.parentElement?.closest('[lang="en"], select[name$="country"]')) found.push(node.textContent ?? '');
  }
  return found.join(' ');
}

/** English words on screen that the language's own catalogues do not use themselves (loanwords such as "email"). */
async function englishLeft(language: Language, root: ShadowRoot): Promise<string[]> {
  if (language === 'en') return [];
  const own = await Promise.all([checkoutCatalogues.load[language]!(), instalmentCatalogues.load[language]!()]);
  const loanwords = new Set(own.flatMap((module) => texts(module.default)).flatMap(words));
  return [...new Set(words(shown(root)))].filter((word) => ENGLISH.has(word) && !loanwords.has(word));
}

const fontOf = (root: ShadowRoot) => getComputedStyle(root.querySelector('[part~="base"]')!).font;

describe('every language', () => {
  it('finds English words left on a page in another language, and characters no font draws', async () => {
    const el = await STATES.providers!('th-TH');
    const root = el.shadowRoot!;
    const legend = root.querySelector('legend')!;
    legend.textContent = 'Choose how to pay';
    expect(await englishLeft('th', root)).to.include('choose');
    expect(missingGlyphs('a\u0378ก', fontOf(root)), 'an unassigned code point has no glyph anywhere').to.deep.equal([
      '\u0378',
    ]);
  });

  for (const language of LANGUAGES) {
    const tag = MARKET[language];

    describe(`${language} (${tag})`, () => {
      for (const [index, state] of SHOWN.entries()) {
        it(`<opi-checkout>: ${state}`, async () => {
          const el = await STATES[state]!(tag);
          const root = el.shadowRoot!;
          expect(part(el, 'base')!.lang).to.equal(tag);
          expect(part(el, 'base')!.dir).to.equal(language === 'ar' ? 'rtl' : 'ltr');
          expect(await englishLeft(language, root), 'English words left').to.deep.equal([]);
          expect(missingGlyphs(shown(root), fontOf(root)), 'characters no font draws').to.deep.equal([]);
          if (index < 3) await expect(el).to.be.accessible();
        });
      }

      it('<opi-instalments>: the line and the dialog', async () => {
        const { el } = await mountInstalments(() => answer([tabby, tamara]), { locale: tag });
        const root = el.shadowRoot!;
        part<HTMLButtonElement>(el, 'learn-more')!.click();
        await waitUntil(() => root.querySelector('dialog')?.open, 'the dialog opened');
        expect(part(el, 'base')!.dir).to.equal(language === 'ar' ? 'rtl' : 'ltr');
        expect(await englishLeft(language, root), 'English words left').to.deep.equal([]);
        expect(missingGlyphs(shown(root), fontOf(root)), 'characters no font draws').to.deep.equal([]);
        await expect(el).to.be.accessible();
        part<HTMLButtonElement>(el, 'close')!.click();
      });
    });
  }
});
