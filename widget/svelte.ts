// `opi-checkout/svelte`: <opi-checkout> in Svelte 5 templates (`import type {} from 'opi-checkout/svelte'` once).
// Svelte 5 sets a custom element's known properties and listens to `on<event>` attributes: `onopi-order-created`.
import type { HTMLAttributes } from 'svelte/elements';
import type { OpiCheckout } from './opi-checkout.js';
import type { OpiCheckoutTemplateProps } from './template-props.js';

export type OpiCheckoutSvelteAttributes = HTMLAttributes<OpiCheckout> & OpiCheckoutTemplateProps;

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'opi-checkout': OpiCheckoutSvelteAttributes;
  }
}
