// The entry of opi-instalments.js: importing it registers <opi-instalments>. Like opi-checkout.js it calls no DOM
// API at import, so a server-side renderer can import it; ssr-shim.js comes first, before lit loads.
import { removeStandIns } from '../../internal/ssr-shim.js';
import { defineOpiInstalments } from './define.js';

removeStandIns();
defineOpiInstalments();

export { OpiInstalments } from './opi-instalments.js';
export { defineOpiInstalments } from './define.js';
export type { InstalmentStringOverrides, InstalmentStrings } from './i18n/index.js';
