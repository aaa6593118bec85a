// The upstream's notifications, from a per-order callback (routes/callbacks.ts) or the account's webhook
// (routes/upstream-webhook.ts). The body is only a hint: the order is re-read (or, for REFUND_CALLBACK, its refunds)
// and what the upstream says is recorded, so duplicated, late and reordered deliveries all end in the same ledger
// state. No notice is refused for what it lacks: the docs promise only event, status and transactionId, so one is
// placed by whatever it carries (the order's reference, its refund's reference, or an id of the upstream's the ledger
// has learnt), and one that names nothing known is a hint to re-read the live orders and those with a refund, capture
// or void still open (for a REFUND_CALLBACK, those with money to refund too).
//
// Strangers' notices: a per-order callback needs its order's secret and the account webhook the merchant's
// (../routes/), so a stranger's notice does no work at all. What the sender of a genuine one can cost is bounded too:
// the body's nesting is measured before it is parsed, only short fields are read, nothing is remembered before the
// order is found (then a hash), one read per order per window is shared by every notice about it, within the
// notices' own budget (./read-gate.ts: the shoppers' returns have theirs), the journal keeps a notice only when it
// changed the order, and the recent live orders are asked about again at most once per SWEEP_WINDOW_MS for the whole
// fleet, a bounded number of them.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { normaliseRefundStatus } from '../../shared/status.js';
import { DomainError, isBadText, nestsWithin } from '../domain/errors.js';
import { type ReadBackDeps, settleOpen } from '../reconcile/read-back.js';
import type { StoredOrder } from '../store/types.js';
import { notificationSchema } from '../upstream/contract.js';
import { UpstreamError } from '../upstream/errors.js';
import { orderReadKey, type ReadGate } from './read-gate.js';
import { createRepeatFilter, firstOrAgain } from './repeat-filter.js';

export interface UpstreamNotificationDeps extends ReadBackDeps {
  logger: Logger;
  now: () => Date;
  /** Shared with the shopper's returns: one read per order per window, whoever prompts it. */
  readGate: ReadGate;
  /** The answer is sent after the work or after this long, whichever comes first. */
  answerWithinMs: number;
  /** How far back a sweep for a notice naming nothing known reaches (the poll horizon): older orders are left. */
  sweepRecentMs: number;
}

// Local choices: how long a repeat counts as the same delivery and how many are remembered (hashes of 32 bytes);
// how often the live orders may be asked about again for notices that name nothing known, and how many at once.
const REPEAT_WINDOW_MS = 60_000;
const REMEMBERED = 10_000;
/** Local choice: how long one failed re-read's journal row stands for the next ones of the order and error. */
const FAILED_READ_NOTE_MS = 60 * 60_000;
const SWEEP_WINDOW_MS = 30_000;
/** After a sweep the ledger failed: the Retry-After of its 503 (ledger_unavailable). */
const SWEEP_RETRY_MS = 5_000;
const SWEEP_ORDERS = 100;

/**
 * The ledger's references a notice's refund reference may be: as sent, or ours with the suffix the upstream answers
 * with ("X-00" for our "X"). Two primary-key reads at most, whatever a stranger sends.
 */
function ourReferences(refundReference: string | undefined): string[] {
  if (refundReference === undefined) return [];
  const answered = /^(.+)-\d{2}$/.exec(refundReference);
  return answered ? [refundReference, answered[1]!] : [refundReference];
}

/** Our own failure (the ledger): a 503 with Retry-After makes the upstream deliver again later. */
const notRecorded = () =>
  new DomainError('ledger_unavailable', 'The delivery could not be recorded; please deliver it again.', {
    retryable: true,
    retryAfterSeconds: 5,
  });

export interface Hint {
  /** The body's SHA-256: the same delivery again has the same one, whatever fields it carries. */
  delivery: string;
  /** The notice's event; `unreadable` or `too_deeply_nested` for a body that cannot be read as one. */
  event: string;
  status?: string;
  refundReference?: string;
  /** The order the notification names by reference, if it does. */
  orderReference?: string;
  /** The upstream's own ids it carries (transactionId, transactionReference, bnplOrderId). */
  ids: string[];
}

/** Text the ledger can keep, else nothing (a notice is never refused for one of its fields). */
const storable = (value: string | undefined) => (value === undefined || isBadText(value) ? undefined : value);

/** What the body claims, if it can be read at all; never trusted, only used to pick what to re-read and journalled. */
export function readHint(raw: unknown): Hint {
  const text = typeof raw === 'string' ? raw : '';
  const delivery = createHash('sha256').update(text).digest('base64');
  // Measured in one pass before the parse, so no body costs more than its length.
  if (!nestsWithin(text)) return { delivery, event: 'too_deeply_nested', ids: [] };
  let json: unknown;
  try {
    json = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    return { delivery, event: 'unreadable', ids: [] };
  }
  const parsed = notificationSchema.safeParse(json);
  if (!parsed.success) return { delivery, event: 'unreadable', ids: [] };
  const { event, status, refundReference, orderReference, ids } = parsed.data;
  const fields = {
    status: storable(status),
    refundReference: storable(refundReference),
    orderReference: storable(orderReference),
  };
  return {
    delivery,
    event: storable(event) ?? 'unnamed',
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    ids: ids.filter((id) => !isBadText(id)),
  };
}

/**
 * Acts on a notification about `order`: re-reads the order (or its refunds) and records what the upstream says.
 * Answers 'done', or 'late' when the work goes on after `answerWithinMs`; throws not_ready when it could not be
 * recorded, so the upstream delivers again.
 */
export function createUpstreamNotifications(deps: UpstreamNotificationDeps) {
  const { store, upstream, logger, ledger } = deps;
  const repeats = createRepeatFilter(REPEAT_WINDOW_MS, REMEMBERED, deps.now);
  // A failed re-read is journalled (and logged) once per order and error until an hour passes without one: notices
  // claiming one status after another during an outage write no more rows than the outage's errors.
  const failedReads = createRepeatFilter(FAILED_READ_NOTE_MS, REMEMBERED, deps.now);
  // Per kind of sweep: one about orders cannot hold back one about refunds, which reaches further.
  const lastSweep = { orders: Number.NEGATIVE_INFINITY, refunds: Number.NEGATIVE_INFINITY };
  const unplacedCounts = { orders: 0, refunds: 0 };

  /**
   * The same delivery about the same order within the repeat window, once its order is known. By the whole body:
   * two notices alike in what the BFF reads (two refunds made in the portal, each named by fields it does not read)
   * are two notices.
   */
  const deliveryOf = (order: StoredOrder, hint: Hint) => [order.orderReference, hint.delivery];
  const isRepeat = (order: StoredOrder, hint: Hint) => repeats.isRepeat(deliveryOf(order, hint));

  /** The journal's context for a notice: its event and what it claims, no personal data. */
  const payloadOf = (hint: Hint) => ({
    event: hint.event,
    ...(hint.status ? { hintStatus: hint.status } : {}),
    ...(hint.refundReference ? { refundReference: hint.refundReference } : {}),
  });

  /** The re-read a notice prompts, and what it records (the journal keeps it only when the order changed). */
  async function reread(order: StoredOrder, hint: Hint): Promise<void> {
    const orderReference = order.orderReference;
    try {
      if (hint.event === 'REFUND_CALLBACK') {
        // Refunds made in the portal are announced this way too: the refunds are read whether any is open or not.
        await settleOpen(deps, orderReference, 'callback', { refunds: true });
        return;
      }
      await ledger.observe(orderReference, {
        source: 'callback',
        upstream: await upstream.getOrder(orderReference),
        journal: 'on-change',
        payload: payloadOf(hint),
      });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      // Journal the delivery (once per window) and let the reconciler ask again soon.
      await firstOrAgain(
        failedReads,
        [orderReference, error.code],
        () => {
          logger.warn(
            { orderReference, code: error.code },
            'upstream read after a callback failed; the reconciler will retry',
          );
          const note = { source: 'callback' as const, payload: { ...payloadOf(hint), upstreamError: error.code } };
          return ledger.askAgainNow(orderReference, note);
        },
        () => ledger.askAgainNow(orderReference),
      );
    }
  }

  /** The read for this notice, shared with every other inbound read of the order claiming the same, in a window. */
  function gatedRead(order: StoredOrder, hint: Hint): Promise<void> {
    const claimed = hint.status ?? '';
    const key =
      hint.event === 'REFUND_CALLBACK'
        ? `refunds:${order.orderReference}:${normaliseRefundStatus(claimed).status}`
        : orderReadKey(order.orderReference, claimed);
    const gated = deps.readGate.pass(key, { kind: 'notice' }, () => reread(order, hint));
    // News that arrived after the shared read began, or past the gate's budget: the reconciler reads the order once
    // the window has passed (at once, past the budget), within its own budget.
    if (!gated.fresh && gated.late) return gated.outcome.then(() => ledger.rereadBy(order.orderReference, gated.late!));
    return gated.outcome.then(() => undefined);
  }

  async function answerFast(order: StoredOrder, hint: Hint): Promise<'done' | 'late'> {
    if (isRepeat(order, hint)) {
      logger.info(
        { event: hint.event, orderReference: order.orderReference },
        'notification: a repeat, already acted on',
      );
      return 'done';
    }
    const work = gatedRead(order, hint).then(
      () => 'done' as const,
      (error: unknown) => {
        logger.error({ err: error, orderReference: order.orderReference }, 'callback handling failed');
        // Not acted on: the same delivery again (the upstream's answer to our 503) is not a repeat.
        repeats.forget(deliveryOf(order, hint));
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

  /** Reads the ledger for a notification; a ledger that cannot be read is our failure (503: deliver again). */
  function fromLedger<T>(read: Promise<T>): Promise<T> {
    return read.catch((error: unknown) => {
      logger.error({ err: error }, 'notification: the ledger could not be read');
      throw notRecorded();
    });
  }

  return {
    answerFast,
    /** An order by its reference (a callback's URL names it). */
    order: (orderReference: string): Promise<StoredOrder | null> => fromLedger(store.orders.get(orderReference)),
    /**
     * The order a notice is about: by the reference it names, else by its refund's (the docs: "for refunds, the
     * refund fields"), else by an id of the upstream's the ledger learnt.
     */
    async place(hint: Hint): Promise<StoredOrder | null> {
      if (hint.orderReference) {
        const order = await fromLedger(store.orders.get(hint.orderReference));
        if (order) return order;
      }
      for (const reference of ourReferences(hint.refundReference)) {
        const operation = await fromLedger(store.operations.get(reference));
        if (operation) return fromLedger(store.orders.get(operation.orderReference));
      }
      for (const id of hint.ids) {
        const order = await fromLedger(store.orders.findByUpstreamId(id));
        if (order) return order;
      }
      return null;
    },
    /**
     * A notice that names no order the ledger knows: it may be about one whose ids the ledger has not learnt yet, so
     * the recent live orders and those with an operation open (the newest SWEEP_ORDERS of each) are made due for the
     * reconciler, at most once per SWEEP_WINDOW_MS for the whole fleet (the window is the ledger's). A REFUND_CALLBACK
     * may be about a refund made in the portal, on any recent order with money to refund: the newest SWEEP_ORDERS of
     * those too, as often.
     */
    async unplaced(hint: Hint): Promise<void> {
      const kind = hint.event === 'REFUND_CALLBACK' ? 'refunds' : 'orders';
      unplacedCounts[kind]++;
      const at = deps.now().getTime();
      // This instance's own memory first: notices within a window it already took cost no statement.
      if (at - lastSweep[kind] < SWEEP_WINDOW_MS) return;
      // Taken before the write, so notices meanwhile share it. When the write failed (answered 503, Retry-After 5),
      // the upstream's delivery again sweeps from 5 s on: not every notice while the ledger struggles.
      lastSweep[kind] = at;
      const sweep = {
        kind,
        windowMs: SWEEP_WINDOW_MS,
        since: new Date(at - deps.sweepRecentMs),
        limit: SWEEP_ORDERS,
        refundable: kind === 'refunds',
      } as const;
      const due = await fromLedger(ledger.sweepLive(sweep)).catch((error: unknown) => {
        lastSweep[kind] = at - SWEEP_WINDOW_MS + SWEEP_RETRY_MS;
        throw error;
      });
      if (due === null) logger.info({ kind }, 'notification: no known order named; another sweep is recent');
      else logger.info({ due, kind }, 'notification: no known order named; the recent live orders are read again');
    },
    /** Notices that named no order the ledger knows, by kind, since start (metrics). */
    unplacedCounts: unplacedCounts as Readonly<typeof unplacedCounts>,
  };
}

export type UpstreamNotifications = ReturnType<typeof createUpstreamNotifications>;
