// Deciding what a submit does, under the session's row lock in one transaction: replay the live attempt of this
// provider, check one whose answer was lost, or record a new attempt with the order it sends. What is asked before
// the lock (the provider's eligibility for the session's amount, a customer token) is here too.
import type { PlaceOrderRequest, ProviderView } from '../../../shared/schemas/checkout-api.js';
import type { OrderRequest } from '../../upstream/contract.js';
import { DomainError } from '../../domain/errors.js';
import { idempotencyLeaseMs } from '../../domain/idempotency.js';
import { holdsPayment, isLiveStatus } from '../../../shared/status.js';
import type { StoredOrder, SessionRecord, StoreTx } from '../../store/types.js';
import { toProviderLists } from '../provider-views.js';
import { newCallbackSecret, orderReference, requireOpenSession, sessionCompleted } from '../sessions.js';
import type { PlacementContext } from './context.js';
import { buildOrder } from './order-request.js';
import { KeyHeldElsewhere, type PlacementKey } from './placement-key.js';

/**
 * When the BFF stops waiting for an order at the usual pace (the reconciler's plan, bff/reconcile/schedule.ts), stamped
 * on it when it is recorded: its cancellation timeout (minutes, as sent upstream; the BFF's default when the session
 * had none) plus the grace for the upstream to record its own cancellation.
 */
export function orderDeadline(createdAt: Date, cancellationTimeoutMinutes: number, graceMs: number): Date {
  return new Date(createdAt.getTime() + cancellationTimeoutMinutes * 60_000 + graceMs);
}

export type Plan =
  | { kind: 'replay'; order: StoredOrder }
  | { kind: 'recheck'; order: StoredOrder; session: SessionRecord }
  | { kind: 'recorded'; order: StoredOrder; request: OrderRequest };

/**
 * The chosen provider for the session's amount when it was asked (before the lock), with the customer token fetched
 * for a new attempt if one was, or why a new attempt is refused. `replaysLive`: no token was fetched, as the submit
 * looked to replay (the live attempt, or its key's answer).
 */
export type Eligibility = { amountMinor: number } & (
  | { provider: ProviderView; customerToken?: string; replaysLive?: boolean }
  | { refused: unknown }
);

const LIVE_CREATE_STATES = new Set(['creating', 'created', 'unknown']);

export const isLive = (order: StoredOrder) => LIVE_CREATE_STATES.has(order.createState) && isLiveStatus(order.status);

/** The session's newest live attempt of a provider: a submit for it replays or rechecks this one. */
const liveAttemptOf = (orders: StoredOrder[], provider: string) =>
  orders.findLast((order) => isLive(order) && order.provider === provider);

/** Past the longest an attempt's create can run: one still `creating` belonged to a request that died. */
export const staleAfterMs = (ctx: PlacementContext) => idempotencyLeaseMs(ctx.upstreamTimeoutMs);

/** A live attempt another request is creating right now: a submit meanwhile is answered 409, order_in_progress. */
const creatingElsewhere = (ctx: PlacementContext, order: StoredOrder) =>
  order.createState === 'creating' && ctx.now().getTime() - order.createdAt.getTime() <= staleAfterMs(ctx);

/**
 * Local choice: the sends of one attempt whose answers were lost (the first and two more). Past them a submit waits for
 * the reconciler's read of it (a retryable 409) instead of asking the upstream again: a stranger resubmitting while the
 * upstream fails costs no upstream call.
 */
export const MAX_CREATE_SENDS = 3;

/** Too late to send it again: a send now could land after the reconciler reads it as never created. */
export const tooLateToResend = (ctx: PlacementContext, order: StoredOrder) =>
  ctx.now().getTime() - order.createdAt.getTime() >= ctx.timings.settleWindowMs / 2;

/**
 * A live attempt whose answers were lost, whose sends are spent and that the upstream has not shown yet: a submit
 * waits, asking the upstream nothing. Once a read shows it (the reconciler's), a submit finds it and starts anew.
 */
export const waitsForReconciler = (ctx: PlacementContext, order: StoredOrder) =>
  order.createState !== 'created' &&
  order.upstreamStatus === null &&
  order.createSends >= MAX_CREATE_SENDS &&
  !tooLateToResend(ctx, order);

/**
 * Local choice: the attempts one session may record. Each the upstream refuses leaves the cart free for another, so
 * without a bound a stranger holding a session id could make the ledger keep rows (and the upstream take creates)
 * without end; a shopper needs a handful.
 */
export const MAX_ATTEMPTS_PER_SESSION = 20;

const attemptsExhausted = () =>
  new DomainError(
    'session_exhausted',
    `This checkout has been tried ${MAX_ATTEMPTS_PER_SESSION} times; start again from the shop.`,
    { retryable: false },
  );

export const inProgress = () =>
  new DomainError('order_in_progress', 'This order is being placed. Please try again in a moment.', {
    retryable: true,
    retryAfterSeconds: 1,
  });

const notEligible = () =>
  new DomainError('provider_not_eligible', 'This payment provider is not available for this cart.', {
    errors: [{ path: 'bnplProvider', message: 'is not available for this cart' }],
  });

/** A provider that declined an attempt of the session, where the merchant does not offer it again (its config). */
const refusedAfterDecline = (ctx: PlacementContext, declined: readonly string[], name: string) =>
  !ctx.checkout.offerDeclinedProvider && declined.includes(name);

/**
 * The provider the shopper chose, if it fits the session's cart (the options may come from the upstream) and, where
 * the merchant says so, has not declined an attempt of the session (as far as this plain read knows: the decision
 * under the session's lock checks again).
 */
export async function eligibleProvider(
  ctx: PlacementContext,
  session: SessionRecord,
  name: string,
): Promise<ProviderView> {
  const options = await ctx.options.get({
    amountMinor: session.amountMinor,
    currency: session.currency,
    ...(session.cart.channel ? { channel: session.cart.channel } : {}),
  });
  const provider = toProviderLists(options, session).providers.find((view) => view.name === name);
  if (!provider || refusedAfterDecline(ctx, session.attempts?.declined ?? [], name)) throw notEligible();
  return provider;
}

/**
 * Asked before the session's lock is taken: the provider, and with OPI_CUSTOMER_SESSIONS the token a new attempt of
 * a session without the merchant's customerToken sends, a customer session created upstream (docs §13). Local
 * choice: its customerIdentifier is the shopper's email (the docs: "email or 'anonymous'"; the form always has one).
 * Within the request's one deadline. A failure of either refuses only a new attempt, before anything is recorded (an
 * outage or a timeout: the usual retryable 502/504), and never the replay of a live one.
 */
export async function eligibility(
  ctx: PlacementContext,
  session: SessionRecord,
  body: PlaceOrderRequest,
  deadline: number,
  key?: PlacementKey,
): Promise<Eligibility> {
  const amountMinor = session.amountMinor;
  let provider: ProviderView;
  try {
    provider = await eligibleProvider(ctx, session, body.bnplProvider);
  } catch (refused) {
    return { amountMinor, refused };
  }
  if (!ctx.checkout.customerSessions || session.cart.customerToken) return { amountMinor, provider };
  // A submit that will replay the live attempt (a double submit, a fresh key), or wait for it (the reconciler's read,
  // or another request's create), creates no customer session upstream.
  const orders = await ctx.store.orders.listOfSession(session.id);
  const live = liveAttemptOf(orders, provider.name);
  if (live && (live.createState === 'created' || waitsForReconciler(ctx, live) || creatingElsewhere(ctx, live)))
    return { amountMinor, provider, replaysLive: true };
  // A live attempt of this provider is rechecked or resent, never a new one: the bound does not apply to it.
  if (orders.length >= MAX_ATTEMPTS_PER_SESSION && !live) return { amountMinor, refused: attemptsExhausted() };
  // A key another request answered creates nothing upstream either (the decision replays its answer), nor one it holds
  // or used with another body (refused here, as the decision would). Its claim comes only with the session's lock, so
  // it is looked at here first: one read, in this mode only.
  if (key && (await key.heldElsewhere())) return { amountMinor, provider, replaysLive: true };
  try {
    // What the order itself refuses (a store pickup the cart does not offer) is refused before anything is made
    // upstream: otherwise every such submit would leave a customer session there and record nothing to bound it.
    buildOrder(ctx, session, body, provider, { reference: '', secret: '' });
    const { token } = await ctx.upstream.createCustomerSession(body.customer.email, deadline);
    return { amountMinor, provider, customerToken: token };
  } catch (refused) {
    return { amountMinor, refused };
  }
}

/** The token fetched before the lock for an attempt about to be sent (or why it could not be). */
export function fetchedToken(eligible: Eligibility): string | undefined {
  if ('refused' in eligible) throw eligible.refused;
  return eligible.customerToken;
}

/**
 * The session under its lock, still open, and still at the amount the provider was checked for: the merchant may
 * have replaced the cart (PATCH) since the plain read this request began with. The shopper then reviews the new
 * total (the widget refreshes) and submits again.
 */
async function lockedSession(
  ctx: PlacementContext,
  tx: StoreTx,
  sessionId: string,
  eligible: Eligibility,
  key: PlacementKey | undefined,
): Promise<SessionRecord> {
  const locked = key
    ? await tx.sessions.lockClaiming(sessionId, key.claim)
    : { session: await tx.sessions.get(sessionId, { forUpdate: true }), claimed: true };
  const session = requireOpenSession(locked.session, ctx.now());
  if (!locked.claimed) throw new KeyHeldElsewhere();
  if (session.amountMinor !== eligible.amountMinor) {
    throw new DomainError('session_changed', 'The cart changed while the order was being placed.', {
      retryable: true,
    });
  }
  return session;
}

/** What the shopper typed, kept with the attempt for the session's next one (the session view's prefill). */
const shopperDetails = ({ customer, billingAddress, shippingAddress }: PlaceOrderRequest) => ({
  customer,
  billingAddress,
  ...(shippingAddress ? { shippingAddress } : {}),
});

/** Records a new attempt of the session (whose lock `tx` holds) and builds the request that creates it upstream. */
async function recordAttempt(
  ctx: PlacementContext,
  tx: StoreTx,
  session: SessionRecord,
  orders: StoredOrder[],
  body: PlaceOrderRequest,
  eligible: Eligibility,
): Promise<{ order: StoredOrder; request: OrderRequest }> {
  if ('refused' in eligible) throw eligible.refused;
  // What it looked to replay ended (or let go of its key) since it was seen, so this submit has no token yet: the
  // retry fetches one.
  if (eligible.replaysLive) throw inProgress();
  if (orders.length >= MAX_ATTEMPTS_PER_SESSION) throw attemptsExhausted();
  const secret = newCallbackSecret();
  const createdAt = ctx.now();
  const attempt = orders.reduce((max, existing) => Math.max(max, existing.attempt), 0) + 1;
  const reference = orderReference(session.orderPrefix, attempt);
  const request = buildOrder(ctx, session, body, eligible.provider, {
    reference,
    secret,
    customerToken: eligible.customerToken,
  });
  const order = await ctx.ledger.recordAttempt(
    tx,
    {
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
      nextPollAt: new Date(createdAt.getTime() + staleAfterMs(ctx)),
      deadlineAt: orderDeadline(
        createdAt,
        session.cart.cancellationTimeout ?? ctx.checkout.sessionTtlMinutes,
        ctx.timings.graceMs,
      ),
      autoCapture: session.cart.autoCapture ?? null,
      shopper: shopperDetails(body),
      merchantReference: session.merchantReference,
      metadata: session.cart.metadata ?? null,
    },
    {
      source: 'create',
      status: 'initiated',
      upstreamStatus: null,
      payload: { reason: 'recorded', attempt, provider: body.bnplProvider },
      at: createdAt,
    },
  );
  return { order, request };
}

/**
 * Under the session's lock, in one transaction: the live attempt of this provider (to replay or to check), or a new
 * attempt recorded with the request to send. `fresh`: a live attempt was just found orphaned, so none may be live.
 * `key`: the request's Idempotency-Key, claimed with the lock (a replay keeps no row for it: it made nothing).
 */
export async function decide(
  ctx: PlacementContext,
  sessionId: string,
  body: PlaceOrderRequest,
  eligible: Eligibility,
  { fresh = false, key }: { fresh?: boolean; key?: PlacementKey } = {},
): Promise<Plan> {
  const plan = await ctx.store.transaction(async (tx): Promise<Plan> => {
    const session = await lockedSession(ctx, tx, sessionId, eligible, key);
    const orders = await tx.orders.listOfSession(sessionId);
    if (orders.some(holdsPayment)) throw sessionCompleted();
    const declined = orders.filter((order) => order.status === 'declined').map((order) => order.provider);
    if (refusedAfterDecline(ctx, declined, body.bnplProvider)) throw notEligible();
    const live = liveAttemptOf(orders, body.bnplProvider);
    if (live && fresh) throw inProgress();
    if (live) {
      if (live.createState === 'created') {
        if (key) await tx.idempotency.release(key.claim.scope, key.claim.key, key.claim.lease?.now);
        return { kind: 'replay', order: live };
      }
      // Only another process can be creating it right now (this one holds the session's lock).
      if (creatingElsewhere(ctx, live)) throw inProgress();
      return { kind: 'recheck', order: live, session };
    }
    return { kind: 'recorded', ...(await recordAttempt(ctx, tx, session, orders, body, eligible)) };
  });
  if (plan.kind !== 'replay') key?.heldNow();
  return plan;
}
