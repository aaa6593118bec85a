// Placing the upstream order for a session. The rules that keep a double click, a retry or a flaky network from
// ever producing two payable orders:
//  - Work for one session runs one at a time in this process (keyed lock); across processes the session row is
//    locked while deciding and (session_id, attempt) is unique.
//  - While the session has a live attempt (not refused, not final) for the same provider, a submit returns it.
//    A different provider, or a previous attempt that was refused or ended (declined, cancelled, failed), starts a
//    new attempt with a new orderReference, so a shopper can pick another provider after cancelling.
//  - Local choice: another provider may start even while an earlier attempt is still live upstream (a shopper
//    who came back from the provider's page without cancelling). Only one payment can count: the first order to
//    be paid completes the session (no new attempt after that), and any other attempt paid later is put on_hold
//    as `session_already_paid` for the merchant to refund (bff/orders/observe.ts).
//  - Every status the create call learns goes through the same forward-only, amount-checked observation as a
//    return, callback or poll, under the order's row lock, so it never overwrites what a callback wrote.
//  - Every attempt is recorded before the upstream call. If the answer is lost, the attempt stays `unknown`
//    and the shopper gets a retryable 5xx; the next submit asks the upstream: not there -> the same reference is
//    sent again; there -> Local choice: it is `orphaned` (its redirectUrl never reached anyone, so it cannot be
//    paid; the reconciler stops following it at its deadline, by our own clock) and a new attempt starts, so the shopper is never
//    stuck behind an order nobody can open.
//  - With an Idempotency-Key the first answer is stored and replayed; the same key with another body is a 422.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { withAddressDefaults } from '../../shared/address-defaults.js';
import type { PlaceOrderRequest, ProviderView } from '../../shared/checkout-api.js';
import { toMajor } from '../../shared/money.js';
import { orderRequestSchema, type OrderRequest, type OrderStatusRecord } from '../../shared/upstream.js';
import { holdsPayment, recordObservation, type CreateAnswer } from '../orders/observe.js';
import { isLiveStatus } from '../orders/transitions.js';
import { idempotencyLeaseMs, once } from '../domain/idempotency.js';
import { DomainError, upstreamFieldErrors, upstreamRefusal } from '../domain/errors.js';
import type { CancellationTimeoutUnit } from '../config.js';
import type { Notifier } from '../notify/notifier.js';
import type { LedgerOrder, OrderPatch, SessionRecord, Store, StoreTx } from '../store/types.js';
import type { CreateOrderOutcome, UpstreamClient } from '../upstream/client.js';
import { UpstreamError, UpstreamOutcomeUnknownError, UpstreamValidationError } from '../upstream/errors.js';
import { orderDeadline } from '../reconcile/schedule.js';
import { newCallbackSecret, orderReference } from './ids.js';
import { createKeyedLock } from './keyed-lock.js';
import type { OptionsCache } from './options-cache.js';
import { toProviderLists } from './provider-views.js';
import { isSafeRedirect } from './redirect-check.js';
import { loadSession, requireOpenSession } from './sessions.js';
import { callbackUrlFor, returnUrlFor } from './urls.js';

export interface PlaceOrderDeps {
  store: Store;
  /** Announces an order the create call finds final or on hold (merchant notifications). */
  notifier: Notifier;
  upstream: UpstreamClient;
  options: OptionsCache;
  now: () => Date;
  logger: Logger;
  publicUrl: string;
  /** Accept http redirects to loopback hosts (the local sandbox only). */
  allowLoopbackRedirect: boolean;
  /** The upstream budget; an attempt still `creating` after several budgets belonged to a process that died. */
  upstreamTimeoutMs: number;
  /** The unit the upstream reads cancellationTimeout in (not documented: OPI_CANCELLATION_TIMEOUT_UNIT). */
  cancellationTimeoutUnit: CancellationTimeoutUnit;
  /** When the reconciler first asks the upstream about a created order (OPI_POLL_INITIAL_MS). */
  firstPollDelayMs: number;
  /** The cancellation timeout of a session that set none (OPI_SESSION_TTL_MINUTES), for the order's deadline. */
  sessionTtlMinutes: number;
  /** After the cancellation timeout, how long the order is polled at the usual pace (OPI_POLL_GRACE_MINUTES). */
  graceMs: number;
  /** How long a create may still be on its way (OPI_SETTLE_WINDOW_SECONDS): resent only in its first half. */
  settleWindowMs: number;
  /** OPI_CUSTOMER_SESSIONS: a session without the merchant's customerToken gets one from the upstream per attempt. */
  customerSessions: boolean;
}

export interface PlacedOrder {
  orderReference: string;
  redirectUrl: string;
  /** True when this answer repeats an earlier one (double submit or Idempotency-Key replay). */
  replayed: boolean;
}

/** The widget-body fields the shopper controls; an upstream message about anything else is not theirs to fix. */
const SHOPPER_FIELDS = new Set(['bnplProvider', 'customer', 'billingAddress', 'shippingAddress', 'shippingMethod']);
const LIVE_CREATE_STATES = new Set(['creating', 'created', 'unknown']);

const isLive = (order: LedgerOrder) => LIVE_CREATE_STATES.has(order.createState) && isLiveStatus(order.status);

/** JSON with sorted keys, so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

type Plan =
  | { kind: 'replay'; order: LedgerOrder }
  | { kind: 'recheck'; order: LedgerOrder; session: SessionRecord }
  | { kind: 'recorded'; order: LedgerOrder; request: OrderRequest };

/**
 * The chosen provider for the session's amount when it was asked (before the lock), with the customer token fetched
 * for a new attempt if one was, or why a new attempt is refused.
 */
type Eligibility = { amountMinor: number } & (
  | { provider: ProviderView; customerToken?: string }
  | { refused: unknown }
);

/**
 * With OPI_CUSTOMER_SESSIONS, the token a new attempt of a session without the merchant's customerToken sends: a
 * customer session created upstream (docs §13). Local choice: its customerIdentifier is the shopper's email (the
 * docs: "email or 'anonymous'"; the form always has one; the vendor plugin's hash secret looks like a quirk).
 * Asked before the session's lock, like the options, within the request's one deadline. Its failure refuses only
 * a new attempt, before anything is recorded (an outage or a timeout: the usual retryable 502/504), and never the
 * replay of a live one.
 */
async function withCustomerToken(
  eligibility: Eligibility,
  session: SessionRecord,
  body: PlaceOrderRequest,
  source: { upstream: UpstreamClient; enabled: boolean },
  deadline: number,
): Promise<Eligibility> {
  if (!source.enabled || session.cart.customerToken || !('provider' in eligibility)) return eligibility;
  try {
    const { token } = await source.upstream.createCustomerSession(body.customer.email, deadline);
    return { ...eligibility, customerToken: token };
  } catch (refused) {
    return { amountMinor: eligibility.amountMinor, refused };
  }
}

/** The token fetched before the lock for an attempt about to be sent (or why it could not be). */
function fetchedToken(eligibility: Eligibility): string | undefined {
  if ('refused' in eligibility) throw eligibility.refused;
  return eligibility.customerToken;
}

export function createOrderPlacer(deps: PlaceOrderDeps) {
  const { store, upstream, logger } = deps;
  const lock = createKeyedLock();
  // Past the longest an attempt's create can run: one still `creating` belonged to a request that died.
  const staleAfterMs = idempotencyLeaseMs(deps.upstreamTimeoutMs);
  const completed = () => new DomainError('session_completed', 'This checkout session has already been paid.');
  const inProgress = () =>
    new DomainError('order_in_progress', 'This order is being placed. Please try again in a moment.', {
      retryable: true,
      retryAfterSeconds: 1,
    });

  /**
   * Records what the create call learnt: its own columns (createState, redirectUrl) and any status through the
   * same observation as every other upstream answer.
   */
  async function record(
    order: LedgerOrder,
    step: {
      also: OrderPatch;
      upstream?: OrderStatusRecord | CreateAnswer;
      decided?: 'failed';
      refusalOfFirstSend?: boolean;
    },
    reason: string,
    detail: Record<string, unknown> = {},
  ) {
    // An attempt the upstream may hold is due for its first status check (the reconciler's schedule).
    const pollSoon =
      step.also.createState !== 'rejected'
        ? { nextPollAt: new Date(deps.now().getTime() + deps.firstPollDelayMs) }
        : {};
    const { order: updated } = await recordObservation(
      { store, notifier: deps.notifier, now: deps.now },
      order.orderReference,
      {
        source: 'create',
        ...(step.upstream ? { upstream: step.upstream } : {}),
        ...(step.decided ? { decided: step.decided } : {}),
        ...(step.refusalOfFirstSend ? { refusalOfFirstSend: true } : {}),
        also: { ...step.also, ...pollSoon },
        payload: { reason, attempt: order.attempt, provider: order.provider, ...detail },
      },
    );
    return updated;
  }

  /**
   * Under the session's lock, in one transaction: the live attempt of this provider (to replay or to check), or a
   * new attempt recorded with the request to send.
   */
  async function decide(sessionId: string, body: PlaceOrderRequest, eligibility: Eligibility): Promise<Plan> {
    const now = deps.now();
    return store.transaction(async (tx) => {
      const session = await lockedSession(tx, sessionId, eligibility);
      const orders = await tx.listSessionOrders(sessionId);
      if (orders.some(holdsPayment)) throw completed();
      const live = orders.findLast((order) => isLive(order) && order.provider === body.bnplProvider);
      if (live) {
        if (live.createState === 'created') return { kind: 'replay', order: live };
        if (live.createState === 'unknown' || now.getTime() - live.createdAt.getTime() > staleAfterMs) {
          return { kind: 'recheck', order: live, session };
        }
        // Only another process can be creating it right now (this one holds the session's lock).
        throw inProgress();
      }
      return { kind: 'recorded', ...(await recordAttempt(tx, session, orders, body, eligibility)) };
    });
  }

  const withToken = (eligibility: Eligibility, session: SessionRecord, body: PlaceOrderRequest, deadline: number) =>
    withCustomerToken(eligibility, session, body, { upstream, enabled: deps.customerSessions }, deadline);

  /** Asked before the session's lock is taken: the options may come from the upstream. */
  const eligibilityOf = (session: SessionRecord, name: string): Promise<Eligibility> =>
    eligibleProvider(session, name).then(
      (provider) => ({ amountMinor: session.amountMinor, provider }),
      (refused: unknown) => ({ amountMinor: session.amountMinor, refused }),
    );

  /**
   * The session under its lock, still open, and still at the amount the provider was checked for: the merchant may
   * have replaced the cart (PATCH) since the plain read this request began with. The shopper then reviews the new
   * total (the widget refreshes) and submits again.
   */
  async function lockedSession(tx: StoreTx, sessionId: string, eligibility: Eligibility): Promise<SessionRecord> {
    const session = requireOpenSession(await tx.getSession(sessionId, { forUpdate: true }), deps.now());
    if (session.amountMinor !== eligibility.amountMinor) {
      throw new DomainError('session_changed', 'The cart changed while the order was being placed.', {
        retryable: true,
      });
    }
    return session;
  }

  async function eligibleProvider(session: SessionRecord, name: string): Promise<ProviderView> {
    const options = await deps.options.get({
      amountMinor: session.amountMinor,
      currency: session.currency,
      ...(session.cart.channel ? { channel: session.cart.channel } : {}),
    });
    const provider = toProviderLists(options, session).providers.find((view) => view.name === name);
    if (!provider) {
      throw new DomainError('provider_not_eligible', 'This payment provider is not available for this cart.', {
        errors: [{ path: 'bnplProvider', message: 'is not available for this cart' }],
      });
    }
    return provider;
  }

  function buildOrder(
    session: SessionRecord,
    body: PlaceOrderRequest,
    provider: ProviderView,
    reference: string,
    secret: string,
    fetchedCustomerToken: string | undefined,
  ): OrderRequest {
    const { cart } = session;
    // The merchant's token first; else the one created for this attempt (OPI_CUSTOMER_SESSIONS); else none.
    const customerToken = cart.customerToken ?? fetchedCustomerToken;
    // Local choice: when a shipping address is needed but not given, the billing address is used ("same as billing").
    const shipping =
      body.shippingAddress ??
      (provider.requiresShippingAddress || cart.requiresShipping ? body.billingAddress : undefined);
    const shippingMethod = body.shippingMethod ?? cart.shippingMethod;
    // Our own construction, checked by the shared contract: a failure here is a bug (500), never sent upstream.
    return orderRequestSchema.parse({
      orderReference: reference,
      bnplProvider: body.bnplProvider,
      purchaseCountry: session.country,
      purchaseCurrency: session.currency,
      locale: session.locale,
      orderAmount: toMajor(session.amountMinor, session.currency),
      orderItems: cart.orderItems,
      taxAmount: cart.taxAmount,
      shippingAmount: cart.shippingAmount,
      discountAmount: cart.discountAmount,
      customer: body.customer,
      billingAddress: withAddressDefaults(body.billingAddress),
      ...(shipping ? { shippingAddress: withAddressDefaults(shipping) } : {}),
      ...(shippingMethod ? { shippingMethod } : {}),
      dynamicRedirectUrl: returnUrlFor(deps.publicUrl, reference),
      dynamicCallbackUrl: callbackUrlFor(deps.publicUrl, reference, secret),
      // Sent only when the merchant set it: its unit is not documented, and our own clock ends what nobody pays.
      ...(cart.cancellationTimeout === undefined
        ? {}
        : { cancellationTimeout: cart.cancellationTimeout * (deps.cancellationTimeoutUnit === 'seconds' ? 60 : 1) }),
      ...(cart.autoCapture === undefined ? {} : { autoCapture: cart.autoCapture }),
      ...(cart.channel ? { channel: cart.channel } : {}),
      ...(customerToken ? { customerToken } : {}),
    });
  }

  function refusedByUpstream(error: UpstreamValidationError): DomainError {
    const errors = upstreamFieldErrors(error.messages);
    const shopper = errors.filter((entry) => SHOPPER_FIELDS.has(entry.path.split('.')[0]!));
    logger.warn({ upstreamMessages: errors.map((entry) => entry.path || '(unnamed)') }, 'upstream refused the order');
    if (shopper.length > 0)
      return new DomainError('validation_failed', 'The payment service refused some of the details.', {
        errors: shopper,
      });
    return new DomainError('upstream_rejected', 'The payment service refused the order.', {
      retryable: false,
      cause: error,
    });
  }

  /**
   * Sends the recorded attempt upstream and records what came back. `firstSend`: nothing was sent for this reference
   * before; a refusal of a later send tells nothing about an earlier one (the outcome stays unknown, and the
   * reconciler's read settles it).
   */
  async function createUpstream(
    order: LedgerOrder,
    request: OrderRequest,
    deadline: number,
    firstSend = true,
  ): Promise<PlacedOrder> {
    let outcome: CreateOrderOutcome;
    try {
      outcome = await upstream.createOrder(request, deadline);
    } catch (caught) {
      const error =
        caught instanceof UpstreamValidationError && !firstSend
          ? new UpstreamOutcomeUnknownError('create-order: a resend was refused', {
              operation: caught.operation,
              status: caught.status,
              cause: caught,
            })
          : caught;
      if (error instanceof UpstreamError && !error.retryable) {
        // Whatever the refusal says, the upstream's record decides: a reference it holds (a ledger restored from an
        // old backup reuses one) is its order, never failed; the shopper's retry finds it and moves on.
        const held = await upstream.getOrder(order.orderReference, deadline).catch(() => null);
        if (held) {
          await record(order, { also: { createState: 'unknown' }, upstream: held }, 'reference_exists_upstream', {
            status: error.status,
          });
          throw inProgress();
        }
        const refused = {
          also: { createState: 'rejected' as const },
          decided: 'failed' as const,
          refusalOfFirstSend: true,
        };
        const detail =
          error instanceof UpstreamValidationError ? { messages: error.messages.length } : { status: error.status };
        const recorded = await record(
          order,
          refused,
          error instanceof UpstreamValidationError ? 'upstream_refused' : error.code,
          detail,
        );
        // Another request sent it again meanwhile: this refusal tells nothing about that send.
        if (recorded.status !== 'failed')
          throw upstreamRefusal(
            new UpstreamOutcomeUnknownError('create-order: refused after a resend', {
              operation: error.operation,
              cause: error,
            }),
          );
        throw error instanceof UpstreamValidationError ? refusedByUpstream(error) : upstreamRefusal(error);
      }
      await record(order, { also: { createState: 'unknown' } }, error instanceof UpstreamError ? error.code : 'error');
      throw error;
    }
    if (outcome.kind === 'exists') {
      await record(order, { also: { createState: 'unknown' }, upstream: outcome.status }, 'answer_lost_order_exists', {
        cause: outcome.cause.code,
      });
      throw upstreamRefusal(outcome.cause);
    }
    const { redirectUrl, paymentStatus } = outcome.record;
    if (!isSafeRedirect(redirectUrl, deps.allowLoopbackRedirect)) {
      await record(
        order,
        { also: { createState: 'rejected', upstreamStatus: paymentStatus }, decided: 'failed' },
        'unsafe_redirect',
      );
      throw new DomainError(
        'upstream_invalid_redirect',
        'The payment service returned a payment page we cannot send you to.',
        { retryable: false },
      );
    }
    await record(
      order,
      { also: { createState: 'created', redirectUrl }, upstream: { kind: 'create-answer', status: paymentStatus } },
      'created',
    );
    return { orderReference: order.orderReference, redirectUrl, replayed: false };
  }

  /** Records a new attempt of the session (whose lock `tx` holds) and builds the request that creates it upstream. */
  async function recordAttempt(
    tx: StoreTx,
    session: SessionRecord,
    orders: LedgerOrder[],
    body: PlaceOrderRequest,
    eligibility: Eligibility,
  ): Promise<{ order: LedgerOrder; request: OrderRequest }> {
    if ('refused' in eligibility) throw eligibility.refused;
    const secret = newCallbackSecret();
    const createdAt = deps.now();
    const attempt = orders.reduce((max, existing) => Math.max(max, existing.attempt), 0) + 1;
    const reference = orderReference(session.orderPrefix, attempt);
    const request = buildOrder(session, body, eligibility.provider, reference, secret, eligibility.customerToken);
    const order = await tx.insertOrder({
      orderReference: reference,
      sessionId: session.id,
      attempt,
      provider: body.bnplProvider,
      amountMinor: session.amountMinor,
      currency: session.currency,
      status: 'initiated',
      createState: 'creating',
      callbackSecret: secret,
      createdAt,
      // If this process dies before the create's answer is recorded, the reconciler still asks the upstream once
      // any request could have ended (the answer, when it comes, moves this to the usual first poll).
      nextPollAt: new Date(createdAt.getTime() + staleAfterMs),
      deadlineAt: orderDeadline(createdAt, session.cart.cancellationTimeout ?? deps.sessionTtlMinutes, deps.graceMs),
    });
    await tx.appendEvent({
      orderReference: reference,
      source: 'create',
      status: 'initiated',
      upstreamStatus: null,
      payload: { reason: 'recorded', attempt, provider: body.bnplProvider },
      at: createdAt,
    });
    return { order, request };
  }

  /** A new attempt after a live one was found orphaned (its lock released in between, so decided again). */
  async function newAttempt(session: SessionRecord, body: PlaceOrderRequest, deadline: number): Promise<PlacedOrder> {
    const eligibility = await withToken(await eligibilityOf(session, body.bnplProvider), session, body, deadline);
    const { order, request } = await store.transaction(async (tx) => {
      const locked = await lockedSession(tx, session.id, eligibility);
      const orders = await tx.listSessionOrders(session.id);
      if (orders.some(holdsPayment)) throw completed();
      if (orders.some((existing) => isLive(existing) && existing.provider === body.bnplProvider)) throw inProgress();
      return recordAttempt(tx, locked, orders, body, eligibility);
    });
    return createUpstream(order, request, deadline);
  }

  /** `deadline`: the whole request's upstream budget, the lookup, the token and the create included. */
  async function attemptOrder(session: SessionRecord, body: PlaceOrderRequest, deadline: number): Promise<PlacedOrder> {
    const eligibility = await withToken(await eligibilityOf(session, body.bnplProvider), session, body, deadline);
    const plan = await decide(session.id, body, eligibility);
    if (plan.kind === 'replay')
      return { orderReference: plan.order.orderReference, redirectUrl: plan.order.redirectUrl!, replayed: true };
    if (plan.kind === 'recorded') return createUpstream(plan.order, plan.request, deadline);

    const { order } = plan;
    const found = await upstream.getOrder(order.orderReference, deadline);
    if (found === null && deps.now().getTime() - order.createdAt.getTime() >= deps.settleWindowMs / 2) {
      // Too late to send it again (a send now could land after the reconciler reads it as never created): nobody
      // will pay it; the reconciler fails it once its window has passed with no such order upstream.
      await record(order, { also: { createState: 'orphaned' } }, 'resend_too_late');
      return newAttempt(plan.session, body, deadline);
    }
    if (found === null) {
      // The upstream never got it: the same reference (and callback secret) is safe to send again.
      // Counted first, and only while it is still unanswered: a first send refused meanwhile then stays unknown.
      if ((await store.countCreateSend(order.orderReference)) === null) throw inProgress();
      const provider = await eligibleProvider(plan.session, body.bnplProvider);
      const { orderReference: reference, callbackSecret } = order;
      const request = buildOrder(plan.session, body, provider, reference, callbackSecret, fetchedToken(eligibility));
      return createUpstream(order, request, deadline, false);
    }
    await record(order, { also: { createState: 'orphaned' }, upstream: found }, 'redirect_lost');
    return newAttempt(plan.session, body, deadline);
  }

  async function withIdempotencyKey(
    session: SessionRecord,
    body: PlaceOrderRequest,
    key: string,
    deadline: number,
  ): Promise<PlacedOrder> {
    const hash = createHash('sha256').update(canonical(body)).digest('hex');
    // No wait for a request in flight with the same key: in this process the session lock already queues it, so
    // only another instance can be running it, and the widget retries on the retryable 409.
    const idempotency = { store, now: deps.now, waitMs: 0, leaseMs: idempotencyLeaseMs(deps.upstreamTimeoutMs) };
    let placedNow: PlacedOrder | undefined;
    const answer = await once<Omit<PlacedOrder, 'replayed'>>(
      idempotency,
      `checkout-order:${session.id}`,
      key,
      hash,
      async () => {
        placedNow = await attemptOrder(session, body, deadline);
        return { result: { orderReference: placedNow.orderReference, redirectUrl: placedNow.redirectUrl } };
      },
    );
    if (placedNow) return placedNow;
    // A placement keeps no refusal for its key (a refused placement throws, and the key is released).
    if ('refusal' in answer) throw answer.refusal;
    return { ...answer.result, replayed: true };
  }

  return {
    async place(sessionId: string, body: PlaceOrderRequest, idempotencyKey?: string): Promise<PlacedOrder> {
      // A plain read (the widget's own read has usually just cached it); decide() reads it again under its lock.
      const session = requireOpenSession(await loadSession(store, sessionId), deps.now());
      return lock(sessionId, () => {
        // Counted from when this request's turn comes: a double submit queued behind the first spends none of it.
        const deadline = upstream.requestDeadline();
        return idempotencyKey
          ? withIdempotencyKey(session, body, idempotencyKey, deadline)
          : attemptOrder(session, body, deadline);
      });
    },
  };
}

export type OrderPlacer = ReturnType<typeof createOrderPlacer>;
