// After quiescence and a merchant's read of each order, the ledger must say what the upstream holds, order by order:
// the same status, the same paid, captured, voided and refunded amounts; as many succeeded refunds of each amount as
// the upstream holds (refunds made in the portal included, recorded as made outside the checkout); every capture and
// void the upstream made known to the ledger and never shown failed; nothing the ledger failed present upstream;
// nothing left open. The exceptions are what the BFF cannot read its way out of, and says so: refunds of one amount
// of which only some were made (which ones is unknowable), raised as a discrepancy that carries the upstream's true
// total; and voids whose answer was lost (no document shows voids read back), left unknown and reserved.
import type { OrderRecord } from '../../demo/sandbox/types.js';
import { isOpenOperation } from '../../bff/orders/amounts.js';
import type { OrderOperation, TotalsDiscrepancy } from '../../bff/store/types.js';
import type { StoredOrder } from '../../bff/store/types.js';
import type { World } from './world.js';

/** What a story left to check: its session (null when the session could not be created at all). */
export interface StoryTrace {
  sessionId: string | null;
}

const EXPECTED_STATUS: Record<OrderRecord['status'], string> = {
  SUCCESSFUL: 'paid',
  DECLINED: 'declined',
  CANCELLED: 'cancelled',
  ERROR: 'error',
  PENDING: 'pending',
};

/**
 * The voids whose answer was lost: no document shows voids when an order is read back, so they stay unknown (and
 * reserved) for a person, never guessed. What the upstream voided beyond the ledger is at most their amount.
 */
const unknownVoids = (operations: readonly OrderOperation[]) =>
  operations.filter((operation) => operation.kind === 'void' && operation.status === 'requested');

/** How many of each amount: refunds of one amount are interchangeable in money, so their counts must agree. */
function perAmount(amounts: readonly number[]): string {
  const counts = new Map<number, number>();
  for (const amount of amounts) counts.set(amount, (counts.get(amount) ?? 0) + 1);
  return JSON.stringify([...counts].sort(([a], [b]) => a - b));
}

/** A refund made by hand in the payment service's portal (the sandbox's own references). */
const byPortal = (reference: string) => reference.startsWith('PORTAL-');

/** Two or more of the order's refunds of one amount whose outcome stayed unknown: the matcher's honest limit. */
function genuinelyAmbiguous(operations: readonly OrderOperation[]): boolean {
  const open = operations.filter((operation) => operation.kind === 'refund' && operation.status === 'requested');
  return open.some((one) => open.some((other) => other !== one && other.amountMinor === one.amountMinor));
}

function checkOrder(
  order: StoredOrder,
  operations: readonly OrderOperation[],
  upstream: OrderRecord | undefined,
): string[] {
  const problems: string[] = [];
  const say = (what: string) => problems.push(`${order.orderReference}: ${what}`);
  if (!upstream) {
    if (order.status !== 'failed') say(`the upstream never had it, yet the ledger says ${order.status}`);
    if (operations.length > 0) say('operations on an order the upstream never had');
    return problems;
  }
  const expected = EXPECTED_STATUS[upstream.status];
  const heldSecond = order.status === 'on_hold' && order.holdReason === 'session_already_paid';
  if (order.status !== expected && !(expected === 'paid' && heldSecond)) {
    say(`the upstream says ${upstream.status}, the ledger ${order.status}`);
  }
  const refundedUpstream = upstream.refunds
    .filter((refund) => refund.status === 'SUCCESSFUL')
    .reduce((sum, refund) => sum + refund.amountMinor, 0);
  const disputed = order.discrepancy?.find((entry): entry is TotalsDiscrepancy => entry.kind === 'refunds');
  if (disputed) {
    if (!genuinelyAmbiguous(operations)) say(`a refund discrepancy without two unknown refunds of one amount`);
    if (disputed.upstreamMinor !== refundedUpstream)
      say(`the discrepancy says ${disputed.upstreamMinor} refunded upstream, the upstream ${refundedUpstream}`);
  }
  if (expected === 'paid') {
    const amounts = {
      paid: [order.paidMinor, upstream.amountMinor + upstream.surchargeMinor],
      captured: [order.capturedMinor, upstream.capturedMinor],
      voided: [order.voidedMinor, upstream.voidedMinor],
      refunded: [order.refundedMinor, disputed ? order.refundedMinor : refundedUpstream],
    };
    const inDoubt = unknownVoids(operations).reduce((sum, operation) => sum + operation.amountMinor, 0);
    for (const [name, [ledger, truth]] of Object.entries(amounts)) {
      const honest = name === 'voided' && truth - ledger > 0 && truth - ledger <= inDoubt;
      if (ledger !== truth && !honest) say(`${name}: the ledger ${ledger}, the upstream ${truth}`);
    }
  }
  if (!disputed) {
    const ledgerRefunds = operations.filter(
      (operation) => operation.kind === 'refund' && operation.status === 'succeeded',
    );
    const upstreamRefunds = upstream.refunds.filter((refund) => refund.status === 'SUCCESSFUL');
    const ours = perAmount(ledgerRefunds.map((operation) => operation.amountMinor));
    const theirs = perAmount(upstreamRefunds.map((refund) => refund.amountMinor));
    if (ours !== theirs) say(`succeeded refunds by amount: the ledger ${ours}, the upstream ${theirs}`);
  }
  const made = new Set([
    ...upstream.refunds.map((refund) => refund.refundReference),
    ...upstream.captures.map((capture) => capture.captureReference),
    ...upstream.voids.map((entry) => entry.voidReference),
  ]);
  const known = new Set(operations.map((operation) => operation.reference));
  for (const reference of made)
    if (!known.has(reference) && !byPortal(reference))
      say(`the upstream made ${reference}, which the ledger never asked for`);
  for (const operation of operations) {
    const where = `${operation.kind} ${operation.reference}`;
    if (operation.status === 'failed' && made.has(operation.reference))
      say(`${where} was made upstream but is shown failed`);
    // A refund of ours may stand for one of its amount made in the portal (the counts above hold them to the money).
    const interchangeable = operation.kind === 'refund' || disputed;
    if (
      operation.status === 'succeeded' &&
      operation.origin === 'checkout' &&
      !made.has(operation.reference) &&
      !interchangeable
    )
      say(`${where} is shown succeeded but was never made`);
    if (isOpenOperation(operation) && !(disputed && operation.kind === 'refund') && !unknownVoids([operation]).length)
      say(`${where} is still ${operation.status}`);
  }
  return problems;
}

export async function checkConvergence(world: World, traces: readonly StoryTrace[]): Promise<string[]> {
  const { store } = world.options.db;
  const upstream = new Map(world.sandbox.records().map((record) => [record.reference, record]));
  const problems: string[] = [];
  for (const { sessionId } of traces) {
    if (!sessionId) continue;
    for (const order of await store.orders.listOfSession(sessionId)) {
      problems.push(
        ...checkOrder(order, await store.operations.list(order.orderReference), upstream.get(order.orderReference)),
      );
    }
  }
  return problems;
}
