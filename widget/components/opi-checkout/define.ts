import { defineOnce } from '../../internal/define-once.js';
import { OpiCheckout } from './opi-checkout.js';

export const TAG = 'opi-checkout';

/** Registers <opi-checkout> once (internal/define-once.ts). */
export const defineOpiCheckout = (registry?: CustomElementRegistry): void => defineOnce(TAG, OpiCheckout, registry);

declare global {
  interface HTMLElementTagNameMap {
    'opi-checkout': OpiCheckout;
  }
}
