// The media features the widget's styles follow, set per engine. Chromium emulates them (the DevTools protocol:
// emulateMedia); Firefox and WebKit have no such command under web-test-runner, so the same check is reached another
// way: a dark used colour scheme through the page's `color-scheme: dark` (the widget's defaults are light-dark(),
// which reads the used scheme whatever made it dark), and reduced motion by taking away the rules that apply only
// without it (what a browser does when the preference is set).
import { emulateMedia } from '@web/test-runner-commands';
import { engine } from './engines.js';

const root = () => document.documentElement.style;

/**
 * A dark browser, for the page as it now stands (set the page's colour scheme first): Chromium's preference; elsewhere
 * a page that offers dark (`color-scheme: light dark`) gets dark, as a dark browser would give it, and a page that is
 * light or sets nothing stays light. Answers how to undo it.
 */
export async function darkPreferred(): Promise<() => Promise<void>> {
  if (engine === 'chromium') {
    await emulateMedia({ colorScheme: 'dark' });
    return () => emulateMedia({ colorScheme: 'light' });
  }
  const before = root().getPropertyValue('color-scheme');
  if (before.split(/\s+/).includes('dark')) root().setProperty('color-scheme', 'dark');
  return async () => root().setProperty('color-scheme', before);
}

/** prefers-reduced-motion: reduce for the element's styles; answers how to undo it. */
export async function reducedMotion(el: Element): Promise<() => Promise<void>> {
  if (engine === 'chromium') {
    await emulateMedia({ reducedMotion: 'reduce' });
    return () => emulateMedia({ reducedMotion: 'no-preference' });
  }
  const taken: { sheet: CSSStyleSheet; rule: CSSMediaRule; index: number }[] = [];
  for (const sheet of el.shadowRoot?.adoptedStyleSheets ?? []) {
    for (let index = sheet.cssRules.length - 1; index >= 0; index--) {
      const rule = sheet.cssRules[index];
      if (rule instanceof CSSMediaRule && rule.conditionText.includes('prefers-reduced-motion: no-preference')) {
        taken.push({ sheet, rule, index });
        sheet.deleteRule(index);
      }
    }
  }
  return async () => {
    for (const { sheet, rule, index } of taken.reverse()) sheet.insertRule(rule.cssText, index);
  };
}
