// The bundle's entry: importing it registers <opi-checkout>. Nothing here touches window or document, so a
// server-side renderer can import it too.
import { defineOpiCheckout } from './define.js';

defineOpiCheckout();

export { OpiCheckout } from './opi-checkout.js';
export { defineOpiCheckout } from './define.js';
export { OpiErrorEvent, OpiOrderCreatedEvent, OpiProviderChangeEvent, OpiReadyEvent } from './events.js';
export type { OpiErrorDetail, OpiOrderCreatedDetail, OpiProviderChangeDetail, OpiReadyDetail } from './events.js';
export type { StringOverrides, Strings } from './i18n/index.js';
