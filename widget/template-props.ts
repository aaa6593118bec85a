// What a template may set on <opi-checkout> and <opi-instalments>, for the framework type entries (jsx.ts, svelte.ts): its attributes and
// properties, and `on<event>` listeners, the spelling React 19 and Svelte 5 give a custom element's events. The global
// HTML attributes (id, dir, lang, aria-*, part, onClick...) come from each framework's own HTML types there.
import type {
  OpiErrorEvent,
  OpiOrderCreatedEvent,
  OpiProviderChangeEvent,
  OpiReadyEvent,
} from './components/opi-checkout/events.js';
import type { StringOverrides } from './components/opi-checkout/i18n/index.js';
import type { InstalmentStringOverrides } from './components/opi-instalments/i18n/index.js';

export interface OpiCheckoutTemplateProps {
  /** The checkout session id your server created (POST /v1/checkout-sessions). */
  session?: string;
  /** The BFF's base URL; the page's origin by default. */
  'api-base'?: string;
  /** A BCP 47 tag (ar, en-AE) or the upstream's form (ar_AE); the session's locale by default. */
  locale?: string;
  /** A numbering system for amounts and counts (latn, arab, thai); the locale's own by default. */
  digits?: string;
  /** Your wording, per string key; or as JSON text, for a template that can only write attributes. */
  strings?: StringOverrides | string;
  'onopi-ready'?: (event: OpiReadyEvent) => void;
  'onopi-provider-change'?: (event: OpiProviderChangeEvent) => void;
  'onopi-order-created'?: (event: OpiOrderCreatedEvent) => void;
  'onopi-error'?: (event: OpiErrorEvent) => void;
}

export interface OpiInstalmentsTemplateProps {
  /** The price, a decimal in the currency's major unit ("100.00"). */
  amount?: string;
  /** ISO 4217 (AED). */
  currency?: string;
  /** ISO 3166-1 alpha-2 (AE). */
  country?: string;
  /** The sales channel, when providers are configured per channel. */
  channel?: string;
  /** The BFF's base URL; the page's origin by default. */
  'api-base'?: string;
  /** A BCP 47 tag (ar, en-AE); the page's lang by default. */
  locale?: string;
  /** A numbering system for amounts and counts (latn, arab, thai); the locale's own by default. */
  digits?: string;
  /** Your wording, per string key; or as JSON text, for a template that can only write attributes. */
  strings?: InstalmentStringOverrides | string;
}
