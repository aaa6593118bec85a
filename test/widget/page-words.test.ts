// Words a page gives of its own: corrections of any language (`strings`, `addStrings` for a language or a region) and
// whole languages we do not ship, checked against English (problems in the console, never a broken element); and
// which language an element speaks: its locale attribute, else the session's, else the page's lang, else the browser's.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import ar from '../../widget/components/opi-checkout/i18n/ar.js';
import { en } from '../../widget/components/opi-checkout/i18n/en.js';
import { OpiCheckout } from '../../widget/components/opi-checkout/opi-checkout.js';
import type { OpiInstalments } from '../../widget/components/opi-instalments/opi-instalments.js';
import th from '../../widget/components/opi-instalments/i18n/th.js';
import vi from '../../widget/components/opi-instalments/i18n/vi.js';
import { fakeBff } from './support/fake-bff.js';
import { sessionView, tabby } from './support/fixtures.js';
import { answer, mountInstalments, settled } from './support/instalments.js';
import { choose, mount, part, status, text } from './support/mount.js';
import { warnings } from './support/warnings.js';

// Null-safe: while a new language's words load, the element shows its placeholder and has no provider list.
const legend = (el: HTMLElement) => text(part(el, 'providers')?.querySelector('legend'));

describe("a page's own words", () => {
  it('adds a language we do not ship: its words where given, English string by string where not, never a blank', async () => {
    OpiCheckout.addStrings('ko', { providersLegend: '결제 방법 선택', pay: '{provider}(으)로 {amount} 결제' });
    const el = await mount(fakeBff({ session: sessionView() }), { locale: 'ko-KR' });
    await waitUntil(() => legend(el) === '결제 방법 선택', 'the added words are used');
    expect(status(el), 'a message it does not give stays English').to.equal('2 payment options available');
    await choose(el, 'TABBY_AE');
    expect(text(part(el, 'submit'))).to.match(/^Tabby\(으\)로 .+ 결제$/);
    expect(part(el, 'base')!.dir).to.equal('ltr');
  });

  it('corrects a region only: ar-AE gets its own word, ar-SA keeps the shipped Arabic, the rest stays Arabic', async () => {
    OpiCheckout.addStrings('ar_AE', { providersLegend: 'اختر وسيلة الدفع' });
    const emirates = await mount(fakeBff({ session: sessionView() }), { locale: 'ar-AE' });
    await waitUntil(() => legend(emirates) === 'اختر وسيلة الدفع', 'the region has its word');
    expect(status(emirates)).to.equal('خيارات الدفع المتاحة: 2');
    const saudi = await mount(fakeBff({ session: sessionView() }), { locale: 'ar-SA-u-nu-latn' });
    expect(legend(saudi)).to.equal(ar.providersLegend);
  });

  it('reaches elements already on the page when a language is added after them', async () => {
    const el = await mount(fakeBff({ session: sessionView() }), { locale: 'nl' });
    expect(legend(el)).to.equal(en.providersLegend);
    expect(part(el, 'base')!.lang, 'English words say so').to.equal('en');
    OpiCheckout.addStrings('nl', { providersLegend: 'Kies hoe je betaalt' });
    await waitUntil(() => legend(el) === 'Kies hoe je betaalt', 'the element took the new words');
    expect(part(el, 'base')!.lang, 'words added for the language speak it').to.equal('nl');
  });

  it('reports what it cannot use in the console and keeps the element whole', async () => {
    const el = await mount(fakeBff({ session: sessionView() }));
    const said = await warnings(async () => {
      el.strings = {
        pay: 'Buy now: {amout}',
        totalChanged: 'Your total changed',
        providerCount: { one: 'one option', other: '{count} options' },
        recommended: { one: 'Top pick', other: 'Top picks' },
        retry: (() => 'Again') as unknown as string,
        fields: { email: 'E-mail', nickname: 'Nickname' } as never,
        colour: 'blue',
      } as never;
      await waitUntil(() => legend(el) && status(el) === '2 options', 'the usable words are used');
    });
    expect(said).to.have.members([
      '<opi-checkout> strings: pay: {amout} is not a placeholder of this message ({amount}, {provider})',
      '<opi-checkout> strings: totalChanged: {amount} missing',
      '<opi-checkout> strings: recommended: plural forms need a {count}; this is a plain text',
      '<opi-checkout> strings: retry: not a text or plural forms ({ one: "…", other: "…" })',
      '<opi-checkout> strings: fields.nickname: no such message',
      '<opi-checkout> strings: colour: no such message',
    ]);
    await choose(el, 'TABBY_AE');
    expect(text(part(el, 'submit')), 'a broken placeholder leaves English').to.equal('Pay AED 100.00 with Tabby');
    expect(text(part(el, 'badge'))).to.equal('Recommended');
    expect(text(el.shadowRoot!.querySelector('label[for="customer-email"]'))).to.equal('E-mail');
  });

  it("says the page's words are in its language, or in the one they name, and refuses a lang that is none", async () => {
    const portuguese = await mount(fakeBff({ session: sessionView() }), { locale: 'pt-BR' });
    expect(part(portuguese, 'base')!.lang, 'English until the page gives words').to.equal('en');
    const refused = await warnings(async () => {
      OpiCheckout.addStrings('pt', { fields: { nickname: 'Apelido' } } as never);
      const said = console.warn;
      await new Promise<void>((resolve) => {
        console.warn = (...args: unknown[]) => {
          said(...args);
          resolve();
        };
      });
    });
    expect(refused).to.deep.equal(["OpiCheckout.addStrings('pt'): fields.nickname: no such message"]);
    await portuguese.updateComplete;
    expect(part(portuguese, 'base')!.lang, 'added words of which none is usable say nothing').to.equal('en');
    portuguese.strings = { lang: 'pt', providersLegend: 'Escolha como pagar' } as never;
    await waitUntil(() => legend(portuguese) === 'Escolha como pagar', 'the words are used');
    expect(part(portuguese, 'base')!.lang, 'words that name their language').to.equal('pt-BR');

    // An element's words are checked once; their language is the catalogue's when the element's changes later.
    const german = await mount(fakeBff({ session: sessionView() }));
    german.strings = { recommended: 'Empfohlen!' };
    await waitUntil(() => text(part(german, 'badge')) === 'Empfohlen!', 'the words are used');
    german.locale = 'de-DE';
    await waitUntil(() => legend(german) !== en.providersLegend, 'German arrived');
    expect(part(german, 'base')!.lang).to.equal('de-DE');

    // Words added under a script: a Hong Kong page keeps its own tag.
    OpiCheckout.addStrings('zh-Hant', { providersLegend: '選擇付款方式' });
    const hongKong = await mount(fakeBff({ session: sessionView() }), { locale: 'zh-HK' });
    await waitUntil(() => legend(hongKong) === '選擇付款方式', 'the added words are used');
    expect(part(hongKong, 'base')!.lang).to.equal('zh-HK');

    const named = await mount(fakeBff({ session: sessionView() }), { locale: 'he-IL' });
    const said = await warnings(async () => {
      named.strings = { lang: 'Portuguese', providersLegend: 'Choose how to pay!' } as never;
      await waitUntil(() => legend(named) === 'Choose how to pay!', 'the usable words are used');
    });
    expect(said).to.deep.equal(['<opi-checkout> strings: lang: Portuguese is not a language tag']);
    named.strings = { lang: 'en_GB', providersLegend: 'Choose how to pay.' } as never;
    await waitUntil(() => legend(named) === 'Choose how to pay.', 'the words are used');
    expect([part(named, 'base')!.lang, part(named, 'base')!.dir], 'English words, as they say').to.deep.equal([
      'en',
      'ltr',
    ]);
  });

  it('refuses a tag that is not a language, and says so', async () => {
    const said = await warnings(async () => {
      OpiCheckout.addStrings('not a tag!', { providersLegend: 'x' });
      const el = await mount(fakeBff({ session: sessionView() }));
      expect(legend(el)).to.equal(en.providersLegend);
    });
    expect(said).to.deep.equal(['OpiCheckout.addStrings: not a tag! is not a language tag']);
  });
});

describe('which language an element speaks', () => {
  it("takes the session's locale over the page's lang, and its own locale attribute over both", async () => {
    const bff = fakeBff({ session: sessionView({ locale: 'th_TH' }) });
    const wrapper = await fixture<HTMLElement>(html`<div lang="vi">
      <opi-checkout session="cs_test_1" api-base="https://bff.example" .fetchImpl=${bff.fetch}></opi-checkout>
    </div>`);
    const el = wrapper.querySelector<OpiCheckout>('opi-checkout')!;
    await waitUntil(() => part(el, 'providers'));
    await waitUntil(() => part(el, 'base')!.lang === 'th-TH' && legend(el) !== en.providersLegend);
    el.locale = 'zh-HK';
    await waitUntil(() => part(el, 'base')!.lang === 'zh-HK' && /[\u4e00-\u9fff]/.test(legend(el)));
  });

  it("takes the page's lang where nothing nearer names one, and the browser's language where nothing does", async () => {
    const wrapper = await fixture<HTMLElement>(html`<div lang="vi-VN"></div>`);
    const bff = fakeBff({ instalments: () => answer([tabby]) });
    const inPage = await fixture<OpiInstalments>(
      html`<opi-instalments amount="100.00" currency="AED" country="AE" api-base="https://bff.example" .fetchImpl=${bff.fetch}></opi-instalments>`,
      { parentNode: wrapper },
    );
    await settled(inPage);
    await waitUntil(() => text(part(inPage, 'learn-more')) === vi.learnMore, 'Vietnamese from the page');
    const { el } = await mountInstalments(() => answer([tabby]));
    const page = document.documentElement;
    expect(page.closest('[lang]'), 'the test page names no language').to.equal(null);
    // WebKitGTK under a C locale reports "c", which is no language: English then.
    let browser = 'en';
    try {
      browser = new Intl.Locale(navigator.language).toString();
    } catch {}
    expect(part(el, 'base')!.lang).to.equal(browser);
  });

  it('says English where it shows English: a page in a language we do not ship reads English, marked so', async () => {
    const portuguese = await mount(fakeBff({ session: sessionView() }), { locale: 'pt-BR' });
    expect(legend(portuguese)).to.equal(en.providersLegend);
    expect(part(portuguese, 'base')!.lang).to.equal('en');
    // English words are written left to right on a Hebrew page too.
    const hebrew = await mount(fakeBff({ session: sessionView() }), { locale: 'he-IL' });
    expect([part(hebrew, 'base')!.lang, part(hebrew, 'base')!.dir]).to.deep.equal(['en', 'ltr']);
    const { el } = await mountInstalments(() => answer([tabby]), { locale: 'pt-BR' });
    expect(part(el, 'base')!.lang).to.equal('en');
    // Where the words are the page's language, the page's own tag stays, region and all.
    const { el: arabic } = await mountInstalments(() => answer([tabby]), { locale: 'ar-EG' });
    await waitUntil(() => /[\u0600-\u06ff]/.test(text(part(arabic, 'learn-more'))), 'Arabic words arrived');
    expect(part(arabic, 'base')!.lang).to.equal('ar-EG');
  });

  it('falls back from a region to its language, and from Traditional Chinese regions to zh-Hant', async () => {
    for (const [locale, learnMore] of [
      ['th-TH-u-nu-thai', th.learnMore],
      ['vi', vi.learnMore],
    ] as const) {
      const { el } = await mountInstalments(() => answer([tabby]), { locale });
      await waitUntil(() => text(part(el, 'learn-more')) === learnMore, `${locale} speaks its language`);
    }
    const { el } = await mountInstalments(() => answer([tabby]), { locale: 'zh-MO' });
    await waitUntil(() => /[\u4e00-\u9fff]/.test(text(part(el, 'learn-more'))), 'Macau reads Traditional Chinese');
    expect(part(el, 'base')!.lang).to.equal('zh-MO');
  });
});
