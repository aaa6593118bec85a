// Every caller that reads an order back holds a reference the ledger itself gave it: a missing row means a lost or
// restored database, never a normal case, so it is one clear error instead of a null to trip over later.
import type { LedgerOrder, LockOption } from './types.js';

export async function requireOrder(
  ledger: { getOrder(orderReference: string, options?: LockOption): Promise<LedgerOrder | null> },
  orderReference: string,
  options?: LockOption,
): Promise<LedgerOrder> {
  const order = await ledger.getOrder(orderReference, options);
  if (!order) throw new Error(`order ${orderReference} vanished from the ledger`);
  return order;
}
