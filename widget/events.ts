// Typed DOM events of <opi-checkout>. All bubble and are composed, so a host page hears them through any number
// of shadow roots. Details carry no personal data beyond what the host already has (session, provider, order).

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

const flags = { bubbles: true, composed: true } as const;

export class OpiReadyEvent extends CustomEvent<OpiReadyDetail> {
  constructor(detail: OpiReadyDetail) {
    super('opi-ready', { ...flags, detail });
  }
}

export class OpiProviderChangeEvent extends CustomEvent<OpiProviderChangeDetail> {
  constructor(detail: OpiProviderChangeDetail) {
    super('opi-provider-change', { ...flags, detail });
  }
}

/** Cancellable: a host that calls preventDefault() takes over, and the widget does not navigate. */
export class OpiOrderCreatedEvent extends CustomEvent<OpiOrderCreatedDetail> {
  constructor(detail: OpiOrderCreatedDetail) {
    super('opi-order-created', { ...flags, cancelable: true, detail });
  }
}

export class OpiErrorEvent extends CustomEvent<OpiErrorDetail> {
  constructor(detail: OpiErrorDetail) {
    super('opi-error', { ...flags, detail });
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
