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
//    as `session_already_paid` for the merchant to refund (bff/ledger/ledger.ts).
//  - Every status the create call learns goes through the same forward-only, amount-checked observation as a
//    return, callback or poll, under the order's row lock, so it never overwrites what a callback wrote.
//  - Every attempt is recorded before the upstream call. If the answer is lost, the attempt stays `unknown`
//    and the shopper gets a retryable 5xx; the next submit asks the upstream: not there -> the same reference is
//    sent again; there -> Local choice: it is `orphaned` (its redirectUrl never reached anyone, so it cannot be
//    paid; the reconciler stops following it at its deadline, by our own clock) and a new attempt starts, so the shopper is never
//    stuck behind an order nobody can open.
//  - With an Idempotency-Key the first answer is stored and replayed; the same key with another body is a 422.
// The steps: ./placement/decide.ts (under the session's lock), ./placement/order-request.ts (the upstream order),
// ./placement/send.ts (the create call and its answer recorded).
import type { PlaceOrderRequest } from '../../shared/schemas/checkout-api.js';
import { idempotencyLeaseMs, untilSettled } from '../domain/idempotency.js';
import type { SessionRecord } from '../store/types.js';
import { inSpan } from '../telemetry/tracing.js';
import type { PlacementContext } from './placement/context.js';
import {
  decide,
  eligibility,
  eligibleProvider,
  fetchedToken,
  inProgress,
  tooLateToResend,
  waitsForReconciler,
} from './placement/decide.js';
import { buildOrder, requestHash } from './placement/order-request.js';
import { KeyHeldElsewhere, PlacementKey } from './placement/placement-key.js';
import { type PlacedOrder, recordOrphaned, sendAgain, sendFirst } from './placement/send.js';
import { loadSession, requireOpenSession } from './sessions.js';

export type { PlacedOrder } from './placement/send.js';

// In-process single flight: work for one key runs one at a time, in arrival order. The ledger's row locks and
// unique constraints guard the same rules across processes; this keeps one process from even trying twice. A key
// holds at most `limit` requests (the one running included): past that a request is refused at once with `busy()`,
// so a stranger's flood on one session holds no sockets or promises in line.
type KeyedLock = <T>(key: string, work: () => Promise<T>) => Promise<T>;

function createKeyedLock(limit: number, busy: () => Error): KeyedLock {
  const queues = new Map<string, { tail: Promise<void>; size: number }>();
  return async (key, work) => {
    const queue = queues.get(key) ?? { tail: Promise.resolve(), size: 0 };
    if (queue.size >= limit) throw busy();
    const previous = queue.tail;
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    queue.tail = previous.then(() => mine);
    queue.size += 1;
    queues.set(key, queue);
    await previous;
    try {
      return await work();
    } finally {
      release();
      queue.size -= 1;
      if (queue.size === 0) queues.delete(key);
    }
  };
}

/**
 * Local choice: a session's submits this process holds at once. Double submits and retries wait their turn and get the
 * same order (20 at once, as docs/internals/architecture.md promises); a flood past that is refused at once.
 */
const MAX_QUEUED_PER_SESSION = 20;

/** A step of the placement as a span of its own (the upstream calls and ledger transactions nest under it). */
const step = <T>(name: string, work: () => Promise<T>) => inSpan(`placement ${name}`, {}, work);

export function createOrderPlacer(ctx: PlacementContext) {
  const { store, upstream } = ctx;
  const lock = createKeyedLock(MAX_QUEUED_PER_SESSION, inProgress);

  /**
   * A new attempt after a live one was found orphaned (its lock released in between, so decided again). `key`: the
   * request's Idempotency-Key, already held since the recheck's decision.
   */
  async function newAttempt(
    session: SessionRecord,
    body: PlaceOrderRequest,
    deadline: number,
    key: PlacementKey | undefined,
  ): Promise<PlacedOrder> {
    const eligible = await step('eligibility', () => eligibility(ctx, session, body, deadline));
    const plan = await step('decide', () => decide(ctx, session.id, body, eligible, { fresh: true }));
    if (plan.kind !== 'recorded') throw inProgress();
    return step('send', () => sendFirst(ctx, plan.order, plan.request, deadline, key));
  }

  /**
   * `deadline`: the whole request's upstream budget, the lookup, the token and the create included. `key`: the
   * request's Idempotency-Key, claimed by the decision.
   */
  async function attemptOrder(
    session: SessionRecord,
    body: PlaceOrderRequest,
    deadline: number,
    key?: PlacementKey,
  ): Promise<PlacedOrder> {
    const eligible = await step('eligibility', () => eligibility(ctx, session, body, deadline, key));
    const plan = await step('decide', () => decide(ctx, session.id, body, eligible, { key }));
    if (plan.kind === 'replay')
      return { orderReference: plan.order.orderReference, redirectUrl: plan.order.redirectUrl!, replayed: true };
    // A provider the session offers (decide refuses any other), for an attempt of the shopper's own.
    if (plan.kind === 'recorded') ctx.funnel.count('chosen', body.bnplProvider, session.locale);
    if (plan.kind === 'recorded') return step('send', () => sendFirst(ctx, plan.order, plan.request, deadline, key));

    const { order } = plan;
    if (waitsForReconciler(ctx, order)) throw inProgress();
    // An order the upstream has shown is never sent again, whatever a read says now: the read that finds nothing is
    // recorded against its word (a not_found entry), and the shopper gets a new attempt, as when a redirect is lost.
    const shown = order.upstreamStatus !== null;
    // One never shown is counted before the lookup, whatever the lookup then answers (a failing one too): submits ask
    // the upstream about it, and send it again, MAX_CREATE_SENDS times at most; then the reconciler decides. Counted
    // only while it is still unanswered: a first send refused meanwhile then stays unknown.
    if (!shown && (await ctx.ledger.countCreateSend(order.orderReference)) === null) throw inProgress();
    const found = await upstream.getOrder(order.orderReference, deadline);
    if (found === null && (shown || tooLateToResend(ctx, order))) {
      // Nobody will pay it through us; the reconciler reads it (a never-shown one is failed once its window has passed
      // with no such order upstream).
      await recordOrphaned(ctx, order, null, shown ? 'not_found_after_shown' : 'resend_too_late');
      return newAttempt(plan.session, body, deadline, key);
    }
    if (found === null) {
      // The upstream never got it: the same reference (and callback secret) is safe to send again (counted above).
      const provider = await eligibleProvider(ctx, plan.session, body.bnplProvider);
      const request = buildOrder(ctx, plan.session, body, provider, {
        reference: order.orderReference,
        secret: order.callbackSecret,
        customerToken: fetchedToken(eligible),
      });
      return step('send again', () => sendAgain(ctx, order, request, deadline, key));
    }
    await recordOrphaned(ctx, order, found, 'redirect_lost');
    return newAttempt(plan.session, body, deadline, key);
  }

  /**
   * With an Idempotency-Key (bff/domain/idempotency.ts's rules, in the placement's own statements: ./placement/
   * placement-key.ts): the first request with it places; the same key and body again replays the answer; another
   * body is refused. No wait for a request in flight with the same key: in this process the session lock already
   * queues it, so only another instance can be running it, and the widget retries on the retryable 409.
   */
  async function withIdempotencyKey(
    session: SessionRecord,
    body: PlaceOrderRequest,
    idempotencyKey: string,
    deadline: number,
  ): Promise<PlacedOrder> {
    const deps = { store, now: ctx.now, waitMs: 0, leaseMs: idempotencyLeaseMs(ctx.upstreamTimeoutMs) };
    const settled = await untilSettled<Omit<PlacedOrder, 'replayed'>, PlacedOrder>(deps, async () => {
      const key = new PlacementKey(deps, `checkout-order:${session.id}`, idempotencyKey, requestHash(body));
      let placed: PlacedOrder;
      try {
        placed = await attemptOrder(session, body, deadline, key);
      } catch (error) {
        if (error instanceof KeyHeldElsewhere) return { heldElsewhere: key.claim };
        await key.release(error);
        throw error;
      }
      // A replay of the live attempt made nothing under this key: it keeps no row (a stranger's fresh keys on a
      // known session leave none behind), and the key asked again answers the live attempt again.
      if (!placed.replayed)
        await key.answer({ orderReference: placed.orderReference, redirectUrl: placed.redirectUrl });
      return { ran: placed };
    });
    if ('ran' in settled) return settled.ran;
    // A placement keeps no refusal for its key (a refused placement releases it).
    if ('refusal' in settled.kept) throw settled.kept.refusal;
    return { ...settled.kept.result, replayed: true };
  }

  return {
    async place(sessionId: string, body: PlaceOrderRequest, idempotencyKey?: string): Promise<PlacedOrder> {
      // A plain read (the widget's own read has usually just cached it); decide() reads it again under its lock.
      const session = requireOpenSession(await loadSession(store, sessionId), ctx.now());
      const placed = await lock(sessionId, () => {
        // Counted from when this request's turn comes: a double submit queued behind the first spends none of it.
        const deadline = upstream.requestDeadline();
        return idempotencyKey
          ? withIdempotencyKey(session, body, idempotencyKey, deadline)
          : attemptOrder(session, body, deadline);
      });
      if (!placed.replayed) ctx.funnel.count('placed', body.bnplProvider, session.locale);
      return placed;
    },
  };
}

export type OrderPlacer = ReturnType<typeof createOrderPlacer>;
