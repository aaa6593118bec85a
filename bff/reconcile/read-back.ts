// Reading back what the upstream holds of an order's refunds, captures and voids, and handing it to the ledger to
// settle: after a lost answer (the merchant's operations), on a REFUND_CALLBACK, and at every poll or merchant read.
import type { Ledger } from '../ledger/ledger.js';
import { isOpenOperation } from '../orders/amounts.js';
import type { EventSource, OrderOperation, Store } from '../store/types.js';
import type { UpstreamClient } from '../upstream/client.js';

export interface ReadBackDeps {
  store: Store;
  ledger: Ledger;
  upstream: UpstreamClient;
}

/** The order's transaction details, read at most once however many kinds a settling reads from them. */
function detailsOnce(upstream: UpstreamClient, orderReference: string, deadline?: number) {
  let read: ReturnType<UpstreamClient['readDetails']> | undefined;
  return () => (read ??= upstream.readDetails(orderReference, deadline));
}

/**
 * Reads the order's refunds or captures and settles what they show. Captures come from the documented details; refunds
 * from the seed's list while it answers, and a refund that list leaves out (past its window, or known and open) is
 * settled from the documented details before anything is concluded from its silence. `everyone`: the refunds are read
 * for what may have been made outside the checkout, which only the details are documented to list: they alone are read.
 */
async function settleKind(
  { ledger, upstream }: Pick<ReadBackDeps, 'ledger' | 'upstream'>,
  orderReference: string,
  kind: 'refund' | 'capture',
  source: EventSource,
  details: ReturnType<typeof detailsOnce>,
  options: { deadline?: number; everyone?: boolean } = {},
) {
  if (kind === 'capture') return ledger.settleFromRecords(orderReference, kind, (await details()).captures, source);
  const read = options.everyone
    ? (await details()).refunds
    : await upstream.readRefunds(orderReference, options.deadline, details);
  const listed = await ledger.settleFromRecords(orderReference, kind, read, source);
  if (options.everyone || read.documented || listed.unconfirmed.size === 0) return listed;
  return ledger.settleFromRecords(orderReference, kind, (await details()).refunds, source);
}

/**
 * Reads the order's records of this operation's kind and settles what they show (the whole kind at once): answers
 * the operation as it now stands, and whether the records showed it absent while it may still be on its way. No
 * record lists voids: a void is answered as it stands, never absent (so never sent again).
 */
export async function readBack(
  { ledger, upstream }: ReadBackDeps,
  operation: OrderOperation,
  source: EventSource,
  deadline?: number,
): Promise<{ operation: OrderOperation; absent: boolean }> {
  if (operation.kind === 'void') return { operation, absent: false };
  const { orderReference, kind } = operation;
  const details = detailsOnce(upstream, orderReference, deadline);
  const settled = await settleKind({ ledger, upstream }, orderReference, kind, source, details, { deadline });
  return {
    operation: settled.operations.find((candidate) => candidate.reference === operation.reference) ?? operation,
    absent: settled.absent.has(operation.reference),
  };
}

/**
 * Reads back and settles everything of the order still open (or disputed): refunds and captures from their records
 * (voids have none: they wait for a person, see bff/ledger/operations.ts). Nothing is sent. `also.refunds`: the
 * refunds are read whatever is open (a REFUND_CALLBACK); `also.outside`: whatever may have been made outside the
 * checkout is read too (the refunds of a payment with something captured, the captures of one still authorised or
 * captured by the checkout).
 */
export async function settleOpen(
  { store, ledger, upstream }: ReadBackDeps,
  orderReference: string,
  source: EventSource,
  also: { refunds?: boolean; outside?: boolean } = {},
): Promise<void> {
  const order = await store.orders.get(orderReference);
  if (!order) return;
  const operations = await store.operations.list(orderReference);
  const paid = also.outside === true && order.paidMinor > 0;
  // Captures the checkout asked for are read with the rest even once nothing is left to capture, so a total the
  // records could not confirm inside its settle window is compared at a later read.
  const outside = {
    refund: also.refunds === true || (paid && order.capturedMinor > 0),
    capture:
      paid &&
      (order.capturedMinor + order.voidedMinor < order.paidMinor ||
        operations.some((operation) => operation.kind === 'capture')),
  };
  const watched = (kind: 'refund' | 'capture') =>
    outside[kind] ||
    operations.some((operation) => operation.kind === kind && isOpenOperation(operation)) ||
    (order.discrepancy ?? []).some((entry) => entry.kind === (kind === 'refund' ? 'refunds' : 'captures'));
  // Both kinds from one details read where both need it.
  const details = detailsOnce(upstream, orderReference);
  if (watched('refund'))
    await settleKind({ ledger, upstream }, orderReference, 'refund', source, details, { everyone: outside.refund });
  if (watched('capture')) await settleKind({ ledger, upstream }, orderReference, 'capture', source, details);
}
