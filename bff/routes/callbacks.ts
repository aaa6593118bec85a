// POST /v1/callbacks/:orderReference/:secret: the upstream's notifications (the dynamicCallbackUrl). The secret
// in the URL is the only proof of origin (the upstream signs nothing), so a wrong one is a plain 404 and changes
// nothing. The body is only a hint: the BFF re-reads the order (or, for REFUND_CALLBACK, the refund list) and
// acts on that, so duplicated, late and reordered deliveries all end in the same ledger state. Every delivery is
// journalled. The answer waits for that work only briefly: the upstream gets its 2xx fast either way.
import { createHash, timingSafeEqual } from 'node:crypto';
import express, { Router, type Request } from 'express';
import { notificationSchema } from '../../shared/upstream.js';
import { recordObservation } from '../orders/observe.js';
import { type SendDeps, settleOpen } from '../after-payment/send-operation.js';
import { CALLBACK_ROUTE } from '../checkout/urls.js';
import { DomainError } from '../domain/errors.js';
import { badTextPaths, invalidText } from '../http/text-guard.js';
import { requireOrder } from '../store/require-order.js';
import type { LedgerOrder } from '../store/types.js';
import { UpstreamError } from '../upstream/errors.js';

export interface CallbackDeps extends SendDeps {
  /** The answer is sent after the work or after this long, whichever comes first. */
  answerWithinMs: number;
}

// Local choice: larger than the BFF's 16 KB JSON limit, since the upstream may add the provider's raw response.
const CALLBACK_BODY_LIMIT = '64kb';

/** Our own failure (the ledger): a 503 with Retry-After makes the upstream deliver again later. */
const notRecorded = () =>
  new DomainError('ledger_unavailable', 'The delivery could not be recorded; please deliver it again.', {
    retryable: true,
    retryAfterSeconds: 5,
  });

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
const secretMatches = (expected: string, given: string) => timingSafeEqual(digest(expected), digest(given));

export interface Hint {
  event: string;
  status?: string;
  refundReference?: string;
  /** The order the notification names (account-level notifications carry it in the body). */
  orderReference?: string;
  /** Where the body holds text that cannot be stored (then `event` is 'invalid_text' and nothing else is read). */
  invalidText?: string[];
}

/** What the body claims, if it can be read at all; never trusted, only journalled and used to pick what to re-read. */
export function readHint(raw: unknown): Hint {
  let json: unknown;
  try {
    json = typeof raw === 'string' && raw.length > 0 ? JSON.parse(raw) : undefined;
  } catch {
    return { event: 'unreadable' };
  }
  const invalid = badTextPaths(json);
  if (invalid.length > 0) return { event: 'invalid_text', invalidText: invalid };
  const parsed = notificationSchema.safeParse(json);
  if (!parsed.success) return { event: 'unreadable' };
  const { event, status, refundReference, orderReference } = parsed.data;
  return {
    event,
    ...(status ? { status } : {}),
    ...(refundReference ? { refundReference } : {}),
    ...(orderReference ? { orderReference } : {}),
  };
}

/** The body of a notification, as text whatever its content type says (the upstream's is not documented). */
export const notificationBody = () => express.text({ type: () => true, limit: CALLBACK_BODY_LIMIT });

/**
 * Acts on a notification about `order`: re-reads the order (or its refunds) and records what the upstream says.
 * Answers 'done', or 'late' when the work goes on after `answerWithinMs`; throws not_ready when it could not be
 * recorded, so the upstream delivers again.
 */
export function createNotificationHandler(deps: CallbackDeps) {
  const { store, upstream, logger } = deps;

  async function handle(order: LedgerOrder, hint: Hint) {
    const orderReference = order.orderReference;
    const payload = {
      event: hint.event,
      ...(hint.status ? { hintStatus: hint.status } : {}),
      ...(hint.refundReference ? { refundReference: hint.refundReference } : {}),
    };
    try {
      if (hint.event === 'REFUND_CALLBACK') {
        await store.appendEvent({
          orderReference,
          source: 'callback',
          status: order.status,
          upstreamStatus: null,
          payload,
          at: deps.now(),
        });
        await settleOpen(deps, orderReference, 'callback');
        return;
      }
      await recordObservation(deps, orderReference, {
        source: 'callback',
        upstream: await upstream.getOrder(orderReference),
        payload,
      });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      // Journal the delivery anyway and let the reconciler ask again soon.
      logger.warn(
        { orderReference, code: error.code },
        'upstream read after a callback failed; the reconciler will retry',
      );
      await store.transaction(async (tx) => {
        const current = await requireOrder(tx, orderReference, { forUpdate: true });
        if (hint.event !== 'REFUND_CALLBACK') {
          await tx.appendEvent({
            orderReference,
            source: 'callback',
            status: current.status,
            upstreamStatus: null,
            payload: { ...payload, upstreamError: error.code },
            at: deps.now(),
          });
        }
        await tx.updateOrder(orderReference, { nextPollAt: deps.now() });
      });
    }
  }

  return async function answerFast(order: LedgerOrder, hint: Hint): Promise<'done' | 'late'> {
    const work = handle(order, hint).then(
      () => 'done' as const,
      (error: unknown) => {
        logger.error({ err: error, orderReference: order.orderReference }, 'callback handling failed');
        return 'failed' as const;
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), deps.answerWithinMs);
    });
    const outcome = await Promise.race([work, late]);
    clearTimeout(timer);
    if (outcome === 'failed') throw notRecorded();
    return outcome;
  };
}

/** Reads an order for a notification; a ledger that cannot be read is our failure (503: deliver again). */
export async function orderForNotification(
  deps: Pick<CallbackDeps, 'store' | 'logger'>,
  orderReference: string,
): Promise<LedgerOrder | null> {
  return deps.store.getOrder(orderReference).catch((error: unknown) => {
    deps.logger.error({ err: error }, 'notification: the ledger could not be read');
    throw notRecorded();
  });
}

export function callbackRoutes(deps: CallbackDeps): Router {
  const router = Router();
  const answerFast = createNotificationHandler(deps);
  router.post(
    CALLBACK_ROUTE,
    notificationBody(),
    async (req: Request<{ orderReference: string; secret: string }>, res) => {
      const order = await orderForNotification(deps, req.params.orderReference);
      if (!order || !secretMatches(order.callbackSecret, req.params.secret)) {
        throw new DomainError('not_found', 'There is nothing at this address.');
      }
      const hint = readHint(req.body);
      if (hint.invalidText) {
        // Journalled, and refused as what it is: a body that cannot be stored (not our failure, so no 503).
        await deps.store.appendEvent({
          orderReference: order.orderReference,
          source: 'callback',
          status: order.status,
          upstreamStatus: null,
          payload: { event: hint.event },
          at: deps.now(),
        });
        throw invalidText(hint.invalidText);
      }
      const outcome = await answerFast(order, hint);
      res.status(outcome === 'done' ? 200 : 202).json({ received: true });
    },
  );
  return router;
}
