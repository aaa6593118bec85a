// `opi-checkout/vue`: <opi-checkout> and <opi-instalments> in Vue 3 templates (`import type {} from 'opi-checkout/vue'` once), as a global
// component with its props and events (`:session`, `api-base`, `@opi-order-created`). Also tell Vue's compiler the
// tags are custom elements: compilerOptions.isCustomElement = (tag) => tag.startsWith('opi-').
import type { DefineComponent, HTMLAttributes } from 'vue';
import type {
  OpiErrorEvent,
  OpiOrderCreatedEvent,
  OpiProviderChangeEvent,
  OpiReadyEvent,
} from './components/opi-checkout/events.js';
import type { StringOverrides } from './components/opi-checkout/i18n/index.js';
import type { InstalmentStringOverrides } from './components/opi-instalments/i18n/index.js';

/**
 * What a template may write on any element, beside the element's own: Vue's HTML attributes and listeners (id, title,
 * dir, lang, hidden, aria-*, role, @click, ...), `part`, and data-* attributes. With `strictTemplates` Vue checks a
 * custom element's attributes against its props, so they are listed here; a global component's attribute is checked
 * by its camelCased name (`data-testid` as `dataTestid`), so both spellings are.
 */
export type VueHtmlAttributes = HTMLAttributes & {
  part?: string;
  [data: `data-${string}`]: unknown;
  [data: `data${Capitalize<string>}`]: unknown;
};

export interface OpiCheckoutVueProps {
  session?: string;
  apiBase?: string;
  locale?: string;
  digits?: string;
  strings?: StringOverrides | string;
}

export type OpiCheckoutVueEmits = {
  'opi-ready': (event: OpiReadyEvent) => void;
  'opi-provider-change': (event: OpiProviderChangeEvent) => void;
  'opi-order-created': (event: OpiOrderCreatedEvent) => void;
  'opi-error': (event: OpiErrorEvent) => void;
};

type CheckoutProps = OpiCheckoutVueProps & VueHtmlAttributes;
// biome-ignore lint/complexity/noBannedTypes: {} is Vue's own default for each parameter before the emits.
export type OpiCheckoutVueComponent = DefineComponent<CheckoutProps, {}, {}, {}, {}, {}, {}, OpiCheckoutVueEmits>;

export interface OpiInstalmentsVueProps {
  amount?: string;
  currency?: string;
  country?: string;
  channel?: string;
  apiBase?: string;
  locale?: string;
  digits?: string;
  strings?: InstalmentStringOverrides | string;
}

export type OpiInstalmentsVueComponent = DefineComponent<OpiInstalmentsVueProps & VueHtmlAttributes>;

declare module 'vue' {
  interface GlobalComponents {
    'opi-checkout': OpiCheckoutVueComponent;
    'opi-instalments': OpiInstalmentsVueComponent;
  }
}
