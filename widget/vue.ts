// `opi-checkout/vue`: <opi-checkout> and <opi-instalments> in Vue 3 templates (`import type {} from 'opi-checkout/vue'` once), as a global
// component with its props and events (`:session`, `api-base`, `@opi-order-created`). Also tell Vue's compiler the
// tags are custom elements: compilerOptions.isCustomElement = (tag) => tag.startsWith('opi-').
import type { DefineComponent } from 'vue';
import type {
  OpiErrorEvent,
  OpiOrderCreatedEvent,
  OpiProviderChangeEvent,
  OpiReadyEvent,
} from './components/opi-checkout/events.js';
import type { StringOverrides } from './components/opi-checkout/i18n/index.js';
import type { InstalmentStringOverrides } from './components/opi-instalments/i18n/index.js';

export interface OpiCheckoutVueProps {
  session?: string;
  apiBase?: string;
  locale?: string;
  digits?: string;
  strings?: StringOverrides;
}

export type OpiCheckoutVueEmits = {
  'opi-ready': (event: OpiReadyEvent) => void;
  'opi-provider-change': (event: OpiProviderChangeEvent) => void;
  'opi-order-created': (event: OpiOrderCreatedEvent) => void;
  'opi-error': (event: OpiErrorEvent) => void;
};

// biome-ignore lint/complexity/noBannedTypes: {} is Vue's own default for each parameter before the emits.
export type OpiCheckoutVueComponent = DefineComponent<OpiCheckoutVueProps, {}, {}, {}, {}, {}, {}, OpiCheckoutVueEmits>;

export interface OpiInstalmentsVueProps {
  amount?: string;
  currency?: string;
  country?: string;
  channel?: string;
  apiBase?: string;
  locale?: string;
  digits?: string;
  strings?: InstalmentStringOverrides;
}

export type OpiInstalmentsVueComponent = DefineComponent<OpiInstalmentsVueProps>;

declare module 'vue' {
  interface GlobalComponents {
    'opi-checkout': OpiCheckoutVueComponent;
    'opi-instalments': OpiInstalmentsVueComponent;
  }
}
