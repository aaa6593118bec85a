// The shopper's way back from the provider (routes/returns.ts serves it). Local choice, for a return whose hash is
// missing or wrong: nothing changes (no upstream read, no ledger write; only a log line) and the shopper is still
// sent on to the shop, with `status=unknown`: a genuine shopper whose query was mangled should not be stranded, the
// shop reads the order server-side anyway, and an unsigned address must not tell anyone an order's status. A
// verified return re-reads the upstream at most once per order in a few seconds (replays and concurrent loads
// share that read), and waits for it SHOPPER_WAIT_MS at most.
import type { Logger } from 'pino';
import { returnQuerySchema } from '../../shared/schemas/merchant-api.js';
import type { Ledger } from '../ledger/ledger.js';
import { viewStatus } from '../orders/views.js';
import type { StoredOrder, SessionRecord, Store } from '../store/types.js';
import type { UpstreamClient } from '../upstream/client.js';
import { UpstreamError } from '../upstream/errors.js';
import { orderReadKey, type ReadGate } from './read-gate.js';
import { createRepeatFilter, firstOrAgain } from './repeat-filter.js';
import { verifyReturnSignature } from './return-signature.js';
import { SHOPPER_WAIT_MS, withinWait } from '../lib/shopper-wait.js';
import { checkoutUrlOf } from '../checkout/sessions.js';
import type { Funnel } from '../metrics/funnel.js';

export interface ShopperReturnDeps {
  store: Store;
  ledger: Ledger;
  upstream: UpstreamClient;
  now: () => Date;
  /** Shared with the upstream's notices: one read per order per window, whoever prompts it (each their own budget). */
  readGate: ReadGate;
  paymentSecret: string;
  logger: Logger;
  /** Counts every signed return (a shopper who reloads the return page counts again). */
  funnel: Funnel;
  /** OPI_PUBLIC_URL: where the session's hosted checkout page is, the way back to paying. */
  publicUrl: string;
}

// Local choices: how long a return's redirect status, once journalled, is not journalled again unless the order
// changes, and how many are remembered (hashes of 32 bytes, the oldest forgotten first).
const JOURNAL_ONCE_MS = 24 * 60 * 60_000;
const REMEMBERED = 10_000;

/**
 * The session's returnUrl with orderReference, the status to show and, for a signed return only, checkoutUrl: the way
 * back to paying for the session (its hosted checkout page, whose address opens the session: an order reference,
 * which travels to the provider and back, must not), its own query kept.
 */
function shopperDestination(returnUrl: string, orderReference: string, status: string, checkoutUrl?: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('orderReference', orderReference);
  url.searchParams.set('status', status);
  if (checkoutUrl) url.searchParams.set('checkoutUrl', checkoutUrl);
  return url.href;
}

export function createShopperReturns(deps: ShopperReturnDeps) {
  const { store, upstream, logger, ledger } = deps;

  // A signed return URL can be replayed every read window: its redirect status is journalled once per JOURNAL_ONCE_MS
  // (and with any read that changes the order), so replays write nothing more.
  const journalled = createRepeatFilter(JOURNAL_ONCE_MS, REMEMBERED, deps.now);

  /** A verified return: re-read the order upstream and record it. The redirect's own status is only journalled. */
  async function verifiedReturn(order: StoredOrder, redirectStatus: string): Promise<StoredOrder> {
    const payload = { redirectStatus };
    try {
      const fresh = await upstream.getOrder(order.orderReference);
      const journal = journalled.isRepeat([order.orderReference, redirectStatus]) ? 'on-change' : 'always';
      return (await ledger.observe(order.orderReference, { source: 'return', upstream: fresh, payload, journal }))
        .order;
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      // The reconciler makes the read, final or not; the shopper is not kept waiting for it.
      logger.warn({ orderReference: order.orderReference, code: error.code }, 'upstream read on return failed');
      await firstOrAgain(
        journalled,
        [order.orderReference, redirectStatus, error.code],
        () =>
          ledger.askAgainNow(order.orderReference, {
            source: 'return',
            payload: { ...payload, upstreamError: error.code },
          }),
        () => ledger.askAgainNow(order.orderReference),
      );
      return order;
    }
  }

  /**
   * One upstream read per order per window (./read-gate.ts): a replayed or reloaded return, or a notice meanwhile,
   * shares it; then the ledger's order as that read left it.
   */
  async function sharedRead(order: StoredOrder, redirectStatus: string, client: string): Promise<StoredOrder> {
    const gated = deps.readGate.pass(
      orderReadKey(order.orderReference, redirectStatus),
      { kind: 'return', client },
      () => verifiedReturn(order, redirectStatus),
    );
    if (gated.fresh) return gated.outcome;
    await gated.outcome.catch(() => undefined);
    return (await store.orders.get(order.orderReference)) ?? order;
  }

  return {
    /** The order a return names, with its session; null when the ledger has neither. */
    async find(orderReference: string): Promise<{ order: StoredOrder; session: SessionRecord } | null> {
      const order = await store.orders.get(orderReference);
      const session = order && (await store.sessions.get(order.sessionId));
      return order && session ? { order, session } : null;
    },
    /**
     * Where the shopper goes next: the shop's return URL with the status the upstream verified, or `unknown`.
     * `client`: the shopper's address, whose reads the gate counts.
     */
    async destination(
      { order, session }: { order: StoredOrder; session: SessionRecord },
      query: unknown,
      client: string,
    ): Promise<string> {
      const reference = order.orderReference;
      const parsed = returnQuerySchema.safeParse(query);
      const signed =
        parsed.success &&
        parsed.data.reference === reference &&
        verifyReturnSignature(
          { status: parsed.data.status ?? '', reference, hash: parsed.data.hash ?? '' },
          deps.paymentSecret,
        );
      if (!signed) {
        logger.warn({ orderReference: reference }, 'return without a valid signature: nothing changed');
        return shopperDestination(session.returnUrl, reference, 'unknown');
      }
      deps.funnel.count('returned', order.provider, session.locale);
      // The shopper waits for the upstream's read a few seconds at most: past that the shop shows the order as the
      // ledger has it (not final: the shop's page looks again) and the read goes on, recorded when it comes.
      const read = sharedRead(order, parsed.data.status!, client);
      const current = await withinWait(read, SHOPPER_WAIT_MS, () => {
        read.catch((error: unknown) => logger.error({ err: error, orderReference: reference }, 'return read failed'));
        return order;
      });
      const checkoutUrl = checkoutUrlOf(deps.publicUrl, session.id);
      return shopperDestination(session.returnUrl, reference, viewStatus(current.status), checkoutUrl);
    },
  };
}

export type ShopperReturns = ReturnType<typeof createShopperReturns>;
