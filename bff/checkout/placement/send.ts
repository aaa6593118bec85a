// Sending a recorded attempt upstream, in named steps: ask (the create call), check a refusal against the upstream's
// own record, record what came back (its redirect, its status through the same observation as every other upstream
// answer, or why it failed), each ending in one outcome; then answer, in one place, what the shopper hears. A
// refusal is final only for a first send (the ledger's plan holds it: bff/ledger/order-plan.ts); after a lost answer
// it tells nothing, and the upstream's own record decides.
import type { OrderRecord, OrderRequest, OrderStatusRecord } from '../../upstream/contract.js';
import { DomainError, upstreamFieldErrors, upstreamRefusal } from '../../domain/errors.js';
import type { CreateAnswer } from '../../ledger/ledger.js';
import type { KeyAnswer, StoredOrder, OrderPatch } from '../../store/types.js';
import type { CreateOrderOutcome } from '../../upstream/client.js';
import { UpstreamError, UpstreamOutcomeUnknownError, UpstreamValidationError } from '../../upstream/errors.js';
import type { PlacementContext } from './context.js';
import { isSafeRedirect } from './order-request.js';
import { inProgress } from './decide.js';
import type { PlacementKey } from './placement-key.js';

export interface PlacedOrder {
  orderReference: string;
  redirectUrl: string;
  /** True when this answer repeats an earlier one (double submit or Idempotency-Key replay). */
  replayed: boolean;
}

/** The widget-body fields the shopper controls; an upstream message about anything else is not theirs to fix. */
const SHOPPER_FIELDS = new Set(['bnplProvider', 'customer', 'billingAddress', 'shippingAddress', 'shippingMethod']);

/** What one send of an attempt came to, once recorded. */
type SendOutcome =
  | { kind: 'placed'; placed: PlacedOrder }
  /** The upstream refused it and holds no order by its reference: failed. */
  | { kind: 'refused'; refusal: UpstreamError }
  /** Refused, but the upstream holds an order by its reference (a ledger restored from an old backup reuses one). */
  | { kind: 'held-upstream' }
  /** Made upstream, with a payment page that reaches nobody: orphaned, read until final, never shown failed. */
  | { kind: 'unsafe-redirect' }
  /**
   * No answer to go by: the attempt stays unknown, for a read (the shopper's retry, the reconciler's) to settle.
   * `error` is thrown as it is: the create call's own, or a refusal that says the outcome is not known.
   */
  | { kind: 'unknown'; error: unknown };

interface Observed {
  /** null: a read found no such order (of one the upstream has shown, that contradicts its word). */
  upstream?: OrderStatusRecord | CreateAnswer | null;
  /** The placement's Idempotency-Key, answered by the same statement where it can be (PlacementKey.kept says). */
  answer?: KeyAnswer;
}

/**
 * Records what the create call learnt: its own columns (createState, redirectUrl) and any status through the same
 * observation as every other upstream answer.
 */
async function record(
  ctx: PlacementContext,
  order: StoredOrder,
  also: OrderPatch,
  { upstream, answer, ...decision }: Observed & { decided?: 'failed'; refusalOfFirstSend?: true },
  reason: string,
  detail: Record<string, unknown> = {},
): Promise<{ order: StoredOrder; answered: boolean }> {
  // An attempt the upstream may hold is due for its first status check (the reconciler's schedule).
  const pollSoon =
    also.createState !== 'rejected' ? { nextPollAt: new Date(ctx.now().getTime() + ctx.timings.pollInitialMs) } : {};
  const { order: updated, answered = false } = await ctx.ledger.observe(
    order.orderReference,
    {
      source: 'create',
      ...(upstream !== undefined ? { upstream } : {}),
      ...decision,
      also: { ...also, ...pollSoon },
      payload: { reason, attempt: order.attempt, provider: order.provider, ...detail },
    },
    order,
    answer,
  );
  return { order: updated, answered };
}

/** The attempt's outcome is not known (what the upstream showed of it, if anything, observed). */
const recordUnknown = (
  ctx: PlacementContext,
  order: StoredOrder,
  reason: string,
  detail: Record<string, unknown> = {},
  upstream?: OrderStatusRecord,
) => record(ctx, order, { createState: 'unknown' }, upstream ? { upstream } : {}, reason, detail);

/** Nobody will pay the attempt through us (its page reaches no one): the reconciler reads it until final. */
export const recordOrphaned = (
  ctx: PlacementContext,
  order: StoredOrder,
  upstream: OrderStatusRecord | CreateAnswer | null,
  reason: string,
) => record(ctx, order, { createState: 'orphaned' }, { upstream }, reason);

function refusedByUpstream(ctx: PlacementContext, error: UpstreamValidationError): DomainError {
  const errors = upstreamFieldErrors(error.messages);
  const shopper = errors.filter((entry) => SHOPPER_FIELDS.has(entry.path.split('.')[0]!));
  ctx.logger.warn({ upstreamMessages: errors.map((entry) => entry.path || '(unnamed)') }, 'upstream refused the order');
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
 * A refusal, checked against the upstream's record: whatever it says, a reference the upstream holds is its order,
 * never failed (the shopper's retry finds it and moves on). A record that cannot be read decides nothing: the
 * outcome stays unknown, for a read to settle.
 */
async function checkRefusal(
  ctx: PlacementContext,
  order: StoredOrder,
  refusal: UpstreamError,
  deadline: number,
): Promise<SendOutcome> {
  let held: OrderStatusRecord | null;
  try {
    held = await ctx.upstream.getOrder(order.orderReference, deadline);
  } catch (lookup) {
    await recordUnknown(ctx, order, 'refused_and_unread', { status: refusal.status });
    const cause = new UpstreamOutcomeUnknownError('create-order: refused, and its record could not be read', {
      operation: refusal.operation,
      cause: lookup,
    });
    return { kind: 'unknown', error: upstreamRefusal(cause) };
  }
  if (held) {
    await recordUnknown(ctx, order, 'reference_exists_upstream', { status: refusal.status }, held);
    return { kind: 'held-upstream' };
  }
  // The read found no such order: if the upstream showed it meanwhile, that read decides, not the refusal.
  const isValidation = refusal instanceof UpstreamValidationError;
  const recorded = await record(
    ctx,
    order,
    { createState: 'rejected' },
    { upstream: null, decided: 'failed', refusalOfFirstSend: true },
    isValidation ? 'upstream_refused' : refusal.code,
    isValidation ? { messages: refusal.messages.length } : { status: refusal.status },
  );
  // Another request sent it again meanwhile: this refusal tells nothing about that send.
  if (recorded.order.status !== 'failed') {
    const cause = new UpstreamOutcomeUnknownError('create-order: refused after a resend', {
      operation: refusal.operation,
      cause: refusal,
    });
    return { kind: 'unknown', error: upstreamRefusal(cause) };
  }
  return { kind: 'refused', refusal };
}

/** The create's answer recorded: its redirect handed over (with the key's answer), or, unsafe, the order orphaned. */
async function recordAnswer(
  ctx: PlacementContext,
  order: StoredOrder,
  { redirectUrl, paymentStatus, transactionReference }: OrderRecord,
  key: PlacementKey | undefined,
): Promise<SendOutcome> {
  const upstream = { kind: 'create-answer', status: paymentStatus, transactionReference } as const;
  if (!isSafeRedirect(redirectUrl, ctx.allowLoopbackRedirect)) {
    await recordOrphaned(ctx, order, upstream, 'unsafe_redirect');
    return { kind: 'unsafe-redirect' };
  }
  const placed = { orderReference: order.orderReference, redirectUrl };
  const { answered } = await record(
    ctx,
    order,
    { createState: 'created', redirectUrl },
    { upstream, ...(key ? { answer: key.answerWith(placed) } : {}) },
    'created',
  );
  key?.kept(answered);
  return { kind: 'placed', placed: { ...placed, replayed: false } };
}

/**
 * One send and what came back, recorded. `failure` says what an error of the create call means for this send (a
 * resend's refusal of its content tells nothing).
 */
async function sendAndRecord(
  ctx: PlacementContext,
  order: StoredOrder,
  request: OrderRequest,
  deadline: number,
  key: PlacementKey | undefined,
  failure: (error: unknown) => unknown,
): Promise<SendOutcome> {
  let answer: CreateOrderOutcome;
  try {
    answer = await ctx.upstream.createOrder(request, deadline);
  } catch (caught) {
    const error = failure(caught);
    if (error instanceof UpstreamError && !error.retryable) return checkRefusal(ctx, order, error, deadline);
    await recordUnknown(ctx, order, error instanceof UpstreamError ? error.code : 'error');
    return { kind: 'unknown', error };
  }
  if (answer.kind === 'exists') {
    await recordUnknown(ctx, order, 'answer_lost_order_exists', { cause: answer.cause.code }, answer.status);
    return { kind: 'unknown', error: upstreamRefusal(answer.cause) };
  }
  return recordAnswer(ctx, order, answer.record, key);
}

/** What the shopper hears of a send: the placed order, or the refusal (thrown) that says what became of it. */
function answerOf(ctx: PlacementContext, outcome: SendOutcome): PlacedOrder {
  switch (outcome.kind) {
    case 'placed':
      return outcome.placed;
    case 'held-upstream':
      throw inProgress();
    case 'unsafe-redirect':
      throw new DomainError(
        'upstream_invalid_redirect',
        'The payment service returned a payment page we cannot send you to.',
        { retryable: false },
      );
    case 'refused':
      throw outcome.refusal instanceof UpstreamValidationError
        ? refusedByUpstream(ctx, outcome.refusal)
        : upstreamRefusal(outcome.refusal);
    case 'unknown':
      throw outcome.error;
  }
}

/** A resend's refusal of its content: it tells nothing about the first send, whose outcome stays unknown. */
function resendFailure(error: unknown): unknown {
  if (!(error instanceof UpstreamValidationError)) return error;
  return new UpstreamOutcomeUnknownError('create-order: a resend was refused', {
    operation: error.operation,
    status: error.status,
    cause: error,
  });
}

/** A send whose answer is made from its outcome; `failure` says what an error of the create call means for it. */
const sending =
  (failure: (error: unknown) => unknown) =>
  async (
    ctx: PlacementContext,
    order: StoredOrder,
    request: OrderRequest,
    deadline: number,
    key: PlacementKey | undefined,
  ): Promise<PlacedOrder> =>
    answerOf(ctx, await sendAndRecord(ctx, order, request, deadline, key, failure));

/**
 * Sends a new attempt (nothing was sent for its reference before) and records what came back. `key`: the placement's
 * Idempotency-Key, answered with the redirect's record.
 */
export const sendFirst = sending((error) => error);

/** Sends an attempt again, with the same reference (the upstream never got it), and records what came back. */
export const sendAgain = sending(resendFailure);
