// `opi-checkout/svelte`: <opi-checkout> and <opi-instalments> in Svelte 5 templates (`import type {} from 'opi-checkout/svelte'` once).
// Svelte 5 sets a custom element's known properties and listens to `on<event>` attributes: `onopi-order-created`.
import type { HTMLAttributes } from 'svelte/elements';
import type { OpiCheckout } from './components/opi-checkout/opi-checkout.js';
import type { OpiInstalments } from './components/opi-instalments/opi-instalments.js';
import type { OpiCheckoutTemplateProps, OpiInstalmentsTemplateProps } from './template-props.js';

export type OpiCheckoutSvelteAttributes = HTMLAttributes<OpiCheckout> & OpiCheckoutTemplateProps;
export type OpiInstalmentsSvelteAttributes = HTMLAttributes<OpiInstalments> & OpiInstalmentsTemplateProps;

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'opi-checkout': OpiCheckoutSvelteAttributes;
    'opi-instalments': OpiInstalmentsSvelteAttributes;
  }
}
