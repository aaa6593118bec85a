// What the details form's chunk and <opi-checkout> share: the element's phases, a form-level message, and what the
// form reads and sets on its element. Types only: nothing here is shipped.
import type { ReactiveControllerHost } from 'lit';
import type { PlaceOrderResponse } from '../../../shared/schemas/checkout-api.js';
import type { CheckoutApiError } from '../../internal/api-error.js';
import type { BffOptions } from '../../internal/bff-call.js';
import type { Say } from '../../internal/i18n.js';
import type { Strings } from './i18n/index.js';
import type { CheckoutSession, Provider } from './session-model.js';

export type Phase = 'loading' | 'ready' | 'submitting' | 'redirecting' | 'handed-off' | 'failed';

/** A form-level message, kept as a function of the catalogue so a language change re-words it. */
export type Notice = (strings: Strings, say: Say) => string;

/** <opi-checkout> as its details form sees it: the session, the phase, the form's message, and how a submit ends. */
export interface FormHost extends ReactiveControllerHost {
  readonly session: string;
  /** Open, made at the first connect (before any session read): the form adds its own styles to it. */
  readonly shadowRoot: ShadowRoot | null;
  readonly checkout?: CheckoutSession;
  /** The chosen provider, if any. */
  readonly provider?: Provider;
  /** Its name: the form chooses one for the shopper back from a provider's page. */
  selected?: string;
  /** The language in use (ar-AE, en). */
  readonly language: string;
  phase: Phase;
  /** The form-level message (the live region says it too). */
  notice?: Notice;
  bff(): BffOptions;
  /** Ends the checkout with a message in place of the form, or (with a notice) keeps the form; tells the host page. */
  fail(error: CheckoutApiError, notice?: Notice): void;
  /** Reads the session again (a changed cart, the way back from the provider); `loaded` is the newest read. */
  refresh(): Promise<void>;
  readonly loaded?: Promise<void>;
  find(selector: string): HTMLElement | null;
  /** Where the focus goes when what held it is gone: the message that stands, else the providers. */
  refocus(): void;
  /** The order is placed: tells the page, which may take over (false); else the shopper goes to the provider. */
  orderCreated(created: PlaceOrderResponse): boolean;
  /** Opens the provider's page. */
  navigate(url: string): void;
}
