// The upstream's notifications, from a per-order callback (routes/callbacks.ts) or the account's webhook
// (routes/upstream-webhook.ts). The body is only a hint: the order is re-read (or, for REFUND_CALLBACK, its refunds)
// and what the upstream says is recorded, so duplicated, late and reordered deliveries all end in the same ledger
// state. Every delivery is journalled. The answer waits for that work only briefly: the upstream gets its 2xx fast.
import type { Logger } from 'pino';
import { notificationSchema } from '../upstream/contract.js';
import { DomainError } from '../domain/errors.js';
import { badTextPaths } from '../domain/text.js';
import { type ReadBackDeps, settleOpen } from '../reconcile/read-back.js';
import type { StoredOrder } from '../store/types.js';
import { UpstreamError } from '../upstream/errors.js';

export interface UpstreamNotificationDeps extends ReadBackDeps {
  logger: Logger;
  /** The answer is sent after the work or after this long, whichever comes first. */
  answerWithinMs: number;
}

/** Our own failure (the ledger): a 503 with Retry-After makes the upstream deliver again later. */
const notRecorded = () =>
  new DomainError('ledger_unavailable', 'The delivery could not be recorded; please deliver it again.', {
    retryable: true,
    retryAfterSeconds: 5,
  });

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

/**
 * Acts on a notification about `order`: re-reads the order (or its refunds) and records what the upstream says.
 * Answers 'done', or 'late' when the work goes on after `answerWithinMs`; throws not_ready when it could not be
 * recorded, so the upstream delivers again.
 */
export function createUpstreamNotifications(deps: UpstreamNotificationDeps) {
  const { store, upstream, logger, ledger } = deps;

  async function handle(order: StoredOrder, hint: Hint) {
    const orderReference = order.orderReference;
    const payload = {
      event: hint.event,
      ...(hint.status ? { hintStatus: hint.status } : {}),
      ...(hint.refundReference ? { refundReference: hint.refundReference } : {}),
    };
    try {
      if (hint.event === 'REFUND_CALLBACK') {
        await ledger.note(order, { source: 'callback', payload });
        await settleOpen(deps, orderReference, 'callback');
        return;
      }
      await ledger.observe(orderReference, {
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
      await ledger.askAgainNow(
        orderReference,
        hint.event === 'REFUND_CALLBACK'
          ? undefined
          : { source: 'callback', payload: { ...payload, upstreamError: error.code } },
      );
    }
  }

  async function answerFast(order: StoredOrder, hint: Hint): Promise<'done' | 'late'> {
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
  }

  return {
    answerFast,
    /** Reads an order for a notification; a ledger that cannot be read is our failure (503: deliver again). */
    order(orderReference: string): Promise<StoredOrder | null> {
      return store.orders.get(orderReference).catch((error: unknown) => {
        logger.error({ err: error }, 'notification: the ledger could not be read');
        throw notRecorded();
      });
    },
    /** Journals a delivery whose body cannot be stored, before it is refused as what it is. */
    async journalUnreadable(order: StoredOrder, hint: Hint): Promise<void> {
      await ledger.note(order, { source: 'callback', payload: { event: hint.event } });
    },
  };
}

export type UpstreamNotifications = ReturnType<typeof createUpstreamNotifications>;
