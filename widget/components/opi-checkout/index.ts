// The bundle's entry: importing it registers <opi-checkout>. It calls no DOM API at import, so a
// server-side renderer can import it too; ssr-shim.js comes first, so it runs before lit loads.
import { removeStandIns } from '../../internal/ssr-shim.js';
import { defineOpiCheckout } from './define.js';

removeStandIns();
defineOpiCheckout();

export { OpiCheckout } from './opi-checkout.js';
export { defineOpiCheckout } from './define.js';
export { OpiErrorEvent, OpiOrderCreatedEvent, OpiProviderChangeEvent, OpiReadyEvent } from './events.js';
export type { OpiErrorDetail, OpiOrderCreatedDetail, OpiProviderChangeDetail, OpiReadyDetail } from './events.js';
export type { StringOverrides, Strings } from './i18n/index.js';
