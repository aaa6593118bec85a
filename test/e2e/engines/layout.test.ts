// The checkout page laid out at a phone's, a tablet's and a laptop's width, in English and in Arabic, in every engine:
// nothing wider than the page, no control clipped, labels and controls on one grid, round radios, the plan written
// once; and on a phone in the longest of our languages, in Thai and in Vietnamese (marks above and below the line).
// (The layout-shift measure, which only Chromium offers, is test/e2e/layout.test.ts.)
import { describe, expect, it } from 'vitest';
import { selectedEngines } from '../../../scripts/engines.mjs';
import { LANGUAGES } from '../../../shared/languages.js';
import { useStack } from '../use-stack.js';
import { useDriver } from './driver.js';
import { Shopper } from './steps.js';

const e2e = useStack({ browser: false });

// layoutProblems runs in the page, with the browser's globals; the e2e project has no DOM types, so they are loose.
declare const document: any;
declare const window: any;
declare function getComputedStyle(element: unknown): any;
type Element = any;

/** What is wrong with the page's layout now, as sentences; empty when nothing is. Runs in the page. */
function layoutProblems(): string[] {
  const problems: string[] = [];
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('part') ? `[part="${el.getAttribute('part')}"]` : ''}${el.getAttribute('name') ? `[name="${el.getAttribute('name')}"]` : ''}`;
  const root = document.documentElement;
  if (root.scrollWidth > window.innerWidth) problems.push(`the page scrolls sideways: ${root.scrollWidth} px`);

  const host = document.querySelector('opi-checkout');
  const shadow = host?.shadowRoot;
  if (!host || !shadow) return [...problems, 'no widget'];
  const box = host.getBoundingClientRect();
  const visible = (el: Element) => !el.closest('.sr-only') && el.getBoundingClientRect().width > 0;
  const elements = [...document.querySelectorAll('header *'), ...shadow.querySelectorAll('*')].filter(visible);
  for (const el of elements) {
    const rect = el.getBoundingClientRect();
    const frame = shadow.contains(el) ? box : { left: 0, right: window.innerWidth };
    if (rect.left < frame.left - 1 || rect.right > frame.right + 1)
      problems.push(`${name(el)} leaves its box: ${Math.round(rect.left)}..${Math.round(rect.right)}`);
    // An input scrolls its own value; anything else wider inside than outside is cut off.
    if (!(el.tagName === 'INPUT') && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
      problems.push(`${name(el)} overflows: ${el.scrollWidth} px in ${el.clientWidth}`);
  }

  // A select shows its chosen option whole: the text and the arrow fit inside the padding.
  const measure = document.createElement('canvas').getContext('2d')!;
  for (const select of shadow.querySelectorAll('select')) {
    const style = getComputedStyle(select);
    measure.font = style.font;
    const text = measure.measureText(select.selectedOptions[0]?.text ?? '').width;
    const room = select.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd) - 20;
    if (text > room) problems.push(`${name(select)} cuts its option: ${Math.ceil(text)} px in ${Math.floor(room)}`);
  }

  // Fields side by side have their controls at one height, however many lines their labels take.
  const rows = new Map<number, number[]>();
  for (const field of shadow.querySelectorAll('.field:not(.check)')) {
    const control = field.querySelector('input, select');
    if (!control) continue;
    const top = Math.round(field.getBoundingClientRect().top);
    rows.set(top, [...(rows.get(top) ?? []), Math.round(control.getBoundingClientRect().top)]);
  }
  for (const [top, controls] of rows)
    if (new Set(controls).size > 1) problems.push(`controls in the row at ${top} px are not aligned: ${controls}`);

  for (const radio of shadow.querySelectorAll('input[type="radio"]')) {
    const { width, height } = radio.getBoundingClientRect();
    if (Math.abs(width - height) > 0.5) problems.push(`radio ${radio.value} is ${width}×${height}, not round`);
  }
  return problems;
}

/** The widget's rendered width, and its parts of one kind. Runs in the page. */
function widgetFacts(part: string): { width: number; count: number } {
  const host = document.querySelector('opi-checkout');
  return {
    width: host.getBoundingClientRect().width,
    count: host.shadowRoot.querySelectorAll(`[part~="${part}"]`).length,
  };
}

const innerWidth = (): number => window.innerWidth;

function setMaxInlineSize(value: string): boolean {
  document.querySelector('opi-checkout').style.setProperty('--opi-max-inline-size', value);
  return true;
}

const widget = (selector: string) => ['opi-checkout', selector];

function setLocale(tag: string): boolean {
  document.querySelector('opi-checkout').setAttribute('locale', tag);
  return true;
}

const texts = (catalogue: object): string[] =>
  Object.values(catalogue).flatMap((value) => (typeof value === 'string' ? [value] : texts(value as object)));

/** The language whose checkout says the most, counted in characters. */
async function longestLanguage(): Promise<string> {
  const lengths = await Promise.all(
    LANGUAGES.map(async (language) => {
      const module = await import(`../../../widget/components/opi-checkout/i18n/${language}.ts`);
      return { language, length: texts(module.default ?? module.en).join('').length };
    }),
  );
  return lengths.sort((a, b) => b.length - a.length)[0]!.language;
}

/** Where a shopper stands: the shop's language, its market, and the widget's language when the page sets one. */
interface Visit {
  shop: 'en' | 'ar';
  market: string;
  /** The provider to choose, and how many the market offers. */
  provider: string;
  providers: number;
  widgetLocale?: string;
}

const GULF = { market: 'ae', provider: 'TABBY_AE', providers: 2 };

/** A new shopper's checkout with every message shown: an empty form, then pay pressed. */
async function openCheckout(shopper: Shopper, visit: Visit): Promise<void> {
  const shop = e2e.stack.shopUrl;
  await shopper.driver.goto(`${shop}/`);
  if ((await shopper.attribute('lang', 'html')) !== visit.shop) {
    await shopper.click('form.language-switch button');
    await shopper.waitFor(
      `the shop in ${visit.shop}`,
      async () => (await shopper.attribute('lang', 'html')) === visit.shop,
    );
  }
  // The market is a cookie, kept from one visit to the next: set it every time.
  const option = `#market-select option[value="${visit.market}"]`;
  if ((await shopper.attribute('selected', option)) === null) {
    await shopper.fill(visit.market, '#market-select');
    await shopper.submit('#market-select');
    await shopper.waitFor(
      `the ${visit.market} market`,
      async () => (await shopper.attribute('selected', option)) !== null,
    );
  }
  await shopper.fill('1', '#quantity-lantern');
  await shopper.submit('#quantity-lantern');
  await shopper.waitForUrl(`${shop}/cart`);
  await shopper.driver.goto(`${shop}/checkout?shopper=new`);
  await shopper.click(...widget(`input[type="radio"][value="${visit.provider}"]`));
  await shopper.click(...widget('[name="sameAsBilling"]'));
  await shopper.click(...widget('[part~="submit"]'));
  await shopper.text(...widget('[part~="alert"]'));
  if (!visit.widgetLocale) return;
  await shopper.driver.run(setLocale, visit.widgetLocale);
  await shopper.waitFor(`the widget in ${visit.widgetLocale}`, async () => {
    const lang = await shopper.attribute('lang', ...widget('[part~="base"]'));
    return lang === visit.widgetLocale && Boolean(await shopper.text(...widget('[part~="alert"]')));
  });
}

describe.each(selectedEngines())('the checkout page at three widths in two languages, in %s', (engine) => {
  const open = useDriver(engine);

  // Thai and Vietnamese as the demo's market switch brings them (the session's locale), the longest language set on
  // the element by the page.
  const visits: Record<string, () => Promise<Visit>> = {
    en: async () => ({ shop: 'en', ...GULF }),
    ar: async () => ({ shop: 'ar', ...GULF }),
    longest: async () => ({ shop: 'en', ...GULF, widgetLocale: await longestLanguage() }),
    th: async () => ({ shop: 'en', market: 'th', provider: 'ATOME_TH', providers: 1 }),
    vi: async () => ({ shop: 'en', market: 'vn', provider: 'ATOME_VN', providers: 1 }),
  };
  const cases = [
    ...['en', 'ar'].flatMap((language) => [320, 768, 1280].map((width) => ({ language, width }))),
    ...['longest', 'th', 'vi'].map((language) => ({ language, width: 320 })),
  ];
  it.for(cases)(
    '$language at $width px: no overflow, no clipped control, one grid, round radios',
    { timeout: 60_000 },
    async ({ language, width }, context) => {
      const { driver } = open;
      const got = await driver.setViewport(width, 900);
      if (got !== width) {
        // The one rule for what an engine cannot do: skipped there, naming the engine and the reason, and counted.
        console.log(`skipped in ${engine}: ${width} px: its window is at least ${got} px wide`);
        context.skip();
      }
      const shopper = new Shopper(driver);
      const visit = await visits[language]!();
      await openCheckout(shopper, visit);
      expect(await driver.run(innerWidth, null), `${engine}: the page is ${width} px wide`).toBe(width);
      expect(await shopper.attribute('dir', ...widget('[part~="base"]'))).toBe(language === 'ar' ? 'rtl' : 'ltr');
      if (language === 'th' || language === 'vi')
        expect(await shopper.attribute('lang', ...widget('[part~="base"]')), 'the market speaks its language').toMatch(
          new RegExp(`^${language}-`),
        );
      // The plan is written once: the widget's own line, not the upstream's terms repeating it.
      expect((await driver.run(widgetFacts, 'provider-plan')).count).toBe(visit.providers);
      expect((await driver.run(widgetFacts, 'provider-terms')).count).toBe(0);
      // The page settles after a resize and a load (reflow, fonts): a few polls before the verdict.
      let problems = await driver.run(layoutProblems, null);
      for (let poll = 0; poll < 30 && problems.length > 0; poll++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        problems = await driver.run(layoutProblems, null);
      }
      expect(problems, `${engine}, ${language} at ${width} px`).toEqual([]);
      expect(
        (await driver.run(widgetFacts, 'base')).width,
        'the element keeps to its default maximum of 40rem',
      ).toBeLessThanOrEqual(640);
    },
  );

  it('the maximum width is the merchant’s to change with --opi-max-inline-size', { timeout: 60_000 }, async () => {
    const { driver } = open;
    const shopper = new Shopper(driver);
    await openCheckout(shopper, { shop: 'en', ...GULF });
    await driver.setViewport(1280, 900);
    const before = (await driver.run(widgetFacts, 'base')).width;
    await driver.run(setMaxInlineSize, '22rem');
    const after = (await driver.run(widgetFacts, 'base')).width;
    expect(before).toBeGreaterThan(352);
    expect(after).toBe(352);
    expect(await driver.run(layoutProblems, null)).toEqual([]);
  });
});
