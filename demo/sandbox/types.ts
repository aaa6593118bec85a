// The sandbox's public interface, as agreed with the BFF and e2e helpers (sandbox.ts re-exports it).

export const SANDBOX_ROUTES = [
  'token',
  'options',
  'create-order',
  'get-order',
  'order-details',
  'capture',
  'void',
  'refund',
  'list-refunds',
  'customer-session',
] as const;
export type SandboxRoute = (typeof SANDBOX_ROUTES)[number];

export type Fault =
  | { kind: 'latency'; ms: number } // delay, then answer normally
  | { kind: 'status'; status: 500 | 502 | 503 | 429; retryAfterSeconds?: number } // upstream error shape body
  | { kind: 'hang' } // never answers (socket kept open until close())
  | { kind: 'malformed-json' } // 200 with a body that is not JSON
  | { kind: 'lost-answer' } // a write (create-order, capture, void, refund, customer-session) IS done, then the socket is destroyed before any answer byte
  | { kind: 'redirect-url'; url: string }; // create-order only: redirectUrl replaced (http, foreign host, ...)

export interface FaultOptions {
  /** Apply N times, then the fault clears itself; default: until cleared. */
  times?: number;
  /**
   * Only requests naming this order reference (in the path; create-order: the body's orderReference). A route holds
   * one untargeted fault and any number of targeted ones; a targeted one wins over the untargeted one.
   */
  reference?: string;
}

export type RefundSettlement = 'instant' | 'pending';
/** The two notification bodies the docs show: `{ event, data: {...} }`, or the same fields flat beside `event`. */
export type NotificationShape = 'data' | 'flat';
/** What a notification carries beside event, status, transactionId and its references: the order's fields, or none. */
export type NotificationFields = 'order' | 'bare';
/** What a notification's transactionId is: the order's transactionReference, or its latest history entry's id. */
export type NotificationTransactionId = 'transactionReference' | 'history-entry';

export type RefundListRoute = boolean | 'by-reference';
/** The order's reference fields a notification may carry; the docs' field table is cut off before any of them. */
export type NotificationReference = 'merchantReference' | 'orderReference';
/**
 * The return's hash: the vendor plugin's hex HMAC-SHA512, or base64 of the docs' sample length (43 characters, 32
 * bytes) under one of the readings that give it: HMAC-SHA256 (`base64`), HMAC-SHA-512/256, HMAC-SHA512's first 32
 * bytes.
 */
export type ReturnHashForm = 'hex' | 'base64' | 'base64-sha512-256' | 'base64-sha512-first-32';
/** How a pending refund ends: the docs show only SUCCESSFUL and PENDING; DECLINED and ERROR are the failure paths. */
export type PendingRefundOutcome = 'SUCCESSFUL' | 'DECLINED' | 'ERROR';
export type RefundStatus = 'PENDING' | PendingRefundOutcome;
/** What reads say of captureStatus: the order's ('shown'), or null, as an upstream may leave it (a failure path). */
export type CaptureStatusOnRead = 'shown' | 'null';

export interface SandboxOptions {
  /**
   * The docs' quirks (default true): a refund's answer and records carry the docs' suffixed refundReference, and no
   * amount may carry more than 2 decimals. false: the plain shapes, for a test that needs them.
   */
  strictDocs?: boolean;
  /**
   * GET /orders/{reference}/refund (in the seed spec only, not the public docs): absent (false, the default), a list
   * of the order's refund records (true), or `by-reference`: one refund named by a `refundReference` query, answered
   * 400 without one (a retrieval route in the upstream's NestJS form; local choice, as the seed names "Refund
   * retrieval" without its request).
   */
  refundListRoute?: RefundListRoute;
  /** Default 'data'. */
  notificationShape?: NotificationShape;
  /**
   * Which of the order's reference fields notifications carry, beside `transactionId` (always) and the order's other
   * fields; default ['merchantReference'], as GET /orders names it. [] is the docs' form at its barest: no page shows
   * an order reference in a notification.
   */
  notificationReferences?: readonly NotificationReference[];
  /**
   * 'order' (default, local choice: the docs' table is cut off after event, status, transactionId) adds the GET
   * fields (transactionReference, bnplOrderId, ...); 'bare' adds nothing: the docs' form at its barest.
   */
  notificationFields?: NotificationFields;
  /**
   * 'transactionReference' (default, local choice: the docs call it "Optty's internal transaction reference"), or
   * 'history-entry': the uuid of the order's latest transactionHistory entry, as the transaction details list it (the
   * one transactionId the docs show), which a receiver that never read the details has never seen.
   */
  notificationTransactionId?: NotificationTransactionId;
  /**
   * The return's `hash`: 'hex' (default), the vendor plugin's lower-case hex HMAC-SHA512 of `status|reference`; or the
   * docs' sample form, 43 characters of base64, under one reading of it (ReturnHashForm).
   */
  returnHash?: ReturnHashForm;
  /** How a pending refund ends after pendingSettleMs; default SUCCESSFUL. */
  pendingRefundOutcome?: PendingRefundOutcome;
  /**
   * 'shown' (default): reads carry the order's captureStatus (AUTHORIZED while authorised, the docs' one value; the
   * sandbox's own names after). 'null': reads carry none, as an upstream may (the docs show it only for
   * autoCapture false): what was asked must decide what is captured, not this field.
   */
  captureStatus?: CaptureStatusOnRead;
  /** The token endpoint's own port (its own origin, like auth.* upstream); default 0, any free port. */
  tokenPort?: number;
  /** Where orders, refunds and captures are kept across restarts; default none (in memory). */
  dataDir?: string;
  /** Default SANDBOX_DEFAULTS from shared/sandbox-defaults.ts. */
  clientId?: string;
  clientSecret?: string;
  paymentSecret?: string;
  /** Default 86400. */
  tokenLifetimeSeconds?: number;
  /** A 'pending' decision (and a pending refund) settles to its final status after this; default 10000. */
  pendingSettleMs?: number;
  /** Length of one cancellationTimeout unit (minutes, so 60000 by default); tests shrink it. */
  cancellationUnitMs?: number;
  /**
   * The system cancels at its own time (docs §10): each cancellation lands a delay drawn uniformly from
   * [0, cancellationLagMs] after its timeout. Default one cancellationUnitMs.
   */
  cancellationLagMs?: number;
  /** Drives every behavioural random choice (refusal wordings, cancellation lag); default a random one (sandbox.seed). */
  seed?: number;
  /** Default { attempts: 6, baseDelayMs: 1000 }; the delay doubles after each failed attempt. */
  callbackRetry?: { attempts: number; baseDelayMs: number };
  /** Each callback attempt gives up after this; default 5000. */
  callbackTimeoutMs?: number;
  /** The first N callback attempts are dropped before they leave the sandbox (fault injection). */
  callbackFailures?: number;
  /**
   * The merchant account's webhook (the portal's Webhook/Callback Settings): it receives REFUND_CALLBACK and
   * ORDER_STATUS_UPDATE, which the real service never sends to an order's dynamicCallbackUrl. Default none.
   */
  webhookUrl?: string;
  /**
   * Where the relay (POST /__sandbox/relay, the BFF's OPI_MERCHANT_WEBHOOK_URL) passes the BFF's signed
   * notifications on: the merchant's own receiver. Default none: they are kept for the list and answered 204.
   */
  relayTo?: string;
  /**
   * When set, the control API and the console under /__sandbox/ answer only a request that carries it
   * (`Authorization: Bearer <token>`, or Basic with it as the password, which a browser asks for): what a sandbox
   * reachable from other machines needs, since they drive refunds, notifications and the relay's target and show the
   * journal's shoppers. The relay's own receiver (POST /__sandbox/relay) stays open, as a shop's endpoint is.
   */
  controlToken?: string;
  /** Default per provider (some answer PENDING); set it to force one behaviour in tests. */
  refundSettlement?: RefundSettlement;
  faults?: Partial<Record<SandboxRoute, Fault>>;
  /** The journal and the deliveries keep only their latest N entries; default 10000. */
  historyLimit?: number;
  /** The clock (ms since the epoch) for token expiry and timestamps; default Date.now. */
  now?: () => number;
}

export interface JournalEntry {
  at: string;
  method: string;
  /** Path without the query string. */
  path: string;
  /** The status the sandbox decided on; 0 while unanswered (a hang). */
  status: number;
  body?: unknown;
  query?: Record<string, string>;
  route?: SandboxRoute;
  /** The fault applied to this request, if any. */
  fault?: Fault['kind'];
  /** The W3C trace context the caller sent, as the service's logs would keep it. */
  traceparent?: string;
}

/** 'to-bff': the upstream's own callbacks; 'to-merchant': the BFF's signed notifications, through the relay. */
export const NOTIFICATION_DIRECTIONS = ['to-bff', 'to-merchant'] as const;
export type NotificationDirection = (typeof NOTIFICATION_DIRECTIONS)[number];
export interface SendOptions {
  /** Each notification this many times in a row; default 1. */
  times?: number;
  /** Wait this long before the first; default 0. */
  delayMs?: number;
  form?: NotificationForm;
}

/** How a control send spoils a notification: the signature taken off or changed (relayed ones), or the body cut. */
export const NOTIFICATION_FORMS = ['as-is', 'unsigned', 'bad-signature', 'malformed'] as const;
export type NotificationForm = (typeof NOTIFICATION_FORMS)[number];

export interface NotificationSend {
  at: string;
  form: NotificationForm;
  url: string;
  /** The receiver's HTTP status; absent when there was no answer. */
  status?: number;
  error?: string;
}

/** One notification, kept whole: what it said, and each time it was sent. */
export interface SandboxNotification {
  readonly id: string;
  readonly direction: NotificationDirection;
  /** Where it goes: the callback URL, or (relayed) the relay target when it came in. */
  readonly url: string;
  /** The upstream's event, or a relayed body's `type`. */
  readonly event: string;
  readonly orderReference?: string;
  readonly createdAt: string;
  /**
   * held: waiting for a send or a drop; queued: a send is scheduled; delivered or failed: how its last send went (a
   * 2xx, or not); dropped: never to be sent; kept: relayed while no relay target was set.
   */
  state: 'held' | 'queued' | 'delivered' | 'failed' | 'dropped' | 'kept';
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly sends: NotificationSend[];
}

/** One attempt to deliver a notification to a merchant's callback URL. */
export interface CallbackDelivery {
  at: string;
  url: string;
  event: string;
  orderReference: string;
  /** The notification's id in Sandbox.notifications. */
  notification: string;
  attempt: number;
  /** The merchant's HTTP status; absent when the attempt never got an answer. */
  status?: number;
  outcome: 'delivered' | 'failed' | 'dropped';
  error?: string;
}

/** GET /orders/{reference} statuses. Create answers lower-case `pending`; everything after is upper-case. */
export type OrderStatus = 'PENDING' | 'SUCCESSFUL' | 'DECLINED' | 'CANCELLED' | 'ERROR';

/** What the sandbox holds of one order, for tests (amounts in minor units of its currency). */
export interface OrderRecord {
  readonly reference: string;
  readonly status: OrderStatus;
  readonly provider: string;
  readonly currency: string;
  readonly amountMinor: number;
  readonly surchargeMinor: number;
  readonly capturedMinor: number;
  readonly voidedMinor: number;
  readonly autoCapture: boolean;
  /** refundReference as the merchant sent it (not the docs' suffixed form). */
  readonly refunds: readonly {
    readonly refundReference: string;
    readonly amountMinor: number;
    readonly status: RefundStatus;
  }[];
  readonly captures: readonly { readonly captureReference: string; readonly amountMinor: number }[];
  readonly voids: readonly { readonly voidReference: string; readonly amountMinor: number }[];
}

/**
 * `error-then-approve` / `error-then-decline`: the order shows ERROR first (on the return, if instant) and, after
 * pendingSettleMs, SUCCESSFUL or DECLINED: the docs name ERROR among the redirect's statuses but not among the
 * final ones, and the upstream keeps asking its provider while an order is not final.
 */
export type DecisionOutcome = 'approve' | 'decline' | 'cancel' | 'error' | 'error-then-approve' | 'error-then-decline';
export type DecisionMode = 'instant' | 'pending';
export interface Decision {
  outcome: DecisionOutcome;
  mode?: DecisionMode;
}

/** What a merchant does to an order in the portal: an amount in major units (a void or capture: all that is left). */
export interface PortalAction {
  kind: 'refund' | 'capture' | 'void';
  amount?: number;
}

/** The dynamicRedirectUrl with reference, status, providerReference and hash. */
export interface DecisionResult {
  redirectTo: string;
}

export interface Sandbox {
  readonly credentials: { clientId: string; clientSecret: string; paymentSecret: string };
  /** Resolves to the API's base URL, e.g. http://127.0.0.1:41234; the token endpoint listens on `tokenPort`. */
  listen(port?: number, host?: string): Promise<string>;
  /** Base URL after listen. */
  readonly url: string;
  /** The token endpoint's full URL after listen (the BFF's OPI_TOKEN_URL). */
  readonly tokenUrl: string;
  /** Closes everything, hung sockets and timers included. */
  close(): Promise<void>;
  /** Every API request received (not the logos or the control endpoints). */
  readonly journal: JournalEntry[];
  /** Every callback attempt, in order. */
  readonly deliveries: CallbackDelivery[];
  /** The seed of every behavioural random choice (SandboxOptions.seed, or the one drawn). */
  readonly seed: number;
  /** A frozen snapshot of every order, oldest first. */
  records(): readonly OrderRecord[];
  setFault(route: SandboxRoute, fault: Fault, options?: FaultOptions): void;
  clearFaults(): void;
  setCallbackFailures(count: number): void;
  /** Every notification sent to the BFF or relayed to the merchant, oldest first (the latest historyLimit). */
  readonly notifications: readonly SandboxNotification[];
  /** The relay's URL after listen: set it as the BFF's OPI_MERCHANT_WEBHOOK_URL. */
  readonly relayUrl: string;
  /** Where relayed notifications go on (SandboxOptions.relayTo); undefined: nowhere, they are only kept. */
  readonly relayTarget: string | undefined;
  setRelayTarget(url: string | undefined): void;
  /** While on, new notifications in that direction wait until sent or dropped. */
  holdNotifications(direction: NotificationDirection | 'all', on: boolean): void;
  heldNotifications(): Readonly<Record<NotificationDirection, boolean>>;
  /**
   * Sends these notifications in the order given (each `times` times, after `delayMs`, spoiled as `form` says): held
   * ones for the first time, the others again. One attempt each; `sends` shows the answers. Throws a RangeError for
   * an unknown id, or a form that does not apply.
   */
  sendNotifications(ids: readonly string[], options?: SendOptions): void;
  /** Held notifications that are never to be sent; a RangeError for any that is not held. */
  dropNotifications(ids: readonly string[]): void;
  /** Points the account's webhook elsewhere (or nowhere), as a merchant does in the portal. */
  setWebhookUrl(url: string | undefined): void;
  /** Same as a tester clicking on the hosted page. */
  decide(reference: string, decision: Decision): Promise<DecisionResult>;
  /**
   * Refunds, captures or voids the order as a merchant does in the payment service's portal: nothing is asked of
   * the BFF and nothing answers it; only the order's records show it. Answers the record made.
   */
  portal(reference: string, action: PortalAction): Promise<unknown>;
  /**
   * Resolves when every scheduled callback delivery and settlement has finished, and every API request it was answering
   * has its answer (one held by a latency fault makes its write first) (for tests).
   */
  idle(): Promise<void>;
}
