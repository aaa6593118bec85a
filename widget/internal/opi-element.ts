import { LitElement, type PropertyDeclarations } from 'lit';
import { isRightToLeft } from '../../shared/languages.js';
import { type BffOptions, randomHex } from './bff-call.js';
import {
  type Catalogues,
  format,
  type Overrides,
  type Say,
  resolveLanguage,
  withDigits,
  type Words,
  withOverrides,
  wordsFor,
} from './i18n.js';

/** Every element on the page, so that words a page adds later reach those already drawn. */
const connected = new Set<OpiElement<Words>>();

/** The words a page gave as an element's `strings`, checked, by the object given. */
const checked = new WeakMap<object, object>();

/** The check of a page's own words, loaded only when a page gives some, with English whole to check them against. */
const pageWords = <S>(catalogues: Catalogues<S>) =>
  Promise.all([import('./catalogue-check.js'), catalogues.rest?.()]).then(([check]) => check);

/**
 * Adds a language, or corrects one, for every element of a kind (`OpiCheckout.addStrings('ko', {...})`): the
 * words are checked against English, problems reported in the console, and what can be used shown string by
 * string above the shipped words; anything missing stays English. Elements wait for the check.
 */
export function addStrings<S>(catalogues: Catalogues<S>, tag: string, words: Overrides<S>, who: string): void {
  catalogues.words.set(
    `+${tag}`,
    pageWords(catalogues)
      .then((check) => check.addWords(catalogues, tag, words, who))
      .catch(() => catalogues.words.delete(`+${tag}`))
      .then(() => {
        for (const element of connected) element.requestUpdate();
      }),
  );
}

/**
 * What every element of the family has: the BFF it talks to, its language, digits and direction, and its words,
 * loaded for the language in use. `S` is the element's string catalogue.
 */
export abstract class OpiElement<S extends Words> extends LitElement {
  // Declared here rather than with decorators: the decorator helpers cost bytes the budget needs elsewhere.
  static override properties: PropertyDeclarations = {
    apiBase: { attribute: 'api-base' },
    locale: {},
    digits: {},
    // The attribute takes JSON, for a template that cannot set properties. Text that is not JSON (a framework that
    // wrote the object as "[object Object]", rendering the tag before it was defined) is kept as such, for the
    // check loaded with the page's words to explain in the console (catalogue-check.ts).
    strings: {
      converter: (value: string | null) => {
        try {
          return Object(JSON.parse(value!));
        } catch {
          return new String(value);
        }
      },
    },
  };

  /** Base URL of the merchant's BFF, absolute or relative to the page; the page's origin when empty. */
  apiBase = '';

  /** Language, as a BCP 47 tag (ar, en-AE) or the upstream's form (ar_AE); before the session's, the page's, the browser's. */
  locale = '';

  /**
   * Digits of amounts, counts and dates, as a Unicode numbering system: `latn` (0-9), `arab` (Arabic-Indic),
   * `thai`, `arabext` (Persian), ...; when empty, what the locale writes by default (ar-SA Arabic-Indic, ar-AE 0-9).
   */
  digits = '';

  /** Words of the page's own for any catalogue entry, in whatever language is active; checked, then used. */
  strings: Overrides<S> = {};

  /** The fetch used to reach the BFF (default: the global fetch); a seam for tests or for adding headers. */
  fetchImpl?: typeof fetch;

  /** Upper bound of each request to the BFF, in milliseconds, body included. */
  requestTimeout = 15_000;

  protected abstract readonly catalogues: Catalogues<S>;

  /**
   * Each update in a task of its own, after the browser's turn: what asked for it (the module's start, the session's
   * arrival with the first use of Intl's number data) and the drawing are two shorter tasks, not one long one that
   * blocks a tap (total blocking time, docs/widget.md).
   */
  protected override async scheduleUpdate(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve));
    super.scheduleUpdate();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    connected.add(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    connected.delete(this);
  }

  /** The locale the content itself names (a checkout session's), between the attribute and the page's lang. */
  protected contentLocale(): string | undefined {
    return undefined;
  }

  /**
   * The language in use, as a canonical tag (ar-AE, en).
   * @internal
   */
  get language(): string {
    return resolveLanguage(
      this.locale,
      this.contentLocale(),
      this.closest<HTMLElement>('[lang]')?.lang,
      globalThis.navigator?.language,
    );
  }

  /** The tag amounts, counts and dates are written with: the language, in the digits the page chose. */
  protected get formatLocale(): string {
    return withDigits(this.language, this.digits);
  }

  /**
   * The words in the current language with the page's own on top, or undefined while the language's catalogue
   * loads: the element then shows its placeholder, never English words in an Arabic page.
   */
  protected text(): S | undefined {
    const own = this.strings;
    const words = wordsFor(this.catalogues, this.language);
    let mine = Object.keys(own).length ? checked.get(own) : own;
    if (!mine) {
      const settle = (usable: object) => checked.set(own, usable);
      mine = pageWords(this.catalogues).then(
        (check) => settle(check.usableWords(this.catalogues.en, own, this.language, `<${this.localName}> strings`)),
        () => settle({}),
      );
      checked.set(own, mine);
    }
    for (const pending of [words, mine]) if (pending instanceof Promise) void pending.then(() => this.requestUpdate());
    if (words instanceof Promise) return undefined;
    // The page's own words join once checked; until then the element speaks without them.
    if (mine instanceof Promise) return words;
    return withOverrides(words, mine as Overrides<S>);
  }

  /** A message in the shopper's language and digits; bound, so it can be handed to what draws. */
  protected readonly say: Say = (message, values = {}) => format(message, values, this.formatLocale);

  /**
   * The lang and dir of what the element shows: the page's language, or the words' own where they are in another (a
   * page in a language without a catalogue reads English, and a screen reader should read it so); right to left for a
   * script written so, else the host's own dir.
   */
  protected speech(words: S | undefined): { lang: string; dir: string } {
    const page = this.language;
    const lang = words && !page.startsWith(words.lang) ? words.lang : page;
    return { lang, dir: isRightToLeft(lang) ? 'rtl' : this.dir || 'ltr' };
  }

  /** One trace per element on the page: its calls to the BFF are the trace's first spans. */
  private readonly traceId = randomHex();

  /**
   * How this element reaches its BFF (public for what its chunks send).
   * @internal
   */
  bff(): BffOptions {
    return {
      baseUrl: new URL(this.apiBase || '/', location.href).href,
      fetch: this.fetchImpl,
      timeoutMs: this.requestTimeout,
      traceId: this.traceId,
    };
  }
}
