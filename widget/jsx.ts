// `opi-checkout/jsx`: <opi-checkout> in React 19's JSX (`import type {} from 'opi-checkout/jsx'` once, or list it in
// tsconfig's "types"). React 19 sets a custom element's known properties and turns `on<event>` props into listeners
// of <event>, so the element's events are `onopi-ready`, `onopi-order-created`, ... Other JSX frameworks can use
// OpiCheckoutJsxProps in their own intrinsic-element declarations.
/// <reference types="react" preserve="true" />
import type { OpiErrorEvent, OpiOrderCreatedEvent, OpiProviderChangeEvent, OpiReadyEvent } from './events.js';
import type { StringOverrides } from './i18n/index.js';
import type { OpiCheckout } from './opi-checkout.js';

/** What a template may set on <opi-checkout>: its attributes and properties, and listeners of its events. */
export interface OpiCheckoutJsxProps {
  /** The checkout session id your server created (POST /v1/checkout-sessions). */
  session?: string;
  /** The BFF's base URL; the page's origin by default. */
  'api-base'?: string;
  /** en or ar, with a region for the digits (ar-AE); the session's locale by default. */
  locale?: string;
  /** Your wording, per string key. */
  strings?: StringOverrides;
  'onopi-ready'?: (event: OpiReadyEvent) => void;
  'onopi-provider-change'?: (event: OpiProviderChangeEvent) => void;
  'onopi-order-created'?: (event: OpiOrderCreatedEvent) => void;
  'onopi-error'?: (event: OpiErrorEvent) => void;
}

// React is the namespace @types/react declares (referenced above), so this file imports nothing at run time.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'opi-checkout': React.DetailedHTMLProps<React.HTMLAttributes<OpiCheckout>, OpiCheckout> & OpiCheckoutJsxProps;
    }
  }
}
