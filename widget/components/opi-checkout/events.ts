// Typed DOM events of <opi-checkout>. Details carry no personal data beyond what the host already has (session,
// provider, order).

export interface OpiReadyDetail {
  /** The checkout session id. */
  session: string;
  /** Names of the providers shown (TABBY_AE, ...), in display order; empty when none fits the cart. */
  providers: string[];
}

export interface OpiProviderChangeDetail {
  /** The chosen provider's name, as sent back in bnplProvider (TABBY_AE). */
  provider: string;
}

export interface OpiOrderCreatedDetail {
  orderReference: string;
  redirectUrl: string;
}

export interface OpiErrorDetail {
  /** Stable code: the BFF's problem code (session_expired, validation_failed, ...) or a widget one. */
  code: string;
  /** What the shopper was told, in the widget's language. */
  message: string;
  /** Whether trying again may succeed. */
  retryable: boolean;
}

/** Every widget event bubbles and is composed, so a host page hears it through any number of shadow roots. */
class OpiEvent<T> extends CustomEvent<T> {
  constructor(type: string, detail: T, cancelable = false) {
    super(type, { bubbles: true, composed: true, cancelable, detail });
  }
}

export class OpiReadyEvent extends OpiEvent<OpiReadyDetail> {
  constructor(detail: OpiReadyDetail) {
    super('opi-ready', detail);
  }
}

export class OpiProviderChangeEvent extends OpiEvent<OpiProviderChangeDetail> {
  constructor(detail: OpiProviderChangeDetail) {
    super('opi-provider-change', detail);
  }
}

/** Cancellable: a host that calls preventDefault() takes over, and the widget does not navigate. */
export class OpiOrderCreatedEvent extends OpiEvent<OpiOrderCreatedDetail> {
  constructor(detail: OpiOrderCreatedDetail) {
    super('opi-order-created', detail, true);
  }
}

export class OpiErrorEvent extends OpiEvent<OpiErrorDetail> {
  constructor(detail: OpiErrorDetail) {
    super('opi-error', detail);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'opi-ready': OpiReadyEvent;
    'opi-provider-change': OpiProviderChangeEvent;
    'opi-order-created': OpiOrderCreatedEvent;
    'opi-error': OpiErrorEvent;
  }
}
