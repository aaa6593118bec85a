// An order as the merchant reads it (GET /v1/orders/:orderReference, and orders.get in bff/in-process-api.ts): the
// upstream's view first (order status, open refunds), recorded in the ledger, then the ledger's; an upstream failure
// leaves the ledger's view.
import type { OrderView } from '../../shared/merchant-api.js';
import type { Logger } from 'pino';
import { type SendDeps, settleOpen } from '../after-payment/send-operation.js';
import { DomainError } from '../domain/errors.js';
import { LedgerUnavailableError } from '../store/ledger-errors.js';
import type { LedgerOrder, Store } from '../store/types.js';
import type { UpstreamClient } from '../upstream/client.js';
import { UpstreamError } from '../upstream/errors.js';
import { recordObservation, type ObserveDeps } from './observe.js';
import { orderView } from './views.js';

export interface FreshViewDeps extends ObserveDeps {
  upstream: UpstreamClient;
  settlement: SendDeps;
  logger: Logger;
}

export async function requireOrder(store: Store, orderReference: string): Promise<LedgerOrder> {
  const order = await store.getOrder(orderReference);
  if (!order) throw new DomainError('order_not_found', 'There is no order with this reference.');
  return order;
}

export async function refreshOrder(deps: FreshViewDeps, order: LedgerOrder): Promise<void> {
  const { upstream, logger } = deps;
  const { orderReference } = order;
  try {
    const read = await upstream.getOrder(orderReference);
    await recordObservation(deps, orderReference, { source: 'merchant', upstream: read, journal: 'on-change' });
    await settleOpen(deps.settlement, orderReference, 'merchant', read);
  } catch (error) {
    // The upstream cannot be read, or what it says cannot be written (a full disk): the ledger's view is still served.
    if (error instanceof LedgerUnavailableError) {
      logger.warn({ orderReference, code: error.reason }, 'fresh read not recorded; answering from the ledger');
      return;
    }
    if (!(error instanceof UpstreamError)) throw error;
    logger.warn({ orderReference, code: error.code }, 'fresh upstream read failed; answering from the ledger');
  }
}

export async function freshOrderView(deps: FreshViewDeps, orderReference: string): Promise<OrderView> {
  await refreshOrder(deps, await requireOrder(deps.store, orderReference));
  const order = await requireOrder(deps.store, orderReference);
  const [operations, events] = await Promise.all([
    deps.store.listOperations(orderReference),
    deps.store.listEvents(orderReference),
  ]);
  return orderView(order, operations, events, deps.now());
}
