// Every caller that reads an order back holds a reference the ledger itself gave it: a missing row means a lost or
// restored database, never a normal case, so it is one clear error instead of a null to trip over later.
import type { StoredOrder, Orders } from './orders.js';
import type { LockOption } from './row.js';

export async function requireOrder(
  orders: Pick<Orders, 'get'>,
  orderReference: string,
  options?: LockOption,
): Promise<StoredOrder> {
  const order = await orders.get(orderReference, options);
  if (!order) throw new Error(`order ${orderReference} vanished from the ledger`);
  return order;
}
