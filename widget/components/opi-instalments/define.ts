import { defineOnce } from '../../internal/define-once.js';
import { OpiInstalments } from './opi-instalments.js';

export const TAG = 'opi-instalments';

/** Registers <opi-instalments> once (internal/define-once.ts). */
export const defineOpiInstalments = (registry?: CustomElementRegistry): void =>
  defineOnce(TAG, OpiInstalments, registry);

declare global {
  interface HTMLElementTagNameMap {
    'opi-instalments': OpiInstalments;
  }
}
