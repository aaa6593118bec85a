// `opi-checkout/vue`: <opi-checkout> in Vue 3 templates (`import type {} from 'opi-checkout/vue'` once), as a global
// component with its props and events (`:session`, `api-base`, `@opi-order-created`). Also tell Vue's compiler the
// tag is a custom element: compilerOptions.isCustomElement = (tag) => tag === 'opi-checkout'.
import type { DefineComponent } from 'vue';
import type { OpiErrorEvent, OpiOrderCreatedEvent, OpiProviderChangeEvent, OpiReadyEvent } from './events.js';
import type { StringOverrides } from './i18n/index.js';

export interface OpiCheckoutVueProps {
  session?: string;
  apiBase?: string;
  locale?: string;
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

declare module 'vue' {
  interface GlobalComponents {
    'opi-checkout': OpiCheckoutVueComponent;
  }
}
