import { LitElement, type PropertyDeclarations } from 'lit';
import type { BffOptions } from './bff-call.js';
import {
  type Catalogues,
  catalogueFor,
  isRightToLeft,
  type Overrides,
  resolveLanguage,
  withOverrides,
} from './i18n.js';

/**
 * What every element of the family has: the BFF it talks to, its language and direction, and its words, loaded
 * for the language in use. `S` is the element's string catalogue.
 */
export abstract class OpiElement<S> extends LitElement {
  // Declared here rather than with decorators: the decorator helpers cost bytes the budget needs elsewhere.
  static override properties: PropertyDeclarations = {
    apiBase: { attribute: 'api-base' },
    locale: {},
    strings: { attribute: false },
  };

  /** Base URL of the merchant's BFF, absolute or relative to the page; the page's origin when empty. */
  apiBase = '';

  /** Language, as a BCP 47 tag (ar, en-AE) or the upstream's form (ar_AE); overrides the content's own locale. */
  locale = '';

  /** Replacement text for any catalogue entry, in whatever language is active. */
  strings: Overrides<S> = {};

  /** The fetch used to reach the BFF (default: the global fetch); a seam for tests or for adding headers. */
  fetchImpl?: typeof fetch;

  /** Upper bound of each request to the BFF, in milliseconds, body included. */
  requestTimeout = 15_000;

  protected abstract readonly catalogues: Catalogues<S>;

  /** The locale the content itself names (a checkout session's), between the attribute and the page's lang. */
  protected contentLocale(): string | undefined {
    return undefined;
  }

  protected get language(): string {
    return resolveLanguage(this.locale, this.contentLocale(), this.closest('[lang]')?.getAttribute('lang'));
  }

  /**
   * The words in the current language with the page's overrides, or undefined while that language's catalogue
   * loads: the element then shows its placeholder, never English words in an Arabic page.
   */
  protected text(): S | undefined {
    const catalogue = catalogueFor(this.catalogues, this.language);
    if (catalogue instanceof Promise) {
      void catalogue.then(() => this.requestUpdate());
      return undefined;
    }
    return withOverrides(catalogue, this.strings);
  }

  /** The words to put in an event's message now: the current language's when loaded, English otherwise. */
  protected textNow(): S {
    return this.text() ?? withOverrides(this.catalogues.en, this.strings);
  }

  protected direction(language: string): 'rtl' | 'ltr' {
    return this.getAttribute('dir') === 'rtl' || isRightToLeft(language) ? 'rtl' : 'ltr';
  }

  /** A count in the shopper's digits, like the amounts beside it (ar-SA: Arabic-Indic; -u-nu-latn: Western). */
  protected count(n: number): string {
    return new Intl.NumberFormat(this.language).format(n);
  }

  protected bff(): BffOptions {
    return {
      baseUrl: new URL(this.apiBase || '/', location.href).href,
      fetch: this.fetchImpl,
      timeoutMs: this.requestTimeout,
    };
  }
}
