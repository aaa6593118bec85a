/// <reference types="react" preserve="true" />
// `opi-checkout/jsx`: <opi-checkout> and <opi-instalments> in React 19's JSX (`import type {} from 'opi-checkout/jsx'` once, or list it in
// tsconfig's "types"). React 19 sets a custom element's known properties and turns `on<event>` props into listeners
// of <event>: `onopi-order-created={...}`. Other JSX frameworks can use the *TemplateProps in their own
// intrinsic-element declarations.
import type { OpiCheckout } from './components/opi-checkout/opi-checkout.js';
import type { OpiInstalments } from './components/opi-instalments/opi-instalments.js';
import type { OpiCheckoutTemplateProps, OpiInstalmentsTemplateProps } from './template-props.js';

export type { OpiCheckoutTemplateProps, OpiInstalmentsTemplateProps };

// React is the namespace @types/react declares (referenced above), so this file imports nothing at run time.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'opi-checkout': React.DetailedHTMLProps<React.HTMLAttributes<OpiCheckout>, OpiCheckout> &
        OpiCheckoutTemplateProps;
      'opi-instalments': React.DetailedHTMLProps<React.HTMLAttributes<OpiInstalments>, OpiInstalments> &
        OpiInstalmentsTemplateProps;
    }
  }
}
