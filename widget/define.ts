import { OpiCheckout } from './opi-checkout.js';

export const TAG = 'opi-checkout';

/**
 * Registers <opi-checkout> once. A page that loads the widget twice (two bundles, two versions) keeps the first
 * definition instead of throwing; without a custom-element registry (server-side rendering) it does nothing.
 */
export function defineOpiCheckout(registry: CustomElementRegistry | undefined = globalThis.customElements): void {
  if (registry && !registry.get(TAG)) registry.define(TAG, OpiCheckout);
}

declare global {
  interface HTMLElementTagNameMap {
    'opi-checkout': OpiCheckout;
  }
}
